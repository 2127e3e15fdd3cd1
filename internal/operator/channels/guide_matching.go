package channels

import (
	"errors"
	"net/http"
	"sort"
	"strings"
	"unicode"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Guide channels that match no line-up channel: listed with a suggestion by
// name, and mapped by staff.

// handleUnmatched lists the last report's guide channels that still match
// no line-up channel, each with the line-up channel of the closest name.
func (s *Section) handleUnmatched(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	g, err := guideOf(ctx, s.db, provider, id)
	if err != nil {
		return err
	}
	type lineupChannel struct {
		id         int64
		name, norm string
	}
	var line []lineupChannel
	known := map[string]bool{}
	err = store.Each(ctx, s.db, "SELECT id, name, epg_id FROM channels WHERE provider_id = ? ORDER BY number, id", []any{provider},
		func(sc store.Scanner) error {
			var c lineupChannel
			var epg string
			if err := sc.Scan(&c.id, &c.name, &epg); err != nil {
				return err
			}
			c.norm = normName(c.name)
			known[epg] = true
			line = append(line, c)
			return nil
		})
	if err != nil {
		return err
	}
	out := []GuideUnmatched{}
	if g.Report != nil {
		for _, u := range g.Report.Unmatched {
			if known[u.GuideID] {
				continue // mapped since
			}
			n := normName(u.Name)
			if n == "" {
				n = normName(u.GuideID)
			}
			best, bestScore := -1, 0
			for i, c := range line {
				if sc := nameScore(n, c.norm); sc > bestScore {
					best, bestScore = i, sc
				}
			}
			if best >= 0 {
				u.Suggestion = &UnmatchedSuggests{ChannelID: line[best].id, Name: line[best].name}
			}
			out = append(out, u)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Programmes > out[j].Programmes })
	httpx.OK(w, out)
	return nil
}

// normName is a name for comparing: lower case letters and digits only,
// without quality words (HD, FHD, 4K...).
func normName(s string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		switch w {
		case "hd", "fhd", "uhd", "4k", "sd", "tv", "тв", "channel", "канал", "ru", "com", "net", "org":
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, "")
}

// nameScore: 3 for the same name, 2 when one holds the other, 0 else.
func nameScore(a, b string) int {
	switch {
	case a == "" || b == "":
		return 0
	case a == b:
		return 3
	case len(a) >= 3 && len(b) >= 3 && (strings.Contains(a, b) || strings.Contains(b, a)):
		return 2
	}
	return 0
}

type mappingInput struct {
	GuideID   string `json:"guide_id"`
	ChannelID int64  `json:"channel_id"`
}

// handleMapping gives a line-up channel a guide channel's id: the next
// fetch fills its guide.
func (s *Section) handleMapping(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in mappingInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	guideID := strings.TrimSpace(in.GuideID)
	if guideID == "" || len(guideID) > 200 {
		return httpx.Invalid("guide_id", "console_channels_epg_id_invalid")
	}
	if in.ChannelID <= 0 {
		return httpx.Invalid("channel_id", "console_channels_mapping_channel")
	}
	ctx, provider := r.Context(), operator.ProviderOf(r)
	var out *Channel
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := guideOf(ctx, tx, provider, id); err != nil {
			return err
		}
		before, err := channelOf(ctx, tx, provider, in.ChannelID)
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return httpx.Invalid("channel_id", "console_channels_mapping_channel")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE channels SET epg_id = ? WHERE id = ? AND provider_id = ?", guideID, in.ChannelID, provider); err != nil {
			return err
		}
		if out, err = channelOf(ctx, tx, provider, in.ChannelID); err != nil {
			return err
		}
		if err := s.staff.Audit(ctx, tx, r, "channel.guide_mapping", "channel", in.ChannelID,
			map[string]string{"epg_id": before.EpgID}, map[string]any{"epg_id": guideID, "guide_source": id}); err != nil {
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
