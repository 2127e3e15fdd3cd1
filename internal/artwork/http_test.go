package artwork_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"efir/internal/apitest"
	"efir/internal/artwork"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func TestArtworkHandler(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		insert := inserter(t, db)
		genre := insert("INSERT INTO genres (provider_id, slug, name) VALUES (1, 'art-drama', 'Драма') RETURNING id")
		movie := insert(`INSERT INTO contents (provider_id, content_type, slug, title, year, main_genre_id)
			VALUES (1, 'movie', 'tom-jerry', ?, 2020, ?) RETURNING id`, `Tom <&> "Jerry"`, genre)
		series := insert("INSERT INTO contents (provider_id, content_type, slug, title) VALUES (1, 'series', 's', 'Сериал А') RETURNING id")
		season := insert(`INSERT INTO contents (provider_id, parent_id, content_type, slug, title, season)
			VALUES (1, ?, 'season', 's1', 'Сезон 1', 1) RETURNING id`, series)
		episode := insert(`INSERT INTO contents (provider_id, parent_id, content_type, slug, title, season, series)
			VALUES (1, ?, 'episode', 'e', 'Начало', 1, 3) RETURNING id`, season)
		person := insert("INSERT INTO persons (provider_id, slug, name) VALUES (1, 'p', 'Анна <Ли>') RETURNING id")
		promo := insert(`INSERT INTO promotions (provider_id, title, color_bg, dest_type, dest_id) VALUES (1, 'Промо', '#123456',
			'content', ?) RETURNING id`, movie)
		news := insert("INSERT INTO news (provider_id, slug, title, published_at) VALUES (1, 'n', 'Новость & <b>', 1) RETURNING id")

		get := func(path string, header http.Header) *apitest.Response {
			return srv.Do(apitest.Request{Method: "GET", Path: path, Header: header})
		}
		for _, c := range []struct {
			path string
			want []string
		}{
			{"/v2/artwork/poster/" + itoa(movie) + ".svg", []string{"TOM &lt;&amp;&gt;", "&quot;JERRY&quot;", "2020 · ДРАМА"}},
			{"/v2/artwork/cover/" + itoa(movie) + ".svg", []string{"Tom &lt;&amp;&gt; &quot;Jerry&quot;"}},
			{"/v2/artwork/background/" + itoa(movie) + ".svg", []string{`viewBox="0 0 1600 900"`}},
			{"/v2/artwork/cover/" + itoa(episode) + ".svg", []string{"Сериал А", "СЕЗОН 1 · СЕРИЯ 3"}},
			{"/v2/artwork/poster/" + itoa(season) + ".svg", []string{"СЕРИАЛ А", "СЕЗОН 1"}},
			{"/v2/artwork/person/" + itoa(person) + ".svg", []string{"Анна &lt;Ли&gt;", ">АЛ<"}},
			{"/v2/artwork/promo/" + itoa(promo) + ".svg", []string{`viewBox="0 0 1920 720"`}},
			{"/v2/artwork/news/" + itoa(news) + ".svg", []string{"Новость &amp; &lt;b&gt;"}},
		} {
			res := get(c.path, nil)
			if res.Status != 200 {
				t.Fatalf("%s: %d %s", c.path, res.Status, res.Body)
			}
			h := res.Header
			if h.Get("Content-Type") != "image/svg+xml" || !strings.Contains(h.Get("Cache-Control"), "max-age=604800") ||
				!strings.Contains(h.Get("Cache-Control"), "public") || h.Get("ETag") == "" ||
				!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s: headers %v", c.path, h)
			}
			body := string(res.Body)
			for _, w := range c.want {
				if !strings.Contains(body, w) {
					t.Errorf("%s: no %q in\n%s", c.path, w, body)
				}
			}
			if strings.Contains(body, "<&>") || strings.Contains(body, "<b>") || strings.Contains(body, "<Ли>") {
				t.Errorf("%s: unescaped title", c.path)
			}
			if len(res.Body) >= 4096 {
				t.Errorf("%s: %d bytes", c.path, len(res.Body))
			}
			// The same picture again: 304 on the ETag, the same bytes otherwise.
			again := get(c.path, http.Header{"If-None-Match": {h.Get("ETag")}})
			if again.Status != http.StatusNotModified || len(again.Body) != 0 {
				t.Errorf("%s with its ETag: %d", c.path, again.Status)
			}
			if res2 := get(c.path, nil); string(res2.Body) != body || res2.Header.Get("ETag") != h.Get("ETag") {
				t.Errorf("%s: a second answer differs", c.path)
			}
		}
		// The same pictures as JPEG: the addresses the API hands out.
		for _, c := range []struct {
			kind string
			id   int64
			size image.Point
		}{
			{"poster", movie, image.Pt(400, 600)}, {"cover", episode, image.Pt(640, 360)},
			{"background", movie, image.Pt(1280, 720)}, {"person", person, image.Pt(300, 400)},
			{"promo", promo, image.Pt(1536, 576)}, {"news", news, image.Pt(640, 360)},
		} {
			path := artwork.URL(c.kind, c.id)
			if !strings.HasSuffix(path, ".jpg") {
				t.Fatalf("URL %s", path)
			}
			res := get(path, nil)
			if res.Status != 200 {
				t.Fatalf("%s: %d %s", path, res.Status, res.Body)
			}
			h := res.Header
			if h.Get("Content-Type") != "image/jpeg" || !strings.Contains(h.Get("Cache-Control"), "max-age=604800") ||
				h.Get("ETag") == "" || strings.Contains(h.Get("Content-Security-Policy"), "sandbox") ||
				h.Get("Content-Length") != itoa(int64(len(res.Body))) || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s: headers %v", path, h)
			}
			img, err := jpeg.Decode(bytes.NewReader(res.Body))
			if err != nil || img.Bounds().Size() != c.size {
				t.Fatalf("%s: %v %v", path, err, img)
			}
			svg := get(strings.TrimSuffix(path, ".jpg")+".svg", nil)
			if svg.Header.Get("ETag") == h.Get("ETag") {
				t.Errorf("%s: the SVG and the JPEG share an ETag", path)
			}
			again := get(path, http.Header{"If-None-Match": {`"x", W/` + h.Get("ETag")}})
			if again.Status != http.StatusNotModified || len(again.Body) != 0 || again.Header.Get("ETag") != h.Get("ETag") {
				t.Errorf("%s with its ETag: %d", path, again.Status)
			}
			if res2 := get(path, nil); !bytes.Equal(res2.Body, res.Body) || res2.Header.Get("ETag") != h.Get("ETag") {
				t.Errorf("%s: a second answer differs", path)
			}
		}
		for _, path := range []string{
			"/v2/artwork/poster/999999.jpg", "/v2/artwork/news/999999.jpg", "/v2/artwork/gif/" + itoa(movie) + ".jpg",
			"/v2/artwork/poster/" + itoa(movie) + ".jpeg", "/v2/artwork/poster/" + itoa(movie) + ".JPG",
			"/v2/artwork/poster/" + itoa(movie), "/v2/artwork/poster/abc.jpg", "/v2/artwork/poster/0" + itoa(movie) + ".jpg",
			"/v2/artwork/poster/-1.jpg", "/v2/artwork/poster/" + itoa(movie) + ".svg.jpg", "/v2/artwork/poster/.jpg",
		} {
			if res := get(path, nil); res.Status != 404 || res.ErrorType() != "not_found" {
				t.Errorf("%s: %d %s", path, res.Status, res.Body)
			}
		}
		for _, path := range []string{
			"/v2/artwork/poster/999999.svg", "/v2/artwork/person/999999.svg", "/v2/artwork/gif/" + itoa(movie) + ".svg",
			"/v2/artwork/poster/" + itoa(movie) + ".png", "/v2/artwork/poster/abc.svg", "/v2/artwork/poster/0" + itoa(movie) + ".svg",
			"/v2/artwork/poster/-1.svg",
		} {
			if res := get(path, nil); res.Status != 404 || res.ErrorType() != "not_found" {
				t.Errorf("%s: %d %s", path, res.Status, res.Body)
			}
		}
	})
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
