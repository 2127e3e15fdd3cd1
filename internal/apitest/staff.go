package apitest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Staff is a signed-in member of the operator console: the session cookie
// and its CSRF token, sent with every call.
type Staff struct {
	srv    *Server
	cookie string
	csrf   string
}

// SignInStaff signs in a console member whose role needs no second factor
// (or who is exempt from it, as the demo's owner), failing the test otherwise.
func (s *Server) SignInStaff(t testing.TB, email, password string) *Staff {
	t.Helper()
	st := &Staff{srv: s}
	res := st.Do(Request{Method: "POST", Path: "/v2/operator/auth/login", Body: map[string]string{"email": email, "password": password}})
	var a struct {
		Status  string `json:"status"`
		Session *struct {
			CSRFToken string `json:"csrf_token"`
		} `json:"session"`
	}
	if res.Status != http.StatusOK || json.Unmarshal(res.Body, &a) != nil || a.Status != "ok" || a.Session == nil {
		t.Fatalf("staff sign-in of %s: %d %s", email, res.Status, res.Body)
	}
	st.csrf = a.Session.CSRFToken
	return st
}

// Do sends a console call with the session and keeps a new cookie the
// answer sets.
func (st *Staff) Do(req Request) *Response {
	st.srv.t.Helper()
	if req.Header == nil {
		req.Header = http.Header{}
	}
	if st.cookie != "" {
		req.Header.Set("Cookie", "efir_staff="+st.cookie)
	}
	if st.csrf != "" {
		req.Header.Set("X-CSRF-Token", st.csrf)
	}
	res := st.srv.Do(req)
	for _, sc := range res.Header.Values("Set-Cookie") {
		if v, ok := strings.CutPrefix(sc, "efir_staff="); ok {
			st.cookie, _, _ = strings.Cut(v, ";")
		}
	}
	return res
}
