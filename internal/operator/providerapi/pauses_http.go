package providerapi

import (
	"net/http"

	"efir/internal/commerce"
	"efir/internal/httpx"
)

// Pause is a subscription standing paused (the reference's
// PacketSubscriptionPause). A subscription has one pause at a time, so the
// pause's id is its subscription's; it lasts until its planned end
// (end_at, set by PATCH) or until it is lifted (end_at null).
type Pause struct {
	ID             int64   `json:"id"`
	SubscriptionID int64   `json:"subscription_id"`
	StartAt        string  `json:"start_at"`
	EndAt          *string `json:"end_at"`
}

func pauseView(p commerce.APIPause) Pause {
	return Pause{ID: p.SubscriptionID, SubscriptionID: p.SubscriptionID, StartAt: stamp(p.PausedAt),
		EndAt: stampOrNil(p.ResumeAt)}
}

// handleCurrentSubscriptions lists the running and paused subscriptions.
func (s *Service) handleCurrentSubscriptions(w http.ResponseWriter, r *http.Request) error {
	_, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	out := []Subscription{}
	for _, x := range list {
		if x.State == "active" || x.State == "paused" {
			out = append(out, subscriptionView(x, byID))
		}
	}
	httpx.OK(w, out)
	return nil
}

// subscription reads the path's subscription of the path's subscriber.
func (s *Service) subscription(r *http.Request, name string) (commerce.StaffSubscription, error) {
	u, err := s.user(r, "user_id")
	if err != nil {
		return commerce.StaffSubscription{}, err
	}
	id, err := httpx.PathID(r, name)
	if err != nil {
		return commerce.StaffSubscription{}, err
	}
	return s.cfg.Shop.APISubscription(r.Context(), u.ProviderID, u.ID, id)
}

func (s *Service) writeSubscription(w http.ResponseWriter, r *http.Request, status int, x commerce.StaffSubscription) error {
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, status, subscriptionView(x, byID))
	return nil
}

// handleSubscription reads one subscription, an ended one too.
func (s *Service) handleSubscription(w http.ResponseWriter, r *http.Request) error {
	x, err := s.subscription(r, "id")
	if err != nil {
		return err
	}
	return s.writeSubscription(w, r, http.StatusOK, x)
}

// subscriptionPatch is what PATCH of a subscription takes: renew. The dates
// are not changed here (end it, or grant another).
type subscriptionPatch struct {
	Renew   *bool       `json:"renew"`
	StartAt *httpx.Text `json:"start_at"`
	EndAt   *httpx.Text `json:"end_at"`
	Packet  *httpx.Text `json:"packet_id"`
}

func (s *Service) handlePatchSubscription(w http.ResponseWriter, r *http.Request) error {
	x, err := s.subscription(r, "id")
	if err != nil {
		return err
	}
	var b subscriptionPatch
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	switch {
	case b.StartAt != nil:
		return httpx.Invalid("start_at", "providerapi_subscription_dates")
	case b.EndAt != nil:
		return httpx.Invalid("end_at", "providerapi_subscription_dates")
	case b.Packet != nil:
		return httpx.Invalid("packet_id", "providerapi_subscription_dates")
	case b.Renew == nil:
		return httpx.Invalid("renew", "providerapi_subscription_renew")
	}
	c := callerOf(r.Context())
	userID := s.userIDOf(r)
	after, err := s.cfg.Shop.StaffChangeSubscription(r.Context(), c.ProviderID, userID, x.ID, "", b.Renew)
	if err != nil {
		return err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	if after.Renew != x.Renew {
		if err := s.audit(r, "subscription.renew", userID, subscriptionView(x, byID), subscriptionView(after, byID)); err != nil {
			return err
		}
	}
	httpx.OK(w, subscriptionView(after, byID))
	return nil
}

// userIDOf is the path's subscriber id (checked by the handler's earlier
// read).
func (s *Service) userIDOf(r *http.Request) int64 {
	id, _ := httpx.PathID(r, "user_id")
	return id
}

// handlePauses lists the subscriber's paused subscriptions.
func (s *Service) handlePauses(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "user_id")
	if err != nil {
		return err
	}
	list, err := s.cfg.Shop.APIPauses(r.Context(), u.ProviderID, u.ID)
	if err != nil {
		return err
	}
	out := make([]Pause, 0, len(list))
	for _, p := range list {
		out = append(out, pauseView(p))
	}
	httpx.OK(w, out)
	return nil
}

// pauseOf is the pause of subscription id among the subscriber's (ok false:
// it is not paused).
func (s *Service) pauseOf(r *http.Request, userID, id int64) (Pause, bool, error) {
	list, err := s.cfg.Shop.APIPauses(r.Context(), callerOf(r.Context()).ProviderID, userID)
	if err != nil {
		return Pause{}, false, err
	}
	for _, p := range list {
		if p.SubscriptionID == id {
			return pauseView(p), true, nil
		}
	}
	return Pause{}, false, nil
}

// change pauses or resumes one subscription and writes it in the audit log.
func (s *Service) change(r *http.Request, userID int64, x commerce.StaffSubscription, action string,
	byID map[int64]commerce.CatalogPacket) error {
	after, err := s.cfg.Shop.StaffChangeSubscription(r.Context(), callerOf(r.Context()).ProviderID, userID, x.ID, action, nil)
	if err != nil {
		return err
	}
	return s.audit(r, "subscription."+action, userID, subscriptionView(x, byID), subscriptionView(after, byID))
}

// handlePauseAll pauses every running subscription of the subscriber and
// lists the pauses made (none running: an empty list).
func (s *Service) handlePauseAll(w http.ResponseWriter, r *http.Request) error {
	u, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	out := []Pause{}
	for _, x := range list {
		if x.State != "active" {
			continue
		}
		if err := s.change(r, u.ID, x, "pause", byID); err != nil {
			return err
		}
		p, ok, err := s.pauseOf(r, u.ID, x.ID)
		if err != nil {
			return err
		}
		if ok {
			out = append(out, p)
		}
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// handleResumeAll lifts every pause of the subscriber; each subscription's
// end moves later by the time it stood.
func (s *Service) handleResumeAll(w http.ResponseWriter, r *http.Request) error {
	u, list, byID, err := s.subscriptions(r)
	if err != nil {
		return err
	}
	for _, x := range list {
		if x.State == "paused" {
			if err := s.change(r, u.ID, x, "resume", byID); err != nil {
				return err
			}
		}
	}
	httpx.NoContent(w)
	return nil
}

// handleSubscriptionPauses lists the pause of one subscription (none or one).
func (s *Service) handleSubscriptionPauses(w http.ResponseWriter, r *http.Request) error {
	x, err := s.subscription(r, "subscription_id")
	if err != nil {
		return err
	}
	out := []Pause{}
	p, ok, err := s.pauseOf(r, s.userIDOf(r), x.ID)
	if ok {
		out = append(out, p)
	}
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// handlePause pauses a running subscription (409 conflict otherwise).
func (s *Service) handlePause(w http.ResponseWriter, r *http.Request) error {
	x, err := s.subscription(r, "subscription_id")
	if err != nil {
		return err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	userID := s.userIDOf(r)
	if err := s.change(r, userID, x, "pause", byID); err != nil {
		return err
	}
	p, _, err := s.pauseOf(r, userID, x.ID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, p)
	return nil
}

// pausedSubscription is the path's subscription when pause_id names its
// pause (the pause's id is the subscription's; 404 when it is not paused).
func (s *Service) pausedSubscription(r *http.Request) (commerce.StaffSubscription, error) {
	x, err := s.subscription(r, "subscription_id")
	if err != nil {
		return x, err
	}
	pauseID, err := httpx.PathID(r, "pause_id")
	if err != nil {
		return x, err
	}
	if pauseID != x.ID || x.State != "paused" {
		return x, httpx.NotFound()
	}
	return x, nil
}

// handleResume lifts the pause pause_id of a subscription (the pause's id
// is the subscription's; 404 when it is not paused).
func (s *Service) handleResume(w http.ResponseWriter, r *http.Request) error {
	x, err := s.pausedSubscription(r)
	if err != nil {
		return err
	}
	_, byID, err := s.packets(r.Context())
	if err != nil {
		return err
	}
	if err := s.change(r, s.userIDOf(r), x, "resume", byID); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

// handlePatchPause sets when the pause pause_id ends by itself: end_at as
// RFC 3339 or unix seconds, in the future; null or "" leaves it standing
// until lifted. At that moment the subscription resumes and its end moves
// by the time it stood.
func (s *Service) handlePatchPause(w http.ResponseWriter, r *http.Request) error {
	x, err := s.pausedSubscription(r)
	if err != nil {
		return err
	}
	var b map[string]*httpx.Text
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	raw, ok := b["end_at"]
	if !ok {
		return httpx.Invalid("end_at", "providerapi_pause_end_required")
	}
	until, err := moment(raw, "end_at")
	if err != nil {
		return err
	}
	userID := s.userIDOf(r)
	after, err := s.cfg.Shop.StaffPauseUntil(r.Context(), callerOf(r.Context()).ProviderID, userID, x.ID, until)
	if err != nil {
		return err
	}
	// The console's own view keeps resume_at, which is what changed.
	if err := s.audit(r, "subscription.pause_until", userID, x, after); err != nil {
		return err
	}
	p, _, err := s.pauseOf(r, userID, x.ID)
	if err != nil {
		return err
	}
	httpx.OK(w, p)
	return nil
}
