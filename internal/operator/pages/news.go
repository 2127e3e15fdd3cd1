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

// Bounds of a news item.
const (
	maxLead = 1000
	maxBody = 20000
)

// newsBody is a news item as the console sends it; a field left out keeps
// its value. A new item without published_at is published at once.
type newsBody struct {
	Title       *string `json:"title"`
	Lead        *string `json:"lead"`
	Body        *string `json:"body"`
	Image       *string `json:"image"`
	PublishedAt *int64  `json:"published_at"`
	Hidden      *bool   `json:"hidden"`
}

func (b newsBody) input(cur catalog.ConsoleNews) (catalog.ConsoleNews, error) {
	n := cur
	trimmed(b.Title, &n.Title)
	trimmed(b.Lead, &n.Lead)
	trimmed(b.Image, &n.Image)
	if b.Body != nil {
		n.Body = strings.TrimSpace(strings.ReplaceAll(*b.Body, "\r\n", "\n"))
	}
	if b.PublishedAt != nil {
		n.PublishedAt = *b.PublishedAt
	}
	if b.Hidden != nil {
		n.Hidden = *b.Hidden
	}
	if err := checkTitle("title", n.Title); err != nil {
		return n, err
	}
	if utf8.RuneCountInString(n.Lead) > maxLead {
		return n, httpx.Invalid("lead", "console_pages_text_long")
	}
	if utf8.RuneCountInString(n.Body) > maxBody {
		return n, httpx.Invalid("body", "console_pages_text_long")
	}
	if n.Image != "" && !validURL(n.Image) {
		return n, httpx.Invalid("image", "console_pages_url_invalid")
	}
	// Unix seconds up to the year 9999.
	if n.PublishedAt <= 0 || n.PublishedAt > 253402300799 {
		return n, httpx.Invalid("published_at", "console_pages_time_invalid")
	}
	return n, nil
}

// GET /news?limit=&offset=: the operator's news, hidden and future ones
// too, the newest first.
func (s *Section) handleNewsList(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	list, err := catalog.ConsoleNewsList(r.Context(), s.db, operator.ProviderOf(r), limit, offset)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// POST /news.
func (s *Section) handleNewsCreate(w http.ResponseWriter, r *http.Request) error {
	var b newsBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	n, err := b.input(catalog.ConsoleNews{PublishedAt: s.staff.Now()})
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out catalog.ConsoleNews
	err = s.change(ctx, func(tx *store.Tx) error {
		id, err := catalog.ConsoleSaveNews(ctx, tx, provider, n)
		if err != nil {
			return err
		}
		if out, err = catalog.ConsoleNewsOf(ctx, tx, provider, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "pages.news.create", "news", id, nil, out)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// PATCH /news/{id}: an edit, or publishing ({"hidden": false,
// "published_at": now}) and hiding.
func (s *Section) handleNewsPatch(w http.ResponseWriter, r *http.Request) error {
	return editOne(s, w, r, "pages.news.update", "news", catalog.ConsoleNewsOf,
		func(ctx context.Context, tx *store.Tx, provider, _ int64, cur catalog.ConsoleNews, b *newsBody) error {
			n, err := b.input(cur)
			if err != nil {
				return err
			}
			_, err = catalog.ConsoleSaveNews(ctx, tx, provider, n)
			return err
		})
}

// DELETE /news/{id}.
func (s *Section) handleNewsDelete(w http.ResponseWriter, r *http.Request) error {
	return deleteOne(s, w, r, "pages.news.delete", "news", catalog.ConsoleNewsOf, catalog.ConsoleDeleteNews)
}
