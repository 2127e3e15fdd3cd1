package channels_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/httpx"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// guideXML is a messy guide around base; lines are counted from 1. It has:
// line 6 a programme with a stop, line 7 one without a stop (ends where
// line 8's starts), line 8 the channel's last programme without a stop
// (dropped and reported), line 9 a bad start time, lines 10-11 programmes of
// a guide channel no line-up channel has.
func guideXML(base time.Time) string {
	ts := func(h int) string { return base.Add(time.Duration(h) * time.Hour).UTC().Format("20060102150405 -0700") }
	lines := []string{
		`<?xml version="1.0" encoding="UTF-8"?>`,
		`<tv>`,
		`<channel id="efir.one"><display-name>Эфир Первый</display-name></channel>`,
		`<channel id="kino.x"><display-name>Кинозал HD</display-name></channel>`,
		`<channel id="nowhere"><display-name>Нигде</display-name></channel>`,
		fmt.Sprintf(`<programme start="%s" stop="%s" channel="efir.one"><title>Утро</title></programme>`, ts(0), ts(1)),
		fmt.Sprintf(`<programme start="%s" channel="efir.one"><title>День</title></programme>`, ts(1)),
		fmt.Sprintf(`<programme start="%s" channel="efir.one"><title>Вечер</title></programme>`, ts(3)),
		`<programme start="garbage" stop="garbage" channel="efir.one"><title>Сломано</title></programme>`,
		fmt.Sprintf(`<programme start="%s" stop="%s" channel="kino.x"><title>Фильм</title></programme>`, ts(0), ts(2)),
		fmt.Sprintf(`<programme start="%s" stop="%s" channel="kino.x"><title>Ещё фильм</title></programme>`, ts(2), ts(4)),
		`</tv>`,
	}
	return strings.Join(lines, "\n") + "\n"
}

type guideSource struct {
	ID     int64  `json:"id"`
	URL    string `json:"url"`
	Status string `json:"status"`
	Error  string `json:"error"`
	Report *struct {
		GuideChannels  int            `json:"guide_channels"`
		Matched        int            `json:"matched"`
		ChannelsFilled int            `json:"channels_filled"`
		Programmes     int            `json:"programmes"`
		Skipped        int            `json:"skipped"`
		SkippedBy      map[string]int `json:"skipped_by"`
		Problems       []struct {
			Line   int    `json:"line"`
			Reason string `json:"reason"`
		} `json:"problems"`
		Unmatched []struct {
			GuideID    string `json:"guide_id"`
			Programmes int    `json:"programmes"`
		} `json:"unmatched"`
	} `json:"report"`
}

type unmatched struct {
	GuideID    string `json:"guide_id"`
	Name       string `json:"name"`
	Programmes int    `json:"programmes"`
	Suggestion *struct {
		ChannelID int64  `json:"channel_id"`
		Name      string `json:"name"`
	} `json:"suggestion"`
}

func TestGuideSourceFetch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, clk := newServer(t, db, allowLoopback)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		base := clk.Now().Truncate(time.Hour).Add(48 * time.Hour)
		doc := guideXML(base)
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write([]byte(doc))
		zw.Close()
		web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/guide.xml":
				w.Header().Set("Content-Type", "application/xml")
				w.Write([]byte(doc))
			case "/guide.xml.gz":
				w.Header().Set("Content-Type", "application/gzip")
				w.Write(gz.Bytes())
			default:
				http.NotFound(w, r)
			}
		}))
		defer web.Close()

		l := getLineup(t, editor)
		var efir1, kinozal channel
		for _, c := range l.Channels {
			switch c.Name {
			case "Эфир Первый":
				efir1 = c
			case "Кинозал":
				kinozal = c
			}
		}
		if efir1.ID == 0 || kinozal.ID == 0 {
			t.Fatal("demo channels missing")
		}
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", efir1.ID),
			Body: map[string]any{"epg_id": "efir.one"}}), http.StatusOK)

		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
			Body: map[string]any{"url": "ftp://guide.example/x.xml"}}), http.StatusBadRequest)
		var g guideSource
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
			Body: map[string]any{"url": web.URL + "/guide.xml", "every_hours": 6}}), http.StatusCreated).JSON(t, &g)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/fetch", g.ID)}), http.StatusOK).JSON(t, &g)
		if g.Status != "ok" || g.Report == nil {
			t.Fatalf("fetch: %+v", g)
		}
		rep := g.Report
		if rep.Programmes != 2 || rep.ChannelsFilled != 1 || rep.GuideChannels != 3 || rep.Matched != 1 {
			t.Fatalf("report: %+v", rep)
		}
		problems := map[string]int{}
		for _, p := range rep.Problems {
			problems[p.Reason] = p.Line
		}
		if problems["missing_stop"] != 8 || problems["bad_time"] != 9 {
			t.Fatalf("problems by line: %+v", rep.Problems)
		}
		// the programme without a stop ends where the next one starts
		var dur int64
		if err := store.Get(t.Context(), db, "SELECT duration FROM schedule WHERE channel_id = ? AND start_at = ?",
			[]any{efir1.ID, base.Add(time.Hour).Unix()}, &dur); err != nil {
			t.Fatal(err)
		}
		if dur != 2*3600 {
			t.Fatalf("open programme lasts %d s, want 7200", dur)
		}

		var um []unmatched
		must(t, editor.Do(apitest.Request{Method: "GET", Path: path("/v2/operator/guide_sources/%d/unmatched", g.ID)}), http.StatusOK).JSON(t, &um)
		if len(um) != 2 || um[0].GuideID != "kino.x" || um[0].Programmes != 2 || um[0].Suggestion == nil ||
			um[0].Suggestion.ChannelID != kinozal.ID || um[1].GuideID != "nowhere" {
			t.Fatalf("unmatched: %+v", um)
		}
		// staff confirm the suggestion
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/mappings", g.ID),
			Body: map[string]any{"guide_id": "kino.x", "channel_id": um[0].Suggestion.ChannelID}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "GET", Path: path("/v2/operator/guide_sources/%d/unmatched", g.ID)}), http.StatusOK).JSON(t, &um)
		if len(um) != 1 || um[0].GuideID != "nowhere" {
			t.Fatalf("unmatched after the mapping: %+v", um)
		}
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/mappings", g.ID),
			Body: map[string]any{"guide_id": "x", "channel_id": 999999}}), http.StatusBadRequest)

		// the gzip copy of the guide, fetched again: the mapped channel fills
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/guide_sources/%d", g.ID),
			Body: map[string]any{"url": web.URL + "/guide.xml.gz"}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/fetch", g.ID)}), http.StatusOK).JSON(t, &g)
		if g.Status != "ok" || g.Report.Programmes != 4 || g.Report.ChannelsFilled != 2 || len(g.Report.Unmatched) != 1 {
			t.Fatalf("gzip fetch: %+v %+v", g, g.Report)
		}
		var n int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM schedule WHERE channel_id = ? AND start_at >= ?",
			[]any{kinozal.ID, base.Unix()}, &n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Fatalf("%d programmes on the mapped channel, want 2", n)
		}

		// an address that does not answer is a failed fetch with its error
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/guide_sources/%d", g.ID),
			Body: map[string]any{"url": web.URL + "/missing.xml"}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/fetch", g.ID)}), http.StatusOK).JSON(t, &g)
		if g.Status != "failed" || g.Error == "" || g.Report == nil {
			t.Fatalf("failed fetch: %+v", g)
		}
		for _, a := range []string{"guide_source.create", "guide_source.fetch", "guide_source.update", "channel.guide_mapping"} {
			if auditCount(t, db, a) == 0 {
				t.Errorf("no audit entry %s", a)
			}
		}
		must(t, editor.Do(apitest.Request{Method: "DELETE", Path: path("/v2/operator/guide_sources/%d", g.ID)}), http.StatusNoContent)
		must(t, srv.SignInStaff(t, ownerEmail, ownerPass).Do(apitest.Request{Method: "GET", Path: "/v2/operator/audit?limit=100"}), http.StatusOK)
	})
}

// Staff cannot point a guide source at the server's own machine or
// networks: an address written as such is refused at once, a name that
// resolves to one fails its fetch and says why. The allow list opens a
// network again.
func TestGuideSourcePrivateAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var hits atomic.Int32
		web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Write([]byte(`<tv></tv>`))
		}))
		defer web.Close()
		_, port, _ := net.SplitHostPort(web.Listener.Addr().String())

		srv, _ := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		for _, addr := range []string{web.URL + "/guide.xml", "http://169.254.169.254/latest/meta-data/",
			"http://[::1]:8080/guide.xml", "http://[::ffff:127.0.0.1]/", "https://10.1.2.3/guide.xml.gz",
			"http://192.168.0.1/", "http://[fe80::1%25eth0]/", "http://0.0.0.0:" + port + "/"} {
			res := must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
				Body: map[string]any{"url": addr}}), http.StatusBadRequest)
			if !isText(t, res, "console_channels_guide_url_private") {
				t.Errorf("%s: %s", addr, res.Body)
			}
		}
		// a public address is taken; changing it to a private one is refused
		var g guideSource
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
			Body: map[string]any{"url": "http://guide.example/tv.xml"}}), http.StatusCreated).JSON(t, &g)
		res := must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/guide_sources/%d", g.ID),
			Body: map[string]any{"url": "http://127.0.0.1:" + port + "/guide.xml"}}), http.StatusBadRequest)
		if !isText(t, res, "console_channels_guide_url_private") {
			t.Errorf("update: %s", res.Body)
		}

		// a name is judged on what it resolves to, at the fetch
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/guide_sources/%d", g.ID),
			Body: map[string]any{"url": "http://localhost:" + port + "/guide.xml"}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/fetch", g.ID)}), http.StatusOK).JSON(t, &g)
		if g.Status != "failed" || !strings.Contains(g.Error, "refused") || !strings.Contains(g.Error, "loopback") ||
			!strings.Contains(g.Error, "EFIR_FETCH_ALLOW_NETWORKS") {
			t.Fatalf("fetch of a name resolving to loopback: %+v", g)
		}
		if hits.Load() != 0 {
			t.Fatalf("the refused server got %d requests", hits.Load())
		}

		// with 127.0.0.1/32 allowed, the same server is taken and fetched
		srv, _ = newServer(t, db, allowLoopback)
		editor = srv.SignInStaff(t, editorEmail, staffPass)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/guide_sources",
			Body: map[string]any{"url": "http://169.254.169.254/"}}), http.StatusBadRequest)
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/guide_sources/%d", g.ID),
			Body: map[string]any{"url": web.URL + "/guide.xml"}}), http.StatusOK)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: path("/v2/operator/guide_sources/%d/fetch", g.ID)}), http.StatusOK).JSON(t, &g)
		if g.Status != "ok" || hits.Load() != 1 {
			t.Fatalf("allowed fetch: %+v (%d requests)", g, hits.Load())
		}
	})
}

// isText tells whether the url field of an error answer is key's text in
// one of the languages.
func isText(t *testing.T, res *apitest.Response, key string) bool {
	t.Helper()
	var e struct {
		Error struct {
			Detail map[string]string `json:"detail"`
		} `json:"error"`
	}
	res.JSON(t, &e)
	for _, lang := range httpx.Languages {
		if e.Error.Detail["url"] == httpx.T(lang, key) {
			return true
		}
	}
	return false
}
