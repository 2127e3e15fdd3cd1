package search

import (
	"reflect"
	"testing"
)

func TestWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Тёмная  вода!", []string{"темная", "вода"}},
		{"Matrix of Dreams", []string{"matrix", "of", "dreams"}},
		{"Ocean's Eleven", []string{"oceans", "eleven"}},
		{"Человек-паук 2", []string{"человек", "паук", "2"}},
		{"Amélie, Señor", []string{"amelie", "senor"}},
		{"Йошкар-Ола", []string{"йошкар", "ола"}},
		{"  ", nil},
		{"!!!", nil},
		{"a b c d e f g h i j k", []string{"a", "b", "c", "d", "e", "f", "g", "h"}},
	} {
		if got := Words(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := Normalize("Тёмная  ВОДА"); got != "темная вода" {
		t.Errorf("Normalize = %q", got)
	}
}

func TestLatinKeyMeets(t *testing.T) {
	// Each group's spellings share one key.
	for _, group := range [][]string{
		{"матрица", "matrica", "matritsa", "matrytsa", "matritza"},
		{"матрикс", "matrix", "matriks"},
		{"северный", "severnyi", "severny", "severnyy", "severnij"},
		{"щука", "shchuka", "schuka", "shuka"},
		{"хлеб", "khleb", "hleb"},
		{"юрий", "yurij", "yuriy", "jurij", "iurii"},
		{"федор", "fyodor", "fedor"},
		{"анна", "anna", "ana"},
		{"жизнь", "zhizn", "zizn"},
		{"йорк", "york"},
	} {
		want := LatinKey(group[0])
		for _, w := range group[1:] {
			if got := LatinKey(w); got != want {
				t.Errorf("LatinKey(%q) = %q, LatinKey(%q) = %q", w, got, group[0], want)
			}
		}
	}
}

func TestSwitchLayout(t *testing.T) {
	for in, want := range map[string]string{
		"vfnhbwf":  "матрица",
		"Ntvyfz":   "Темная",
		",thtu":    "берег",
		"ьфекшч":   "matrix",
		"vfnhbwf ": "матрица ",
	} {
		got, ok := SwitchLayout(in)
		if !ok || got != want {
			t.Errorf("SwitchLayout(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"матрица matrix", "123", ""} {
		if _, ok := SwitchLayout(in); ok {
			t.Errorf("SwitchLayout(%q) should refuse", in)
		}
	}
}

func TestStem(t *testing.T) {
	pairs := [][2]string{{"матрицы", "матрица"}, {"dreams", "dream"}, {"северного", "северный"},
		{"капитаны", "капитан"}, {"hunters", "hunter"}}
	for _, p := range pairs {
		if Stem(p[0]) != Stem(p[1]) {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q", p[0], Stem(p[0]), p[1], Stem(p[1]))
		}
	}
}

func TestOSA1(t *testing.T) {
	yes := [][2]string{{"матрица", "матрцца"}, {"матрица", "матрца"}, {"матрица", "матрицца"}, {"матрица", "матрциа"},
		{"dream", "draem"}, {"abc", "abc"}}
	no := [][2]string{{"матрица", "мтарцца"}, {"матрица", "матр"}, {"dream", "dreamss"}, {"abcd", "badc"}}
	for _, p := range yes {
		if !osa1(p[0], p[1]) {
			t.Errorf("osa1(%q, %q) = false", p[0], p[1])
		}
	}
	for _, p := range no {
		if osa1(p[0], p[1]) {
			t.Errorf("osa1(%q, %q) = true", p[0], p[1])
		}
	}
}

func TestQuerySyntax(t *testing.T) {
	q := parse(`матр "x" OR*`)
	e := q.expr(nil)
	if got := fts5Query(e); got == "" {
		t.Fatal("empty")
	}
	if got := tsquery(expr{conj{group{{col: colWords, text: "it's", prefix: true}}}}); got != `(('it''s':*A))` {
		t.Errorf("tsquery = %s", got)
	}
}
