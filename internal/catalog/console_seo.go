package catalog

import (
	"context"
	"strings"

	"efir/internal/provider"
	"efir/internal/server"
)

// ownSEOMask puts the operator's own SEO mask (the console's pages section)
// in place of the built-in one in m, the meta fillPage made of pg: the same
// rules, only the texts differ. Nothing changes when the operator has no own
// text for the page type.
func (s *Service) ownSEOMask(ctx context.Context, providerID int64, lang, brand string, pg page, m *server.PageMeta) {
	if !pg.found || pg.missing || pg.mask == "" {
		return
	}
	texts, err := provider.OwnSEOTexts(ctx, s.db, providerID, lang)
	if err != nil || texts == nil {
		return
	}
	mask, ok := provider.SEOMaskOf(ctx, s.db, providerID, lang, brand, pg.mask)
	if !ok {
		return
	}
	if _, own := texts[pg.mask+"|title"]; own {
		m.Title = strings.ReplaceAll(mask.Title, "{name}", pg.name)
	}
	if _, own := texts[pg.mask+"|description"]; own && pg.description == "" {
		m.Description = strings.ReplaceAll(mask.Description, "{name}", pg.name)
	}
}
