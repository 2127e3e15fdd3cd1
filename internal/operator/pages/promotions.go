package pagesadmin

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"efir/internal/catalog"
	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// maxURL bounds an address (a picture, a link).
const maxURL = 1000

// promotionBody is a promotion as the console sends it; a field left out
// keeps its value.
type promotionBody struct {
	Name        *string `json:"name"`
	Title       *string `json:"title"`
	Short       *string `json:"short"`
	Description *string `json:"description"`
	Image       *string `json:"image"`
	ColorBg     *string `json:"color_bg"`
	DestType    *string `json:"dest_type"`
	DestID      *int64  `json:"dest_id"`
	DestURL     *string `json:"dest_url"`
}

func trimmed(p *string, into *string) {
	if p != nil {
		*into = strings.TrimSpace(*p)
	}
}

// input overlays b on cur and checks the result.
func (b promotionBody) input(cur catalog.ConsolePromotion) (catalog.ConsolePromotion, error) {
	p := cur
	trimmed(b.Name, &p.Name)
	trimmed(b.Title, &p.Title)
	trimmed(b.Short, &p.Short)
	trimmed(b.Description, &p.Description)
	trimmed(b.Image, &p.Image)
	trimmed(b.ColorBg, &p.ColorBg)
	trimmed(b.DestType, &p.DestType)
	trimmed(b.DestURL, &p.DestURL)
	if b.DestID != nil {
		p.DestID = b.DestID
	}
	if err := checkTitle("title", p.Title); err != nil {
		return p, err
	}
	if utf8.RuneCountInString(p.Name) > maxTitle {
		return p, httpx.Invalid("name", "console_pages_text_long")
	}
	if utf8.RuneCountInString(p.Short) > maxTitle {
		return p, httpx.Invalid("short", "console_pages_text_long")
	}
	if utf8.RuneCountInString(p.Description) > maxDescription {
		return p, httpx.Invalid("description", "console_pages_text_long")
	}
	if p.Image != "" && !validURL(p.Image) {
		return p, httpx.Invalid("image", "console_pages_url_invalid")
	}
	if p.ColorBg != "" && !validColor(p.ColorBg) {
		return p, httpx.Invalid("color_bg", "console_pages_color_invalid")
	}
	table, ok := catalog.PromotionDestinations[p.DestType]
	if !ok {
		return p, httpx.Invalid("dest_type", "console_pages_dest_invalid")
	}
	switch {
	case table != "":
		if p.DestID == nil || *p.DestID <= 0 {
			return p, httpx.Invalid("dest_id", "console_pages_dest_invalid")
		}
	default:
		p.DestID = nil
	}
	if p.DestType == "open_url" {
		if !validURL(p.DestURL) {
			return p, httpx.Invalid("dest_url", "console_pages_url_invalid")
		}
	} else {
		p.DestURL = ""
	}
	return p, nil
}

// validURL: an absolute http(s) address or a path of the site.
func validURL(u string) bool {
	if len(u) > maxURL || strings.ContainsAny(u, " \t\r\n\"'<>\\") {
		return false
	}
	if strings.HasPrefix(u, "/") {
		return !strings.HasPrefix(u, "//")
	}
	for _, p := range []string{"https://", "http://"} {
		if rest, ok := strings.CutPrefix(u, p); ok {
			return rest != "" && !strings.HasPrefix(rest, "/")
		}
	}
	return false
}

// validColor: #rgb or #rrggbb.
func validColor(c string) bool {
	if len(c) != 4 && len(c) != 7 || c[0] != '#' {
		return false
	}
	for _, r := range c[1:] {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return false
		}
	}
	return true
}

// GET /promotions: the operator's banners and buttons, the newest first.
func (s *Section) handlePromotions(w http.ResponseWriter, r *http.Request) error {
	list, err := catalog.ConsolePromotions(r.Context(), s.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// POST /promotions: a new promotion (put it in a banner row to show it).
func (s *Section) handlePromotionCreate(w http.ResponseWriter, r *http.Request) error {
	var b promotionBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	p, err := b.input(catalog.ConsolePromotion{})
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out catalog.ConsolePromotion
	err = s.change(ctx, func(tx *store.Tx) error {
		id, err := catalog.ConsoleSavePromotion(ctx, tx, provider, p)
		if err != nil {
			return unknown(err, "dest_id")
		}
		if out, err = catalog.ConsolePromotionOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.promotion.create", "promotion", id, nil, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// PATCH /promotions/{id}.
func (s *Section) handlePromotionPatch(w http.ResponseWriter, r *http.Request) error {
	return editOne(s, w, r, "pages.promotion.update", "promotion", catalog.ConsolePromotionOf,
		func(ctx context.Context, tx *store.Tx, provider, _ int64, cur catalog.ConsolePromotion, b *promotionBody) error {
			p, err := b.input(cur)
			if err != nil {
				return err
			}
			_, err = catalog.ConsoleSavePromotion(ctx, tx, provider, p)
			return unknown(err, "dest_id")
		})
}

// DELETE /promotions/{id}: gone, and out of the rows that showed it.
func (s *Section) handlePromotionDelete(w http.ResponseWriter, r *http.Request) error {
	return deleteOne(s, w, r, "pages.promotion.delete", "promotion", catalog.ConsolePromotionOf, catalog.ConsoleDeletePromotion)
}
