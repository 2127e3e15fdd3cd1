package catalog

import (
	"context"
	"database/sql"

	"efir/internal/store"
)

// ConsolePromotion is a banner or button tile as the console edits it.
// Image "" keeps the generated picture. The destination is a kind and,
// for the kinds that name one, the operator's object (content, row,
// rowset, channel, packet) or an address (open_url).
type ConsolePromotion struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Title       string `json:"title"`
	Short       string `json:"short"`
	Description string `json:"description"`
	Image       string `json:"image"`
	ColorBg     string `json:"color_bg"`
	DestType    string `json:"dest_type"`
	DestID      *int64 `json:"dest_id"`
	DestURL     string `json:"dest_url"`
}

// PromotionDestinations are the destination kinds of a promotion; the map
// gives the table of the object a kind names ("" for none).
var PromotionDestinations = map[string]string{
	"content": "contents", "row": "rows", "rowset": "rowsets", "channel": "channels", "packet": "packets",
	"open_url": "", "enter_promo_key": "", "last_channel": "", "text": "",
}

const consolePromotionColumns = "id, name, title, short, description, image_url, color_bg, dest_type, dest_id, dest_src"

func scanConsolePromotion(sc store.Scanner) (ConsolePromotion, error) {
	var p ConsolePromotion
	var dest sql.NullInt64
	err := sc.Scan(&p.ID, &p.Name, &p.Title, &p.Short, &p.Description, &p.Image, &p.ColorBg, &p.DestType, &dest, &p.DestURL)
	if dest.Valid {
		p.DestID = &dest.Int64
	}
	return p, err
}

// ConsolePromotions are the operator's promotions, the newest first.
func ConsolePromotions(ctx context.Context, q store.Querier, providerID int64) ([]ConsolePromotion, error) {
	out := []ConsolePromotion{}
	err := store.Each(ctx, q, "SELECT "+consolePromotionColumns+" FROM promotions WHERE provider_id = ? ORDER BY id DESC",
		[]any{providerID}, func(sc store.Scanner) error {
			p, err := scanConsolePromotion(sc)
			out = append(out, p)
			return err
		})
	return out, err
}

// ConsolePromotionOf is one promotion of the operator.
func ConsolePromotionOf(ctx context.Context, q store.Querier, providerID, id int64) (ConsolePromotion, error) {
	p, err := scanConsolePromotion(q.QueryRow(ctx, "SELECT "+consolePromotionColumns+
		" FROM promotions WHERE id = ? AND provider_id = ?", id, providerID))
	return p, store.MapErr(err)
}

// ConsoleSavePromotion writes a promotion: a new one (p.ID 0, answered with
// its id) or the operator's promotion p.ID. The destination's object must be
// the operator's own (store.ErrNotFound otherwise); its slug is kept beside
// it as the client links by it.
func ConsoleSavePromotion(ctx context.Context, q store.Querier, providerID int64, p ConsolePromotion) (int64, error) {
	var destID any
	slug := ""
	if table := PromotionDestinations[p.DestType]; table != "" && p.DestID != nil {
		if err := ownAll(ctx, q, table, providerID, []int64{*p.DestID}); err != nil {
			return 0, err
		}
		destID = *p.DestID
		col := "slug"
		if table == "packets" {
			col = "short"
		}
		if err := store.Get(ctx, q, "SELECT "+col+" FROM "+table+" WHERE id = ?", []any{*p.DestID}, &slug); err != nil {
			return 0, err
		}
	}
	if p.ID == 0 {
		return store.InsertID(ctx, q, `INSERT INTO promotions (provider_id, name, title, short, description, image_url, color_bg,
			dest_type, dest_id, dest_slug, dest_src) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			providerID, p.Name, p.Title, p.Short, p.Description, p.Image, p.ColorBg, p.DestType, destID, slug, p.DestURL)
	}
	res, err := q.Exec(ctx, `UPDATE promotions SET name = ?, title = ?, short = ?, description = ?, image_url = ?, color_bg = ?,
		dest_type = ?, dest_id = ?, dest_slug = ?, dest_src = ? WHERE id = ? AND provider_id = ?`,
		p.Name, p.Title, p.Short, p.Description, p.Image, p.ColorBg, p.DestType, destID, slug, p.DestURL, p.ID, providerID)
	return p.ID, affected(res, err)
}

// ConsoleDeletePromotion deletes a promotion of the operator and takes it
// out of the rows that showed it.
func ConsoleDeletePromotion(ctx context.Context, q store.Querier, providerID, id int64) error {
	res, err := q.Exec(ctx, "DELETE FROM promotions WHERE id = ? AND provider_id = ?", id, providerID)
	if err := affected(res, err); err != nil {
		return err
	}
	_, err = q.Exec(ctx, "DELETE FROM row_items WHERE kind = ? AND object_id = ?", itemPromotion, id)
	return err
}
