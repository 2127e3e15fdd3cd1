package catalog

import (
	"context"

	"efir/internal/store"
)

// ConsoleNews is a news item as the console shows and edits it: hidden ones
// and ones waiting for their publication time too.
type ConsoleNews struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Lead        string `json:"lead"`
	Body        string `json:"body"`
	Image       string `json:"image"`
	PublishedAt int64  `json:"published_at"`
	Hidden      bool   `json:"hidden"`
}

const consoleNewsColumns = "id, slug, title, lead, body, image_url, published_at, is_hidden"

func scanConsoleNews(sc store.Scanner) (ConsoleNews, error) {
	var n ConsoleNews
	var slug string
	err := sc.Scan(&n.ID, &slug, &n.Title, &n.Lead, &n.Body, &n.Image, &n.PublishedAt, &n.Hidden)
	n.Slug = wireSlug(slug, n.ID)
	return n, err
}

// ConsoleNewsList is a page of the operator's news, the newest first.
func ConsoleNewsList(ctx context.Context, q store.Querier, providerID int64, limit, offset int) ([]ConsoleNews, error) {
	out := []ConsoleNews{}
	err := store.Each(ctx, q, "SELECT "+consoleNewsColumns+` FROM news WHERE provider_id = ?
		ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?`, []any{providerID, limit, offset},
		func(sc store.Scanner) error {
			n, err := scanConsoleNews(sc)
			out = append(out, n)
			return err
		})
	return out, err
}

// ConsoleNewsOf is one news item of the operator.
func ConsoleNewsOf(ctx context.Context, q store.Querier, providerID, id int64) (ConsoleNews, error) {
	n, err := scanConsoleNews(q.QueryRow(ctx, "SELECT "+consoleNewsColumns+" FROM news WHERE id = ? AND provider_id = ?",
		id, providerID))
	return n, store.MapErr(err)
}

// ConsoleSaveNews writes a news item: a new one (n.ID 0, answered with its
// id) or the operator's item n.ID. Its slug follows the title.
func ConsoleSaveNews(ctx context.Context, q store.Querier, providerID int64, n ConsoleNews) (int64, error) {
	slug := slugText(n.Title)
	if n.ID == 0 {
		return store.InsertID(ctx, q, `INSERT INTO news (provider_id, slug, title, lead, body, image_url, published_at, is_hidden)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, providerID, slug, n.Title, n.Lead, n.Body, n.Image, n.PublishedAt, n.Hidden)
	}
	res, err := q.Exec(ctx, `UPDATE news SET slug = ?, title = ?, lead = ?, body = ?, image_url = ?, published_at = ?, is_hidden = ?
		WHERE id = ? AND provider_id = ?`, slug, n.Title, n.Lead, n.Body, n.Image, n.PublishedAt, n.Hidden, n.ID, providerID)
	return n.ID, affected(res, err)
}

// ConsoleDeleteNews deletes a news item of the operator.
func ConsoleDeleteNews(ctx context.Context, q store.Querier, providerID, id int64) error {
	res, err := q.Exec(ctx, "DELETE FROM news WHERE id = ? AND provider_id = ?", id, providerID)
	return affected(res, err)
}
