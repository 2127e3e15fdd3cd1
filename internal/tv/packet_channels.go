package tv

import (
	"context"
)

// PacketChannel is a channel as a packet's page lists it.
type PacketChannel struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
	Logo string `json:"logo"`
}

// PacketChannels lists the visible channels of a packet in line-up order,
// for the commerce area's packet pages (from the cached line-up).
func (s *Service) PacketChannels(ctx context.Context, providerID, packetID int64) ([]PacketChannel, error) {
	l, err := s.cache.lineup(ctx, providerID)
	if err != nil {
		return nil, err
	}
	in := map[int64]bool{}
	for _, id := range l.packetChannels[packetID] {
		in[id] = true
	}
	out := []PacketChannel{}
	for _, c := range l.channels {
		if in[c.ID] && !c.IsHidden {
			out = append(out, PacketChannel{ID: c.ID, Name: c.Name, Slug: c.Slug, Logo: logoPath(c)})
		}
	}
	return out, nil
}
