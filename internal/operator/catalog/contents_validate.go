package catalogadmin

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"unicode/utf8"

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/store"
)

// What staff send for a content, checked field by field before it is written.

// fieldErr is a refused field: its name and the message key.
type fieldErr struct{ field, key string }

func (f *fieldErr) err() error { return httpx.Invalid(f.field, f.key) }

func bad(field, key string) *fieldErr { return &fieldErr{field, key} }

func runes(s string) int { return utf8.RuneCountInString(s) }

// validSource: a local asset's name or an upstream HLS address.
func validSource(s string) bool {
	if s == "" {
		return true
	}
	if catalog.IsUpstream(s) {
		u, err := url.Parse(s)
		return err == nil && u.Host != "" && len(s) <= 2000 && !strings.HasSuffix(strings.ToLower(u.Path), ".mpd") &&
			!strings.ContainsAny(s, " \t\r\n")
	}
	if len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func owned(ctx context.Context, q store.Querier, table string, provider, id int64) (bool, error) {
	var n int
	err := store.Get(ctx, q, "SELECT COUNT(*) FROM "+table+" WHERE id = ? AND provider_id = ?", []any{id, provider}, &n)
	return n > 0, err
}

// check turns validate's answer into the call's error (nil: valid).
func check(fe *fieldErr, err error) error {
	if err != nil {
		return err
	}
	if fe != nil {
		return fe.err()
	}
	return nil
}

// validate checks and tidies in (cur: the stored content of an edit): a
// refused field, or nil.
func validate(ctx context.Context, q store.Querier, provider int64, in *contentInput, cur *contentView) (*fieldErr, error) {
	in.Title = strings.TrimSpace(in.Title)
	in.OriginalTitle = strings.TrimSpace(in.OriginalTitle)
	in.Description = strings.TrimSpace(in.Description)
	in.Source = strings.TrimSpace(in.Source)
	switch {
	case cur == nil && !creatable[in.Type]:
		return bad("type", "console_catalog_type_invalid"), nil
	case cur != nil && in.Type != cur.Type:
		return bad("type", "console_catalog_type_fixed"), nil
	case cur != nil && !sameID(in.ParentID, cur.ParentID):
		return bad("parent_id", "console_catalog_parent_fixed"), nil
	case in.Title == "" || runes(in.Title) > 300:
		return bad("title", "console_catalog_title_invalid"), nil
	case runes(in.OriginalTitle) > 300:
		return bad("original_title", "console_catalog_title_invalid"), nil
	case runes(in.Description) > 10000:
		return bad("description", "console_catalog_description_long"), nil
	case in.Year != 0 && (in.Year < 1888 || in.Year > 2100):
		return bad("year", "console_catalog_year_invalid"), nil
	case !ages[in.Age]:
		return bad("age", "console_catalog_age_invalid"), nil
	case in.Duration < 0 || in.Duration > 100000:
		return bad("duration", "console_catalog_duration_invalid"), nil
	case in.Season < 0 || in.Season > 10000:
		return bad("season", "console_catalog_number_invalid"), nil
	case in.Episode < 0 || in.Episode > 100000:
		return bad("episode", "console_catalog_number_invalid"), nil
	case in.Status != statusPublished && in.Status != statusHidden && in.Status != statusWithdrawn:
		return bad("status", "console_catalog_status_invalid"), nil
	case !validSource(in.Source):
		return bad("source", "console_catalog_source_invalid"), nil
	case in.Source != "" && (in.Type == "series" || in.Type == "season"):
		return bad("source", "console_catalog_source_not_playable"), nil
	case len(in.Countries) > 30:
		return bad("countries", "console_catalog_too_many"), nil
	case len(in.GenreIDs) > 30:
		return bad("genre_ids", "console_catalog_too_many"), nil
	case len(in.Persons) > 300:
		return bad("persons", "console_catalog_too_many"), nil
	case len(in.Trailers) > 20:
		return bad("trailers", "console_catalog_too_many"), nil
	}
	if cur == nil {
		want := map[string][]string{"movie": nil, "series": nil, "season": {"series"}, "episode": {"season", "series"}}[in.Type]
		if (in.ParentID == nil) != (want == nil) {
			return bad("parent_id", "console_catalog_parent_invalid"), nil
		}
		if in.ParentID != nil {
			var typ string
			err := store.Get(ctx, q, "SELECT content_type FROM contents WHERE id = ? AND provider_id = ?", []any{*in.ParentID, provider}, &typ)
			if errors.Is(err, store.ErrNotFound) || (err == nil && typ != want[0] && (len(want) < 2 || typ != want[1])) {
				return bad("parent_id", "console_catalog_parent_invalid"), nil
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if in.LibraryID != nil {
		ok, err := owned(ctx, q, "libraries", provider, *in.LibraryID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return bad("library_id", "console_catalog_library_unknown"), nil
		}
	}
	countries := []string{}
	seen := map[string]bool{}
	for _, c := range in.Countries {
		c = strings.ToUpper(strings.TrimSpace(c))
		if _, ok := catalog.CountryCode(c); !ok {
			return bad("countries", "console_catalog_country_unknown"), nil
		}
		if !seen[c] {
			seen[c] = true
			countries = append(countries, c)
		}
	}
	in.Countries = countries
	genres := []int64{}
	seenID := map[int64]bool{}
	for _, g := range in.GenreIDs {
		ok, err := owned(ctx, q, "genres", provider, g)
		if err != nil {
			return nil, err
		}
		if !ok {
			return bad("genre_ids", "console_catalog_genre_unknown"), nil
		}
		if !seenID[g] {
			seenID[g] = true
			genres = append(genres, g)
		}
	}
	in.GenreIDs = genres
	persons := []personRole{}
	seenP := map[personRole]bool{}
	for _, p := range in.Persons {
		p.Name = ""
		if !personRoles[p.Role] {
			return bad("persons", "console_catalog_role_invalid"), nil
		}
		ok, err := owned(ctx, q, "persons", provider, p.PersonID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return bad("persons", "console_catalog_person_unknown"), nil
		}
		if !seenP[p] {
			seenP[p] = true
			persons = append(persons, p)
		}
	}
	in.Persons = persons
	for i := range in.Trailers {
		t := &in.Trailers[i]
		t.Title, t.Source = strings.TrimSpace(t.Title), strings.TrimSpace(t.Source)
		if runes(t.Title) > 200 || t.Source == "" || !validSource(t.Source) || t.Duration < 0 || t.Duration > 100000 {
			return bad("trailers", "console_catalog_trailer_invalid"), nil
		}
		if t.ID != 0 {
			found := false
			if cur != nil {
				for _, old := range cur.Trailers {
					found = found || old.ID == t.ID
				}
			}
			if !found {
				return bad("trailers", "console_catalog_trailer_invalid"), nil
			}
		}
	}
	if in.Trailers == nil {
		in.Trailers = []trailerInput{}
	}
	return nil, nil
}

func sameID(a, b *int64) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

func nullable(id *int64) any {
	if id == nil {
		return nil
	}
	return *id
}
