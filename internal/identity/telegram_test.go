package identity_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"efir/internal/identity"
)

const (
	botA = "123456789:AAFakeTokenOfBotA_abcdefghijklmnopqrstu"
	botB = "987654321:AAFakeTokenOfBotB_abcdefghijklmnopqrstu"
)

// signInitData builds launch data as Telegram does: the fields, and hash =
// HMAC-SHA256 of the sorted data-check string under HMAC-SHA256("WebAppData", token).
func signInitData(token string, authDate int64, fields map[string]string) string {
	v := url.Values{}
	for k, s := range fields {
		v.Set(k, s)
	}
	v.Set("auth_date", strconv.FormatInt(authDate, 10))
	lines := make([]string, 0, len(v))
	for k := range v {
		lines = append(lines, k+"="+v.Get(k))
	}
	sort.Strings(lines)
	key := hmac.New(sha256.New, []byte("WebAppData"))
	key.Write([]byte(token))
	m := hmac.New(sha256.New, key.Sum(nil))
	m.Write([]byte(strings.Join(lines, "\n")))
	v.Set("hash", hex.EncodeToString(m.Sum(nil)))
	return v.Encode()
}

func TestValidateTelegramInitData(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	user := `{"id":4242,"first_name":"Айгуль","username":"aigul"}`
	valid := signInitData(botA, now.Add(-time.Hour).Unix(), map[string]string{"user": user, "query_id": "AAE1"})
	cases := []struct {
		name, data, token string
		ok                bool
	}{
		{"valid", valid, botA, true},
		{"another bot's token", valid, botB, false},
		{"tampered user", strings.Replace(valid, "4242", "4243", 1), botA, false},
		{"tampered date", strings.Replace(valid, "auth_date="+strconv.FormatInt(now.Add(-time.Hour).Unix(), 10),
			"auth_date="+strconv.FormatInt(now.Unix(), 10), 1), botA, false},
		{"field added", valid + "&start_param=x", botA, false},
		{"no hash", strings.Split(valid, "&hash=")[0], botA, false},
		{"expired", signInitData(botA, now.Add(-25*time.Hour).Unix(), map[string]string{"user": user}), botA, false},
		{"from the future", signInitData(botA, now.Add(time.Hour).Unix(), map[string]string{"user": user}), botA, false},
		{"no user", signInitData(botA, now.Unix(), map[string]string{"query_id": "x"}), botA, false},
		{"empty token", valid, "", false},
		{"not a query", "%zz", botA, false},
	}
	for _, c := range cases {
		u, err := identity.ValidateTelegramInitData(c.data, c.token, now, identity.TelegramInitDataMaxAge)
		if c.ok != (err == nil) {
			t.Errorf("%s: err %v, want ok=%v", c.name, err, c.ok)
		}
		if c.ok && (u.ID != 4242 || u.FirstName != "Айгуль") {
			t.Errorf("%s: user %+v", c.name, u)
		}
	}
}
