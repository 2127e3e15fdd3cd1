package settings

import (
	"context"
	"net/http"
	"slices"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Install instructions: for each kind of device a viewer may watch on, how
// to get the service there. The operator writes them in Markdown per
// interface language in the console (like the legal pages) and uploads the
// pictures they show; a device without a text of the operator gets the
// built-in one (install/*.md). Viewers read them in the #install and
// #smarttv dialogs and on the /manual pages.

// installDevices are the devices in the order viewers see them. The four
// set-top boxes also have their own /manual/{device} pages.
var installDevices = []string{"smarttv", "mobile", "dune", "tvip", "eltex", "mag"}

func validDevice(device string) bool { return slices.Contains(installDevices, device) }

// InstallGuide is one device's instructions as viewers get them.
type InstallGuide struct {
	Device string `json:"device"`
	// Lang is the language of the text, which may differ from the one asked.
	Lang string `json:"lang"`
	HTML string `json:"html"`
	// Custom: the operator's own text, else the built-in one.
	Custom    bool  `json:"custom"`
	UpdatedAt int64 `json:"updated_at"`
}

// installText is a stored text of the operator.
type installText struct {
	Device    string
	Lang      string
	Markdown  string
	UpdatedAt int64
}

// installState is what an operator stored: its texts by device and
// language, and the devices it hid.
type installState struct {
	texts  map[string]map[string]installText
	hidden map[string]bool
}

func loadInstall(ctx context.Context, q store.Querier, providerID int64) (installState, error) {
	s := installState{texts: map[string]map[string]installText{}, hidden: map[string]bool{}}
	err := store.Each(ctx, q, `SELECT device, lang, markdown, updated_at FROM operator_install_texts WHERE provider_id = ?
		ORDER BY device, lang`, []any{providerID}, func(row store.Scanner) error {
		var t installText
		if err := row.Scan(&t.Device, &t.Lang, &t.Markdown, &t.UpdatedAt); err != nil {
			return err
		}
		if s.texts[t.Device] == nil {
			s.texts[t.Device] = map[string]installText{}
		}
		s.texts[t.Device][t.Lang] = t
		return nil
	})
	if err != nil {
		return s, err
	}
	err = store.Each(ctx, q, `SELECT device FROM operator_install_hidden WHERE provider_id = ?`, []any{providerID},
		func(row store.Scanner) error {
			var d string
			if err := row.Scan(&d); err != nil {
				return err
			}
			s.hidden[d] = true
			return nil
		})
	return s, err
}

// guide picks a device's text for a viewer: the operator's in the first
// language of order it exists in, else the built-in one likewise.
func (s installState) guide(device string, order []string) (InstallGuide, error) {
	g := InstallGuide{Device: device}
	src := ""
	if own := s.texts[device]; len(own) > 0 {
		for _, lang := range order {
			if t, ok := own[lang]; ok {
				g.Lang, g.Custom, g.UpdatedAt, src = lang, true, t.UpdatedAt, t.Markdown
				break
			}
		}
	}
	if !g.Custom {
		for _, lang := range order {
			if text, ok := defaultInstallText(device, lang); ok {
				g.Lang, src = lang, text
				break
			}
		}
	}
	html, err := render(src)
	g.HTML = html
	return g, err
}

// viewerOrder is the order of languages to look a text up in: the
// request's, the operator's, then any.
func viewerOrder(r *http.Request, operatorLangs []string) []string {
	order := append([]string{httpx.Lang(r)}, operatorLangs...)
	return append(order, httpx.Languages...)
}

// handleInstallGuides is GET /v2/install/devices: every device the
// operator did not hide, with its steps.
func (m *Module) handleInstallGuides(w http.ResponseWriter, r *http.Request) error {
	p, err := m.viewerProvider(r)
	if err != nil {
		return httpx.NotFound()
	}
	s, err := loadInstall(r.Context(), m.db, p.ID)
	if err != nil {
		return err
	}
	order := viewerOrder(r, p.Languages)
	out := []InstallGuide{}
	for _, d := range installDevices {
		if s.hidden[d] {
			continue
		}
		g, err := s.guide(d, order)
		if err != nil {
			return err
		}
		out = append(out, g)
	}
	installCache(w)
	httpx.OK(w, out)
	return nil
}

// handleInstallGuide is GET /v2/install/devices/{device}: one device's
// steps (404 for an unknown or hidden device).
func (m *Module) handleInstallGuide(w http.ResponseWriter, r *http.Request) error {
	device := r.PathValue("device")
	if !validDevice(device) {
		return httpx.NotFound()
	}
	p, err := m.viewerProvider(r)
	if err != nil {
		return httpx.NotFound()
	}
	s, err := loadInstall(r.Context(), m.db, p.ID)
	if err != nil {
		return err
	}
	if s.hidden[device] {
		return httpx.NotFound()
	}
	g, err := s.guide(device, viewerOrder(r, p.Languages))
	if err != nil {
		return err
	}
	installCache(w)
	httpx.OK(w, g)
	return nil
}

// installCache: the operator depends on the client's network, so no
// shared cache; a change shows within a minute.
func installCache(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "private, max-age=60")
	w.Header().Add("Vary", "Accept-Language")
}
