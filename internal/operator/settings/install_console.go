package settings

import (
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// The console's side of the install instructions (settings.write): the
// texts of every device with the built-in ones beside them, hiding a
// device, and the pictures.

// registerInstall adds the install instructions' calls; g guards a console
// call with the section's permission.
func (m *Module) registerInstall(mux *http.ServeMux, g func(httpx.Handler) http.Handler) {
	mux.Handle("GET /v2/operator/settings/install", g(m.handleInstallSettings))
	mux.Handle("POST /v2/operator/settings/install/pictures", g(m.handleInstallPictureUpload))
	mux.Handle("DELETE /v2/operator/settings/install/pictures/{id}", g(m.handleInstallPictureDelete))
	mux.Handle("PATCH /v2/operator/settings/install/{device}", g(m.handleInstallDevicePatch))
	mux.Handle("POST /v2/operator/settings/install/{device}/{lang}", g(m.handleInstallTextWrite))

	mux.Handle("GET /v2/install/devices", httpx.Handler(m.handleInstallGuides))
	mux.Handle("GET /v2/install/devices/{device}", httpx.Handler(m.handleInstallGuide))
	mux.Handle("GET /v2/install/pictures/{file}", httpx.Handler(m.handleInstallPicture))
}

// InstallSettings is GET /v2/operator/settings/install.
type InstallSettings struct {
	Devices  []InstallDeviceSettings `json:"devices"`
	Pictures []InstallPicture        `json:"pictures"`
}

// InstallDeviceSettings is one device as the console edits it.
type InstallDeviceSettings struct {
	Device string `json:"device"`
	Hidden bool   `json:"hidden"`
	// Texts are the operator's, by language (none: the built-in ones show).
	Texts []InstallText `json:"texts"`
	// Defaults are the built-in texts.
	Defaults []DefaultText `json:"defaults"`
}

// InstallText is the operator's text of a device in one language.
type InstallText struct {
	Device    string `json:"device"`
	Lang      string `json:"lang"`
	Markdown  string `json:"markdown"`
	HTML      string `json:"html,omitempty"`
	UpdatedAt int64  `json:"updated_at"`
}

func (s installState) console(device string) InstallDeviceSettings {
	d := InstallDeviceSettings{Device: device, Hidden: s.hidden[device], Texts: []InstallText{}, Defaults: defaultInstallTexts(device)}
	for _, lang := range httpx.Languages {
		if t, ok := s.texts[device][lang]; ok {
			d.Texts = append(d.Texts, InstallText{Device: device, Lang: lang, Markdown: t.Markdown, UpdatedAt: t.UpdatedAt})
		}
	}
	return d
}

func (m *Module) handleInstallSettings(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id := operator.ProviderOf(r)
	s, err := loadInstall(ctx, m.db, id)
	if err != nil {
		return err
	}
	out := InstallSettings{Devices: make([]InstallDeviceSettings, 0, len(installDevices))}
	for _, d := range installDevices {
		out.Devices = append(out.Devices, s.console(d))
	}
	if out.Pictures, err = installPictures(ctx, m.db, id); err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handleInstallTextWrite writes a device's text in one language; an empty
// text removes it (the built-in text shows again when none is left).
func (m *Module) handleInstallTextWrite(w http.ResponseWriter, r *http.Request) error {
	device, lang := r.PathValue("device"), r.PathValue("lang")
	if !validDevice(device) {
		return httpx.Invalid("device", "console_install_device_invalid")
	}
	src, html, err := readPageText(r, lang)
	if err != nil {
		return err
	}
	ctx := r.Context()
	id := operator.ProviderOf(r)
	now := m.staff.Now()
	out := InstallText{Device: device, Lang: lang, Markdown: src, HTML: html, UpdatedAt: now}
	err = m.db.Tx(ctx, func(tx *store.Tx) error {
		var before, after *InstallText
		var old InstallText
		err := store.Get(ctx, tx, `SELECT markdown, updated_at FROM operator_install_texts WHERE provider_id = ? AND device = ? AND lang = ?`,
			[]any{id, device, lang}, &old.Markdown, &old.UpdatedAt)
		switch {
		case err == nil:
			old.Device, old.Lang = device, lang
			before = &old
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		if strings.TrimSpace(src) == "" {
			if _, err := tx.Exec(ctx, `DELETE FROM operator_install_texts WHERE provider_id = ? AND device = ? AND lang = ?`,
				id, device, lang); err != nil {
				return err
			}
			out.Markdown, out.HTML = "", ""
		} else {
			if _, err := tx.Exec(ctx, `INSERT INTO operator_install_texts (provider_id, device, lang, markdown, updated_at)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (provider_id, device, lang) DO UPDATE SET markdown = excluded.markdown,
				updated_at = excluded.updated_at`, id, device, lang, src, now); err != nil {
				return err
			}
			after = &InstallText{Device: device, Lang: lang, Markdown: src, UpdatedAt: now}
		}
		return m.staff.Audit(ctx, tx, r, "settings.install_text", "install", device+"/"+lang, before, after)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// devicePatch is PATCH /v2/operator/settings/install/{device}.
type devicePatch struct {
	Hidden *bool `json:"hidden"`
}

// deviceShown is a device's place in the list in the audit log.
type deviceShown struct {
	Hidden bool `json:"hidden"`
}

// handleInstallDevicePatch hides a device from viewers or shows it again.
func (m *Module) handleInstallDevicePatch(w http.ResponseWriter, r *http.Request) error {
	device := r.PathValue("device")
	if !validDevice(device) {
		return httpx.NotFound()
	}
	var in devicePatch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.Hidden == nil {
		return httpx.Invalid("hidden", "console_install_hidden_required")
	}
	ctx := r.Context()
	id := operator.ProviderOf(r)
	var out InstallDeviceSettings
	err := m.db.Tx(ctx, func(tx *store.Tx) error {
		s, err := loadInstall(ctx, tx, id)
		if err != nil {
			return err
		}
		before := deviceShown{Hidden: s.hidden[device]}
		if *in.Hidden {
			_, err = tx.Exec(ctx, `INSERT INTO operator_install_hidden (provider_id, device, updated_at) VALUES (?, ?, ?)
				ON CONFLICT (provider_id, device) DO NOTHING`, id, device, m.staff.Now())
		} else {
			_, err = tx.Exec(ctx, `DELETE FROM operator_install_hidden WHERE provider_id = ? AND device = ?`, id, device)
		}
		if err != nil {
			return err
		}
		s.hidden[device] = *in.Hidden
		out = s.console(device)
		if before.Hidden == *in.Hidden {
			return nil
		}
		return m.staff.Audit(ctx, tx, r, "settings.install_device", "install", device, before, deviceShown{Hidden: *in.Hidden})
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}
