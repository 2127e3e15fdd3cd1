package channels

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv/epgimport"
	"efir/internal/tv/m3u"
)

// Channel is a line-up channel as the console shows it.
type Channel struct {
	ID              int64    `json:"id"`
	Slug            string   `json:"slug"`
	Name            string   `json:"name"`
	Description     string   `json:"description"`
	Number          int      `json:"number"`
	Age             int      `json:"age"`
	IsHidden        bool     `json:"is_hidden"`
	SourceType      string   `json:"source_type"`
	SourceURL       string   `json:"source_url"`
	CatchupTemplate string   `json:"catchup_template"`
	ArchivedDays    int      `json:"archived_days"`
	EpgID           string   `json:"epg_id"`
	LogoURL         string   `json:"logo_url"`
	HasLogo         bool     `json:"has_logo"`
	Categories      []int64  `json:"categories"`
	Sources         []Source `json:"sources"`
}

// Source is one address of a channel: the one viewers get, or an
// alternative (an M3U import with several entries of one tvg-id).
type Source struct {
	URL      string `json:"url"`
	Playable bool   `json:"playable"`
	Problem  string `json:"problem"`
}

// Category is a channel category of the line-up.
type Category struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Sort     int    `json:"sort"`
	Channels int    `json:"channels"`
}

// Lineup is the whole line-up: channels in viewers' order and categories.
type Lineup struct {
	Channels   []Channel  `json:"channels"`
	Categories []Category `json:"categories"`
}

var validAges = []int{0, 6, 12, 16, 18}

func (s *Section) handleLineup(w http.ResponseWriter, r *http.Request) error {
	l, err := loadLineup(r.Context(), s.db, operator.ProviderOf(r))
	if err != nil {
		return err
	}
	httpx.OK(w, l)
	return nil
}

const channelColumns = `id, slug, name, description, number, age, is_hidden, source_type, source_url, catchup_template,
	archived_days, epg_id, logo_url`

func scanChannel(sc store.Scanner) (Channel, error) {
	var c Channel
	err := sc.Scan(&c.ID, &c.Slug, &c.Name, &c.Description, &c.Number, &c.Age, &c.IsHidden, &c.SourceType, &c.SourceURL,
		&c.CatchupTemplate, &c.ArchivedDays, &c.EpgID, &c.LogoURL)
	return c, err
}

// loadLineup reads the provider's channels with their categories, sources
// and logos, and the categories.
func loadLineup(ctx context.Context, q store.Querier, provider int64) (*Lineup, error) {
	l := &Lineup{Channels: []Channel{}, Categories: []Category{}}
	byID := map[int64]int{}
	err := store.Each(ctx, q, "SELECT "+channelColumns+" FROM channels WHERE provider_id = ? ORDER BY number, id",
		[]any{provider}, func(sc store.Scanner) error {
			c, err := scanChannel(sc)
			if err != nil {
				return err
			}
			c.Categories, c.Sources = []int64{}, []Source{}
			byID[c.ID] = len(l.Channels)
			l.Channels = append(l.Channels, c)
			return nil
		})
	if err != nil {
		return nil, err
	}
	count := map[int64]int{}
	err = store.Each(ctx, q, "SELECT channel_id, category_id FROM channel_categories WHERE provider_id = ? ORDER BY category_id",
		[]any{provider}, func(sc store.Scanner) error {
			var ch, cat int64
			if err := sc.Scan(&ch, &cat); err != nil {
				return err
			}
			if i, ok := byID[ch]; ok {
				l.Channels[i].Categories = append(l.Channels[i].Categories, cat)
				count[cat]++
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = store.Each(ctx, q, "SELECT channel_id, url, playable, problem FROM channel_sources WHERE provider_id = ? ORDER BY channel_id, sort, id",
		[]any{provider}, func(sc store.Scanner) error {
			var ch int64
			var src Source
			if err := sc.Scan(&ch, &src.URL, &src.Playable, &src.Problem); err != nil {
				return err
			}
			if i, ok := byID[ch]; ok {
				l.Channels[i].Sources = append(l.Channels[i].Sources, src)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = store.Each(ctx, q, "SELECT channel_id FROM channel_logos WHERE provider_id = ?", []any{provider}, func(sc store.Scanner) error {
		var ch int64
		if err := sc.Scan(&ch); err != nil {
			return err
		}
		if i, ok := byID[ch]; ok {
			l.Channels[i].HasLogo = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range l.Channels {
		l.Channels[i].LogoURL = viewerLogo(&l.Channels[i])
	}
	err = store.Each(ctx, q, "SELECT id, slug, name, sort FROM categories WHERE provider_id = ? ORDER BY sort, id",
		[]any{provider}, func(sc store.Scanner) error {
			var k Category
			if err := sc.Scan(&k.ID, &k.Slug, &k.Name, &k.Sort); err != nil {
				return err
			}
			k.Channels = count[k.ID]
			l.Categories = append(l.Categories, k)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// viewerLogo is the logo viewers see: the operator's (uploaded or from the
// playlist), else the generated one.
func viewerLogo(c *Channel) string {
	if c.LogoURL != "" {
		return c.LogoURL
	}
	return fmt.Sprintf("/v2/channels/%d/logo.svg", c.ID)
}

// channelOf reads one channel of the provider with its categories and
// sources (404 for another provider's).
func channelOf(ctx context.Context, q store.Querier, provider, id int64) (*Channel, error) {
	var c Channel
	err := store.Each(ctx, q, "SELECT "+channelColumns+" FROM channels WHERE id = ? AND provider_id = ?", []any{id, provider},
		func(sc store.Scanner) error {
			var err error
			c, err = scanChannel(sc)
			return err
		})
	if err != nil {
		return nil, err
	}
	if c.ID == 0 {
		return nil, httpx.NotFound()
	}
	c.Categories, c.Sources = []int64{}, []Source{}
	err = store.Each(ctx, q, "SELECT category_id FROM channel_categories WHERE provider_id = ? AND channel_id = ? ORDER BY category_id",
		[]any{provider, id}, func(sc store.Scanner) error {
			var cat int64
			err := sc.Scan(&cat)
			c.Categories = append(c.Categories, cat)
			return err
		})
	if err != nil {
		return nil, err
	}
	err = store.Each(ctx, q, "SELECT url, playable, problem FROM channel_sources WHERE channel_id = ? ORDER BY sort, id",
		[]any{id}, func(sc store.Scanner) error {
			var src Source
			err := sc.Scan(&src.URL, &src.Playable, &src.Problem)
			c.Sources = append(c.Sources, src)
			return err
		})
	if err != nil {
		return nil, err
	}
	var n int
	if err := store.Get(ctx, q, "SELECT COUNT(*) FROM channel_logos WHERE channel_id = ?", []any{id}, &n); err != nil {
		return nil, err
	}
	c.HasLogo = n > 0
	c.LogoURL = viewerLogo(&c)
	return &c, nil
}

// channelInput is the body of a create (name required) or an edit (only
// the fields sent change).
type channelInput struct {
	Name            *string  `json:"name"`
	Description     *string  `json:"description"`
	Number          *int     `json:"number"`
	Age             *int     `json:"age"`
	IsHidden        *bool    `json:"is_hidden"`
	SourceType      *string  `json:"source_type"`
	SourceURL       *string  `json:"source_url"`
	CatchupTemplate *string  `json:"catchup_template"`
	ArchivedDays    *int     `json:"archived_days"`
	EpgID           *string  `json:"epg_id"`
	Categories      *[]int64 `json:"categories"`
}

// apply puts the input on c, checking every field.
func (in *channelInput) apply(c *Channel) error {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = strings.TrimSpace(*v)
		}
	}
	set(&c.Name, in.Name)
	set(&c.Description, in.Description)
	set(&c.SourceType, in.SourceType)
	set(&c.SourceURL, in.SourceURL)
	set(&c.CatchupTemplate, in.CatchupTemplate)
	set(&c.EpgID, in.EpgID)
	if in.Number != nil {
		c.Number = *in.Number
	}
	if in.Age != nil {
		c.Age = *in.Age
	}
	if in.IsHidden != nil {
		c.IsHidden = *in.IsHidden
	}
	if in.ArchivedDays != nil {
		c.ArchivedDays = *in.ArchivedDays
	}
	if in.Categories != nil {
		c.Categories = slices.Clone(*in.Categories)
		slices.Sort(c.Categories)
		c.Categories = slices.Compact(c.Categories)
	}
	switch {
	case c.Name == "" || utf8.RuneCountInString(c.Name) > 100:
		return httpx.Invalid("name", "console_channels_name_invalid")
	case utf8.RuneCountInString(c.Description) > 2000:
		return httpx.Invalid("description", "console_channels_description_invalid")
	case c.Number < 0 || c.Number > 99999:
		return httpx.Invalid("number", "console_channels_number_invalid")
	case !slices.Contains(validAges, c.Age):
		return httpx.Invalid("age", "console_channels_age_invalid")
	case c.SourceType != "loop" && c.SourceType != "hls":
		return httpx.Invalid("source_type", "console_channels_source_type_invalid")
	case len(c.SourceURL) > 2000:
		return httpx.Invalid("source_url", "console_channels_source_url_invalid")
	case len(c.CatchupTemplate) > 2000:
		return httpx.Invalid("catchup_template", "console_channels_catchup_invalid")
	case c.ArchivedDays < 0 || c.ArchivedDays > 365:
		return httpx.Invalid("archived_days", "console_channels_archive_invalid")
	case len(c.EpgID) > 200:
		return httpx.Invalid("epg_id", "console_channels_epg_id_invalid")
	case len(c.Categories) > 100:
		return httpx.Invalid("categories", "console_channels_categories_invalid")
	}
	if c.SourceType == "hls" {
		if c.SourceURL == "" {
			return httpx.Invalid("source_url", "console_channels_source_url_invalid")
		}
		if m3u.Unplayable(c.SourceURL) != "" {
			return httpx.Invalid("source_url", "console_channels_source_not_hls")
		}
	}
	if c.SourceType == "loop" && strings.Contains(c.SourceURL, "..") {
		return httpx.Invalid("source_url", "console_channels_source_url_invalid")
	}
	if c.CatchupTemplate != "" && c.SourceType != "hls" {
		return httpx.Invalid("catchup_template", "console_channels_catchup_loop")
	}
	return nil
}

// checkCategories refuses category ids the provider does not have.
func checkCategories(ctx context.Context, q store.Querier, provider int64, ids []int64) error {
	for _, id := range ids {
		var n int
		if err := store.Get(ctx, q, "SELECT COUNT(*) FROM categories WHERE provider_id = ? AND id = ?", []any{provider, id}, &n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Invalid("categories", "console_channels_categories_invalid")
		}
	}
	return nil
}

// setCategories makes the channel's memberships exactly ids.
func setCategories(ctx context.Context, q store.Querier, provider, channel int64, ids []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM channel_categories WHERE provider_id = ? AND channel_id = ?", provider, channel); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := q.Exec(ctx, "INSERT INTO channel_categories (provider_id, category_id, channel_id, sort) VALUES (?, ?, ?, 0)",
			provider, id, channel); err != nil {
			return err
		}
	}
	return nil
}

// setPrimarySource keeps channel_sources in step with an edited stream
// address: the address viewers get is the first source.
func setPrimarySource(ctx context.Context, q store.Querier, provider int64, c *Channel, now int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM channel_sources WHERE channel_id = ? AND url = ?", c.ID, c.SourceURL); err != nil {
		return err
	}
	if c.SourceType != "hls" || c.SourceURL == "" {
		return nil
	}
	if _, err := q.Exec(ctx, "UPDATE channel_sources SET sort = sort + 1 WHERE channel_id = ?", c.ID); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO channel_sources (provider_id, channel_id, url, playable, problem, sort, created_at)
		VALUES (?, ?, ?, TRUE, '', 0, ?)`, provider, c.ID, c.SourceURL, now)
	return err
}

func (s *Section) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var in channelInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	c := &Channel{SourceType: "loop", Categories: []int64{}, Sources: []Source{}}
	if err := in.apply(c); err != nil {
		return err
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if in.Categories == nil {
			// a new channel joins the "all channels" categories
			if err := store.Each(ctx, tx, "SELECT id FROM categories WHERE provider_id = ? AND tag_all_channels = ?",
				[]any{provider, true}, func(sc store.Scanner) error {
					var cat int64
					err := sc.Scan(&cat)
					c.Categories = append(c.Categories, cat)
					return err
				}); err != nil {
				return err
			}
		}
		if err := checkCategories(ctx, tx, provider, c.Categories); err != nil {
			return err
		}
		if in.Number == nil {
			if err := store.Get(ctx, tx, "SELECT COALESCE(MAX(number), 0) + 1 FROM channels WHERE provider_id = ?",
				[]any{provider}, &c.Number); err != nil {
				return err
			}
		}
		slug, err := freeSlug(ctx, tx, provider, epgimport.Slug(c.Name))
		if err != nil {
			return err
		}
		id, err = store.InsertID(ctx, tx, `INSERT INTO channels (provider_id, slug, name, description, number, age, is_hidden,
			source_type, source_url, catchup_template, archived_days, epg_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, provider, slug, c.Name, c.Description, c.Number, c.Age,
			c.IsHidden, c.SourceType, c.SourceURL, c.CatchupTemplate, c.ArchivedDays, c.EpgID, s.staff.Now())
		if err != nil {
			return err
		}
		c.ID = id
		if err := setCategories(ctx, tx, provider, id, c.Categories); err != nil {
			return err
		}
		if err := setPrimarySource(ctx, tx, provider, c, s.staff.Now()); err != nil {
			return err
		}
		after, err := channelOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.create", "channel", id, nil, after); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	out, err := channelOf(ctx, s.db, provider, id)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Section) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in channelInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out *Channel
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := channelOf(ctx, tx, provider, id)
		if err != nil {
			return err
		}
		c := *before
		c.Categories = slices.Clone(before.Categories)
		if err := in.apply(&c); err != nil {
			return err
		}
		if err := checkCategories(ctx, tx, provider, c.Categories); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE channels SET name = ?, description = ?, number = ?, age = ?, is_hidden = ?,
			source_type = ?, source_url = ?, catchup_template = ?, archived_days = ?, epg_id = ?
			WHERE id = ? AND provider_id = ?`, c.Name, c.Description, c.Number, c.Age, c.IsHidden, c.SourceType, c.SourceURL,
			c.CatchupTemplate, c.ArchivedDays, c.EpgID, id, provider); err != nil {
			return err
		}
		if in.Categories != nil {
			if err := setCategories(ctx, tx, provider, id, c.Categories); err != nil {
				return err
			}
		}
		if c.SourceURL != before.SourceURL || c.SourceType != before.SourceType {
			if err := setPrimarySource(ctx, tx, provider, &c, s.staff.Now()); err != nil {
				return err
			}
		}
		if out, err = channelOf(ctx, tx, provider, id); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.update", "channel", id, before, out); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.OK(w, out)
	return nil
}

// freeSlug is slug, or slug-2, slug-3... when the provider has it taken.
func freeSlug(ctx context.Context, q store.Querier, provider int64, slug string) (string, error) {
	if slug == "" {
		slug = "channel"
	}
	for i := 1; ; i++ {
		try := slug
		if i > 1 {
			try = slug + "-" + strconv.Itoa(i)
		}
		var n int
		if err := store.Get(ctx, q, "SELECT COUNT(*) FROM channels WHERE provider_id = ? AND slug = ?", []any{provider, try}, &n); err != nil {
			return "", err
		}
		if n == 0 {
			return try, nil
		}
		if i > 1000 {
			return "", errors.New("no free slug")
		}
	}
}
