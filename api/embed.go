// Package api holds the HTTP contract of efir (openapi.yaml), embedded so that
// tests validate every response against it.
package api

import _ "embed"

// Spec is api/openapi.yaml.
//
//go:embed openapi.yaml
var Spec []byte
