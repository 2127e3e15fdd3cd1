package apitest

import (
	"context"
	"fmt"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"efir/api"
)

var (
	providerOnce   sync.Once
	providerRouter routers.Router
	providerErr    error
)

// providerContract is api/provider.yaml, the provider API's contract, served
// under /provider-api.
func providerContract() (routers.Router, error) {
	providerOnce.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromData(api.ProviderSpec)
		if err != nil {
			providerErr = fmt.Errorf("load provider.yaml: %w", err)
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			providerErr = fmt.Errorf("provider.yaml is invalid: %w", err)
			return
		}
		doc.Servers = openapi3.Servers{{URL: "http://efir.test/provider-api"}}
		providerRouter, providerErr = gorillamux.NewRouter(doc)
	})
	return providerRouter, providerErr
}

// DoProvider runs a call of the provider API (a path under /provider-api)
// through the handler and validates the answer against api/provider.yaml.
func (s *Server) DoProvider(req Request) *Response {
	s.t.Helper()
	r, raw, res := s.send(req)
	if err := validate(providerContract, r, raw, res); err != nil {
		s.t.Errorf("%s %s -> %d violates api/provider.yaml: %v\nbody: %.600s", req.Method, req.Path, res.Status, err, res.Body)
	}
	return res
}
