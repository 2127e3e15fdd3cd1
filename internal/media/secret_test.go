package media

import (
	"context"
	"strings"
	"sync"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestLoadSecret(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		configured := strings.Repeat("k", 40)
		if s, err := LoadSecret(ctx, db, configured); err != nil || string(s) != configured {
			t.Fatalf("configured: %q %v", s, err)
		}
		if _, err := LoadSecret(ctx, db, "short"); err == nil || !strings.Contains(err.Error(), "EFIR_MEDIA_SECRET") {
			t.Fatalf("short secret: %v", err)
		}
		// Copies starting together agree on one generated secret.
		var wg sync.WaitGroup
		got := make([][]byte, 6)
		errs := make([]error, 6)
		for i := range got {
			wg.Go(func() { got[i], errs[i] = LoadSecret(ctx, db, "") })
		}
		wg.Wait()
		for i := range got {
			if errs[i] != nil || len(got[i]) != 32 || string(got[i]) != string(got[0]) {
				t.Fatalf("copy %d: %x %v (first %x)", i, got[i], errs[i], got[0])
			}
		}
		again, err := LoadSecret(ctx, db, "")
		if err != nil || string(again) != string(got[0]) {
			t.Fatalf("restart changed the secret: %x %v", again, err)
		}
	})
}
