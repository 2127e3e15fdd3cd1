package tv

import (
	"context"
	"strings"

	"efir/internal/store"
)

// genreRow is a guide genre the operator has in its catalogue, with the
// slug of the row listing it ("" when no row does).
type genreRow struct {
	Name    string `json:"name"`
	RowSlug string `json:"row_slug"`
}

// genreRows matches a programme's genres (free text from the guide) to the
// provider's genres by name in either language, case aside, in the
// programme's order.
func genreRows(ctx context.Context, db *store.DB, providerID int64, names []string) ([]genreRow, error) {
	out := []genreRow{}
	if len(names) == 0 {
		return out, nil
	}
	rows := map[string]string{}
	err := store.Each(ctx, db, `SELECT g.name, g.name_en, COALESCE(r.slug, '') FROM genres g LEFT JOIN rows r ON r.id = g.row_id
		WHERE g.provider_id = ?`, []any{providerID}, func(sc store.Scanner) error {
		var ru, en, slug string
		if err := sc.Scan(&ru, &en, &slug); err != nil {
			return err
		}
		for _, n := range []string{ru, en} {
			if k := strings.ToLower(strings.TrimSpace(n)); k != "" {
				rows[k] = slug
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		if slug, ok := rows[strings.ToLower(strings.TrimSpace(n))]; ok {
			out = append(out, genreRow{Name: n, RowSlug: slug})
		}
	}
	return out, nil
}
