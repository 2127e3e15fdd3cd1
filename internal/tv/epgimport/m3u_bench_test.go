package epgimport

import (
	"fmt"
	"strings"
	"testing"

	"efir/internal/store/storetest"
)

// benchPlaylist is a line-up of n channels in 20 groups; every tenth
// channel has a second (backup) entry further down the playlist.
func benchPlaylist(n int) string {
	var b strings.Builder
	b.WriteString("#EXTM3U url-tvg=\"http://epg.example/guide.xml.gz\" catchup=\"shift\" catchup-days=\"3\"\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "#EXTINF:-1 tvg-id=\"ch%05d.example\" tvg-chno=\"%d\" tvg-logo=\"http://img.example/%d.png\" group-title=\"Группа %d\",Канал %d HD\n",
			i, i+1, i, i%20, i)
		fmt.Fprintf(&b, "http://cdn.example/live/ch%05d/index.m3u8?token=abc\n", i)
	}
	for i := 0; i < n; i += 10 {
		fmt.Fprintf(&b, "#EXTINF:-1 tvg-id=\"ch%05d.example\",Канал %d HD (резерв)\n", i, i)
		fmt.Fprintf(&b, "http://backup.example/live/ch%05d/index.m3u8\n", i)
	}
	return b.String()
}

// BenchmarkImportM3U imports a 5000-channel line-up into a fresh SQLite
// database, then again over the channels it made (the daily refresh).
func BenchmarkImportM3U(b *testing.B) {
	const channels = 5000
	playlist := benchPlaylist(channels)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db := storetest.SQLite(b)
		b.StartTimer()
		for round := 0; round < 2; round++ {
			rep, err := ImportM3U(ctx, db, strings.NewReader(playlist), Options{ProviderID: 1})
			if err != nil {
				b.Fatal(err)
			}
			if rep.ChannelsCreated+rep.ChannelsUpdated != channels {
				b.Fatalf("round %d: %s", round, rep.Summary())
			}
		}
		b.StopTimer()
		db.Close()
	}
}
