package tv

import (
	"encoding/json"
	"net/http"
)

// The catalogue's channel rows (a startpage row of channels) show the
// line-up as the channel list does; these two calls are what its small
// Channels interface asks of tv.

// VisibleChannels gives the channels the viewer of r may see, in line-up
// order; of one category when category > 0 (an unknown category has none).
func (s *Service) VisibleChannels(r *http.Request, category int64) ([]int64, error) {
	v, err := s.viewerOf(r, false)
	if err != nil {
		return nil, err
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return nil, err
	}
	var in map[int64]bool
	if category > 0 {
		in = map[int64]bool{}
		for _, k := range l.categories {
			if k.ID == category {
				for _, id := range k.Channels {
					in[id] = true
				}
			}
		}
	}
	ids := []int64{}
	for _, c := range l.channels {
		if v.sees(c) && (in == nil || in[c.ID]) {
			ids = append(ids, c.ID)
		}
	}
	return ids, nil
}

// ChannelTiles renders the channels of ids the viewer of r may see, in the
// order of ids, exactly as /v2/users/self/channel_list renders them.
func (s *Service) ChannelTiles(r *http.Request, ids []int64) ([]json.RawMessage, error) {
	v, err := s.viewerOf(r, true)
	if err != nil {
		return nil, err
	}
	l, err := s.cache.lineup(r.Context(), v.providerID)
	if err != nil {
		return nil, err
	}
	cur, err := s.cache.current(r.Context(), v.providerID, s.now().Unix())
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, 0, len(ids))
	for _, id := range ids {
		if c := l.byID[id]; c != nil && v.sees(c) {
			out = append(out, s.appendChannel(nil, v, c, cur[c.ID]))
		}
	}
	return out, nil
}
