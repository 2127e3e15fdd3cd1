package otp

import (
	"context"
	"net/netip"
	"testing"

	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A code re-sent through Telegram (after the viewer links the phone) stays
// its requester's: their client is the one polling for it.
func TestReissuedCodeKeepsItsRequester(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := testService(t, db, Config{})
		ctx := httpx.WithSession(context.Background(), &httpx.Session{UserID: 42, DeviceID: 7})
		must(t, s.Send(ctx, 1, "79000000001", "login", client))
		first := lastCode(t, db, "79000000001")
		must(t, s.reissue(context.Background(), "79000000001"))
		if lastCode(t, db, "79000000001") == first {
			t.Fatal("no new code")
		}
		elsewhere := netip.MustParseAddr("198.51.100.7")
		for _, c := range []struct {
			asker Requester
			want  bool
		}{
			{Requester{Address: client}, true},
			{Requester{UserID: 42, Address: elsewhere}, true},
			{Requester{Address: elsewhere}, false},
			{Requester{UserID: 43, Address: elsewhere}, false},
			{Requester{}, false},
		} {
			if got, err := s.Exists(context.Background(), "79000000001", c.asker); err != nil || got != c.want {
				t.Errorf("%+v: %v, %v; want %v", c.asker, got, err, c.want)
			}
		}
	})
}

// An unknown address matches nobody's, not another unknown one.
func TestUnknownAddressMatchesNobody(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s, _ := testService(t, db, Config{})
		must(t, s.Send(context.Background(), 1, "79000000001", "login", netip.Addr{}))
		if ok, err := s.Exists(context.Background(), "79000000001", Requester{}); err != nil || ok {
			t.Fatalf("%v, %v", ok, err)
		}
	})
}
