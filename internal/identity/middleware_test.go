package identity

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestTokenFromRequest(t *testing.T) {
	cases := []struct {
		auth, query, want string
	}{
		{"Token abc", "", "abc"},
		{"Bearer abc", "", "abc"},
		{"bearer  abc ", "", "abc"},
		{"Basic abc", "", ""},
		{"Token", "", ""},
		{"", "q1", "q1"},
		{"Token h1", "q1", "h1"},
		{"Token a b", "", ""},
		{"Token " + strings.Repeat("x", maxTokenLen+1), "", ""},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/v2/users/self?access_token="+c.query, nil)
		if c.auth != "" {
			r.Header.Set("Authorization", c.auth)
		}
		if got := tokenFromRequest(r); got != c.want {
			t.Errorf("auth %q query %q: got %q, want %q", c.auth, c.query, got, c.want)
		}
	}
}

func FuzzParseAuthorization(f *testing.F) {
	for _, s := range []string{"Token abc", "Bearer x.y-z_", "token  ", "Basic Zm9v", "Token \x00a", "", " Bearer\tq", "Token é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		tok := parseAuthorization(h)
		if len(tok) > maxTokenLen {
			t.Fatalf("token longer than the limit: %d", len(tok))
		}
		for i := 0; i < len(tok); i++ {
			if tok[i] <= ' ' || tok[i] >= 0x7f {
				t.Fatalf("token %q holds byte %#x", tok, tok[i])
			}
		}
	})
}

func TestTokenValueAndHash(t *testing.T) {
	a, ha, err := newTokenValue()
	if err != nil {
		t.Fatal(err)
	}
	b, hb, _ := newTokenValue()
	if a == b || ha == hb || len(a) != 43 || hashToken(a) != ha || strings.Contains(ha, a) {
		t.Fatalf("tokens %q %q hashes %q %q", a, b, ha, hb)
	}
	if cleanToken(a) != a {
		t.Fatalf("a real token is refused by cleanToken: %q", a)
	}
}
