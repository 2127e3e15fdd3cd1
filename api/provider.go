package api

import _ "embed"

// ProviderSpec is api/provider.yaml, the contract of the operator's provider
// API (package providerapi), embedded so that its tests validate every
// response against it.
//
//go:embed provider.yaml
var ProviderSpec []byte
