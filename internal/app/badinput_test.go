package app_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"efir/api"
	"efir/internal/apitest"
	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// deviceToken signs a new guest in on a new device through the API.
func deviceToken(t *testing.T, srv *apitest.Server) string {
	t.Helper()
	password := strings.Repeat("k", 32)
	res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/users", Body: map[string]any{"username": "badinput", "password": password, "is_guest": true}})
	if res.Status != http.StatusCreated {
		t.Fatalf("guest: %d %s", res.Status, res.Body)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "badinput", "password": password}}).JSON(t, &tok)
	var dev struct {
		ID int64 `json:"id"`
	}
	srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/devices", Token: tok.AccessToken, Body: map[string]string{"serial": "bad"}}).JSON(t, &dev)
	res = srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/device", Token: tok.AccessToken, Body: map[string]any{"device_id": dev.ID}})
	res.JSON(t, &tok)
	if tok.AccessToken == "" {
		t.Fatalf("device auth: %d %s", res.Status, res.Body)
	}
	return tok.AccessToken
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestBadInputNeverBreaksTheContract sends every operation of the contract
// bodies and parameters no client should send: malformed JSON, wrong types,
// huge numbers, control characters, an oversized body, junk ids. Every answer
// must be a non-5xx one the contract describes (apitest validates it).
func TestBadInputNeverBreaksTheContract(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
	if err != nil {
		t.Fatal(err)
	}
	type op struct{ method, path string }
	var ops []op
	for p, item := range doc.Paths.Map() {
		if !strings.HasPrefix(p, "/v2/") || strings.HasPrefix(p, "/v2/dev/") {
			continue
		}
		for method := range item.Operations() {
			ops = append(ops, op{method, p})
		}
	}
	// Signing out ends the session the other calls use: it goes last.
	last := func(o op) bool { return o.path == "/v2/auth/logout" }
	sort.Slice(ops, func(i, j int) bool {
		if last(ops[i]) != last(ops[j]) {
			return last(ops[j])
		}
		return ops[i].path+ops[i].method < ops[j].path+ops[j].method
	})
	bodies := []string{
		`{`, `[]`, `null`, `"x"`, `123`, `{"a":1} trailing`,
		`{"phone":123456789012345678901234567890,"code":-1,"token":{"a":1},"id":-5}`,
		`{"name":{"x":1},"role":"admin","icon_avatar_id":1e30,"profile_id":-1,"device_id":1e309}`,
		`{"username":[],"password":{},"is_guest":"yes","login":true}`,
		`{"settings":{"parentalChannels":"30","language":7},"parental_settings":{"duration":99999999999999999999}}`,
		`{"first_name":"\u202e\u0000","email":"a@b.c\u0000","refer_id":"\u0000","serial":"\ud800"}`,
		`{"mwat":"\u0000","city_id":"abc","address_id":-1,"provider_id":1e400,"user_id":null}`,
		`{"notification":{"type":1},"parental_code":[1],"current_parental_code":{}}`,
	}
	huge := `{"name":"` + strings.Repeat("я", httpx.MaxBody) + `"}`
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		token := deviceToken(t, srv)
		for _, o := range ops {
			if last(o) {
				// The session survived everything before (else the calls
				// above only met 401s and tested little).
				if res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: token}); res.Status != http.StatusOK {
					t.Fatalf("the session did not survive the bad input: %d %s", res.Status, res.Body)
				}
			}
			for _, id := range []string{"1", "-1", "0", "99999999999999999999", "abc", "%F0%9F%98%80"} {
				path := pathParam.ReplaceAllString(o.path, id)
				if path == o.path && id != "1" {
					break
				}
				var reqs []apitest.Request
				for _, q := range []string{"", "?phone=%00&duration=-1&limit=-1&offset=x&mwat=%FF&provider=%00"} {
					reqs = append(reqs, apitest.Request{Method: o.method, Path: path + q})
				}
				if o.method == "POST" || o.method == "PATCH" {
					for _, b := range append(bodies, huge) {
						reqs = append(reqs, apitest.Request{Method: o.method, Path: path, Body: b})
					}
				}
				for _, r := range reqs {
					r.Token = token
					r.Header = http.Header{"Accept-Language": {"en"}}
					res := srv.Do(r)
					what := r.Method + " " + r.Path
					if b, ok := r.Body.(string); ok {
						what += " " + b[:min(len(b), 60)]
					}
					if res.Status >= 500 {
						t.Errorf("%s -> %d %s", what, res.Status, res.Body)
						continue
					}
					if res.Status >= 400 {
						var e struct {
							Error struct{ Type, Message string }
						}
						if json.Unmarshal(res.Body, &e) != nil || e.Error.Type == "" || e.Error.Message == "" {
							t.Errorf("%s -> %d not in the error shape: %.200s", what, res.Status, res.Body)
						}
					}
				}
			}
		}
	})
}
