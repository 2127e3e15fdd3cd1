package channels

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
	"efir/internal/tv/epgimport"
	"efir/internal/tv/m3u"
)

// M3U import from the console: the same playlist text is sent to the
// preview and then to the apply, which writes everything the preview
// listed in one transaction (all or nothing).
//
// Rules of messy playlists:
//   - entries with one tvg-id (else one name) are one channel: the first
//     entry names it, every entry's address becomes one of its sources;
//   - an address that is not HLS (DASH .mpd, rtmp://, udp:// or rtp://, a
//     bare host:port, any other scheme) is reported with its line and kept
//     as a source that is never offered to viewers; a new channel without
//     any playable address is created hidden;
//   - a channel is matched by tvg-id (epg_id), then by the slug of its name.

const (
	// maxPlaylist bounds the playlist text the console sends.
	maxPlaylist = 8 << 20
	// maxEntries bounds the entries of one playlist.
	maxEntries = 20000
	// maxProblems bounds the problems listed (the rest are counted).
	maxProblems = 500
	// firstImportCategory: categories made from group-title (as the command
	// line import does).
	firstImportCategory = 1001
)

// M3UPreview is what an M3U import would do.
type M3UPreview struct {
	Entries       int          `json:"entries"`
	Add           int          `json:"add"`
	Update        int          `json:"update"`
	Channels      []M3UChannel `json:"channels"`
	Problems      []M3UProblem `json:"problems"`
	ProblemsTotal int          `json:"problems_total"`
	GuideURL      string       `json:"guide_url"`
}

// M3UChannel is one channel of the playlist and what the import does to it.
type M3UChannel struct {
	Line      int         `json:"line"`
	Name      string      `json:"name"`
	EpgID     string      `json:"epg_id"`
	Action    string      `json:"action"` // add or update
	ChannelID *int64      `json:"channel_id"`
	Groups    []string    `json:"groups"`
	Logo      string      `json:"logo"`
	Playable  bool        `json:"playable"`
	Sources   []M3USource `json:"sources"`

	number              int
	hasNumber           bool
	catchup, catchupSrc string
	days                int
}

// M3USource is one address of a playlist channel.
type M3USource struct {
	Line     int    `json:"line"`
	URL      string `json:"url"`
	Playable bool   `json:"playable"`
	Problem  string `json:"problem"`
}

// M3UProblem is a line the import reports: reason no_url,
// url_without_extinf, line_too_long, no_name or not_hls (kind then says
// which: dash, rtmp, udp, bare, scheme).
type M3UProblem struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// M3UResult is what an applied import did.
type M3UResult struct {
	Added    int     `json:"added"`
	Updated  int     `json:"updated"`
	Channels []int64 `json:"channels"`
}

type playlistInput struct {
	Playlist string `json:"playlist"`
}

// readPlaylist reads the body {"playlist": "..."} with a limit of its own
// (playlists are larger than the API's usual bodies).
func readPlaylist(r *http.Request) (string, error) {
	body := http.MaxBytesReader(nil, r.Body, maxPlaylist)
	var in playlistInput
	dec := json.NewDecoder(body)
	if err := dec.Decode(&in); err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return "", httpx.New(http.StatusRequestEntityTooLarge, httpx.TypeValidation, "console_channels_playlist_too_large")
		case errors.Is(err, io.EOF):
		default:
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return "", httpx.Invalid(te.Field, "error_wrong_type")
			}
			return "", httpx.BadRequest("error_bad_body")
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return "", httpx.BadRequest("error_bad_body")
	}
	if strings.TrimSpace(in.Playlist) == "" {
		return "", httpx.Invalid("playlist", "console_channels_playlist_empty")
	}
	return in.Playlist, nil
}

// parserReasons maps the parser's problems onto the codes of the API.
var parserReasons = map[string]string{
	"no url":              "no_url",
	"url without #EXTINF": "url_without_extinf",
	"line too long":       "line_too_long",
}

// planM3U reads the playlist and works out, against the provider's
// channels, what the import would do.
func planM3U(ctx context.Context, q store.Querier, provider int64, text string) (*M3UPreview, error) {
	p := &M3UPreview{Channels: []M3UChannel{}, Problems: []M3UProblem{}}
	problem := func(pr M3UProblem) {
		p.ProblemsTotal++
		if len(p.Problems) < maxProblems {
			p.Problems = append(p.Problems, pr)
		}
	}
	var header m3u.Header
	byKey := map[string]int{}
	tooMany := false
	err := m3u.Parse(strings.NewReader(text), m3u.Handler{
		Header: func(h m3u.Header) error { header = h; p.GuideURL = h.GuideURL(); return nil },
		Problem: func(pr m3u.Problem) {
			reason := parserReasons[pr.Reason]
			if reason == "" {
				reason = "no_url"
			}
			problem(M3UProblem{Line: pr.Line, Reason: reason, Detail: pr.Detail})
		},
		Entry: func(e *m3u.Entry) error {
			p.Entries++
			if p.Entries > maxEntries {
				tooMany = true
				return errTooMany
			}
			name := strings.TrimSpace(e.Name)
			epg := strings.TrimSpace(e.Get("tvg-id"))
			if name == "" {
				name = epg
			}
			if name == "" {
				problem(M3UProblem{Line: e.Line, Reason: "no_name", Detail: e.URL})
				return nil
			}
			if len([]rune(name)) > 100 {
				name = string([]rune(name)[:100])
			}
			src := M3USource{Line: e.Line, URL: strings.TrimSpace(e.URL)}
			src.Problem = m3u.Unplayable(src.URL)
			src.Playable = src.Problem == ""
			if !src.Playable {
				problem(M3UProblem{Line: e.Line, Reason: "not_hls", Kind: src.Problem, Detail: src.URL})
			}
			key := "epg:" + epg
			if epg == "" {
				key = "slug:" + epgimport.Slug(name)
			}
			if i, ok := byKey[key]; ok {
				c := &p.Channels[i]
				c.Sources = append(c.Sources, src)
				c.Playable = c.Playable || src.Playable
				return nil
			}
			c := M3UChannel{Line: e.Line, Name: name, EpgID: epg, Logo: e.Get("tvg-logo"), Groups: []string{},
				Sources: []M3USource{src}, Playable: src.Playable,
				catchup:    firstOf(e.Get("catchup"), e.Get("catchup-type"), header.Get("catchup")),
				catchupSrc: firstOf(e.Get("catchup-source"), header.Get("catchup-source"))}
			for _, g := range strings.Split(e.Group, ";") {
				if g = strings.TrimSpace(g); g != "" && len(c.Groups) < 16 && len([]rune(g)) <= 100 {
					c.Groups = append(c.Groups, g)
				}
			}
			for _, k := range []string{"catchup-days", "tvg-rec", "timeshift"} {
				if n, ok := e.Int(k); ok && n >= 0 {
					c.days = min(n, 365)
					break
				}
			}
			if n, ok := e.Int("tvg-chno"); ok && n > 0 && n <= 99999 {
				c.number, c.hasNumber = n, true
			}
			byKey[key] = len(p.Channels)
			p.Channels = append(p.Channels, c)
			return nil
		},
	})
	if tooMany {
		return nil, httpx.Invalid("playlist", "console_channels_playlist_too_many")
	}
	if err != nil {
		return nil, err
	}
	if p.Entries == 0 {
		return nil, httpx.Invalid("playlist", "console_channels_playlist_no_entries")
	}
	for i := range p.Channels {
		c := &p.Channels[i]
		id, err := matchChannel(ctx, q, provider, c.EpgID, epgimport.Slug(c.Name))
		if err != nil {
			return nil, err
		}
		if id == 0 {
			c.Action = "add"
			p.Add++
			continue
		}
		c.Action, c.ChannelID = "update", &id
		p.Update++
	}
	return p, nil
}

var errTooMany = errors.New("too many entries")

func firstOf(vs ...string) string {
	for _, v := range vs {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// matchChannel finds the provider's channel by epg_id, then by slug (0: none).
func matchChannel(ctx context.Context, q store.Querier, provider int64, epg, slug string) (int64, error) {
	var id int64
	if epg != "" {
		err := store.Get(ctx, q, "SELECT id FROM channels WHERE provider_id = ? AND epg_id = ? ORDER BY id LIMIT 1",
			[]any{provider, epg}, &id)
		if !errors.Is(err, store.ErrNotFound) {
			return id, err
		}
	}
	if slug == "" {
		return 0, nil
	}
	err := store.Get(ctx, q, "SELECT id FROM channels WHERE provider_id = ? AND slug = ?", []any{provider, slug}, &id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	return id, err
}

func (s *Section) handleM3UPreview(w http.ResponseWriter, r *http.Request) error {
	text, err := readPlaylist(r)
	if err != nil {
		return err
	}
	p, err := planM3U(r.Context(), s.db, operator.ProviderOf(r), text)
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}

func (s *Section) handleM3UApply(w http.ResponseWriter, r *http.Request) error {
	text, err := readPlaylist(r)
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	res := M3UResult{Channels: []int64{}}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := planM3U(ctx, tx, provider, text)
		if err != nil {
			return err
		}
		if len(p.Channels) == 0 {
			return httpx.Invalid("playlist", "console_channels_playlist_no_entries")
		}
		im := &m3uApply{s: s, tx: tx, provider: provider, categories: map[string]int64{}}
		if err := im.load(ctx); err != nil {
			return err
		}
		for i := range p.Channels {
			id, err := im.save(ctx, &p.Channels[i])
			if err != nil {
				return err
			}
			res.Channels = append(res.Channels, id)
		}
		res.Added, res.Updated = p.Add, p.Update
		if err := s.staff.Audit(ctx, tx, r, "channel.m3u_import", "lineup", provider, nil,
			map[string]any{"added": res.Added, "updated": res.Updated, "channels": res.Channels,
				"problems": p.ProblemsTotal}); err != nil {
			return err
		}
		return s.changed(ctx, tx)
	})
	if err != nil {
		return err
	}
	s.invalidate()
	httpx.OK(w, res)
	return nil
}

// m3uApply writes a planned import inside one transaction.
type m3uApply struct {
	s          *Section
	tx         *store.Tx
	provider   int64
	categories map[string]int64 // lower-case name -> id
	allIDs     []int64          // categories tagged all_channels
	nextCat    int64
	nextNumber int
}

func (a *m3uApply) load(ctx context.Context) error {
	a.nextCat = firstImportCategory
	err := store.Each(ctx, a.tx, "SELECT id, name, tag_all_channels FROM categories WHERE provider_id = ? ORDER BY id",
		[]any{a.provider}, func(sc store.Scanner) error {
			var id int64
			var name string
			var all bool
			if err := sc.Scan(&id, &name, &all); err != nil {
				return err
			}
			if _, dup := a.categories[strings.ToLower(name)]; !dup {
				a.categories[strings.ToLower(name)] = id
			}
			if all {
				a.allIDs = append(a.allIDs, id)
			}
			a.nextCat = max(a.nextCat, id+1)
			return nil
		})
	if err != nil {
		return err
	}
	return store.Get(ctx, a.tx, "SELECT COALESCE(MAX(number), 0) + 1 FROM channels WHERE provider_id = ?",
		[]any{a.provider}, &a.nextNumber)
}

func (a *m3uApply) save(ctx context.Context, c *M3UChannel) (int64, error) {
	now := a.s.staff.Now()
	primary := ""
	for _, src := range c.Sources {
		if src.Playable {
			primary = src.URL
			break
		}
	}
	template, days := "", 0
	if primary != "" {
		template = epgimport.CatchupTemplate(c.catchup, c.catchupSrc, primary)
		if template != "" {
			days = c.days
		}
	}
	var id int64
	if c.ChannelID == nil {
		slug, err := freeSlug(ctx, a.tx, a.provider, epgimport.Slug(c.Name))
		if err != nil {
			return 0, err
		}
		number := c.number
		if !c.hasNumber {
			number = a.nextNumber
		}
		a.nextNumber = max(a.nextNumber, number+1)
		// without a playable address the channel waits hidden for one
		id, err = store.InsertID(ctx, a.tx, `INSERT INTO channels (provider_id, slug, name, number, is_hidden, source_type,
			source_url, catchup_template, archived_days, epg_id, logo_url, created_at)
			VALUES (?, ?, ?, ?, ?, 'hls', ?, ?, ?, ?, ?, ?) RETURNING id`,
			a.provider, slug, c.Name, number, primary == "", primary, template, days, c.EpgID, c.Logo, now)
		if err != nil {
			return 0, err
		}
		for _, cat := range a.allIDs {
			if err := a.join(ctx, cat, id, c.Line); err != nil {
				return 0, err
			}
		}
	} else {
		id = *c.ChannelID
		// Missing attributes keep what the channel has; an uploaded logo
		// stays; the stream changes only for a playable address.
		if _, err := a.tx.Exec(ctx, `UPDATE channels SET name = ?,
			epg_id = CASE WHEN ? = '' THEN epg_id ELSE ? END,
			logo_url = CASE WHEN ? = '' OR logo_url LIKE '/v2/channels/%' THEN logo_url ELSE ? END,
			number = CASE WHEN ? THEN ? ELSE number END
			WHERE id = ? AND provider_id = ?`,
			c.Name, c.EpgID, c.EpgID, c.Logo, c.Logo, c.hasNumber, c.number, id, a.provider); err != nil {
			return 0, err
		}
		if primary != "" {
			if _, err := a.tx.Exec(ctx, `UPDATE channels SET source_type = 'hls', source_url = ?, catchup_template = ?,
				archived_days = ? WHERE id = ?`, primary, template, days, id); err != nil {
				return 0, err
			}
		}
	}
	if _, err := a.tx.Exec(ctx, "DELETE FROM channel_sources WHERE channel_id = ?", id); err != nil {
		return 0, err
	}
	for i, src := range c.Sources {
		if _, err := a.tx.Exec(ctx, `INSERT INTO channel_sources (provider_id, channel_id, url, playable, problem, sort, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, a.provider, id, src.URL, src.Playable, src.Problem, i, now); err != nil {
			return 0, err
		}
	}
	for _, g := range c.Groups {
		cat, err := a.category(ctx, g)
		if err != nil {
			return 0, err
		}
		if err := a.join(ctx, cat, id, c.Line); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func (a *m3uApply) join(ctx context.Context, cat, channel int64, sort int) error {
	_, err := a.tx.Exec(ctx, `INSERT INTO channel_categories (provider_id, category_id, channel_id, sort)
		VALUES (?, ?, ?, ?) ON CONFLICT (provider_id, category_id, channel_id) DO NOTHING`, a.provider, cat, channel, sort)
	return err
}

// category is the id of the category named g, created when missing.
func (a *m3uApply) category(ctx context.Context, g string) (int64, error) {
	if id, ok := a.categories[strings.ToLower(g)]; ok {
		return id, nil
	}
	id := a.nextCat
	a.nextCat++
	base := epgimport.Slug(g)
	if base == "" {
		base = "group"
	}
	if _, err := a.tx.Exec(ctx, "INSERT INTO categories (provider_id, id, slug, name, sort) VALUES (?, ?, ?, ?, ?)",
		a.provider, id, base+"-"+itoa(id), g, id); err != nil {
		return 0, err
	}
	a.categories[strings.ToLower(g)] = id
	return id, nil
}
