package providerapi

import (
	"efir/internal/commerce"
	"efir/internal/identity"
)

// The services internal/app hands the API implement what it needs.
var (
	_ Subscribers = (*identity.Service)(nil)
	_ Shop        = (*commerce.Service)(nil)
)
