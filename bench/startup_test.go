// Package bench measures the performance budgets of the issues (make bench).
// Budgets are read from the reported figures, never asserted in tests.
package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"efir/internal/app"
	"efir/internal/config"
	"efir/internal/demo"
	"efir/internal/store"
)

func newHandler(b *testing.B) http.Handler {
	b.Helper()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	dir := b.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "efir.db"), dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	h, err := app.Handler(ctx, config.Config{DataDir: dir, OTPSender: "outbox", TokenTTL: 12 * time.Hour,
		PublicURL: "http://efir.test", TelegramAPIURL: "https://api.telegram.org"}, db)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func call(b *testing.B, h http.Handler, ip, method, path, token string, body any) map[string]any {
	var rd *bytes.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	} else {
		rd = bytes.NewReader(nil)
	}
	r := httptest.NewRequest(method, "http://efir.test"+path, rd)
	r.RemoteAddr = ip + ":40000"
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", "Token "+token)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code >= 300 {
		b.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body.String())
	}
	var out map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &out)
	return out
}

// BenchmarkGuestStartup is the server time of a new guest's start-up: network,
// configuration and resources, then the four guest calls. Budget: 15 ms/op on
// SQLite on the 2-core reference machine.
func BenchmarkGuestStartup(b *testing.B) {
	h := newHandler(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Every start-up comes from its own address, as real guests do, so
		// per-address limits measure nothing here.
		ip := fmt.Sprintf("10.%d.%d.%d", (i>>16)&255, (i>>8)&255, i%250+1)
		call(b, h, ip, "GET", "/v2/users/self/network", "", nil)
		call(b, h, ip, "GET", "/v2/platform/configuration", "", nil)
		call(b, h, ip, "GET", "/v2/platform/resources", "", nil)
		user := fmt.Sprintf("guest-%d-%d", i, time.Now().UnixNano())
		pass := "g7Qm2xVb9Lp4Zr8Tn3Kw6Ys1Hd5Jc0Fe"
		call(b, h, ip, "POST", "/v2/users", "", map[string]any{"username": user, "password": pass, "is_guest": true, "app_version": "185"})
		login := call(b, h, ip, "POST", "/v2/auth/login", "", map[string]any{"login": user, "password": pass})
		tok, _ := login["access_token"].(string)
		dev := call(b, h, ip, "POST", "/v2/users/self/devices", tok, map[string]any{"serial": user, "device_type": "pc", "vendor": "bench", "model": "Chromium"})
		call(b, h, ip, "POST", "/v2/auth/device", tok, map[string]any{"device_id": dev["id"]})
	}
}
