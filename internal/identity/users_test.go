package identity

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestValidEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"demo@efir.example": true, "a.b+c@x-y.ru": true, "x@y": false, "@y.ru": false, "a@b@c.ru": false,
		"иван@почта.рф": false, "Demo <demo@efir.example>": false, "a@-x.ru": false, "a @b.ru": false, "": false,
		"a@b..ru": false,
	} {
		if got := validEmail(s); got != want {
			t.Errorf("validEmail(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzValidEmail(f *testing.F) {
	for _, s := range []string{"demo@efir.example", "a@b", "\"a b\"@c.ru", "a@b.c\x00", "xn--80a@xn--p1ai.ru", "<a@b.ru>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if validEmail(s) && (strings.ContainsAny(s, " <>\"") || !strings.Contains(s, "@")) {
			t.Fatalf("accepted %q", s)
		}
	})
}

func FuzzLooseString(f *testing.F) {
	for _, s := range []string{`"79000000001"`, `79000000001`, `null`, `1.5e3`, `true`, `{}`, `"\u0000"`, `-0`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var v struct {
			P looseString `json:"p"`
		}
		_ = json.Unmarshal([]byte(`{"p":`+raw+`}`), &v)
	})
}

func TestCleanLanguageList(t *testing.T) {
	got, ok := cleanLanguageList([]string{"RU", "eng", "ru", "pt-BR"})
	if !ok || strings.Join(got, ",") != "ru,eng,pt-br" {
		t.Fatalf("got %v %v", got, ok)
	}
	for _, bad := range [][]string{{"r"}, {"ru1"}, {"русский"}, make([]string, 21)} {
		if _, ok := cleanLanguageList(bad); ok {
			t.Errorf("accepted %q", bad)
		}
	}
}

func FuzzStatParams(f *testing.F) {
	for _, s := range []string{"0", "86400", "86401", "-1", "+5", "1e3", "", "0x10", "٣"} {
		f.Add(s, "ch-1:2")
	}
	f.Fuzz(func(t *testing.T, d, id string) {
		if n, ok := parseDuration(d); ok && (n < 0 || n > maxStatDuration) {
			t.Fatalf("duration %q -> %d", d, n)
		}
		if validStatID(id) && (len(id) > 64 || strings.ContainsAny(id, "/ ?#")) {
			t.Fatalf("stat id %q accepted", id)
		}
	})
}

func TestMaskPhone(t *testing.T) {
	if got := maskPhone("79000000001"); got != "+7900***0001" {
		t.Fatalf("mask %q", got)
	}
}
