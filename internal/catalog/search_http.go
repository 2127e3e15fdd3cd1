package catalog

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"

	"efir/internal/catalog/search"
	"efir/internal/httpx"
)

// searchAPI answers the search calls from the index (package search).
type searchAPI struct {
	s     *Service
	index *search.Index
}

const (
	// suggestLimit: suggestions per answer.
	suggestLimit = 10
	// recentSuggestions: the viewer's recent choices offered on focus,
	// before the popular titles.
	recentSuggestions = 5
	// minSearchChars is the platform configuration's min_search_chars.
	minSearchChars = 1
	// firstPageKinds: persons and channels on the first page of all kinds.
	firstPageKinds = 10
)

// suggestionJSON is one suggestion (schema CatalogSuggestion).
type suggestionJSON struct {
	Text        string  `json:"text"`
	Kind        string  `json:"kind"`
	ID          int64   `json:"id"`
	Slug        string  `json:"slug"`
	ContentType *string `json:"content_type"`
	Year        *int    `json:"year"`
	Age         int     `json:"age"`
	Image       string  `json:"image"`
	// Recent: one of the viewer's own recent choices (answers without text).
	Recent bool `json:"recent"`
}

func suggestionOf(h search.Hit, recent bool) suggestionJSON {
	j := suggestionJSON{Text: h.Title, Kind: string(h.Kind), ID: h.ID, Slug: h.Slug, Age: h.Age, Image: h.Image, Recent: recent}
	if h.Kind == search.KindContent {
		ct := h.ContentType
		j.ContentType = &ct
	}
	if h.Year > 0 {
		y := h.Year
		j.Year = &y
	}
	return j
}

// searchFilter: what the viewer may find (child rule, no 4K channels for guests).
func searchFilter(v *viewer) search.Filter {
	return search.Filter{ProviderID: v.providerID, Child: v.child, Guest: v.guest}
}

// searchText reads and checks the text parameter (at most 255 characters).
func searchText(raw string) (string, error) {
	if utf8.RuneCountInString(raw) > search.MaxRunes {
		return "", httpx.Invalid("text", "search_error_too_long")
	}
	return raw, nil
}

// GET /v2/search/suggest?text=: up to 10 suggestions (contents, persons,
// channels) for a text being typed; without text (the search box got the
// focus) the viewer's recent choices, then the most popular titles.
func (a *searchAPI) handleSuggest(w http.ResponseWriter, r *http.Request) error {
	v, err := a.s.viewerOf(r)
	if err != nil {
		return err
	}
	text, err := searchText(r.URL.Query().Get("text"))
	if err != nil {
		return err
	}
	ctx := r.Context()
	f := searchFilter(v)
	out := []suggestionJSON{}
	if strings.TrimSpace(text) == "" {
		recent, err := a.index.Recent(ctx, f, v.userID, v.profileID, recentSuggestions)
		if err != nil {
			return err
		}
		seen := map[search.Ref]bool{}
		for _, h := range recent {
			seen[search.Ref{Kind: h.Kind, ID: h.ID}] = true
			out = append(out, suggestionOf(h, true))
		}
		f.Kinds = []search.Kind{search.KindContent}
		popular, err := a.index.Popular(ctx, f, suggestLimit+len(recent))
		if err != nil {
			return err
		}
		for _, h := range popular {
			if len(out) < suggestLimit && !seen[search.Ref{Kind: h.Kind, ID: h.ID}] {
				out = append(out, suggestionOf(h, false))
			}
		}
		httpx.OK(w, out)
		return nil
	}
	if utf8.RuneCountInString(strings.TrimSpace(text)) < minSearchChars {
		httpx.OK(w, out)
		return nil
	}
	hits, err := a.index.Suggest(ctx, f, text, suggestLimit)
	if err != nil {
		return err
	}
	for _, h := range hits {
		out = append(out, suggestionOf(h, false))
	}
	httpx.OK(w, out)
	return nil
}

// foundRequest is the body of POST /v2/search/found (schema
// CatalogSearchFound): the text typed and the result chosen.
type foundRequest struct {
	Text        string `json:"text"`
	Title       string `json:"title"`
	ContentType string `json:"content_type"`
	ObjectID    int64  `json:"object_id"`
}

// POST /v2/search/found: keeps the viewer's choice (offered again when the
// search box opens empty). 204; nothing is kept for an anonymous caller.
func (a *searchAPI) handleFound(w http.ResponseWriter, r *http.Request) error {
	var req foundRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	if _, err := searchText(req.Text); err != nil {
		return err
	}
	if req.ObjectID <= 0 {
		return httpx.Invalid("object_id", "error_wrong_number")
	}
	kind := search.KindContent
	switch req.ContentType {
	case "channel":
		kind = search.KindChannel
	case "person":
		kind = search.KindPerson
	case "", "content", typeMovie, typeSeries, typeProgram, "season", "episode":
	default:
		return httpx.Invalid("content_type", "search_error_content_type")
	}
	v, err := a.s.viewerOf(r)
	if err != nil {
		return err
	}
	if v.hasUser() {
		title := req.Title
		if utf8.RuneCountInString(title) > search.MaxRunes {
			title = string([]rune(title)[:search.MaxRunes])
		}
		err := a.index.RecordFound(r.Context(), search.Found{ProviderID: v.providerID, UserID: v.userID,
			ProfileID: v.profileID, Text: req.Text, Title: title, Kind: kind, ContentType: req.ContentType,
			ObjectID: req.ObjectID}, a.s.now())
		if err != nil {
			return err
		}
	}
	httpx.NoContent(w)
	return nil
}

// searchResultsJSON is the answer of GET /v2/search (schema
// CatalogSearchResults).
type searchResultsJSON struct {
	Contents []ContentJSON     `json:"contents"`
	Persons  []PersonJSON      `json:"persons"`
	Channels []json.RawMessage `json:"channels"`
}

// GET /v2/search?text=&content_type=&limit=&offset=: the results page
// (/search?q=). content_type movie, series or program pages contents of
// that type; person or channel pages that kind; none pages the contents of
// every type, with the first persons and channels on the first page.
func (a *searchAPI) handleSearch(w http.ResponseWriter, r *http.Request) error {
	v, err := a.s.viewerOf(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	text, err := searchText(q.Get("text"))
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	out := searchResultsJSON{Contents: []ContentJSON{}, Persons: []PersonJSON{}, Channels: []json.RawMessage{}}
	contents, persons, channels := true, offset == 0, offset == 0
	personLimit, channelLimit := firstPageKinds, firstPageKinds
	f := searchFilter(v)
	switch ct := q.Get("content_type"); ct {
	case "":
	case typeMovie, typeSeries, typeProgram:
		f.ContentType = ct
		persons, channels = false, false
	case "person":
		contents, persons, channels = false, true, false
		personLimit = limit
	case "channel":
		contents, persons, channels = false, false, true
		channelLimit = limit
	default:
		return httpx.Invalid("content_type", "search_error_content_type")
	}
	if strings.TrimSpace(text) == "" {
		httpx.OK(w, out)
		return nil
	}
	ctx := r.Context()
	ids := func(kind search.Kind, limit, offset int) ([]int64, error) {
		fk := f
		fk.Kinds = []search.Kind{kind}
		hits, err := a.index.Search(ctx, fk, text, limit, offset)
		if err != nil {
			return nil, err
		}
		out := make([]int64, len(hits))
		for i, h := range hits {
			out[i] = h.ID
		}
		return out, nil
	}
	if contents {
		list, err := ids(search.KindContent, limit, offset)
		if err != nil {
			return err
		}
		if out.Contents, err = a.s.contentCards(ctx, v, list); err != nil {
			return err
		}
	}
	if persons {
		off := 0
		if q.Get("content_type") == "person" {
			off = offset
		}
		list, err := ids(search.KindPerson, personLimit, off)
		if err != nil {
			return err
		}
		if out.Persons, err = a.personCards(ctx, v, list); err != nil {
			return err
		}
	}
	if channels {
		off := 0
		if q.Get("content_type") == "channel" {
			off = offset
		}
		list, err := ids(search.KindChannel, channelLimit, off)
		if err != nil {
			return err
		}
		if src := a.s.channelsSource(); src != nil && len(list) > 0 {
			if out.Channels, err = src.ChannelTiles(r, list); err != nil {
				return err
			}
		}
	}
	httpx.OK(w, out)
	return nil
}

// personCards renders the persons of ids in that order, each with the
// count of their work the viewer may see.
func (a *searchAPI) personCards(ctx context.Context, v *viewer, ids []int64) ([]PersonJSON, error) {
	out := []PersonJSON{}
	if len(ids) == 0 {
		return out, nil
	}
	byID := map[int64]*person{}
	err := each(ctx, a.s.db, "SELECT "+personColumns+" FROM persons WHERE provider_id = ? AND id IN ("+inList(ids)+")",
		[]any{v.providerID}, func(sc scanner) error {
			p, err := scanPerson(sc)
			if err == nil {
				byID[p.ID] = p
			}
			return err
		})
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		p := byID[id]
		if p == nil {
			continue
		}
		works, err := a.s.filmography(ctx, v, p.ID)
		if err != nil {
			return nil, err
		}
		j := p.json()
		j.ContentsCount = len(works)
		j.Noindex = len(works) < 2
		out = append(out, j)
	}
	return out, nil
}
