package catalogadmin

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/artwork"
	"efir/internal/catalog"
	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv"
	"efir/internal/tv/epgimport"
)

// Content types the console creates (programmes come from the guide; an
// existing one may still be edited).
var creatable = map[string]bool{"movie": true, "series": true, "season": true, "episode": true}

// Roles of persons in a content.
var personRoles = map[string]bool{"director": true, "actor": true, "producer": true, "writer": true,
	"composer": true, "presenter": true, "editor": true}

var ages = map[int]bool{0: true, 6: true, 12: true, 16: true, 18: true}

// Statuses: published (in lists and search), hidden (opens by its address
// only), withdrawn (viewers get lost_content).
const (
	statusPublished = "published"
	statusHidden    = "hidden"
	statusWithdrawn = "withdrawn"
)

type personRole struct {
	PersonID int64  `json:"person_id"`
	Name     string `json:"name,omitempty"`
	Role     string `json:"role"`
}

type trailerInput struct {
	ID       int64  `json:"id,omitempty"`
	Title    string `json:"title"`
	Source   string `json:"source"`
	Duration int    `json:"duration"`
}

// contentInput is what the console sends for a content; a PATCH starts
// from the stored content, so fields left out keep their values.
type contentInput struct {
	Type          string         `json:"type"`
	ParentID      *int64         `json:"parent_id"`
	LibraryID     *int64         `json:"library_id"`
	Title         string         `json:"title"`
	OriginalTitle string         `json:"original_title"`
	Description   string         `json:"description"`
	Year          int            `json:"year"`
	Age           int            `json:"age"`
	Duration      int            `json:"duration"`
	Season        int            `json:"season"`
	Episode       int            `json:"episode"`
	Status        string         `json:"status"`
	Source        string         `json:"source"`
	Countries     []string       `json:"countries"`
	GenreIDs      []int64        `json:"genre_ids"`
	Persons       []personRole   `json:"persons"`
	Trailers      []trailerInput `json:"trailers"`
}

// contentRow is a content in the console's lists.
type contentRow struct {
	ID            int64  `json:"id"`
	Type          string `json:"type"`
	Title         string `json:"title"`
	OriginalTitle string `json:"original_title"`
	Year          int    `json:"year"`
	Age           int    `json:"age"`
	Status        string `json:"status"`
	LibraryID     *int64 `json:"library_id"`
	ParentID      *int64 `json:"parent_id"`
	Season        int    `json:"season"`
	Episode       int    `json:"episode"`
	Poster        string `json:"poster"`
	HasSource     bool   `json:"has_source"`
	UpdatedAt     int64  `json:"updated_at"`
}

// contentView is one content as the editor shows it.
type contentView struct {
	ID int64 `json:"id"`
	contentInput
	Slug      string `json:"slug"`
	PosterURL string `json:"poster_url"`
	CoverURL  string `json:"cover_url"`
	// Poster and Cover are what viewers see: the upload or the generated
	// picture.
	Poster    string       `json:"poster"`
	Cover     string       `json:"cover"`
	Children  []contentRow `json:"children"`
	CreatedAt int64        `json:"created_at"`
	UpdatedAt int64        `json:"updated_at"`
}

func statusOf(hidden, lost bool) string {
	switch {
	case lost:
		return statusWithdrawn
	case hidden:
		return statusHidden
	}
	return statusPublished
}

func nullID(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	n := v.Int64
	return &n
}

const rowColumns = `c.id, c.content_type, c.title, c.original_title, c.year, c.age, c.is_hidden, c.is_lost, c.library_id,
	c.parent_id, c.season, c.series, c.poster_url, c.asset, c.updated_at`

func scanRow(sc store.Scanner) (contentRow, error) {
	var c contentRow
	var hidden, lost bool
	var lib, parent sql.NullInt64
	var poster, asset string
	if err := sc.Scan(&c.ID, &c.Type, &c.Title, &c.OriginalTitle, &c.Year, &c.Age, &hidden, &lost, &lib, &parent,
		&c.Season, &c.Episode, &poster, &asset, &c.UpdatedAt); err != nil {
		return c, err
	}
	c.Status, c.LibraryID, c.ParentID = statusOf(hidden, lost), nullID(lib), nullID(parent)
	c.Poster, c.HasSource = pick(poster, artwork.URL(artwork.Poster, c.ID)), asset != ""
	return c, nil
}

func pick(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}

type contentPage struct {
	Items []contentRow `json:"items"`
	Total int          `json:"total"`
}

// GET /contents: the operator's contents, the newest first. Without
// parent_id or type only the tops of trees (films, series, programmes);
// q matches titles (as typed, in lower case and capitalised: SQLite folds
// only Latin letters) or an id.
func (s *Section) handleContents(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	where := []string{"c.provider_id = ?"}
	args := []any{operator.ProviderOf(r)}
	typ := q.Get("type")
	if typ != "" {
		if !creatable[typ] && typ != "program" {
			return httpx.Invalid("type", "console_catalog_type_invalid")
		}
		where, args = append(where, "c.content_type = ?"), append(args, typ)
	}
	if v := q.Get("parent_id"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return httpx.Invalid("parent_id", "error_wrong_number")
		}
		where, args = append(where, "c.parent_id = ?"), append(args, id)
	} else if typ == "" {
		where = append(where, "c.parent_id IS NULL")
	}
	if v := q.Get("library_id"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return httpx.Invalid("library_id", "error_wrong_number")
		}
		where, args = append(where, "c.library_id = ?"), append(args, id)
	}
	switch q.Get("status") {
	case "":
	case statusPublished:
		where = append(where, "c.is_hidden = FALSE AND c.is_lost = FALSE")
	case statusHidden:
		where = append(where, "c.is_hidden = TRUE AND c.is_lost = FALSE")
	case statusWithdrawn:
		where = append(where, "c.is_lost = TRUE")
	default:
		return httpx.Invalid("status", "console_catalog_status_invalid")
	}
	if text := strings.TrimSpace(q.Get("q")); text != "" {
		if utf8.RuneCountInString(text) > 200 || !utf8.ValidString(text) {
			return httpx.Invalid("q", "console_catalog_query_long")
		}
		var ors []string
		seen := map[string]bool{}
		for _, v := range []string{text, strings.ToLower(text), capitalised(text)} {
			if seen[v] {
				continue
			}
			seen[v] = true
			like := "%" + store.EscapeLike(v) + "%"
			ors, args = append(ors, `c.title LIKE ? ESCAPE '\'`, `c.original_title LIKE ? ESCAPE '\'`), append(args, like, like)
		}
		if id, err := strconv.ParseInt(text, 10, 64); err == nil && id > 0 {
			ors, args = append(ors, "c.id = ?"), append(args, id)
		}
		where = append(where, "("+strings.Join(ors, " OR ")+")")
	}
	cond := strings.Join(where, " AND ")
	ctx := r.Context()
	out := contentPage{Items: []contentRow{}}
	if err := store.Get(ctx, s.db, "SELECT COUNT(*) FROM contents c WHERE "+cond, args, &out.Total); err != nil {
		return err
	}
	order := " ORDER BY c.id DESC"
	if q.Get("parent_id") != "" {
		order = " ORDER BY c.season, c.series, c.sort, c.id"
	}
	err = store.Each(ctx, s.db, "SELECT "+rowColumns+" FROM contents c WHERE "+cond+order+" LIMIT ? OFFSET ?",
		append(args, limit, offset), func(sc store.Scanner) error {
			c, err := scanRow(sc)
			out.Items = append(out.Items, c)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func capitalised(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + strings.ToLower(s[n:])
}

// loadContent reads a content of the provider with everything the editor
// shows; store.ErrNotFound when it is not the provider's.
func loadContent(ctx context.Context, q store.Querier, providerID, id int64) (contentView, error) {
	var v contentView
	var hidden, lost bool
	var lib, parent sql.NullInt64
	err := store.Get(ctx, q, `SELECT c.id, c.content_type, c.parent_id, c.library_id, c.title, c.original_title, c.description,
		c.year, c.age, c.duration, c.season, c.series, c.is_hidden, c.is_lost, c.asset, c.slug, c.poster_url, c.cover_url,
		c.created_at, c.updated_at FROM contents c WHERE c.id = ? AND c.provider_id = ?`, []any{id, providerID},
		&v.ID, &v.Type, &parent, &lib, &v.Title, &v.OriginalTitle, &v.Description, &v.Year, &v.Age, &v.Duration, &v.Season,
		&v.Episode, &hidden, &lost, &v.Source, &v.Slug, &v.PosterURL, &v.CoverURL, &v.CreatedAt, &v.UpdatedAt)
	if err != nil {
		return v, err
	}
	v.Status, v.ParentID, v.LibraryID = statusOf(hidden, lost), nullID(parent), nullID(lib)
	v.Poster = pick(v.PosterURL, artwork.URL(artwork.Poster, v.ID))
	v.Cover = pick(v.CoverURL, artwork.URL(artwork.Cover, v.ID))
	v.Countries, v.GenreIDs, v.Persons, v.Trailers, v.Children = []string{}, []int64{}, []personRole{}, []trailerInput{}, []contentRow{}
	err = store.Each(ctx, q, "SELECT country_id FROM content_countries WHERE content_id = ? ORDER BY sort, country_id", []any{id},
		func(sc store.Scanner) error {
			var n int64
			if err := sc.Scan(&n); err != nil {
				return err
			}
			if a := catalog.CountryAlpha2(n); a != "" {
				v.Countries = append(v.Countries, a)
			}
			return nil
		})
	if err != nil {
		return v, err
	}
	err = store.Each(ctx, q, "SELECT genre_id FROM content_genres WHERE content_id = ? ORDER BY sort, genre_id", []any{id},
		func(sc store.Scanner) error {
			var n int64
			err := sc.Scan(&n)
			v.GenreIDs = append(v.GenreIDs, n)
			return err
		})
	if err != nil {
		return v, err
	}
	err = store.Each(ctx, q, `SELECT cp.person_id, p.name, cp.role FROM content_persons cp JOIN persons p ON p.id = cp.person_id
		WHERE cp.content_id = ? ORDER BY cp.sort, p.name`, []any{id}, func(sc store.Scanner) error {
		var p personRole
		err := sc.Scan(&p.PersonID, &p.Name, &p.Role)
		v.Persons = append(v.Persons, p)
		return err
	})
	if err != nil {
		return v, err
	}
	err = store.Each(ctx, q, "SELECT id, title, asset, duration FROM trailers WHERE content_id = ? ORDER BY id", []any{id},
		func(sc store.Scanner) error {
			var t trailerInput
			err := sc.Scan(&t.ID, &t.Title, &t.Source, &t.Duration)
			v.Trailers = append(v.Trailers, t)
			return err
		})
	if err != nil {
		return v, err
	}
	err = store.Each(ctx, q, "SELECT "+rowColumns+" FROM contents c WHERE c.parent_id = ? ORDER BY c.season, c.series, c.sort, c.id",
		[]any{id}, func(sc store.Scanner) error {
			c, err := scanRow(sc)
			v.Children = append(v.Children, c)
			return err
		})
	return v, err
}

func (s *Section) contentOf(r *http.Request, q store.Querier) (contentView, error) {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return contentView{}, err
	}
	v, err := loadContent(r.Context(), q, operator.ProviderOf(r), id)
	if errors.Is(err, store.ErrNotFound) {
		return v, httpx.NotFound()
	}
	return v, err
}

func (s *Section) handleContent(w http.ResponseWriter, r *http.Request) error {
	v, err := s.contentOf(r, s.db)
	if err != nil {
		return err
	}
	httpx.OK(w, v)
	return nil
}

func (s *Section) handleCreate(w http.ResponseWriter, r *http.Request) error {
	in := contentInput{Status: statusPublished}
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out contentView
	err := s.change(ctx, func(tx *store.Tx) error {
		if err := check(validate(ctx, tx, provider, &in, nil)); err != nil {
			return err
		}
		id, err := writeContent(ctx, tx, provider, s.staff.Now(), 0, &in)
		if err != nil {
			return err
		}
		if out, err = loadContent(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.content.create", "content", id, nil, out.contentInput)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handlePatch(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	before, err := s.contentOf(r, s.db)
	if err != nil {
		return err
	}
	in := before.contentInput
	in.Persons = append([]personRole(nil), before.Persons...)
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	var out contentView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := loadContent(ctx, tx, provider, before.ID)
		if errors.Is(err, store.ErrNotFound) {
			return httpx.NotFound()
		}
		if err != nil {
			return err
		}
		if err := check(validate(ctx, tx, provider, &in, &cur)); err != nil {
			return err
		}
		if _, err := writeContent(ctx, tx, provider, s.staff.Now(), cur.ID, &in); err != nil {
			return err
		}
		if out, err = loadContent(ctx, tx, provider, cur.ID); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.content.update", "content", cur.ID, cur.contentInput, out.contentInput)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// DELETE /contents/{id}: removes a content with its tree, credits, trailers
// and the viewers' history of it; it leaves the rows that showed it, the
// guide's programmes (unlinked), the viewers' favourites and its rent or buy
// offers. A content a viewer holds a licence of, or a banner leads to,
// stays (409): withdrawing it (status withdrawn) is the way for those.
func (s *Section) handleDelete(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	err := s.change(ctx, func(tx *store.Tx) error {
		cur, err := s.contentOf(r, tx)
		if err != nil {
			return err
		}
		tree, err := catalog.ConsoleContentTree(ctx, tx, provider, cur.ID)
		if err != nil {
			return err
		}
		if n, err := commerce.ConsoleContentLicences(ctx, tx, tree, s.staff.Now()); err != nil {
			return err
		} else if n > 0 {
			return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_catalog_content_licensed")
		}
		if n, err := catalog.ConsoleContentBanners(ctx, tx, provider, tree); err != nil {
			return err
		} else if n > 0 {
			return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_catalog_content_in_banner")
		}
		if err := catalog.ConsoleForgetContents(ctx, tx, provider, tree); err != nil {
			return err
		}
		if err := tv.ConsoleForgetContents(ctx, tx, provider, tree); err != nil {
			return err
		}
		if err := commerce.ConsoleDropContentOffers(ctx, tx, provider, tree); err != nil {
			return err
		}
		images := uploadedIDs(cur.PosterURL, cur.CoverURL)
		if _, err := tx.Exec(ctx, "DELETE FROM contents WHERE id = ? AND provider_id = ?", cur.ID, provider); err != nil {
			return err
		}
		if err := dropImages(ctx, tx, provider, images...); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.content.delete", "content", cur.ID, cur.contentInput, nil)
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// writeContent stores a validated content (id 0: a new one) with its
// countries, genres, credits and trailers; the new or given id.
func writeContent(ctx context.Context, tx *store.Tx, provider, now, id int64, in *contentInput) (int64, error) {
	hidden, lost := in.Status == statusHidden, in.Status == statusWithdrawn
	var mainGenre any
	if len(in.GenreIDs) > 0 {
		mainGenre = in.GenreIDs[0]
	}
	sort := in.Episode
	if in.Type == "season" {
		sort = in.Season
	}
	var err error
	if id == 0 {
		id, err = store.InsertID(ctx, tx, `INSERT INTO contents (provider_id, library_id, parent_id, content_type, slug, title,
			original_title, description, year, age, duration, season, series, sort, main_genre_id, is_hidden, is_lost, asset,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			provider, nullable(in.LibraryID), nullable(in.ParentID), in.Type, epgimport.Slug(in.Title), in.Title, in.OriginalTitle,
			in.Description, in.Year, in.Age, in.Duration, in.Season, in.Episode, sort, mainGenre, hidden, lost, in.Source, now, now)
		if err != nil {
			return 0, err
		}
	} else {
		_, err = tx.Exec(ctx, `UPDATE contents SET library_id = ?, slug = ?, title = ?, original_title = ?, description = ?,
			year = ?, age = ?, duration = ?, season = ?, series = ?, sort = ?, main_genre_id = ?, is_hidden = ?, is_lost = ?,
			asset = ?, updated_at = ? WHERE id = ? AND provider_id = ?`,
			nullable(in.LibraryID), epgimport.Slug(in.Title), in.Title, in.OriginalTitle, in.Description, in.Year, in.Age,
			in.Duration, in.Season, in.Episode, sort, mainGenre, hidden, lost, in.Source, now, id, provider)
		if err != nil {
			return 0, err
		}
		for _, t := range []string{"content_countries", "content_genres", "content_persons"} {
			if _, err := tx.Exec(ctx, "DELETE FROM "+t+" WHERE content_id = ?", id); err != nil {
				return 0, err
			}
		}
	}
	for i, c := range in.Countries {
		num, _ := catalog.CountryCode(c)
		if _, err := tx.Exec(ctx, "INSERT INTO content_countries (content_id, country_id, sort) VALUES (?, ?, ?)", id, num, i); err != nil {
			return 0, err
		}
	}
	for i, g := range in.GenreIDs {
		if _, err := tx.Exec(ctx, "INSERT INTO content_genres (content_id, genre_id, sort) VALUES (?, ?, ?)", id, g, i); err != nil {
			return 0, err
		}
	}
	for i, p := range in.Persons {
		if _, err := tx.Exec(ctx, "INSERT INTO content_persons (content_id, person_id, role, sort) VALUES (?, ?, ?, ?)",
			id, p.PersonID, p.Role, i); err != nil {
			return 0, err
		}
	}
	return id, writeTrailers(ctx, tx, id, in.Trailers)
}

// writeTrailers keeps the trailers listed (by id), adds the new ones and
// removes the others.
func writeTrailers(ctx context.Context, tx *store.Tx, contentID int64, list []trailerInput) error {
	keep := []string{"0"}
	for _, t := range list {
		if t.ID != 0 {
			keep = append(keep, strconv.FormatInt(t.ID, 10))
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM trailers WHERE content_id = ? AND id NOT IN ("+strings.Join(keep, ",")+")", contentID); err != nil {
		return err
	}
	for _, t := range list {
		var err error
		if t.ID != 0 {
			_, err = tx.Exec(ctx, "UPDATE trailers SET title = ?, asset = ?, duration = ? WHERE id = ? AND content_id = ?",
				t.Title, t.Source, t.Duration, t.ID, contentID)
		} else {
			_, err = tx.Exec(ctx, "INSERT INTO trailers (content_id, title, asset, duration) VALUES (?, ?, ?, ?)",
				contentID, t.Title, t.Source, t.Duration)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
