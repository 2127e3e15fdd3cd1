package identity_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/otp"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The sign-in code SMS is written in the viewer's interface language.
func TestCodeSMSInTheViewersLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		res := srv.Do(apitest.Request{Method: "POST", Path: "/v2/otps", Body: map[string]string{"phone": "79000000001"},
			Header: http.Header{"Accept-Language": {"kk-KZ,kk;q=0.9"}}})
		mustStatus(t, res, http.StatusOK)
		out, err := otp.ListOutbox(context.Background(), db, "79000000001", 1)
		if err != nil || len(out) != 1 {
			t.Fatalf("outbox: %v %v", out, err)
		}
		if !strings.Contains(out[0].Text, "кіру коды "+out[0].Code) || !strings.HasPrefix(out[0].Text, "Efir Demo") {
			t.Fatalf("SMS text %q", out[0].Text)
		}
	})
}
