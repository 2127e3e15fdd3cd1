package provider_test

import (
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type networkInfo struct {
	Provider *struct {
		ID       int64  `json:"id"`
		Name     string `json:"name"`
		Alma     bool   `json:"alma"`
		Currency struct {
			ISO string `json:"ISO_CODE"`
		} `json:"currency"`
		Landing struct {
			Shortname string `json:"shortname"`
		} `json:"landing"`
	} `json:"provider"`
	IsGuestAllowed bool     `json:"is_guest_allowed"`
	Country        string   `json:"country"`
	Remote         string   `json:"remote"`
	Languages      []string `json:"languages"`
	PhoneMask      string   `json:"phone_mask"`
	OTPLength      int      `json:"phone_otp_length"`
	AuthOnly       bool     `json:"auth_only"`
	CountryAllowed bool     `json:"country_allowed"`
	AgreementURL   string   `json:"agreement_url"`
	AutoAuth       *struct {
		URL string `json:"url"`
	} `json:"auto_auth"`
}

func network(t *testing.T, srv *apitest.Server, from, path string, h http.Header) networkInfo {
	t.Helper()
	srv.RemoteAddr = from
	res := srv.Do(apitest.Request{Method: "GET", Path: path, Header: h})
	if res.Status != 200 {
		t.Fatalf("%s from %s: %d %s", path, from, res.Status, res.Body)
	}
	var ni networkInfo
	res.JSON(t, &ni)
	if ni.Provider == nil {
		t.Fatalf("no provider: %s", res.Body)
	}
	return ni
}

func TestNetworkChoosesProvider(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		ni := network(t, srv, "10.0.0.1:5000", "/v2/users/self/network", nil)
		if ni.Provider.ID != 1 || ni.Provider.Name != "Efir Demo" || ni.OTPLength != 6 || ni.PhoneMask != "+7 (###) ###-##-##" ||
			len(ni.Languages) != 11 || !ni.IsGuestAllowed || ni.Country != "" || ni.Remote != "10.0.0.1" ||
			!ni.CountryAllowed || ni.Provider.Currency.ISO != "RUB" || ni.AgreementURL != "/v2/texts/agreement" {
			t.Fatalf("demo network: %+v", ni)
		}
		ni = network(t, srv, "192.168.77.5:5000", "/v2/users/self/network", nil)
		if ni.Provider.ID != 2 || !ni.Provider.Alma || ni.OTPLength != 4 || strings.Join(ni.Languages, ",") != "ru,kk,en" ||
			ni.Provider.Currency.ISO != "KZT" || ni.AgreementURL != "/v2/texts/agreement?provider=alma" {
			t.Fatalf("alma network: %+v", ni)
		}
		// Outside every network: the default operator.
		if ni = network(t, srv, "8.8.8.8:5000", "/v2/users/self/network", nil); ni.Provider.ID != 1 || ni.Remote != "8.8.8.8" {
			t.Fatalf("default: %+v", ni)
		}
		// The query names the operator, by shortname or id; an unknown one is ignored.
		for path, want := range map[string]int64{
			"/v2/users/self/network?provider=alma":  2,
			"/v2/users/self/network?provider=2":     2,
			"/v2/users/self/network?provider=nope":  1,
			"/v2/users/self/network?provider=99999": 1,
		} {
			if ni = network(t, srv, "10.0.0.1:5000", path, nil); ni.Provider.ID != want {
				t.Errorf("%s: provider %d, want %d", path, ni.Provider.ID, want)
			}
		}
		// The query is honoured only on the network call.
		srv.RemoteAddr = "10.0.0.1:5000"
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/resources?provider=alma"})
		if !strings.Contains(string(res.Body), `"brand_name":"Efir Demo"`) {
			t.Errorf("resources: %s", res.Body)
		}
	})
}

func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		xff := http.Header{"X-Forwarded-For": {"192.168.77.10"}}
		plain := apitest.New(t, db)
		if ni := network(t, plain, "10.0.0.1:5000", "/v2/users/self/network", xff); ni.Provider.ID != 1 || ni.Remote != "10.0.0.1" {
			t.Fatalf("X-Forwarded-For believed without a trusted proxy: %+v", ni)
		}
		proxied := apitest.New(t, db, func(c *config.Config) {
			c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/24")}
		})
		if ni := network(t, proxied, "10.0.0.1:5000", "/v2/users/self/network", xff); ni.Provider.ID != 2 || ni.Remote != "192.168.77.10" {
			t.Fatalf("trusted proxy: %+v", ni)
		}
		// A peer outside the trusted list cannot claim an operator network.
		if ni := network(t, proxied, "10.0.9.9:5000", "/v2/users/self/network", xff); ni.Provider.ID != 1 || ni.Remote != "10.0.9.9" {
			t.Fatalf("untrusted peer: %+v", ni)
		}
	})
}

// geoServer serves an operator "geo" for 198.51.100.0/24 that allows only
// Russia, with the lower half of the network placed in the US.
func geoServer(t *testing.T, db *store.DB) *apitest.Server {
	dir := t.TempDir()
	providers := filepath.Join(dir, "providers.json")
	geo := filepath.Join(dir, "geo.txt")
	must(t, os.WriteFile(providers, []byte(`[{"shortname":"geo","name":"Geo TV","networks":["198.51.100.0/24"],
		"allowed_countries":["RU"],"is_guest_allowed":true,"auto_auth":true,
		"support":{"phone":"+7 111","url":"","email":""},
		"texts":{"agreement":{"en":"Geo TV own terms."}}}]`), 0o644))
	must(t, os.WriteFile(geo, []byte("# test\n198.51.100.0/25,US\n198.51.100.128/25,RU\n"), 0o644))
	return apitest.New(t, db, func(c *config.Config) {
		c.ProvidersFile = providers
		c.GeoCIDRFile = geo
	})
}

func TestForbiddenCountryNetwork(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := geoServer(t, db)
		ni := network(t, srv, "198.51.100.5:1", "/v2/users/self/network", nil)
		if ni.Provider.Landing.Shortname != "geo" || ni.Country != "US" || ni.CountryAllowed || ni.IsGuestAllowed || !ni.AuthOnly {
			t.Fatalf("forbidden country: %+v", ni)
		}
		if ni.AutoAuth == nil || ni.AutoAuth.URL != "/v2/auth/auto" {
			t.Fatalf("auto auth inside the operator network: %+v", ni.AutoAuth)
		}
		ni = network(t, srv, "198.51.100.200:1", "/v2/users/self/network", nil)
		if ni.Country != "RU" || !ni.CountryAllowed || !ni.IsGuestAllowed || ni.AuthOnly {
			t.Fatalf("allowed country: %+v", ni)
		}
		// Named by the query from outside its networks: no auto-auth offer.
		ni = network(t, srv, "10.0.0.1:1", "/v2/users/self/network?provider=geo", nil)
		if ni.AutoAuth != nil || ni.Country != "" || !ni.CountryAllowed {
			t.Fatalf("geo by query from a private address: %+v", ni)
		}
		// The operator's own text replaces the built-in one in its language only.
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/texts/agreement?provider=geo",
			Header: http.Header{"Accept-Language": {"en"}}})
		if string(res.Body) != "Geo TV own terms." {
			t.Fatalf("own text: %s", res.Body)
		}
		res = srv.Do(apitest.Request{Method: "GET", Path: "/v2/texts/agreement?provider=geo"})
		if !strings.Contains(string(res.Body), "«Geo TV»") || !strings.Contains(string(res.Body), "+7 111") {
			t.Fatalf("built-in text naming the operator: %.300s", res.Body)
		}
	})
}

func TestPlatformEndpoints(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		en := http.Header{"Accept-Language": {"en-US,en;q=0.9"}}
		for _, c := range []struct {
			path   string
			header http.Header
			status int
			want   []string
		}{
			{"/v2/platform/configuration", nil, 200, []string{`"catchup_blackout_safe_area":60`, `"min_search_chars":1`,
				`"bouncing_interval":1000`, `"parental_durations":[1,5,15,30,60,120]`, `"token_lifetime":43200`,
				`"catchup_blackout_mattress_url":"/v2/platform/images/catchup-blackout.svg"`, `"payment_enabled":true,"iframe_payment_enabled":true`}},
			{"/v2/platform/resources", nil, 200, []string{`"brand_name":"Efir Demo"`, `"support":{"url":"https://efir.example/help"`,
				`"logo_url":"/v2/platform/images/logo.svg"`, `"app_links":{"ios":"","android":""}`}},
			{"/v2/ab_tests/tests", nil, 200, []string{`[]`}},
			{"/v2/seo/masks", nil, 200, []string{`{"page_type":"/channels","text_type":"title","value":"Телеканалы онлайн — Efir Demo"}`,
				`{"page_type":"/contents/*","text_type":"h1","value":"{name}"}`}},
			{"/v2/seo/masks", en, 200, []string{`{"page_type":"/channels","text_type":"title","value":"TV channels online — Efir Demo"}`}},
			{"/v2/countries", nil, 200, []string{`{"id":643,"code":"RU","name":"Россия"}`, `"code":"GE","name":"Грузия"`,
				`"code":"KZ"`, `"code":"LV"`, `"code":"RO"`, `"code":"BG"`, `"code":"UZ"`}},
			{"/v2/countries", en, 200, []string{`{"id":643,"code":"RU","name":"Russia"}`, `"name":"Georgia"`}},
			{"/v2/providers/1/info", nil, 200, []string{`"id":1`, `"landing":{"shortname":"demo"`, `"UTF_NAME":"₽"`,
				`"regform":{"url":"https://efir.example/connect"`}},
			{"/v2/providers/alma/info", nil, 200, []string{`"id":2`, `"alma":true`, `"ISO_CODE":"KZT"`}},
			{"/v2/providers/999/info", nil, 404, []string{`"type":"not_found"`}},
			{"/v2/providers/" + strings.Repeat("x", 100) + "/info", nil, 404, []string{`"type":"not_found"`}},
			{"/v2/texts/agreement", nil, 200, []string{"Пользовательское соглашение сервиса «Efir Demo»", "support@efir.example"}},
			{"/v2/texts/agreement", en, 200, []string{"Efir Demo Terms of Use"}},
			{"/v2/texts/privacy", nil, 200, []string{"Политика конфиденциальности сервиса «Efir Demo»"}},
			{"/v2/texts/privacy?provider=alma", en, 200, []string{"Alma Demo Privacy Policy", "help@alma.example"}},
			{"/v2/texts/privacy?provider=nope", nil, 404, []string{`"type":"not_found"`}},
			{"/v2/platform/images/logo.svg", nil, 200, []string{"<svg"}},
			{"/v2/platform/images/favicon.svg", nil, 200, []string{"<svg"}},
			{"/v2/platform/images/catchup-blackout.svg", nil, 200, []string{"<svg"}},
			{"/v2/platform/images/catchup-blackout-screenshot.svg", nil, 200, []string{"<svg"}},
			{"/v2/platform/images/logo.png", nil, 404, []string{`"type":"not_found"`}},
			{"/v2/platform/images/nope.svg", nil, 404, []string{`"type":"not_found"`}},
		} {
			res := srv.Do(apitest.Request{Method: "GET", Path: c.path, Header: c.header})
			if res.Status != c.status {
				t.Errorf("%s: status %d, want %d: %.300s", c.path, res.Status, c.status, res.Body)
				continue
			}
			for _, w := range c.want {
				if !strings.Contains(string(res.Body), w) {
					t.Errorf("%s: body lacks %s: %.500s", c.path, w, res.Body)
				}
			}
		}
		res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/texts/agreement"})
		if ct := res.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
			t.Errorf("text content type %q", ct)
		}
		if strings.Contains(string(res.Body), "{provider}") || !strings.Contains(string(res.Body), "\n\n") {
			t.Errorf("text not filled in or without paragraphs")
		}
		// The Info method identity uses gives the same shape.
		p, err := providerOf(t, srv)
		if err != nil || p == nil {
			t.Fatal(err)
		}
	})
}

func providerOf(t *testing.T, srv *apitest.Server) (*provider.Provider, error) {
	t.Helper()
	s, err := provider.NewService(t.Context(), srv.DB, provider.Config{PublicURL: "http://efir.test"})
	if err != nil {
		return nil, err
	}
	p, err := s.ByID(t.Context(), 1)
	if err != nil {
		return nil, err
	}
	info, ok := s.Info(p).(*provider.ProviderInfo)
	if !ok || info.Landing.Shortname != "demo" || info.Landing.Logo != "/v2/platform/images/logo.svg" {
		t.Fatalf("Info: %#v", s.Info(p))
	}
	return p, nil
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
