package providerapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Channel is a channel of the operator's line-up as the operator's systems
// see it (the reference's ChannelListV2 without what only a viewer has:
// favourites, purchases, the programme on air). packet_ids are the packets
// that carry it.
type Channel struct {
	ID               int64        `json:"id"`
	Name             string       `json:"name"`
	Slug             string       `json:"slug"`
	Num              int          `json:"num"`
	Icon             string       `json:"icon"`
	HD               bool         `json:"hd"`
	IsHD             bool         `json:"is_hd"`
	Is4K             bool         `json:"is_4k"`
	ArchivedDays     int          `json:"archived_days"`
	RealArchivedDays int          `json:"real_archived_days"`
	Cover            ChannelCover `json:"cover"`
	Age              int          `json:"age"`
	AR               string       `json:"ar"`
	IsFree           bool         `json:"is_free"`
	IsHidden         bool         `json:"is_hidden"`
	PacketIDs        []int64      `json:"packet_ids"`
}

// ChannelCover is the channel's pictures: its logo and background.
type ChannelCover struct {
	Full string `json:"full"`
	Bg   string `json:"bg"`
}

const channelSelect = `SELECT id, name, slug, number, logo_url, bg_url, is_hd, is_4k, archived_days, source_type,
	catchup_template, age, is_free, is_hidden FROM channels`

func scanChannel(r store.Scanner) (Channel, error) {
	var c Channel
	var source, catchup string
	err := r.Scan(&c.ID, &c.Name, &c.Slug, &c.Num, &c.Icon, &c.Cover.Bg, &c.IsHD, &c.Is4K, &c.ArchivedDays, &source, &catchup,
		&c.Age, &c.IsFree, &c.IsHidden)
	if c.Icon == "" {
		// The generated logo the apps show when the operator set none.
		c.Icon = fmt.Sprintf("/v2/channels/%d/logo.svg", c.ID)
	}
	c.Cover.Full, c.HD, c.AR, c.PacketIDs = c.Icon, c.IsHD, "16:9", []int64{}
	// An upstream source without a catch-up template keeps no archive.
	c.RealArchivedDays = c.ArchivedDays
	if source == "hls" && catchup == "" {
		c.RealArchivedDays = 0
	}
	return c, err
}

// withPackets fills the packets that carry each channel.
func (s *Service) withPackets(ctx context.Context, list []Channel) error {
	if len(list) == 0 {
		return nil
	}
	at := map[int64]int{}
	ids := make([]string, 0, len(list))
	for i, c := range list {
		at[c.ID] = i
		ids = append(ids, strconv.FormatInt(c.ID, 10))
	}
	return store.Each(ctx, s.db, `SELECT channel_id, packet_id FROM packet_channels WHERE channel_id IN (`+
		strings.Join(ids, ",")+`) ORDER BY packet_id`, nil, func(r store.Scanner) error {
		var ch, p int64
		if err := r.Scan(&ch, &p); err != nil {
			return err
		}
		list[at[ch]].PacketIDs = append(list[at[ch]].PacketIDs, p)
		return nil
	})
}

// handleChannels lists the operator's channels in line-up order, hidden
// ones too; search matches a part of the name or the slug, in any case. A
// line-up is a few hundred channels: it is read whole and filtered here, so
// that the match is the same on every database.
func (s *Service) handleChannels(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("search")))
	out := []Channel{}
	skip := offset
	err = store.Each(r.Context(), s.db, channelSelect+` WHERE provider_id = ? ORDER BY number, id`,
		[]any{callerOf(r.Context()).ProviderID}, func(r store.Scanner) error {
			c, err := scanChannel(r)
			if err != nil || len(out) == limit {
				return err
			}
			if q != "" && !strings.Contains(strings.ToLower(c.Name), q) && !strings.Contains(strings.ToLower(c.Slug), q) {
				return nil
			}
			if skip > 0 {
				skip--
				return nil
			}
			out = append(out, c)
			return nil
		})
	if err != nil {
		return err
	}
	if err := s.withPackets(r.Context(), out); err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handleChannel reads one channel of the operator.
func (s *Service) handleChannel(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	c, err := scanChannel(s.db.QueryRow(r.Context(), channelSelect+` WHERE id = ? AND provider_id = ?`, id,
		callerOf(r.Context()).ProviderID))
	if errors.Is(store.MapErr(err), store.ErrNotFound) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	list := []Channel{c}
	if err := s.withPackets(r.Context(), list); err != nil {
		return err
	}
	httpx.OK(w, list[0])
	return nil
}
