package providerapi_test

import (
	"net/http"
	"net/url"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The operator's device list by its filters, and the device behind an
// app's access token; another operator sees neither.
func TestProviderAPIDeviceList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, token := f.issue("Middleware", nil)
		res := f.call("POST", "/v2/users", token, map[string]any{"username": "boxuser", "password": "secret42", "provider_uid": "CT-9"})
		mustStatus(t, res, http.StatusCreated)
		var u user
		res.JSON(t, &u)
		appToken := f.srv.SignIn(t, "boxuser", "secret42", "stb-serial-1")

		type device struct {
			ID     int64  `json:"id"`
			Serial string `json:"serial"`
			UserID int64  `json:"user_id"`
		}
		list := func(query, tok string) []device {
			t.Helper()
			res := f.call("GET", "/v2/devices?"+query, tok, nil)
			mustStatus(t, res, http.StatusOK)
			var out []device
			res.JSON(t, &out)
			return out
		}
		if got := list("serial=stb-serial-1", token); len(got) != 1 || got[0].UserID != u.ID {
			t.Fatalf("by serial %+v", got)
		}
		if got := list("provider_uid=CT-9", token); len(got) != 1 || got[0].Serial != "stb-serial-1" {
			t.Fatalf("by provider_uid %+v", got)
		}
		if got := list("serial=stb-serial-1&created_after=2099-01-01", token); len(got) != 0 {
			t.Fatalf("created after 2099 %+v", got)
		}
		if got := list("serial=stb-serial-1&login_before="+url.QueryEscape("01.01.2000"), token); len(got) != 0 {
			t.Fatalf("signed in before 2000 %+v", got)
		}
		if got := list("limit=100", token); len(got) == 0 {
			t.Fatal("no devices at all")
		}
		mustStatus(t, f.call("GET", "/v2/devices?created_after=yesterday", token, nil), http.StatusBadRequest)
		// Another operator's token lists none of this operator's devices.
		if got := list("serial=stb-serial-1", f.almaToken()); len(got) != 0 {
			t.Fatalf("another operator sees %+v", got)
		}

		base := "/v2/users/" + itoa(u.ID) + "/devices/device"
		res = f.call("GET", base+"?access_token="+url.QueryEscape(appToken), token, nil)
		mustStatus(t, res, http.StatusOK)
		var d device
		res.JSON(t, &d)
		if d.Serial != "stb-serial-1" || d.UserID != u.ID {
			t.Fatalf("device by token %+v", d)
		}
		mustStatus(t, f.call("GET", base, token, nil), http.StatusBadRequest)
		mustStatus(t, f.call("GET", base+"?access_token=nonsense", token, nil), http.StatusNotFound)
		// Another subscriber's path with this token: not found.
		other := "/v2/users/" + itoa(f.userID("demo")) + "/devices/device"
		mustStatus(t, f.call("GET", other+"?access_token="+url.QueryEscape(appToken), token, nil), http.StatusNotFound)
	})
}
