package identity_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/config"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// TestCodeDeliveryFailure: when the SMS gateway fails, sending a code answers
// 503 in the error shape (described by the contract), in the request's
// language, and says nothing of the gateway.
func TestCodeDeliveryFailure(t *testing.T) {
	gateway := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "gateway-internal-detail", http.StatusBadGateway)
	}))
	defer gateway.Close()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db, func(c *config.Config) {
			c.OTPSender = "sms"
			c.SMSGatewayURL = gateway.URL
		})
		en := http.Header{"Accept-Language": {"en"}}
		for _, c := range []struct{ path, addr, phone string }{
			{"/v2/otps", "10.0.0.1:5000", "79000000001"},
			{"/v2/mw/otps", "192.168.77.30:5000", "77010000002"},
		} {
			srv.RemoteAddr = c.addr
			res := srv.Do(apitest.Request{Method: "POST", Path: c.path, Header: en, Body: map[string]string{"phone": c.phone}})
			mustError(t, res, http.StatusServiceUnavailable, "internal")
			if strings.Contains(string(res.Body), "gateway") || strings.Contains(string(res.Body), "127.0.0.1") {
				t.Fatalf("%s leaks the gateway: %s", c.path, res.Body)
			}
			// The failed send kept its slot: the gateway is not hammered.
			res = srv.Do(apitest.Request{Method: "POST", Path: c.path, Body: map[string]string{"phone": c.phone}})
			mustError(t, res, http.StatusTooManyRequests, "rate_limited")
		}
	})
}
