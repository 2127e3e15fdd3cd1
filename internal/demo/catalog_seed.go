package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"efir/internal/catalog/search"
	"efir/internal/store"
)

// The demo catalogue belongs to the demo operator "Efir Demo".
const catalogProvider = 1

const (
	// demoCatalogSetting marks a database that has the demo catalogue; its
	// value is the version of the plan that wrote it.
	demoCatalogSetting = "demo_catalog"
	// 2: promotions carry quality badges, button icons and graphic titles.
	demoCatalogVersion = "2"
	// catalogVersionSetting is bumped on every catalogue change: the
	// catalogue area and the search index rebuild when it moves.
	catalogVersionSetting = "catalog_version"
	// catalogBatchParams bounds the parameters of one INSERT (SQLite
	// allows 32766, PostgreSQL 65535).
	catalogBatchParams = 8000
)

// EnsureCatalog loads the demo catalogue once, after Seed and EnsureGuide
// (it links the programmes to the guide's telecasts). Later calls only link
// the guide entries added since to their programmes, so it is cheap to call
// at every start and with every guide extension.
func EnsureCatalog(ctx context.Context, db *store.DB) error {
	var v string
	err := store.Get(ctx, db, "SELECT value FROM settings WHERE name = 'demo_seeded'", nil, &v)
	if errors.Is(err, store.ErrNotFound) {
		return nil // no demo operator here
	}
	if err != nil {
		return err
	}
	err = store.Get(ctx, db, "SELECT value FROM settings WHERE name = ?", []any{demoCatalogSetting}, &v)
	if err == nil {
		if v != demoCatalogVersion {
			if err := upgradeCatalog(ctx, db, v); err != nil {
				return fmt.Errorf("demo catalogue upgrade: %w", err)
			}
		}
		return linkTelecasts(ctx, db)
	}
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	// An operator who built a catalogue of their own keeps it: the demo
	// one is for empty databases.
	var own int
	if err := store.Get(ctx, db, `SELECT (SELECT COUNT(*) FROM contents WHERE provider_id = ?) +
		(SELECT COUNT(*) FROM rowsets WHERE provider_id = ?)`, []any{catalogProvider, catalogProvider}, &own); err != nil {
		return err
	}
	if own > 0 {
		slog.Info("demo catalogue skipped: the operator has a catalogue")
		return nil
	}
	programs, err := ensurePrograms(ctx, db, catalogProvider)
	if err != nil {
		return err
	}
	err = db.Tx(ctx, func(tx *store.Tx) error {
		ids, err := firstCatalogIDs(ctx, tx)
		if err != nil {
			return err
		}
		w := &catalogWriter{tx: tx, plan: planCatalog(catalogSeed, ids), programs: programs}
		if err := w.write(ctx); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, ?)", demoCatalogSetting, demoCatalogVersion); err != nil {
			return err
		}
		if err := linkTelecasts(ctx, tx); err != nil {
			return err
		}
		return bumpCatalogVersion(ctx, tx)
	})
	if err != nil {
		return fmt.Errorf("demo catalogue: %w", err)
	}
	// The version bump alone makes a running server rebuild the index in
	// the background; building it here has it ready for the first search.
	return search.Reindex(ctx, db, catalogProvider)
}

// linkTelecasts points the guide entries of the catalogue's programmes at
// their contents, so a programme's catch-up sources are its entries.
func linkTelecasts(ctx context.Context, q store.Querier) error {
	_, err := q.Exec(ctx, `UPDATE schedule SET content_id = (SELECT p.content_id FROM programs p WHERE p.id = schedule.program_id)
		WHERE content_id IS NULL AND program_id IN (SELECT id FROM programs WHERE content_id IS NOT NULL)`)
	return err
}

func bumpCatalogVersion(ctx context.Context, q store.Querier) error {
	_, err := q.Exec(ctx, `INSERT INTO settings (name, value) VALUES (?, '1')
		ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS INTEGER) + 1 AS TEXT)`, catalogVersionSetting)
	return err
}

// catalogTables are the tables whose ids the plan sets itself (so links
// are written without reading ids back).
var catalogTables = []string{"libraries", "genres", "contents", "persons", "trailers", "rows", "rowsets", "promotions", "news"}

func firstCatalogIDs(ctx context.Context, q store.Querier) (catIDs, error) {
	next := make([]int64, len(catalogTables))
	for i, t := range catalogTables {
		if err := store.Get(ctx, q, "SELECT COALESCE(MAX(id), 0) + 1 FROM "+t, nil, &next[i]); err != nil {
			return catIDs{}, err
		}
	}
	return catIDs{Library: next[0], Genre: next[1], Content: next[2], Person: next[3], Trailer: next[4], Row: next[5],
		Rowset: next[6], Promotion: next[7], News: next[8]}, nil
}

type catalogWriter struct {
	tx       *store.Tx
	plan     *catalogPlan
	programs map[string]int64 // guide programmes by key
	channels map[string]int64 // demo channels by slug
	packets  map[string]int64 // packets by short
}

// insert writes rows of len(cols) values each in as few statements as the
// parameter limit allows. conflict is appended to each statement.
func (w *catalogWriter) insert(ctx context.Context, table string, cols []string, rows [][]any, conflict string) error {
	if len(rows) == 0 {
		return nil
	}
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	per := max(1, catalogBatchParams/len(cols))
	for from := 0; from < len(rows); from += per {
		to := min(from+per, len(rows))
		var q strings.Builder
		q.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
		args := make([]any, 0, (to-from)*len(cols))
		for i := from; i < to; i++ {
			if i > from {
				q.WriteByte(',')
			}
			q.WriteString(tuple)
			args = append(args, rows[i]...)
		}
		q.WriteString(conflict)
		if _, err := w.tx.Exec(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("insert %s: %w", table, err)
		}
	}
	return nil
}

// idMap reads (id, key) pairs.
func idMap(ctx context.Context, q store.Querier, query string, args ...any) (map[string]int64, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var id int64
		var key string
		if err := rows.Scan(&id, &key); err != nil {
			return nil, err
		}
		out[key] = id
	}
	return out, rows.Err()
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func (w *catalogWriter) write(ctx context.Context) error {
	var err error
	if w.channels, err = idMap(ctx, w.tx, "SELECT id, slug FROM channels WHERE provider_id = ?", catalogProvider); err != nil {
		return err
	}
	if w.packets, err = idMap(ctx, w.tx, "SELECT id, short FROM packets WHERE provider_id = ?", catalogProvider); err != nil {
		return err
	}
	steps := []func(context.Context) error{w.taxonomy, w.contents, w.links, w.rows, w.news}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	if w.tx.Dialect() == store.Postgres {
		// Explicit ids leave PostgreSQL's identities behind; move them on.
		for _, t := range catalogTables {
			if _, err := w.tx.Exec(ctx, "SELECT setval(pg_get_serial_sequence('"+t+"', 'id'), (SELECT MAX(id) FROM "+t+"))"); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *catalogWriter) taxonomy(ctx context.Context) error {
	var libs, packetLibs, genres [][]any
	for _, l := range w.plan.Libraries {
		libs = append(libs, []any{l.ID, catalogProvider, l.Slug, l.Name, l.Descr, l.Free, l.Sort})
		for _, short := range l.PacketShorts {
			id, ok := w.packets[short]
			if !ok {
				return fmt.Errorf("no packet %q for library %s", short, l.Slug)
			}
			packetLibs = append(packetLibs, []any{id, l.ID})
		}
	}
	for _, g := range w.plan.Genres {
		genres = append(genres, []any{g.ID, catalogProvider, g.Slug, g.Name, g.NameEn, g.RowID, g.Sort})
	}
	if err := w.insert(ctx, "libraries", []string{"id", "provider_id", "slug", "name", "description", "is_free", "sort"}, libs, ""); err != nil {
		return err
	}
	if err := w.insert(ctx, "packet_libraries", []string{"packet_id", "library_id"}, packetLibs, ""); err != nil {
		return err
	}
	if err := w.insert(ctx, "genres", []string{"id", "provider_id", "slug", "name", "name_en", "row_id", "sort"}, genres, ""); err != nil {
		return err
	}
	return nil
}

func (w *catalogWriter) libraryID(key string) int64 {
	for _, l := range w.plan.Libraries {
		if l.Key == key {
			return l.ID
		}
	}
	return 0
}

func (w *catalogWriter) genreID(slug string) int64 {
	for _, g := range w.plan.Genres {
		if g.Slug == slug {
			return g.ID
		}
	}
	return 0
}

var contentColumns = []string{"id", "provider_id", "library_id", "parent_id", "content_type", "slug", "title", "original_title",
	"description", "year", "age", "motion_rating", "duration", "season", "series", "sort", "main_genre_id", "rating_imdb",
	"rating_kinopoisk", "is_adult", "is_cartoon", "is_announcement", "is_hidden", "is_lost", "asset", "program_id",
	"popularity", "created_at", "updated_at"}

func (w *catalogWriter) contents(ctx context.Context) error {
	rows := make([][]any, 0, len(w.plan.Contents))
	for _, c := range w.plan.Contents {
		var program int64
		if c.Telecast != "" {
			program = w.programs[programKey(c.Telecast)]
			if program == 0 {
				return fmt.Errorf("no guide programme %q", c.Telecast)
			}
		}
		var mainGenre int64
		if len(c.Genres) > 0 {
			mainGenre = w.genreID(c.Genres[0])
		}
		rows = append(rows, []any{c.ID, catalogProvider, nullID(w.libraryID(c.Library)), nullID(c.ParentID), c.Type, c.Slug,
			c.Title, c.Original, c.Descr, c.Year, c.Age, c.Motion, c.Duration, c.Season, c.Series, c.Sort, nullID(mainGenre),
			c.IMDb, c.KP, c.Adult, c.Cartoon, c.Announcement, c.Hidden, c.Lost, c.Asset, nullID(program), c.Popularity,
			c.CreatedAt, c.CreatedAt})
	}
	if err := w.insert(ctx, "contents", contentColumns, rows, ""); err != nil {
		return err
	}
	for _, c := range w.plan.Contents {
		if c.Telecast == "" {
			continue
		}
		if _, err := w.tx.Exec(ctx, "UPDATE programs SET content_id = ? WHERE id = ?", c.ID, w.programs[programKey(c.Telecast)]); err != nil {
			return err
		}
	}
	return nil
}

// links writes genres, countries and persons of contents, and trailers.
func (w *catalogWriter) links(ctx context.Context) error {
	var genres, countries, persons, roles, trailers [][]any
	for _, c := range w.plan.Contents {
		// Seasons and episodes carry their series' main genre only as
		// main_genre_id: lists and filters see the series.
		if c.Type != "season" && c.Type != "episode" {
			for i, g := range c.Genres {
				genres = append(genres, []any{c.ID, w.genreID(g), i})
			}
			for i, code := range c.Countries {
				countries = append(countries, []any{c.ID, countryCode(code), i})
			}
		}
		seen := map[string]bool{}
		for i, r := range c.Roles {
			key := fmt.Sprint(r.PersonID, r.Role)
			if seen[key] {
				continue
			}
			seen[key] = true
			roles = append(roles, []any{c.ID, r.PersonID, r.Role, i})
		}
	}
	for _, x := range w.plan.Persons {
		persons = append(persons, []any{x.ID, catalogProvider, x.Slug, x.Name, x.Original, x.Bio})
	}
	for _, t := range w.plan.Trailers {
		trailers = append(trailers, []any{t.ID, t.ContentID, t.Title, t.Asset, t.Duration})
	}
	for _, s := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"content_genres", []string{"content_id", "genre_id", "sort"}, genres},
		{"content_countries", []string{"content_id", "country_id", "sort"}, countries},
		{"persons", []string{"id", "provider_id", "slug", "name", "original_name", "bio"}, persons},
		{"content_persons", []string{"content_id", "person_id", "role", "sort"}, roles},
		{"trailers", []string{"id", "content_id", "title", "asset", "duration"}, trailers},
	} {
		if err := w.insert(ctx, s.table, s.cols, s.rows, ""); err != nil {
			return err
		}
	}
	return nil
}

func (w *catalogWriter) rows(ctx context.Context) error {
	var rows, items, rowsets, rowsetRows, promos [][]any
	for _, r := range w.plan.Rows {
		rows = append(rows, []any{r.ID, catalogProvider, r.Slug, r.Title, r.Template, r.Source, r.Query,
			nullID(w.libraryID(r.Library)), r.Descr, r.HTML})
		for i, it := range r.Items {
			id := it.ID
			if it.Kind == "channel" {
				if id = w.channels[it.Ref]; id == 0 {
					return fmt.Errorf("row %s: no channel %q", r.Slug, it.Ref)
				}
			}
			items = append(items, []any{r.ID, it.Kind, id, i})
		}
	}
	for _, s := range w.plan.Rowsets {
		rowsets = append(rowsets, []any{s.ID, catalogProvider, s.Slug, s.Template, s.Title, s.Descr, s.URL, s.MenuSort, s.ForKids})
		for i, r := range s.Rows {
			rowsetRows = append(rowsetRows, []any{s.ID, r, i})
		}
	}
	for _, x := range w.plan.Promotions {
		destID := x.DestID
		switch x.DestType {
		case "channel":
			destID = w.channels[x.DestRef]
		case "packet":
			destID = w.packets[x.DestRef]
		case "rowset":
			for _, s := range w.plan.Rowsets {
				if s.Slug == x.DestSlug {
					destID = s.ID
				}
			}
		}
		if x.DestRef != "" && destID == 0 {
			return fmt.Errorf("promotion %s: no %s %q", x.Name, x.DestType, x.DestRef)
		}
		promos = append(promos, []any{x.ID, catalogProvider, x.Name, x.Title, x.Short, x.Descr, x.ColorBg, x.Age, x.Year,
			nullID(x.TrailerID), x.DestType, nullID(destID), x.DestSlug, nullID(x.DestLibrary), x.DestSrc, x.DestTitle, x.DestDescr,
			x.Is4K, x.IsHD, x.Icon, x.IconFocused, x.GraphicTitle, x.GraphicTitleW, x.GraphicTitleH})
	}
	for _, s := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"rows", []string{"id", "provider_id", "slug", "title", "template", "source", "query", "library_id", "description",
			"html_description"}, rows},
		{"row_items", []string{"row_id", "kind", "object_id", "sort"}, items},
		{"rowsets", []string{"id", "provider_id", "slug", "template", "title", "description", "url", "menu_sort", "for_kids"}, rowsets},
		{"rowset_rows", []string{"rowset_id", "row_id", "sort"}, rowsetRows},
		{"promotions", []string{"id", "provider_id", "name", "title", "short", "description", "color_bg", "age", "year",
			"trailer_id", "dest_type", "dest_id", "dest_slug", "dest_library_id", "dest_src", "dest_title", "dest_description",
			"is_4k", "is_hd", "btn_icon", "btn_icon_focused", "graphic_title", "graphic_title_width", "graphic_title_height"}, promos},
	} {
		if err := w.insert(ctx, s.table, s.cols, s.rows, ""); err != nil {
			return err
		}
	}
	return nil
}

func (w *catalogWriter) news(ctx context.Context) error {
	var news [][]any
	for _, n := range w.plan.News {
		news = append(news, []any{n.ID, catalogProvider, n.Slug, n.Title, n.Lead, n.Body, n.Image, n.PublishedAt})
	}
	return w.insert(ctx, "news", []string{"id", "provider_id", "slug", "title", "lead", "body", "image_url", "published_at"}, news, "")
}
