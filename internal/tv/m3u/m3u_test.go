package m3u

import (
	"os"
	"strings"
	"testing"
)

func parseAll(t testing.TB, s string) (Header, []Entry, []Problem) {
	t.Helper()
	var h Header
	var es []Entry
	var ps []Problem
	err := Parse(strings.NewReader(s), Handler{
		Header: func(x Header) error { h = x; return nil },
		Entry: func(e *Entry) error {
			cp := *e
			cp.Attrs = map[string]string{}
			for k, v := range e.Attrs {
				cp.Attrs[k] = v
			}
			es = append(es, cp)
			return nil
		},
		Problem: func(p Problem) { ps = append(ps, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, es, ps
}

func TestLineup(t *testing.T) {
	b, err := os.ReadFile("testdata/lineup.m3u")
	if err != nil {
		t.Fatal(err)
	}
	h, es, ps := parseAll(t, string(b))
	if h.GuideURL() != "http://epg.example/guide.xml.gz" || h.Get("catchup") != "shift" || h.Get("catchup-days") != "3" {
		t.Errorf("header: %+v", h)
	}
	if len(es) != 3 {
		t.Fatalf("entries: %+v", es)
	}
	one := es[0]
	if one.Name != "Первый канал HD" || one.Get("tvg-id") != "one.ru" || one.Group != "Эфирные;Новости" ||
		one.Get("catchup-source") != "http://cdn/one/index-${start}-{duration}.m3u8" || one.URL != "http://cdn/one/index.m3u8" || one.Line != 2 {
		t.Errorf("first: %+v", one)
	}
	if d, ok := one.Int("catchup-days"); !ok || d != 7 {
		t.Errorf("catchup-days %d %v", d, ok)
	}
	m := es[1]
	if m.Get("tvg-id") != "match.ru" || m.Get("tvg-logo") != "http://x/m.png" || m.Group != "Спорт" || m.Name != "Матч ТВ" || m.Duration != "0" {
		t.Errorf("unquoted/single quoted: %+v", m)
	}
	if ab := es[2]; ab.Get("tvg-name") != "A, B" || ab.Name != "Comma, inside" || ab.Group != "Кино" {
		t.Errorf("comma in quotes: %+v", ab)
	}
	// the udp line is an entry for the importer to judge? no: it has no #EXTINF
	reasons := map[string]int{}
	for _, p := range ps {
		reasons[p.Reason]++
	}
	if reasons["no url"] != 1 || reasons["url without #EXTINF"] != 1 {
		t.Errorf("problems: %+v", ps)
	}
}

func TestQuotingVariants(t *testing.T) {
	cases := []struct{ line, key, want, name string }{
		{`#EXTINF:-1 tvg-id="a b",N`, "tvg-id", "a b", "N"},
		{`#EXTINF:-1 tvg-id='a "b"',N`, "tvg-id", `a "b"`, "N"},
		{`#EXTINF:-1 tvg-id=plain,N`, "tvg-id", "plain", "N"},
		{`#EXTINF:-1 TVG-ID="Upper" ,N`, "tvg-id", "Upper", "N"},
		{`#EXTINF:-1 tvg-id="" group-title="G",N`, "group-title", "G", "N"},
		{`#EXTINF:-1 tvg-id="unterminated,N`, "tvg-id", "unterminated,N", ""},
		{`#EXTINF:-1,Name only`, "tvg-id", "", "Name only"},
		{`#EXTINF:-1 flag tvg-id="x",Bare word`, "tvg-id", "x", "Bare word"},
		{`#extinf:-1 tvg-id="lower",lower`, "tvg-id", "lower", "lower"},
	}
	for _, c := range cases {
		_, es, _ := parseAll(t, c.line+"\nhttp://u/x.m3u8\n")
		if len(es) != 1 {
			t.Errorf("%s: %d entries", c.line, len(es))
			continue
		}
		if es[0].Get(c.key) != c.want || es[0].Name != c.name {
			t.Errorf("%s: %s=%q name %q", c.line, c.key, es[0].Get(c.key), es[0].Name)
		}
	}
}

func TestCRLFAndBOM(t *testing.T) {
	b, _ := os.ReadFile("testdata/crlf.m3u")
	_, es, ps := parseAll(t, string(b))
	if len(es) != 2 || es[0].Name != "CRLF" || es[0].URL != "http://c/r.m3u8" || es[1].URL != "http://f/ch/mpegts" || len(ps) != 0 {
		t.Fatalf("%+v %+v", es, ps)
	}
}

func TestLongLineSkipped(t *testing.T) {
	s := "#EXTM3U\n#EXTINF:-1 tvg-logo=\"" + strings.Repeat("x", 100<<10) + "\",Long\nhttp://a/1.m3u8\n#EXTINF:-1,Ok\nhttp://a/2.m3u8\n"
	_, es, ps := parseAll(t, s)
	if len(es) != 1 || es[0].Name != "Ok" || len(ps) != 2 {
		t.Fatalf("%+v %+v", es, ps)
	}
}
