package providerapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/identity"
)

// maxGrants bounds the subscriptions one call grants.
const maxGrants = 20

// subscriptionTypes are the reference's filters of the subscription list
// and the states each takes.
var subscriptionTypes = map[string][]string{
	"active":  {"active"},
	"current": {"active", "paused"},
	"paused":  {"paused"},
	"planned": {"future"},
}

// packetOf is the packet of a subscription (its name alone when the packet
// is gone).
func packetOf(byID map[int64]commerce.CatalogPacket, id int64, name string) Packet {
	if p, ok := byID[id]; ok {
		return packetView(p)
	}
	return Packet{ID: id, Name: name, Price: money(0)}
}

func subscriptionView(x commerce.StaffSubscription, byID map[int64]commerce.CatalogPacket) Subscription {
	return Subscription{ID: x.ID, Packet: packetOf(byID, x.PacketID, x.PacketName), StartAt: stamp(x.StartAt),
		EndAt: stamp(x.EndAt), Renew: x.Renew, IsPaused: x.State == "paused", Type: x.Type}
}

// subscriptions are the path's subscriber's subscriptions with the
// operator's packets.
func (s *Service) subscriptions(r *http.Request) (identity.Subscriber, []commerce.StaffSubscription,
	map[int64]commerce.CatalogPacket, error) {
	u, err := s.user(r, "user_id")
	if err != nil {
		return u, nil, nil, err
	}
	list, err := s.cfg.Shop.StaffSubscriptions(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return u, nil, nil, err
	}
	_, byID, err := s.packets(r.Context())
	return u, list, byID, err
}

// handleSubscriptions lists the subscriber's subscriptions that have not
// ended (types narrows them: active, current, paused, planned; packet_ids
// to some packets).
func (s *Service) handleSubscriptions(w http.ResponseWriter, r *http.Request) error {
	states := []string{"active", "paused", "future"}
	if v := r.URL.Query().Get("types"); v != "" {
		states = nil
		for _, t := range strings.Split(v, ",") {
			st, ok := subscriptionTypes[strings.TrimSpace(t)]
			if !ok {
				return httpx.Invalid("types", "providerapi_types_invalid")
			}
			states = append(states, st...)
		}
	}
	var packetIDs []int64
	if v := r.URL.Query().Get("packet_ids"); v != "" {
		for _, p := range strings.Split(v, ",") {
			id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
			if err != nil || id <= 0 {
				return httpx.Invalid("packet_ids", "providerapi_packet_ids_invalid")
			}
			packetIDs = append(packetIDs, id)
		}
	}
	_, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	out := []Subscription{}
	for _, x := range list {
		if slices.Contains(states, x.State) && (packetIDs == nil || slices.Contains(packetIDs, x.PacketID)) {
			out = append(out, subscriptionView(x, byID))
		}
	}
	httpx.OK(w, out)
	return nil
}

// handleFutures lists the subscriptions that start later.
func (s *Service) handleFutures(w http.ResponseWriter, r *http.Request) error {
	_, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	out := []FutureSubscription{}
	for _, x := range list {
		if x.State == "future" {
			out = append(out, FutureSubscription{ID: x.ID, Packet: packetOf(byID, x.PacketID, x.PacketName),
				StartAt: stamp(x.StartAt), Renew: x.Renew})
		}
	}
	httpx.OK(w, out)
	return nil
}

// grantBody is one subscription to grant: a packet from start_at (left
// out: now) to end_at, as RFC 3339 or unix seconds.
type grantBody struct {
	PacketID int64       `json:"packet_id"`
	StartAt  *httpx.Text `json:"start_at"`
	EndAt    *httpx.Text `json:"end_at"`
	Renew    *bool       `json:"renew"`
}

// moment reads a time given as RFC 3339 or unix seconds (0 when left out).
func moment(t *httpx.Text, field string) (int64, error) {
	if t == nil || t.String() == "" {
		return 0, nil
	}
	if n, err := strconv.ParseInt(t.String(), 10, 64); err == nil && n > 0 {
		return n, nil
	}
	at, err := time.Parse(time.RFC3339, t.String())
	if err != nil || at.Unix() <= 0 {
		return 0, httpx.Invalid(field, "providerapi_time_invalid")
	}
	return at.Unix(), nil
}

// decodeGrants reads a list of grants, or one grant alone (a form body).
func decodeGrants(r *http.Request) ([]grantBody, error) {
	var raw json.RawMessage
	if err := httpx.Decode(r, &raw); err != nil {
		return nil, err
	}
	var list []grantBody
	var err error
	if raw = bytes.TrimSpace(raw); len(raw) > 0 && raw[0] == '[' {
		err = json.Unmarshal(raw, &list)
	} else {
		var one grantBody
		if err = json.Unmarshal(raw, &one); err == nil {
			list = []grantBody{one}
		}
	}
	if err != nil {
		return nil, httpx.BadRequest("error_bad_body")
	}
	if len(list) == 0 || len(list) > maxGrants {
		return nil, httpx.Invalid("packet_id", "providerapi_subscriptions_count")
	}
	return list, nil
}

// handleGrant gives the subscriber packets free of charge for a time (type
// grant, no renewal). Each grant is its own change: when one is refused,
// those before it stay granted (and are in the audit log).
func (s *Service) handleGrant(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	list, err := decodeGrants(r)
	if err != nil {
		return err
	}
	type grant struct{ packet, start, end int64 }
	grants := make([]grant, 0, len(list))
	for _, g := range list {
		if g.Renew != nil && *g.Renew {
			return httpx.Invalid("renew", "providerapi_grant_renew")
		}
		start, err := moment(g.StartAt, "start_at")
		if err != nil {
			return err
		}
		end, err := moment(g.EndAt, "end_at")
		if err != nil {
			return err
		}
		grants = append(grants, grant{g.PacketID, start, end})
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	out := make([]Subscription, 0, len(grants))
	for _, g := range grants {
		sub, err := s.cfg.Shop.StaffGrant(r.Context(), u.ProviderID, u.ID, g.packet, g.start, g.end)
		if err != nil {
			return err
		}
		v := subscriptionView(sub, byID)
		if err := s.audit(r, "subscription.grant", u.ID, nil, v); err != nil {
			return err
		}
		out = append(out, v)
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// handleEndSubscription ends a subscription now; what was paid is not given
// back (a refund does that).
func (s *Service) handleEndSubscription(w http.ResponseWriter, r *http.Request) error {
	u, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	// The subscription as it was, for the audit log (nil when it is not
	// among the latest: commerce finds it, or answers 404).
	var before *Subscription
	for _, x := range list {
		if x.ID == id {
			v := subscriptionView(x, byID)
			before = &v
		}
	}
	sub, err := s.cfg.Shop.StaffChangeSubscription(r.Context(), u.ProviderID, u.ID, id, "end", nil)
	if err != nil {
		return err
	}
	if err := s.audit(r, "subscription.end", u.ID, before, subscriptionView(sub, byID)); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}
