package artwork

import "testing"

// The raster cost per kind: a picture is drawn once and then served from
// the memo, but a cold list of posters draws a dozen at once.
func benchmarkKind(b *testing.B, kind string, jpg bool) {
	genres := []string{"drama", "comedy", "scifi", "horror", "cartoon", "fantasy", "war", "music", "", "crime", "action"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := Subject{Kind: kind, ID: int64(i%50 + 1), Title: "Последний трамвай до Озёрной", Label: "2019 · Драма", Genre: genres[i%len(genres)]}
		if kind == Person {
			s.Title = "Анна Ли"
		}
		if jpg {
			DrawJPEG(s)
		} else {
			c := canvases.Get().(*rasterCanvas)
			c.draw(s, 0)
			canvases.Put(c)
		}
	}
}

func BenchmarkRasterPoster(b *testing.B)     { benchmarkKind(b, Poster, false) }
func BenchmarkRasterCover(b *testing.B)      { benchmarkKind(b, Cover, false) }
func BenchmarkRasterPerson(b *testing.B)     { benchmarkKind(b, Person, false) }
func BenchmarkRasterNews(b *testing.B)       { benchmarkKind(b, News, false) }
func BenchmarkRasterBackground(b *testing.B) { benchmarkKind(b, Background, false) }
func BenchmarkRasterPromo(b *testing.B)      { benchmarkKind(b, Promo, false) }

func BenchmarkJPEGPoster(b *testing.B)     { benchmarkKind(b, Poster, true) }
func BenchmarkJPEGCover(b *testing.B)      { benchmarkKind(b, Cover, true) }
func BenchmarkJPEGPerson(b *testing.B)     { benchmarkKind(b, Person, true) }
func BenchmarkJPEGNews(b *testing.B)       { benchmarkKind(b, News, true) }
func BenchmarkJPEGBackground(b *testing.B) { benchmarkKind(b, Background, true) }
func BenchmarkJPEGPromo(b *testing.B)      { benchmarkKind(b, Promo, true) }

func BenchmarkSVGPoster(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		Draw(Subject{Kind: Poster, ID: int64(i%50 + 1), Title: "Последний трамвай до Озёрной", Label: "2019 · Драма"})
	}
}
