package artwork_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"testing"

	"efir/internal/apitest"
	"efir/internal/artwork"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// ?w= draws the JPEG at the ladder's step at or above it; each width has
// its own ETag, and the default width's step is the address without w.
func TestArtworkWidths(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := apitest.New(t, db)
		movie, err := store.InsertID(context.Background(), db,
			"INSERT INTO contents (provider_id, content_type, slug, title) VALUES (1, 'movie', 'w', 'Ширина') RETURNING id")
		if err != nil {
			t.Fatal(err)
		}
		get := func(path string, header http.Header) *apitest.Response {
			t.Helper()
			res := srv.Do(apitest.Request{Method: "GET", Path: path, Header: header})
			if res.Status != 200 && res.Status != 304 {
				t.Fatalf("%s: %d %s", path, res.Status, res.Body)
			}
			return res
		}
		base := artwork.URL(artwork.Poster, movie)
		etags := map[string]string{}
		for _, c := range []struct {
			query string
			size  image.Point
		}{
			{"", image.Pt(400, 600)}, {"?w=400", image.Pt(400, 600)}, {"?w=350", image.Pt(400, 600)},
			{"?w=202", image.Pt(300, 450)}, {"?w=564", image.Pt(600, 900)}, {"?w=846", image.Pt(846, 1269)},
			{"?w=5000", image.Pt(846, 1269)}, {"?w=0", image.Pt(300, 450)}, {"?w=600&w=junk", image.Pt(600, 900)},
		} {
			res := get(base+c.query, nil)
			img, err := jpeg.Decode(bytes.NewReader(res.Body))
			if err != nil || img.Bounds().Size() != c.size {
				t.Fatalf("%s%s: %v %v, want %v", base, c.query, err, img.Bounds(), c.size)
			}
			etag := res.Header.Get("ETag")
			if prev, seen := etags[c.size.String()]; seen && prev != etag {
				t.Errorf("%s%s: ETag %s, the same size had %s", base, c.query, etag, prev)
			}
			etags[c.size.String()] = etag
			if again := get(base+c.query, http.Header{"If-None-Match": {etag}}); again.Status != http.StatusNotModified {
				t.Errorf("%s%s with its ETag: %d", base, c.query, again.Status)
			}
		}
		seen := map[string]bool{}
		for _, etag := range etags {
			if seen[etag] {
				t.Errorf("two widths share the ETag %s: %v", etag, etags)
			}
			seen[etag] = true
		}
		// Another width's ETag is not a match.
		if res := get(base+"?w=846", http.Header{"If-None-Match": {etags[image.Pt(400, 600).String()]}}); res.Status != 200 {
			t.Errorf("846 answered %d to the 400's ETag", res.Status)
		}
		// Every step of the srcset the client and the first screen write is
		// drawn at the width it claims.
		for kind, steps := range map[string][]int{
			artwork.Cover: {352, 512, 640, 1024}, artwork.Background: {640, 1280, 1920}, artwork.News: {352},
		} {
			id := movie
			if kind == artwork.News {
				id = newsID(t, db)
			}
			for _, w := range steps {
				res := get(artwork.URL(kind, id)+"?w="+itoa(int64(w)), nil)
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(res.Body))
				if err != nil || cfg.Width != w || cfg.Height != w*9/16 {
					t.Errorf("%s at %d: %v %dx%d", kind, w, err, cfg.Width, cfg.Height)
				}
			}
		}
		// An SVG scales itself: w is checked and otherwise ignored.
		if a, b := get("/v2/artwork/poster/"+itoa(movie)+".svg", nil), get("/v2/artwork/poster/"+itoa(movie)+".svg?w=846", nil); !bytes.Equal(a.Body, b.Body) {
			t.Error("the SVG differs with w")
		}

		// A w that is not a number is the API's validation error. Straight to
		// the handler: api/openapi.yaml does not list this 400 yet.
		for _, q := range []string{"?w=", "?w=abc", "?w=-300", "?w=%2B300", "?w=1.5", "?w=300px", "?w=%20300"} {
			for _, ext := range []string{".jpg", ".svg"} {
				r := httptest.NewRequest("GET", "http://efir.test/v2/artwork/poster/"+itoa(movie)+ext+q, nil)
				r.RemoteAddr = srv.RemoteAddr
				w := httptest.NewRecorder()
				srv.Handler.ServeHTTP(w, r)
				var body struct {
					Error struct {
						Type   string            `json:"type"`
						Detail map[string]string `json:"detail"`
					} `json:"error"`
				}
				_ = json.Unmarshal(w.Body.Bytes(), &body)
				if w.Code != 400 || body.Error.Type != "validation_error" || body.Error.Detail["w"] == "" {
					t.Errorf("%s%s: %d %s", ext, q, w.Code, w.Body)
				}
			}
		}
		// An unknown picture stays a 404, whatever w.
		if res := srv.Do(apitest.Request{Method: "GET", Path: "/v2/artwork/poster/999999.jpg?w=600"}); res.Status != 404 {
			t.Errorf("unknown poster with w: %d", res.Status)
		}
	})
}

func newsID(t *testing.T, db *store.DB) int64 {
	t.Helper()
	id, err := store.InsertID(context.Background(), db,
		"INSERT INTO news (provider_id, slug, title, published_at) VALUES (1, 'nw', 'Новость', 1) RETURNING id")
	if err != nil {
		t.Fatal(err)
	}
	return id
}
