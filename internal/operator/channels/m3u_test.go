package channels_test

import (
	"net/http"
	"slices"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// A messy playlist: two entries of one tvg-id (alternative sources, not an
// overwrite), DASH, RTMP, UDP and bare-port addresses, an entry without a
// URL, a channel the demo has already (by tvg-id after mapping) and one
// whose only address is not HLS.
const messyPlaylist = `#EXTM3U url-tvg="http://guide.example/epg.xml.gz"
#EXTINF:-1 tvg-id="news.one" tvg-logo="http://logo.example/n1.png" group-title="Новости",Новости Один
http://cdn1.example/news1/index.m3u8
#EXTINF:-1 tvg-id="news.one" group-title="Новости",Новости Один (резерв)
http://cdn2.example/news1/index.m3u8
#EXTINF:-1 tvg-id="news.one",Новости Один DASH
http://cdn3.example/news1/manifest.mpd
#EXTINF:-1 tvg-id="sport.two" group-title="Спорт",Спорт Два
rtmp://live.example/app/sport2
#EXTINF:-1 tvg-id="music.three",Музыка Три
udp://@239.0.0.1:1234
#EXTINF:-1 tvg-id="music.three",Музыка Три
http://cdn.example/music3/playlist.m3u8
#EXTINF:-1,Голый порт
10.0.0.5:8080
#EXTINF:-1 tvg-id="efir.one",Эфир Первый
http://cdn.example/efir1/index.m3u8
#EXTINF:-1,Без адреса
`

type preview struct {
	Entries  int `json:"entries"`
	Add      int `json:"add"`
	Update   int `json:"update"`
	Channels []struct {
		Line      int    `json:"line"`
		Name      string `json:"name"`
		EpgID     string `json:"epg_id"`
		Action    string `json:"action"`
		ChannelID *int64 `json:"channel_id"`
		Playable  bool   `json:"playable"`
		Sources   []struct {
			Line     int    `json:"line"`
			URL      string `json:"url"`
			Playable bool   `json:"playable"`
			Problem  string `json:"problem"`
		} `json:"sources"`
	} `json:"channels"`
	Problems []struct {
		Line   int    `json:"line"`
		Reason string `json:"reason"`
		Kind   string `json:"kind"`
	} `json:"problems"`
	GuideURL string `json:"guide_url"`
}

func TestM3UPreviewAndApply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		guest := srv.Guest(t, "m3u-guest")
		l := getLineup(t, editor)
		efir1 := l.Channels[0]
		// the demo's first channel answers to the playlist's tvg-id
		must(t, editor.Do(apitest.Request{Method: "PATCH", Path: path("/v2/operator/channels/%d", efir1.ID),
			Body: map[string]any{"epg_id": "efir.one"}}), http.StatusOK)
		countChannels := func() int {
			var n int
			if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM channels WHERE provider_id = 1", nil, &n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		channelsBefore := countChannels()

		var p preview
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_preview",
			Body: map[string]string{"playlist": messyPlaylist}}), http.StatusOK).JSON(t, &p)
		if countChannels() != channelsBefore {
			t.Fatal("the preview changed the line-up")
		}
		if p.Entries != 8 || p.Add != 4 || p.Update != 1 || len(p.Channels) != 5 || p.GuideURL != "http://guide.example/epg.xml.gz" {
			t.Fatalf("preview: %+v", p)
		}
		news := p.Channels[0]
		if news.EpgID != "news.one" || len(news.Sources) != 3 || !news.Sources[0].Playable || !news.Sources[1].Playable ||
			news.Sources[2].Playable || news.Sources[2].Problem != "dash" || news.Sources[2].Line != 6 {
			t.Fatalf("alternative sources: %+v", news)
		}
		if p.Channels[1].Playable || p.Channels[2].Sources[0].Problem != "udp" || !p.Channels[2].Playable {
			t.Fatalf("sport/music: %+v %+v", p.Channels[1], p.Channels[2])
		}
		if up := p.Channels[4]; up.Action != "update" || up.ChannelID == nil || *up.ChannelID != efir1.ID {
			t.Fatalf("match by tvg-id: %+v", up)
		}
		type lineReason struct {
			line         int
			reason, kind string
		}
		var got []lineReason
		for _, pr := range p.Problems {
			got = append(got, lineReason{pr.Line, pr.Reason, pr.Kind})
		}
		want := []lineReason{{6, "not_hls", "dash"}, {8, "not_hls", "rtmp"}, {10, "not_hls", "udp"}, {14, "not_hls", "bare"}, {18, "no_url", ""}}
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("problem %+v not reported: %+v", w, got)
			}
		}

		// apply: all of it in one go
		var res struct {
			Added    int     `json:"added"`
			Updated  int     `json:"updated"`
			Channels []int64 `json:"channels"`
		}
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_apply",
			Body: map[string]string{"playlist": messyPlaylist}}), http.StatusOK).JSON(t, &res)
		if res.Added != 4 || res.Updated != 1 || countChannels() != channelsBefore+4 {
			t.Fatalf("apply: %+v, %d channels", res, countChannels())
		}
		after := getLineup(t, editor)
		byEpg := map[string]channel{}
		for _, c := range after.Channels {
			if c.EpgID != "" {
				byEpg[c.EpgID] = c
			}
		}
		n1 := byEpg["news.one"]
		if n1.SourceURL != "http://cdn1.example/news1/index.m3u8" || len(n1.Sources) != 3 || n1.IsHidden || n1.Name != "Новости Один" {
			t.Fatalf("news.one: %+v", n1)
		}
		if s2 := byEpg["sport.two"]; !s2.IsHidden || s2.SourceURL != "" {
			t.Fatalf("a channel without a playable address must wait hidden: %+v", s2)
		}
		if m3 := byEpg["music.three"]; m3.SourceURL != "http://cdn.example/music3/playlist.m3u8" {
			t.Fatalf("music.three takes its HLS address: %+v", m3)
		}
		if e1 := byEpg["efir.one"]; e1.ID != efir1.ID || e1.SourceURL != "http://cdn.example/efir1/index.m3u8" || e1.SourceType != "hls" {
			t.Fatalf("updated channel: %+v", e1)
		}
		// the viewer sees the new playable channels, not the hidden one
		list := viewerList(t, srv, guest)
		if !slices.Contains(list, n1.ID) || slices.Contains(list, byEpg["sport.two"].ID) {
			t.Fatalf("viewer's list after the import: %v", list)
		}
		if auditCount(t, db, "channel.m3u_import") != 1 {
			t.Fatal("the import is not audited")
		}

		// a second apply of the same playlist adds nothing: the channels match
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_apply",
			Body: map[string]string{"playlist": messyPlaylist}}), http.StatusOK).JSON(t, &res)
		if res.Added != 0 || res.Updated != 5 || countChannels() != channelsBefore+4 {
			t.Fatalf("re-apply: %+v", res)
		}
		var srcs int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM channel_sources WHERE channel_id = ?", []any{n1.ID}, &srcs); err != nil {
			t.Fatal(err)
		}
		if srcs != 3 {
			t.Fatalf("%d sources after the re-apply, want 3", srcs)
		}

		must(t, srv.SignInStaff(t, ownerEmail, ownerPass).Do(apitest.Request{Method: "GET", Path: "/v2/operator/audit?limit=100"}), http.StatusOK)
		// nothing to import
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_preview",
			Body: map[string]string{"playlist": "#EXTM3U\n"}}), http.StatusBadRequest)
		must(t, editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_apply",
			Body: map[string]string{"playlist": ""}}), http.StatusBadRequest)
	})
}

// Apply is all or nothing: a playlist whose last channel cannot be written
// leaves the line-up as it was.
func TestM3UApplyAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv, _ := newServer(t, db)
		editor := srv.SignInStaff(t, editorEmail, staffPass)
		var before int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM channels", nil, &before); err != nil {
			t.Fatal(err)
		}
		// The second channel's source cannot be written (a unique index
		// the test adds): the first channel must not stay either.
		if _, err := db.Exec(t.Context(), "CREATE UNIQUE INDEX test_one_source_url ON channel_sources (url)"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(t.Context(), `INSERT INTO channel_sources (provider_id, channel_id, url)
			SELECT 1, id, 'http://taken.example/x.m3u8' FROM channels WHERE provider_id = 1 ORDER BY id LIMIT 1`); err != nil {
			t.Fatal(err)
		}
		playlist := "#EXTM3U\n#EXTINF:-1,Первый новый\nhttp://a.example/1.m3u8\n#EXTINF:-1,Второй новый\nhttp://taken.example/x.m3u8\n"
		res := editor.Do(apitest.Request{Method: "POST", Path: "/v2/operator/lineup/m3u_apply", Body: map[string]string{"playlist": playlist}})
		if res.Status < 400 {
			t.Fatalf("apply with a failing write: %d %s", res.Status, res.Body)
		}
		var after int
		if err := store.Get(t.Context(), db, "SELECT COUNT(*) FROM channels", nil, &after); err != nil {
			t.Fatal(err)
		}
		if after != before {
			t.Fatalf("%d channels after a failed apply, %d before", after, before)
		}
	})
}
