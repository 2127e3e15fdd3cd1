package provider

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestNewServiceCreatesDefault(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, err := NewService(ctx, db, Config{PublicURL: "http://efir.test/"})
		if err != nil {
			t.Fatal(err)
		}
		def := s.Default()
		if def == nil || !def.IsDefault || def.ID != 1 || def.PhoneDigits() != 11 || def.OTPLength != 6 {
			t.Fatalf("fallback default provider: %+v", def)
		}
		// A second start finds it and creates nothing more.
		s2, err := NewService(ctx, db, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(s2.List()); n != 1 {
			t.Fatalf("%d providers after restart", n)
		}
	})
}

func TestSaveUpsertsByShortname(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		save := func(p Provider) *Provider {
			t.Helper()
			if err := Save(ctx, db, &p); err != nil {
				t.Fatal(err)
			}
			return &p
		}
		a := save(Provider{ID: 1, Shortname: "Demo", Name: "Demo", IsDefault: true})
		if a.ID != 1 || a.Shortname != "demo" {
			t.Fatalf("saved %+v", a)
		}
		b := save(Provider{Shortname: "b", Name: "B"})
		if b.ID != 2 {
			t.Fatalf("new provider got id %d, want 2", b.ID)
		}
		// Same shortname, another id asked: the existing row keeps its id.
		b2 := save(Provider{ID: 77, Shortname: "b", Name: "B renamed", IsDefault: true})
		if b2.ID != 2 {
			t.Fatalf("upsert moved the provider to id %d", b2.ID)
		}
		list, err := loadAll(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[1].Name != "B renamed" || list[0].IsDefault || !list[1].IsDefault {
			t.Fatalf("after upsert: %+v %+v", list[0], list[1])
		}
		// An explicit id taken by another shortname replaces that row (the
		// demo operator replacing a fallback default).
		save(Provider{ID: 1, Shortname: "other", Name: "Other"})
		list, _ = loadAll(ctx, db)
		if len(list) != 2 || list[0].Shortname != "other" {
			t.Fatalf("replace by id: %+v", list[0])
		}
	})
}

func TestValidate(t *testing.T) {
	for name, p := range map[string]Provider{
		"no shortname":  {Name: "x"},
		"bad shortname": {Shortname: "a b", Name: "x"},
		"no name":       {Shortname: "a"},
		"short mask":    {Shortname: "a", Name: "x", PhoneMask: "+7 ###"},
		"long code":     {Shortname: "a", Name: "x", OTPLength: 12},
		"bad country":   {Shortname: "a", Name: "x", AllowedCountries: []string{"Russia"}},
		"bad retention": {Shortname: "a", Name: "x", StatRetentionDays: -1},
	} {
		if err := p.Validate(); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
	p := Provider{Shortname: "a", Name: "x", AllowedCountries: []string{" ru"},
		Networks: []netip.Prefix{netip.MustParsePrefix("::ffff:10.1.2.3/104")}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.AllowedCountries[0] != "RU" || p.Networks[0].String() != "10.0.0.0/8" || p.DeviceLimit != 5 || p.Currency.ISOCode != "RUB" ||
		p.StatRetentionDays != DefaultStatRetentionDays {
		t.Fatalf("defaults not filled: %+v", p)
	}
}

func TestProvidersFile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		dir := t.TempDir()
		file := filepath.Join(dir, "providers.json")
		write := func(s string) {
			if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(`[{"shortname":"city","name":"City TV","is_default":true,"networks":["10.0.0.0/8"]},
			{"shortname":"block","name":"Block TV","networks":["10.1.0.0/16"],"phone_otp_length":4}]`)
		s, err := NewService(ctx, db, Config{ProvidersFile: file})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ByNetwork(netip.MustParseAddr("10.1.2.3")); got == nil || got.Shortname != "block" {
			t.Fatalf("most specific network: got %+v", got)
		}
		if got := s.ByNetwork(netip.MustParseAddr("::ffff:10.9.9.9")); got == nil || got.Shortname != "city" {
			t.Fatalf("mapped address: got %+v", got)
		}
		if got := s.ByNetwork(netip.MustParseAddr("8.8.8.8")); got != nil {
			t.Fatalf("outside every network: got %+v", got)
		}
		if s.Default().Shortname != "city" {
			t.Fatalf("default %q", s.Default().Shortname)
		}
		if p, err := s.ByShortname(ctx, "BLOCK"); err != nil || p.OTPLength != 4 {
			t.Fatalf("by shortname: %v %+v", err, p)
		}
		if _, err := s.ByID(ctx, 99); err != store.ErrNotFound {
			t.Fatalf("unknown id: %v", err)
		}
		// Applying the file again (a restart with an edited file) updates in place.
		write(`[{"shortname":"block","name":"Block TV 2","networks":["10.1.0.0/16"]}]`)
		s2, err := NewService(ctx, db, Config{ProvidersFile: file})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(s2.List()); n != 2 {
			t.Fatalf("%d providers", n)
		}
		if p, _ := s2.ByShortname(ctx, "block"); p.Name != "Block TV 2" || p.OTPLength != 6 {
			t.Fatalf("updated: %+v", p)
		}
		for _, bad := range []string{`{}`, `[{"shortname":"x","name":"X","colour":"red"}]`,
			`[{"shortname":"x","name":"X"},{"shortname":"x","name":"Y"}]`, `[{"shortname":"x","name":"X","networks":["10.0.0.0/99"]}]`} {
			write(bad)
			if _, err := NewService(ctx, db, Config{ProvidersFile: file}); err == nil {
				t.Errorf("%s: want an error", bad)
			}
		}
	})
}

func TestForbiddenCountry(t *testing.T) {
	h := httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		return ForbiddenCountry("US", "198.51.100.5")
	})
	for lang, text := range map[string]string{"ru": "недоступен", "en": "not available"} {
		r := httptest.NewRequest("POST", "/v2/otps", nil)
		r.Header.Set("Accept-Language", lang)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		body := w.Body.String()
		if w.Code != 403 || !strings.Contains(body, `"type":"forbidden_country"`) ||
			!strings.Contains(body, `"country":"US"`) || !strings.Contains(body, `"remote":"198.51.100.5"`) ||
			!strings.Contains(body, text) || !strings.Contains(body, "198.51.100.5)") {
			t.Errorf("%s: %d %s", lang, w.Code, body)
		}
	}
}
