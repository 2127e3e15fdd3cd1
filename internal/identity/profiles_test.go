package identity

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanProfileName(t *testing.T) {
	ok := map[string]string{
		"Папа":                        "Папа",
		"  Kid  ":                     "Kid",
		strings.Repeat("я", 32):       strings.Repeat("я", 32),
		"Мама 😀":                      "Мама 😀",
		" " + strings.Repeat("a", 32): strings.Repeat("a", 32),
	}
	for in, want := range ok {
		got, err := cleanProfileName(in)
		if err != nil || got != want {
			t.Errorf("cleanProfileName(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "   ", strings.Repeat("я", 33), "a\x00b", "tab\there", "line\nbreak"} {
		if got, err := cleanProfileName(in); err == nil {
			t.Errorf("cleanProfileName(%q) accepted as %q", in, got)
		}
	}
}

func TestCleanProfileRole(t *testing.T) {
	for in, want := range map[string]string{"adult": "adult", "child": "child", " Child ": "child"} {
		if got, err := cleanProfileRole(in); err != nil || got != want {
			t.Errorf("%q -> %q %v", in, got, err)
		}
	}
	for _, in := range []string{"", "kid", "admin"} {
		if _, err := cleanProfileRole(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func FuzzCleanProfileName(f *testing.F) {
	for _, s := range []string{"Папа", "", " a ", strings.Repeat("x", 40), "\u200b", "a\u0301", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := cleanProfileName(in)
		if err != nil {
			return
		}
		if got == "" || got != strings.TrimSpace(got) || !utf8.ValidString(got) || utf8.RuneCountInString(got) > maxProfileNameLen {
			t.Fatalf("cleanProfileName(%q) = %q", in, got)
		}
	})
}

func FuzzValidPIN(f *testing.F) {
	for _, s := range []string{"1234", "0000", "12a4", "", "١٢٣٤", "12345"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !validPIN(in) {
			return
		}
		if len(in) != 4 || strings.Trim(in, "0123456789") != "" {
			t.Fatalf("validPIN(%q) = true", in)
		}
	})
}
