package epgimport

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

// sourceRow is a row of channel_sources.
type sourceRow struct {
	URL      string
	Playable bool
	Problem  string
}

func sourcesOf(t *testing.T, db *store.DB, channel int64) []sourceRow {
	t.Helper()
	var out []sourceRow
	err := store.Each(ctx, db, "SELECT url, playable, problem FROM channel_sources WHERE channel_id = ? ORDER BY sort, id",
		[]any{channel}, func(sc store.Scanner) error {
			var s sourceRow
			if err := sc.Scan(&s.URL, &s.Playable, &s.Problem); err != nil {
				return err
			}
			out = append(out, s)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type m3uRow struct {
	id     int64
	url    string
	hidden bool
	logo   string
}

func channelByEpg(t *testing.T, db *store.DB, epg string) m3uRow {
	t.Helper()
	var c m3uRow
	if err := store.Get(ctx, db, "SELECT id, source_url, is_hidden, logo_url FROM channels WHERE provider_id = 1 AND epg_id = ?",
		[]any{epg}, &c.id, &c.url, &c.hidden, &c.logo); err != nil {
		t.Fatalf("channel %s: %v", epg, err)
	}
	return c
}

// The playlist of the tests: news twice (a backup further down), sport
// first as DASH then as HLS, and three channels with no HLS address.
const sourcesPlaylist = `#EXTM3U
#EXTINF:-1 tvg-id="news" group-title="News",News
http://cdn1.example/news/index.m3u8
#EXTINF:-1 tvg-id="sport",Sport
http://cdn.example/sport/manifest.mpd
#EXTINF:-1 tvg-id="news",News backup
http://cdn2.example/news/index.m3u8
#EXTINF:-1 tvg-id="radio",Radio
rtmp://live.example/app/radio
#EXTINF:-1 tvg-id="mc",Multicast
udp://@239.0.0.1:1234
#EXTINF:-1,Bare
10.0.0.5:8080
#EXTINF:-1 tvg-id="sport",Sport HLS
http://cdn.example/sport/index.m3u8
`

// Entries of one tvg-id are one channel with all their addresses as
// sources in playlist order; addresses that are not HLS are reported by
// line and stored not playable; the stream is the first playable source,
// and a channel without one is created hidden, whatever the batches.
func TestImportM3USources(t *testing.T) {
	for _, batch := range []int{1, 2, 500} {
		t.Run(fmt.Sprintf("batch=%d", batch), func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				type problem struct {
					line   int
					reason string
				}
				var problems []problem
				var out bytes.Buffer
				rep, err := ImportM3U(ctx, db, strings.NewReader(sourcesPlaylist), Options{ProviderID: 1, BatchSize: batch,
					Problems: &out, OnProblem: func(line int, reason, _ string) { problems = append(problems, problem{line, reason}) }})
				if err != nil {
					t.Fatal(err)
				}
				if rep.ChannelsCreated != 5 || rep.ChannelsUpdated != 0 || rep.Skipped["not hls"] != 4 || rep.SkippedTotal() != 4 ||
					rep.Unplayable != 3 {
					t.Fatalf("report: %+v", rep)
				}
				want := []problem{{4, "not hls"}, {8, "not hls"}, {10, "not hls"}, {12, "not hls"}}
				if fmt.Sprint(problems) != fmt.Sprint(want) {
					t.Fatalf("problems %v, want %v", problems, want)
				}
				for _, s := range []string{"m3u line 4: not hls: http://cdn.example/sport/manifest.mpd (dash)",
					"m3u line 8: not hls: rtmp://live.example/app/radio (rtmp)", "m3u line 10: not hls: udp://@239.0.0.1:1234 (udp)",
					"m3u line 12: not hls: 10.0.0.5:8080 (bare)", "m3u line 8: no playable address: Radio (created hidden)"} {
					if !strings.Contains(out.String(), s) {
						t.Errorf("printed problems lack %q:\n%s", s, out.String())
					}
				}
				if sum := rep.Summary(); !strings.Contains(sum, "without a playable address 3") || !strings.Contains(sum, "problems 4 (not hls 4)") {
					t.Errorf("summary: %s", sum)
				}
				if n := count(t, db, "SELECT COUNT(*) FROM channels WHERE provider_id = 1"); n != 5 {
					t.Fatalf("%d channels, want 5", n)
				}

				news := channelByEpg(t, db, "news")
				if news.url != "http://cdn1.example/news/index.m3u8" || news.hidden {
					t.Errorf("news: %+v", news)
				}
				if got := sourcesOf(t, db, news.id); fmt.Sprint(got) != fmt.Sprint([]sourceRow{
					{"http://cdn1.example/news/index.m3u8", true, ""}, {"http://cdn2.example/news/index.m3u8", true, ""}}) {
					t.Errorf("news sources: %+v", got)
				}
				// the first playable source is the stream, even after a DASH one
				sport := channelByEpg(t, db, "sport")
				if sport.url != "http://cdn.example/sport/index.m3u8" || sport.hidden {
					t.Errorf("sport: %+v", sport)
				}
				if got := sourcesOf(t, db, sport.id); fmt.Sprint(got) != fmt.Sprint([]sourceRow{
					{"http://cdn.example/sport/manifest.mpd", false, "dash"}, {"http://cdn.example/sport/index.m3u8", true, ""}}) {
					t.Errorf("sport sources: %+v", got)
				}
				var name string
				if err := store.Get(ctx, db, "SELECT name FROM channels WHERE id = ?", []any{sport.id}, &name); err != nil || name != "Sport" {
					t.Errorf("the first entry names the channel: %q %v", name, err)
				}
				for epg, kind := range map[string]string{"radio": "rtmp", "mc": "udp"} {
					c := channelByEpg(t, db, epg)
					if c.url != "" || !c.hidden {
						t.Errorf("%s must wait hidden without a stream: %+v", epg, c)
					}
					if got := sourcesOf(t, db, c.id); len(got) != 1 || got[0].Playable || got[0].Problem != kind {
						t.Errorf("%s sources: %+v", epg, got)
					}
				}
				var bare int64
				var hidden bool
				if err := store.Get(ctx, db, "SELECT id, is_hidden FROM channels WHERE slug = 'bare'", nil, &bare, &hidden); err != nil || !hidden {
					t.Fatalf("bare: hidden %v %v", hidden, err)
				}
				if got := sourcesOf(t, db, bare); len(got) != 1 || got[0].Playable || got[0].Problem != "bare" || got[0].URL != "10.0.0.5:8080" {
					t.Errorf("bare sources: %+v", got)
				}
			})
		})
	}
}

// A re-import replaces a channel's sources (never piles them up); a channel
// the new playlist gives no playable address keeps its stream; an uploaded
// logo stays.
func TestImportM3UReplacesSources(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for i := 0; i < 2; i++ {
			if _, err := ImportM3U(ctx, db, strings.NewReader(sourcesPlaylist), Options{ProviderID: 1, BatchSize: 3}); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM channel_sources"); n != 7 {
			t.Fatalf("%d sources after importing the playlist twice, want 7", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM channels"); n != 5 {
			t.Fatalf("%d channels after importing the playlist twice, want 5", n)
		}
		sport := channelByEpg(t, db, "sport")
		if _, err := db.Exec(ctx, "UPDATE channels SET logo_url = ? WHERE id = ?", fmt.Sprintf("/v2/channels/%d/logo?v=1", sport.id), sport.id); err != nil {
			t.Fatal(err)
		}
		again := `#EXTM3U
#EXTINF:-1 tvg-id="news",News
http://cdn3.example/news/index.m3u8
#EXTINF:-1 tvg-id="sport" tvg-logo="http://img.example/sport.png",Sport
rtmp://live.example/app/sport
#EXTINF:-1 tvg-id="radio",Radio
http://cdn.example/radio/index.m3u8
`
		rep, err := ImportM3U(ctx, db, strings.NewReader(again), Options{ProviderID: 1})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ChannelsCreated != 0 || rep.ChannelsUpdated != 3 || rep.Skipped["not hls"] != 1 || rep.Unplayable != 1 {
			t.Fatalf("report: %+v", rep)
		}
		news := channelByEpg(t, db, "news")
		if got := sourcesOf(t, db, news.id); news.url != "http://cdn3.example/news/index.m3u8" || len(got) != 1 || got[0].URL != news.url {
			t.Errorf("news %+v sources %+v", news, got)
		}
		// no playable address: the sources are replaced, the stream stays
		after := channelByEpg(t, db, "sport")
		if after.url != sport.url || after.hidden || after.logo != fmt.Sprintf("/v2/channels/%d/logo?v=1", sport.id) {
			t.Errorf("sport: %+v", after)
		}
		if got := sourcesOf(t, db, sport.id); len(got) != 1 || got[0].Problem != "rtmp" {
			t.Errorf("sport sources: %+v", got)
		}
		// a channel hidden before stays hidden: showing it is the operator's choice
		radio := channelByEpg(t, db, "radio")
		if radio.url != "http://cdn.example/radio/index.m3u8" || !radio.hidden {
			t.Errorf("radio: %+v", radio)
		}
		if got := sourcesOf(t, db, radio.id); len(got) != 1 || !got[0].Playable {
			t.Errorf("radio sources: %+v", got)
		}
		// the channels the playlist no longer names keep their sources
		if got := sourcesOf(t, db, channelByEpg(t, db, "mc").id); len(got) != 1 {
			t.Errorf("mc sources: %+v", got)
		}
	})
}

func count(t *testing.T, db *store.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := store.Get(ctx, db, query, args, &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
