package settings_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type guide struct {
	Device string `json:"device"`
	Lang   string `json:"lang"`
	HTML   string `json:"html"`
	Custom bool   `json:"custom"`
}

type installSettings struct {
	Devices []struct {
		Device string `json:"device"`
		Hidden bool   `json:"hidden"`
		Texts  []struct {
			Lang     string `json:"lang"`
			Markdown string `json:"markdown"`
		} `json:"texts"`
		Defaults []struct {
			Lang     string `json:"lang"`
			Markdown string `json:"markdown"`
		} `json:"defaults"`
	} `json:"devices"`
	Pictures []struct {
		ID  int64  `json:"id"`
		URL string `json:"url"`
	} `json:"pictures"`
}

func guides(t *testing.T, srv *apitest.Server, path, lang string) []guide {
	t.Helper()
	res := srv.Do(apitest.Request{Method: "GET", Path: path, Header: http.Header{"Accept-Language": {lang}}})
	mustStatus(t, res, http.StatusOK)
	var out []guide
	res.JSON(t, &out)
	return out
}

func devicesOf(list []guide) string {
	var names []string
	for _, g := range list {
		names = append(names, g.Device)
	}
	return strings.Join(names, " ")
}

// Every operator starts with the built-in instructions and drawings, in
// the viewer's language when there is one.
func TestInstallDefaults(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		list := guides(t, srv, "/v2/install/devices", "en")
		if devicesOf(list) != "smarttv mobile dune tvip eltex mag" {
			t.Fatalf("devices: %s", devicesOf(list))
		}
		for _, g := range list {
			if g.Custom || g.Lang != "en" || !strings.Contains(g.HTML, `<img src="/v2/install/pictures/default-`+g.Device+`.svg"`) {
				t.Errorf("built-in %s: %+v", g.Device, g)
			}
		}
		if !strings.Contains(list[5].HTML, "<code>http://stb.efir.example/portal</code>") {
			t.Errorf("MAG steps: %s", list[5].HTML)
		}
		// Georgian has no built-in text: the operator's first language (Russian).
		var one guide
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/mag", Header: http.Header{"Accept-Language": {"ka"}}}).JSON(t, &one)
		if one.Lang != "ru" || !strings.Contains(one.HTML, "Системные настройки") {
			t.Errorf("MAG in Georgian: %+v", one)
		}
		pic := srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/pictures/default-portal.svg"})
		mustStatus(t, pic, http.StatusOK)
		if pic.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(pic.Body), "<svg") ||
			!strings.Contains(pic.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Errorf("drawing: %s %q", pic.Header.Get("Content-Type"), pic.Body)
		}
		for _, bad := range []string{"default-nothing.svg", "default-..%2fdune.md", "default-dune.md", "1-1.png", "x.png", "1-x.png"} {
			mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/pictures/" + bad}), http.StatusNotFound)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/vcr"}), http.StatusNotFound)
	})
}

// The operator's text replaces the built-in one in every language (its own
// language first), is made safe like the legal pages, and is audited; an
// empty text brings the built-in one back. A hidden device leaves the list.
func TestInstallOperatorTexts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		md := "1. Откройте **Настройки**.\n2. <script>alert(1)</script>[портал](javascript:alert(1))\n\n![Шаг 1](/v2/install/pictures/1-1.png)\n"
		res := owner.do("POST", "/v2/operator/settings/install/dune/ru", map[string]string{"markdown": md})
		mustStatus(t, res, http.StatusOK)
		var one guide
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/dune", Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &one)
		if !one.Custom || one.Lang != "ru" || !strings.Contains(one.HTML, "<strong>Настройки</strong>") ||
			!strings.Contains(one.HTML, `<img src="/v2/install/pictures/1-1.png" alt="Шаг 1">`) {
			t.Fatalf("operator's Dune: %+v", one)
		}
		for _, bad := range []string{"<script", "javascript:"} {
			if strings.Contains(one.HTML, bad) {
				t.Errorf("%q in %s", bad, one.HTML)
			}
		}
		// Other devices keep the built-in text; Alma's viewers their own.
		list := guides(t, srv, "/v2/install/devices", "en")
		if list[0].Custom || !list[2].Custom {
			t.Errorf("list after the change: %+v", list)
		}
		if alma := guides(t, srv, "/v2/install/devices?provider=alma", "ru"); alma[2].Custom {
			t.Errorf("Efir Demo's text shown to Alma's viewers: %+v", alma[2])
		}

		var cs installSettings
		owner.do("GET", "/v2/operator/settings/install", nil).JSON(t, &cs)
		if len(cs.Devices) != 6 || cs.Devices[2].Device != "dune" || len(cs.Devices[2].Texts) != 1 ||
			cs.Devices[2].Texts[0].Markdown != md || len(cs.Devices[2].Defaults) != 2 {
			t.Fatalf("console view: %+v", cs.Devices)
		}

		// Hidden: out of the list, and its page is gone.
		res = owner.do("PATCH", "/v2/operator/settings/install/eltex", map[string]any{"hidden": true})
		mustStatus(t, res, http.StatusOK)
		if got := devicesOf(guides(t, srv, "/v2/install/devices", "en")); got != "smarttv mobile dune tvip mag" {
			t.Errorf("list with Eltex hidden: %s", got)
		}
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/eltex"}), http.StatusNotFound)
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings/install/eltex", map[string]any{"hidden": true}), http.StatusOK)
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings/install/eltex", map[string]any{"hidden": false}), http.StatusOK)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/eltex"}), http.StatusOK)

		// Empty removes the text.
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/dune/ru", map[string]string{"markdown": "  "}), http.StatusOK)
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/dune", Header: http.Header{"Accept-Language": {"en"}}}).JSON(t, &one)
		if one.Custom || one.Lang != "en" {
			t.Errorf("after removal: %+v", one)
		}

		// Refused: unknown device or language, too long a text, no flag.
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/vcr/ru", map[string]string{"markdown": "x"}), http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/mag/xx", map[string]string{"markdown": "x"}), http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/mag/ru",
			map[string]string{"markdown": strings.Repeat("a", 100_001)}), http.StatusBadRequest)
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings/install/mag", map[string]any{}), http.StatusBadRequest)
		mustStatus(t, owner.do("PATCH", "/v2/operator/settings/install/vcr", map[string]any{"hidden": true}), http.StatusNotFound)

		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action IN ('settings.install_text', 'settings.install_device')`,
			nil, &n); err != nil || n != 4 { // a write, a removal, hide and show (the repeated hide changed nothing)
			t.Errorf("audited changes: %d %v", n, err)
		}
	})
}

// An uploaded picture is served at its own address for good; a file that
// is no PNG, JPEG or WebP, or too big, is refused; a removed one is gone.
func TestInstallPictures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		owner := signIn(t, srv, ownerEmail, ownerPass)
		pic := pngLogo(t, 40, 30)
		res := owner.do("POST", "/v2/operator/settings/install/pictures", pic, "Content-Type", "image/png")
		mustStatus(t, res, http.StatusOK)
		var up struct {
			ID     int64  `json:"id"`
			URL    string `json:"url"`
			Width  int    `json:"width"`
			Height int    `json:"height"`
		}
		res.JSON(t, &up)
		if !strings.HasPrefix(up.URL, "/v2/install/pictures/1-") || !strings.HasSuffix(up.URL, ".png") || up.Width != 40 || up.Height != 30 {
			t.Fatalf("uploaded: %+v", up)
		}
		got := srv.Do(apitest.Request{Method: "GET", Path: up.URL})
		mustStatus(t, got, http.StatusOK)
		if string(got.Body) != pic || got.Header.Get("Content-Type") != "image/png" || !strings.Contains(got.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("served: %s %d bytes", got.Header.Get("Content-Type"), len(got.Body))
		}
		// Another operator's address for the same picture does not exist.
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: strings.Replace(up.URL, "/1-", "/2-", 1)}), http.StatusNotFound)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: strings.Replace(up.URL, ".png", ".webp", 1)}), http.StatusNotFound)

		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/pictures", "<svg onload=alert(1)></svg>", "Content-Type", "image/svg+xml"),
			http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/pictures", pngLogo(t, 4097, 1)), http.StatusBadRequest)
		mustStatus(t, owner.do("POST", "/v2/operator/settings/install/pictures", strings.Repeat("x", 1<<20+1)),
			http.StatusRequestEntityTooLarge)

		var cs installSettings
		owner.do("GET", "/v2/operator/settings/install", nil).JSON(t, &cs)
		if len(cs.Pictures) != 1 || cs.Pictures[0].URL != up.URL {
			t.Fatalf("pictures: %+v", cs.Pictures)
		}
		path := "/v2/operator/settings/install/pictures/" + itoa(up.ID)
		mustStatus(t, owner.do("DELETE", path, nil), http.StatusNoContent)
		mustStatus(t, owner.do("DELETE", path, nil), http.StatusNotFound)
		mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: up.URL}), http.StatusNotFound)
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Who may call what: the console's calls are settings.write's (owner and
// admin); an operator's staff change their own operator's instructions
// only; viewers' reads need no sign-in.
func TestInstallCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		addStaff(t, db, 1, "admin2@efir.example", "admin")
		addStaff(t, db, 2, "owner@alma.example", "owner")
		as := map[string]*console{
			"nobody":  signIn(t, srv, "", ""),
			"owner":   signIn(t, srv, ownerEmail, ownerPass),
			"admin":   signIn(t, srv, "admin2@efir.example", staffPass),
			"support": signIn(t, srv, supportEmail, staffPass),
			"content": signIn(t, srv, editorEmail, staffPass),
			"finance": signIn(t, srv, financeEmail, staffPass),
		}
		calls := []struct {
			method, path string
			body         any
			ok           int
		}{
			{"GET", "/v2/operator/settings/install", nil, http.StatusOK},
			{"POST", "/v2/operator/settings/install/mag/en", map[string]string{"markdown": "1. Setup"}, http.StatusOK},
			{"PATCH", "/v2/operator/settings/install/tvip", map[string]bool{"hidden": false}, http.StatusOK},
			{"POST", "/v2/operator/settings/install/pictures", pngLogo(t, 2, 2), http.StatusOK},
			// Nothing to remove: the permission is checked first all the same.
			{"DELETE", "/v2/operator/settings/install/pictures/999", nil, http.StatusNotFound},
		}
		allowed := map[string]bool{"owner": true, "admin": true}
		for _, c := range calls {
			for who, cn := range as {
				res := cn.do(c.method, c.path, c.body)
				switch {
				case who == "nobody":
					if res.Status != http.StatusUnauthorized {
						t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
					}
				case allowed[who]:
					if res.Status != c.ok {
						t.Errorf("%s %s as %s: %d %s", c.method, c.path, who, res.Status, res.Body)
					}
				default:
					if res.Status != http.StatusForbidden {
						t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
					}
				}
			}
		}
		for _, path := range []string{"/v2/install/devices", "/v2/install/devices/mag", "/v2/install/pictures/default-mag.svg"} {
			mustStatus(t, srv.Do(apitest.Request{Method: "GET", Path: path}), http.StatusOK)
		}

		// Alma Demo's owner writes Alma Demo's text and removes none of
		// Efir Demo's pictures.
		alma := signIn(t, srv, "owner@alma.example", staffPass)
		mustStatus(t, alma.do("POST", "/v2/operator/settings/install/mag/ru", map[string]string{"markdown": "Шаги Alma"}), http.StatusOK)
		var cs installSettings
		as["owner"].do("GET", "/v2/operator/settings/install", nil).JSON(t, &cs)
		if len(cs.Pictures) != 2 {
			t.Fatalf("Efir Demo's pictures: %+v", cs.Pictures)
		}
		mustStatus(t, alma.do("DELETE", "/v2/operator/settings/install/pictures/"+itoa(cs.Pictures[0].ID), nil), http.StatusNotFound)
		var one guide
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/mag", Header: http.Header{"Accept-Language": {"ru"}}}).JSON(t, &one)
		if strings.Contains(one.HTML, "Alma") {
			t.Fatalf("Alma's text shown to Efir Demo's viewers: %s", one.HTML)
		}
		srv.Do(apitest.Request{Method: "GET", Path: "/v2/install/devices/mag?provider=alma", Header: http.Header{"Accept-Language": {"ru"}}}).JSON(t, &one)
		if !one.Custom || !strings.Contains(one.HTML, "Шаги Alma") {
			t.Fatalf("Alma's viewers: %+v", one)
		}
	})
}
