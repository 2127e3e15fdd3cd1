package settings

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/provider"
	"efir/internal/store"
)

// The client tunables an operator sets (GET and PATCH
// /v2/operator/settings/player): the catch-up blackout picture, its
// screenshot and margin, and the experiments (A/B tests) the viewers' clients
// read. Kept in the provider's configuration; Efir's defaults apply to what
// is left empty.

// PlayerSettings is what the console shows: the margin as it applies (the
// default when unset), the pictures as set ("" for the generated ones).
type PlayerSettings struct {
	BlackoutSafeArea      int               `json:"blackout_safe_area"`
	BlackoutPictureURL    string            `json:"blackout_picture_url"`
	BlackoutScreenshotURL string            `json:"blackout_screenshot_url"`
	ABTests               []provider.ABTest `json:"ab_tests"`
}

type playerPatch struct {
	BlackoutSafeArea      *int               `json:"blackout_safe_area"`
	BlackoutPictureURL    *string            `json:"blackout_picture_url"`
	BlackoutScreenshotURL *string            `json:"blackout_screenshot_url"`
	ABTests               *[]provider.ABTest `json:"ab_tests"`
}

// abName: an experiment's and a variant's name, as the client's code refers
// to them.
var abName = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]{0,63}$`)

func playerView(p *provider.Provider) PlayerSettings {
	out := PlayerSettings{BlackoutSafeArea: provider.DefaultBlackoutSafeArea, BlackoutPictureURL: p.Player.BlackoutPictureURL,
		BlackoutScreenshotURL: p.Player.BlackoutScreenshotURL, ABTests: p.Player.ABTests}
	if p.Player.BlackoutSafeArea != nil {
		out.BlackoutSafeArea = *p.Player.BlackoutSafeArea
	}
	if out.ABTests == nil {
		out.ABTests = []provider.ABTest{}
	}
	return out
}

func (m *Module) handlePlayer(w http.ResponseWriter, r *http.Request) error {
	p, err := provider.Stored(r.Context(), m.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, playerView(p))
	return nil
}

// check validates the patch, trimming what it holds.
func (in *playerPatch) check() error {
	bad := fieldErrors{}
	if in.BlackoutSafeArea != nil && (*in.BlackoutSafeArea < 0 || *in.BlackoutSafeArea > provider.MaxBlackoutSafeArea) {
		bad.add("blackout_safe_area", "console_settings_safe_area_invalid")
	}
	for field, v := range map[string]*string{"blackout_picture_url": in.BlackoutPictureURL,
		"blackout_screenshot_url": in.BlackoutScreenshotURL} {
		if v == nil {
			continue
		}
		*v = strings.TrimSpace(*v)
		if *v != "" {
			if _, ok := analyticsURL(*v); !ok {
				bad.add(field, "console_settings_picture_url_invalid")
			}
		}
	}
	if in.ABTests != nil {
		list := *in.ABTests
		if len(list) > provider.MaxABTests {
			bad.add("ab_tests", "console_settings_ab_tests_invalid")
		}
		seen := map[int64]bool{}
		for i := range list {
			t := &list[i]
			t.Name, t.Variant = strings.TrimSpace(t.Name), strings.TrimSpace(t.Variant)
			if t.ID <= 0 || seen[t.ID] || !abName.MatchString(t.Name) || !abName.MatchString(t.Variant) {
				bad.add("ab_tests."+strconv.Itoa(i), "console_settings_ab_tests_invalid")
			}
			seen[t.ID] = true
		}
	}
	return bad.err()
}

func (m *Module) handlePatchPlayer(w http.ResponseWriter, r *http.Request) error {
	var in playerPatch
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ctx, id := r.Context(), operator.ProviderOf(r)
	var after PlayerSettings
	err := m.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := provider.LockStored(ctx, tx, id)
		if err != nil {
			return err
		}
		before := playerView(p)
		if in.BlackoutSafeArea != nil {
			v := *in.BlackoutSafeArea
			p.Player.BlackoutSafeArea = &v
		}
		if in.BlackoutPictureURL != nil {
			p.Player.BlackoutPictureURL = *in.BlackoutPictureURL
		}
		if in.BlackoutScreenshotURL != nil {
			p.Player.BlackoutScreenshotURL = *in.BlackoutScreenshotURL
		}
		if in.ABTests != nil {
			p.Player.ABTests = *in.ABTests
		}
		if err := provider.Save(ctx, tx, p); err != nil {
			return err
		}
		after = playerView(p)
		return m.staff.Audit(ctx, tx, r, "settings.player.update", "provider", id, before, after)
	})
	if err != nil {
		return err
	}
	if err := m.providers.Reload(ctx); err != nil {
		return err
	}
	httpx.OK(w, after)
	return nil
}
