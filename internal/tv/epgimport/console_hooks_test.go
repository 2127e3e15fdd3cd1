package epgimport

import (
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The console's hooks see every problem (past ShowProblems) with its line,
// and every <channel> of the guide, matched or not.
func TestImportHooks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		addChannel(t, db, "one", "one")
		doc := `<tv>
<channel id="one"><display-name>One</display-name></channel>
<channel id="two"><display-name>Two</display-name></channel>
<programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="one"><title>a</title></programme>
<programme start="bad" channel="one"><title>b</title></programme>
<programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="two"><title>c</title></programme>
<programme start="20260101010000 +0000" channel="one"><title>d</title></programme>
</tv>`
		type problem struct {
			line   int
			reason string
		}
		var problems []problem
		names := map[string]string{}
		_, err := ImportXMLTV(ctx, db, strings.NewReader(doc), Options{ProviderID: 1, Workers: 1, ShowProblems: 1,
			OnProblem: func(line int, reason, _ string) { problems = append(problems, problem{line, reason}) },
			OnChannel: func(id, name string, _ int) { names[id] = name }})
		if err != nil {
			t.Fatal(err)
		}
		want := []problem{{5, "bad time"}, {6, "unknown channel"}, {7, "missing stop"}}
		if len(problems) != len(want) {
			t.Fatalf("problems %+v, want %+v", problems, want)
		}
		for i := range want {
			if problems[i] != want[i] {
				t.Fatalf("problems %+v, want %+v", problems, want)
			}
		}
		if names["one"] != "One" || names["two"] != "Two" {
			t.Fatalf("channels %+v", names)
		}
	})
}

// A DASH address is reported by its line, as the console does.
func TestImportM3UReportsDASH(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var lines []int
		rep, err := ImportM3U(ctx, db, strings.NewReader("#EXTM3U\n#EXTINF:-1 tvg-id=\"d\",Dash\nhttp://cdn.example/live/manifest.mpd\n"+
			"#EXTINF:-1 tvg-id=\"h\",Hls\nhttp://cdn.example/live/index.m3u8\n"),
			Options{ProviderID: 1, OnProblem: func(line int, _, _ string) { lines = append(lines, line) }})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ChannelsCreated != 2 || rep.Skipped["not hls"] != 1 || len(lines) != 1 || lines[0] != 2 {
			t.Fatalf("report %+v, problems at %v", rep, lines)
		}
	})
}
