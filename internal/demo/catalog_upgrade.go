package demo

import (
	"context"
	"errors"

	"efir/internal/artwork"
	"efir/internal/store"
)

// upgradeCatalog brings a demo catalogue written by an older plan up to the
// current one in place, so a demo database kept between versions shows what
// a new one does. Viewers' history, favourites and ratings are untouched.
func upgradeCatalog(ctx context.Context, db *store.DB, from string) error {
	return db.Tx(ctx, func(tx *store.Tx) error {
		if from == "1" {
			if err := upgradePromotionArt(ctx, tx); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", demoCatalogVersion, demoCatalogSetting); err != nil {
			return err
		}
		return bumpCatalogVersion(ctx, tx)
	})
}

// upgradePromotionArt (plan 1 -> 2) writes the promotions' badges, icons and
// graphic titles, found by their names (ids are the database's own).
func upgradePromotionArt(ctx context.Context, tx *store.Tx) error {
	// The plan is deterministic; its own ids do not matter here.
	one := catIDs{Library: 1, Genre: 1, Content: 1, Person: 1, Trailer: 1, Row: 1, Rowset: 1, Promotion: 1, News: 1}
	plan := planCatalog(catalogSeed, one)
	for _, x := range plan.Promotions {
		var id int64
		if err := store.Get(ctx, tx, "SELECT id FROM promotions WHERE provider_id = ? AND name = ?",
			[]any{catalogProvider, x.Name}, &id); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				continue // an operator's edit removed it: theirs to keep
			}
			return err
		}
		title := ""
		if x.GraphicTitle != "" {
			title = artwork.TitleURL(id)
		}
		if _, err := tx.Exec(ctx, `UPDATE promotions SET is_4k = ?, is_hd = ?, btn_icon = ?, btn_icon_focused = ?,
			graphic_title = ?, graphic_title_width = ?, graphic_title_height = ? WHERE id = ?`,
			x.Is4K, x.IsHD, x.Icon, x.IconFocused, title, x.GraphicTitleW, x.GraphicTitleH, id); err != nil {
			return err
		}
	}
	return nil
}
