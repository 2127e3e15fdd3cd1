package providerapi

import (
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"efir/api"
)

// Every route of the API is described in api/provider.yaml with its method,
// and the contract describes nothing the API does not serve.
func TestEveryRouteIsInTheContract(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.ProviderSpec)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(t.Context()); err != nil {
		t.Fatal(err)
	}
	served := map[string]bool{}
	for _, rt := range (&Service{}).routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		p, ok := strings.CutPrefix(path, Prefix)
		if !ok {
			t.Errorf("%s is outside %s", rt.pattern, Prefix)
		}
		served[method+" "+p] = true
		if item := doc.Paths.Find(p); item == nil || item.GetOperation(method) == nil {
			t.Errorf("%s is served but not described in api/provider.yaml", rt.pattern)
		}
	}
	for p, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !served[method+" "+p] {
				t.Errorf("api/provider.yaml describes %s %s, which the API does not serve", method, p)
			}
		}
	}
}
