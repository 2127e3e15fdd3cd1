package catalog

import (
	"context"
	"errors"
	"net/http"
	"sort"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/store"
)

// PersonJSON is a person (schema CatalogPerson); sections and noindex only
// on /v2/persons/{id}.
type PersonJSON struct {
	ID            int64           `json:"id"`
	Slug          string          `json:"slug"`
	Name          string          `json:"name"`
	OriginalName  string          `json:"original_name"`
	Image         string          `json:"image"`
	ImageURL      string          `json:"image_url"`
	Role          string          `json:"role,omitempty"`
	Bio           string          `json:"bio"`
	ContentsCount int             `json:"contents_count"`
	Noindex       bool            `json:"noindex"`
	IsFavorite    bool            `json:"is_favorite"`
	Sections      *personSections `json:"sections,omitempty"`
}

type personSections struct {
	Movies  []ContentJSON `json:"movies"`
	Series  []ContentJSON `json:"series"`
	Program []ContentJSON `json:"program"`
}

type person struct {
	ID           int64
	ProviderID   int64
	Slug         string
	Name         string
	OriginalName string
	Bio          string
	ImageURL     string
}

const personColumns = "id, provider_id, slug, name, original_name, bio, image_url"

func scanPerson(sc scanner) (*person, error) {
	p := &person{}
	return p, sc.Scan(&p.ID, &p.ProviderID, &p.Slug, &p.Name, &p.OriginalName, &p.Bio, &p.ImageURL)
}

func (p *person) json() PersonJSON {
	img := pick(p.ImageURL, artwork.URL(artwork.Person, p.ID))
	return PersonJSON{ID: p.ID, Slug: wireSlug(p.Slug, p.ID), Name: p.Name, OriginalName: p.OriginalName, Image: img,
		ImageURL: img, Bio: p.Bio}
}

// findPerson resolves the path value (id or slug ending in the id) among
// the viewer's provider's persons.
func (s *Service) findPerson(ctx context.Context, v *viewer, ref string) (*person, error) {
	id, ok := parseRef(ref)
	if !ok {
		return nil, httpx.NotFound()
	}
	var p *person
	err := each(ctx, s.db, "SELECT "+personColumns+" FROM persons WHERE id = ? AND provider_id = ?", []any{id, v.providerID},
		func(sc scanner) error {
			var err error
			p, err = scanPerson(sc)
			return err
		})
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, httpx.NotFound()
	}
	return p, nil
}

// filmography is what the viewer may see of a person's work: an episode
// or a season credit counts as its series; newest first.
func (s *Service) filmography(ctx context.Context, v *viewer, personID int64) ([]*content, error) {
	works, err := s.worksOf(ctx, v, []int64{personID})
	if err != nil {
		return nil, err
	}
	out := works[personID]
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Year != b.Year {
			return a.Year > b.Year
		}
		if a.Popularity != b.Popularity {
			return a.Popularity > b.Popularity
		}
		return a.ID < b.ID
	})
	return out, nil
}

// worksOf is what the viewer may see of each person's work, in no order:
// the credited contents, each counted as its top content (a series for an
// episode or a season), once. Three queries whatever the number of persons.
func (s *Service) worksOf(ctx context.Context, v *viewer, personIDs []int64) (map[int64][]*content, error) {
	type credit struct{ person, content int64 }
	var credits []credit
	var ids []int64
	for _, chunk := range chunks(uniqueIDs(personIDs), 500) {
		err := each(ctx, s.db, "SELECT DISTINCT person_id, content_id FROM content_persons WHERE person_id IN ("+inList(chunk)+")",
			nil, func(sc scanner) error {
				var c credit
				if err := sc.Scan(&c.person, &c.content); err != nil {
					return err
				}
				credits, ids = append(credits, c), append(ids, c.content)
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	credited, err := contentsByID(ctx, s.db, v.providerID, ids)
	if err != nil {
		return nil, err
	}
	roots := make([]int64, 0, len(credited))
	for _, c := range credited {
		roots = append(roots, c.RootID)
	}
	tops, err := contentsByID(ctx, s.db, v.providerID, roots)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]*content, len(personIDs))
	seen := map[credit]bool{}
	for _, cr := range credits {
		c := credited[cr.content]
		if c == nil {
			continue
		}
		top := tops[c.RootID]
		key := credit{cr.person, c.RootID}
		if top == nil || seen[key] || !v.sees(top) {
			continue
		}
		seen[key] = true
		out[cr.person] = append(out[cr.person], top)
	}
	return out, nil
}

// dropPersonsWithoutWork removes, for a child profile, the persons none of
// whose work the child may see: their tile would lead to an empty page of
// someone known only for films above 12 (search hides them the same way).
func (s *Service) dropPersonsWithoutWork(ctx context.Context, v *viewer, persons map[int64]*person) error {
	if !v.child || len(persons) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(persons))
	for id := range persons {
		ids = append(ids, id)
	}
	works, err := s.worksOf(ctx, v, ids)
	if err != nil {
		return err
	}
	for id := range persons {
		if len(works[id]) == 0 {
			delete(persons, id)
		}
	}
	return nil
}

// mainRole is the role a person has most often.
func (s *Service) mainRole(ctx context.Context, personID int64) (string, error) {
	var role string
	err := store.Get(ctx, s.db, `SELECT role FROM content_persons WHERE person_id = ? GROUP BY role ORDER BY COUNT(*) DESC, role LIMIT 1`,
		[]any{personID}, &role)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return role, err
}

// GET /v2/persons/{id}: the person with their work in three sections
// (movies, series, program), the count of it the viewer may see and
// noindex when it is under 2 (the spec's rule for thin person pages).
func (s *Service) handlePerson(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	p, err := s.findPerson(ctx, v, r.PathValue("id"))
	if err != nil {
		return err
	}
	works, err := s.filmography(ctx, v, p.ID)
	if err != nil {
		return err
	}
	cards, err := s.renderContents(ctx, v, works)
	if err != nil {
		return err
	}
	j := p.json()
	j.Sections = &personSections{Movies: []ContentJSON{}, Series: []ContentJSON{}, Program: []ContentJSON{}}
	for _, c := range cards {
		switch c.ContentType {
		case typeMovie:
			j.Sections.Movies = append(j.Sections.Movies, c)
		case typeSeries:
			j.Sections.Series = append(j.Sections.Series, c)
		case typeProgram:
			j.Sections.Program = append(j.Sections.Program, c)
		}
	}
	j.ContentsCount = len(cards)
	j.Noindex = j.ContentsCount < 2
	if j.Role, err = s.mainRole(ctx, p.ID); err != nil {
		return err
	}
	if j.IsFavorite, err = s.isFavorite(ctx, v, kindPerson, p.ID); err != nil {
		return err
	}
	httpx.OK(w, j)
	return nil
}

// GET /v2/rows/filmography?person_id=&limit=&offset=: the person's work as
// a content-v row. An operator's row with source filmography lends its id,
// slug, title and template; without one the row is made up (id 0).
func (s *Service) handleFilmography(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	ref := r.URL.Query().Get("person_id")
	if ref == "" {
		return httpx.Invalid("person_id", "error_required")
	}
	p, err := s.findPerson(ctx, v, ref)
	if err != nil {
		return err
	}
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	// A row like any other (schema CatalogRow), loaded, with contents only.
	row := &RowJSON{Slug: "filmography", Title: p.Name, Template: "content-v", ContentType: "contents",
		Limit: limit, Offset: offset, Loaded: true}
	var lib *int64
	err = store.Get(ctx, s.db, `SELECT id, slug, template, library_id FROM rows WHERE provider_id = ? AND source = 'filmography'
		ORDER BY id LIMIT 1`, []any{v.providerID}, &row.ID, &row.Slug, &row.Template, &lib)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	row.LibraryID = lib
	works, err := s.filmography(ctx, v, p.ID)
	if err != nil {
		return err
	}
	pageOf := cutPage(works, offset, limit, true)
	row.MoreCount = max(0, len(works)-offset-len(pageOf))
	if row.Contents, err = s.renderContents(ctx, v, pageOf); err != nil {
		return err
	}
	httpx.OK(w, row.normalized())
	return nil
}

// personFavoriteJSON is whether the viewer keeps the person, with the id of
// the favourite (what DELETE /v2/users/self/favorites/{id} takes).
type personFavoriteJSON struct {
	Favorite bool   `json:"favorite"`
	ID       *int64 `json:"id"`
}

// GET /v2/persons/{id}/favorite: the viewer's favourite state of a person.
// Anybody may ask (an anonymous caller or a guest keeps none: false);
// an unknown person is 404.
func (s *Service) handlePersonFavorite(w http.ResponseWriter, r *http.Request) error {
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	p, err := s.findPerson(ctx, v, r.PathValue("id"))
	if err != nil {
		return err
	}
	out := personFavoriteJSON{}
	if v.signedIn() {
		var id int64
		err = store.Get(ctx, s.db, "SELECT id FROM favorites WHERE user_id = ? AND profile_id = ? AND kind = ? AND object_id = ?",
			[]any{v.userID, v.profileID, kindPerson, p.ID}, &id)
		switch {
		case err == nil:
			out.Favorite, out.ID = true, &id
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
	}
	httpx.OK(w, out)
	return nil
}
