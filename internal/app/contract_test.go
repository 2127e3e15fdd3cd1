package app_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"efir/api"
)

// routePattern finds the method patterns the feature packages register
// ("GET /v2/users/self/devices/{id}").
var routePattern = regexp.MustCompile(`"(GET|POST|PUT|PATCH|DELETE) (/(?:v2|media)/[^"]*)"`)

// TestEveryRouteIsInTheContract reads every route registered in the server's
// source and checks that api/openapi.yaml describes it with that method, and
// that the contract describes nothing the server does not serve.
func TestEveryRouteIsInTheContract(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
	if err != nil {
		t.Fatal(err)
	}
	served := map[string]bool{}
	root := filepath.Join("..", "..", "internal")
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range routePattern.FindAllStringSubmatch(string(src), -1) {
			method, p := m[1], m[2]
			served[method+" "+p] = true
			item := doc.Paths.Find(p)
			if item == nil || item.GetOperation(method) == nil {
				t.Errorf("%s: %s %s is served but not described in api/openapi.yaml", path, method, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(served) < 40 {
		t.Fatalf("found only %d routes: the pattern no longer matches how routes are registered", len(served))
	}
	for p, item := range doc.Paths.Map() {
		if !strings.HasPrefix(p, "/v2/") && !strings.HasPrefix(p, "/media/") {
			continue
		}
		for method := range item.Operations() {
			if !served[method+" "+p] {
				t.Errorf("api/openapi.yaml describes %s %s, which no package serves", method, p)
			}
		}
	}
}
