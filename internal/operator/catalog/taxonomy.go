package catalogadmin

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv/epgimport"
)

// Persons, genres and libraries of the operator. Which packets sell a
// library is the packets section's: shown here, not changed.

type personView struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	OriginalName string `json:"original_name"`
	Bio          string `json:"bio"`
	Contents     int    `json:"contents"`
	// ImageURL is an uploaded picture's address ("": the generated portrait).
	ImageURL string `json:"image_url"`
}

type personPage struct {
	Items []personView `json:"items"`
	Total int          `json:"total"`
}

const personColumns = `p.id, p.name, p.original_name, p.bio, (SELECT COUNT(*) FROM content_persons cp WHERE cp.person_id = p.id),
	p.image_url`

func scanPerson(sc store.Scanner) (personView, error) {
	var p personView
	err := sc.Scan(&p.ID, &p.Name, &p.OriginalName, &p.Bio, &p.Contents, &p.ImageURL)
	return p, err
}

// GET /persons?q=: by name (as typed, lower case or capitalised), A to Z.
func (s *Section) handlePersons(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	where, args := "p.provider_id = ?", []any{operator.ProviderOf(r)}
	if text := strings.TrimSpace(r.URL.Query().Get("q")); text != "" {
		if runes(text) > 200 {
			return httpx.Invalid("q", "console_catalog_query_long")
		}
		var ors []string
		for _, v := range []string{text, strings.ToLower(text), capitalised(text)} {
			like := "%" + store.EscapeLike(v) + "%"
			ors, args = append(ors, `p.name LIKE ? ESCAPE '\'`, `p.original_name LIKE ? ESCAPE '\'`), append(args, like, like)
		}
		where += " AND (" + strings.Join(ors, " OR ") + ")"
	}
	ctx := r.Context()
	out := personPage{Items: []personView{}}
	if err := store.Get(ctx, s.db, "SELECT COUNT(*) FROM persons p WHERE "+where, args, &out.Total); err != nil {
		return err
	}
	err = store.Each(ctx, s.db, "SELECT "+personColumns+" FROM persons p WHERE "+where+" ORDER BY p.name, p.id LIMIT ? OFFSET ?",
		append(args, limit, offset), func(sc store.Scanner) error {
			p, err := scanPerson(sc)
			out.Items = append(out.Items, p)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type personInput struct {
	Name         string `json:"name"`
	OriginalName string `json:"original_name"`
	Bio          string `json:"bio"`
}

func (in *personInput) check() error {
	in.Name, in.OriginalName, in.Bio = strings.TrimSpace(in.Name), strings.TrimSpace(in.OriginalName), strings.TrimSpace(in.Bio)
	switch {
	case in.Name == "" || runes(in.Name) > 200:
		return httpx.Invalid("name", "console_catalog_name_invalid")
	case runes(in.OriginalName) > 200:
		return httpx.Invalid("original_name", "console_catalog_name_invalid")
	case runes(in.Bio) > 10000:
		return httpx.Invalid("bio", "console_catalog_description_long")
	}
	return nil
}

func loadPerson(ctx context.Context, q store.Querier, provider, id int64) (personView, error) {
	p, err := scanPerson(q.QueryRow(ctx, "SELECT "+personColumns+" FROM persons p WHERE p.id = ? AND p.provider_id = ?", id, provider))
	if err != nil {
		err = store.MapErr(err)
		if errors.Is(err, store.ErrNotFound) {
			return p, httpx.NotFound()
		}
	}
	return p, err
}

func (s *Section) handlePersonCreate(w http.ResponseWriter, r *http.Request) error {
	var in personInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out personView
	err := s.change(ctx, func(tx *store.Tx) error {
		id, err := store.InsertID(ctx, tx, `INSERT INTO persons (provider_id, slug, name, original_name, bio) VALUES (?, ?, ?, ?, ?)
			RETURNING id`, provider, epgimport.Slug(pick(in.OriginalName, in.Name)), in.Name, in.OriginalName, in.Bio)
		if err != nil {
			return err
		}
		if out, err = loadPerson(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.person.create", "person", id, nil, in)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handlePersonPatch(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out personView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := loadPerson(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		before := personInput{Name: cur.Name, OriginalName: cur.OriginalName, Bio: cur.Bio}
		in := before
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		if err := in.check(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE persons SET slug = ?, name = ?, original_name = ?, bio = ? WHERE id = ? AND provider_id = ?",
			epgimport.Slug(pick(in.OriginalName, in.Name)), in.Name, in.OriginalName, in.Bio, id, provider); err != nil {
			return err
		}
		if out, err = loadPerson(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.person.update", "person", id, before, in)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type genreView struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	NameEN   string `json:"name_en"`
	Sort     int    `json:"sort"`
	Contents int    `json:"contents"`
}

const genreColumns = `g.id, g.slug, g.name, g.name_en, g.sort, (SELECT COUNT(*) FROM content_genres cg WHERE cg.genre_id = g.id)`

func scanGenre(sc store.Scanner) (genreView, error) {
	var g genreView
	err := sc.Scan(&g.ID, &g.Slug, &g.Name, &g.NameEN, &g.Sort, &g.Contents)
	return g, err
}

func (s *Section) handleGenres(w http.ResponseWriter, r *http.Request) error {
	out := []genreView{}
	err := store.Each(r.Context(), s.db, "SELECT "+genreColumns+" FROM genres g WHERE g.provider_id = ? ORDER BY g.sort, g.name, g.id",
		[]any{operator.ProviderOf(r)}, func(sc store.Scanner) error {
			g, err := scanGenre(sc)
			out = append(out, g)
			return err
		})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type genreInput struct {
	Name   string `json:"name"`
	NameEN string `json:"name_en"`
	Sort   int    `json:"sort"`
}

func (in *genreInput) check() error {
	in.Name, in.NameEN = strings.TrimSpace(in.Name), strings.TrimSpace(in.NameEN)
	switch {
	case in.Name == "" || runes(in.Name) > 100:
		return httpx.Invalid("name", "console_catalog_name_invalid")
	case runes(in.NameEN) > 100:
		return httpx.Invalid("name_en", "console_catalog_name_invalid")
	case in.Sort < 0 || in.Sort > 1000000:
		return httpx.Invalid("sort", "console_catalog_number_invalid")
	}
	return nil
}

func loadGenre(ctx context.Context, q store.Querier, provider, id int64) (genreView, error) {
	g, err := scanGenre(q.QueryRow(ctx, "SELECT "+genreColumns+" FROM genres g WHERE g.id = ? AND g.provider_id = ?", id, provider))
	if err != nil {
		err = store.MapErr(err)
		if errors.Is(err, store.ErrNotFound) {
			return g, httpx.NotFound()
		}
	}
	return g, err
}

// freeSlug is base, or base-2, base-3... when the operator has it already
// in table (genres' slugs are unique per operator).
func freeSlug(ctx context.Context, q store.Querier, table string, provider, self int64, base string) (string, error) {
	if base == "" {
		base = "item"
	}
	for i := 1; ; i++ {
		slug := base
		if i > 1 {
			slug += "-" + strconv.Itoa(i)
		}
		var n int
		if err := store.Get(ctx, q, "SELECT COUNT(*) FROM "+table+" WHERE provider_id = ? AND slug = ? AND id <> ?",
			[]any{provider, slug, self}, &n); err != nil {
			return "", err
		}
		if n == 0 {
			return slug, nil
		}
	}
}

func (s *Section) handleGenreCreate(w http.ResponseWriter, r *http.Request) error {
	var in genreInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out genreView
	err := s.change(ctx, func(tx *store.Tx) error {
		slug, err := freeSlug(ctx, tx, "genres", provider, 0, epgimport.Slug(pick(in.NameEN, in.Name)))
		if err != nil {
			return err
		}
		id, err := store.InsertID(ctx, tx, "INSERT INTO genres (provider_id, slug, name, name_en, sort) VALUES (?, ?, ?, ?, ?) RETURNING id",
			provider, slug, in.Name, in.NameEN, in.Sort)
		if err != nil {
			return err
		}
		if out, err = loadGenre(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.genre.create", "genre", id, nil, in)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handleGenrePatch(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out genreView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := loadGenre(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		before := genreInput{Name: cur.Name, NameEN: cur.NameEN, Sort: cur.Sort}
		in := before
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		if err := in.check(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE genres SET name = ?, name_en = ?, sort = ? WHERE id = ? AND provider_id = ?",
			in.Name, in.NameEN, in.Sort, id, provider); err != nil {
			return err
		}
		if out, err = loadGenre(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.genre.update", "genre", id, before, in)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type packetRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type libraryView struct {
	ID          int64       `json:"id"`
	Slug        string      `json:"slug"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	IsFree      bool        `json:"is_free"`
	Sort        int         `json:"sort"`
	Contents    int         `json:"contents"`
	Packets     []packetRef `json:"packets"`
}

func loadLibraries(ctx context.Context, q store.Querier, provider, id int64) ([]libraryView, error) {
	where, args := "l.provider_id = ?", []any{provider}
	if id != 0 {
		where, args = where+" AND l.id = ?", append(args, id)
	}
	out := []libraryView{}
	err := store.Each(ctx, q, `SELECT l.id, l.slug, l.name, l.description, l.is_free, l.sort,
		(SELECT COUNT(*) FROM contents c WHERE c.library_id = l.id) FROM libraries l WHERE `+where+` ORDER BY l.sort, l.id`, args,
		func(sc store.Scanner) error {
			l := libraryView{Packets: []packetRef{}}
			err := sc.Scan(&l.ID, &l.Slug, &l.Name, &l.Description, &l.IsFree, &l.Sort, &l.Contents)
			out = append(out, l)
			return err
		})
	if err != nil {
		return nil, err
	}
	at := map[int64]int{}
	for i, l := range out {
		at[l.ID] = i
	}
	err = store.Each(ctx, q, `SELECT pl.library_id, p.id, p.name FROM packet_libraries pl JOIN packets p ON p.id = pl.packet_id
		WHERE p.provider_id = ? ORDER BY p.sort, p.id`, []any{provider}, func(sc store.Scanner) error {
		var lib int64
		var p packetRef
		if err := sc.Scan(&lib, &p.ID, &p.Name); err != nil {
			return err
		}
		if i, ok := at[lib]; ok {
			out[i].Packets = append(out[i].Packets, p)
		}
		return nil
	})
	return out, err
}

func loadLibrary(ctx context.Context, q store.Querier, provider, id int64) (libraryView, error) {
	list, err := loadLibraries(ctx, q, provider, id)
	if err != nil {
		return libraryView{}, err
	}
	if len(list) == 0 {
		return libraryView{}, httpx.NotFound()
	}
	return list[0], nil
}

func (s *Section) handleLibraries(w http.ResponseWriter, r *http.Request) error {
	out, err := loadLibraries(r.Context(), s.db, operator.ProviderOf(r), 0)
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

type libraryInput struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	IsFree      bool   `json:"is_free"`
	Sort        int    `json:"sort"`
}

func (in *libraryInput) check() error {
	in.Name, in.Description = strings.TrimSpace(in.Name), strings.TrimSpace(in.Description)
	switch {
	case in.Name == "" || runes(in.Name) > 100:
		return httpx.Invalid("name", "console_catalog_name_invalid")
	case runes(in.Description) > 2000:
		return httpx.Invalid("description", "console_catalog_description_long")
	case in.Sort < 0 || in.Sort > 1000000:
		return httpx.Invalid("sort", "console_catalog_number_invalid")
	}
	return nil
}

func (s *Section) handleLibraryCreate(w http.ResponseWriter, r *http.Request) error {
	var in libraryInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := in.check(); err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out libraryView
	err := s.change(ctx, func(tx *store.Tx) error {
		slug, err := freeSlug(ctx, tx, "libraries", provider, 0, epgimport.Slug(in.Name))
		if err != nil {
			return err
		}
		id, err := store.InsertID(ctx, tx, `INSERT INTO libraries (provider_id, slug, name, description, is_free, sort)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, provider, slug, in.Name, in.Description, in.IsFree, in.Sort)
		if err != nil {
			return err
		}
		if out, err = loadLibrary(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.library.create", "library", id, nil, in)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handleLibraryPatch(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	provider := operator.ProviderOf(r)
	var out libraryView
	err = s.change(ctx, func(tx *store.Tx) error {
		cur, err := loadLibrary(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		before := libraryInput{Name: cur.Name, Description: cur.Description, IsFree: cur.IsFree, Sort: cur.Sort}
		in := before
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		if err := in.check(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE libraries SET name = ?, description = ?, is_free = ?, sort = ? WHERE id = ? AND provider_id = ?",
			in.Name, in.Description, in.IsFree, in.Sort, id, provider); err != nil {
			return err
		}
		if out, err = loadLibrary(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "catalog.library.update", "library", id, before, in)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// GET /assets: the local media assets a source may name.
func (s *Section) handleAssets(w http.ResponseWriter, r *http.Request) error {
	out := struct {
		Local []string `json:"local"`
	}{Local: []string{}}
	if s.vod != nil {
		out.Local = s.vod.LocalAssets()
	}
	httpx.OK(w, out)
	return nil
}
