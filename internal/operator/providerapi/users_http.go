package providerapi

import (
	"context"
	"net/http"

	"efir/internal/httpx"
	"efir/internal/identity"
)

// userBody is what POST and PATCH /v2/users take (the reference's BaseUser
// fields an operator writes); a field left out is not changed.
type userBody struct {
	Username    *httpx.Text `json:"username"`
	Password    *httpx.Text `json:"password"`
	Phone       *httpx.Text `json:"phone"`
	Email       *httpx.Text `json:"email"`
	FirstName   *httpx.Text `json:"first_name"`
	LastName    *httpx.Text `json:"last_name"`
	ProviderUID *httpx.Text `json:"provider_uid"`
	Timezone    *httpx.Text `json:"timezone"`
	Comment     *httpx.Text `json:"comment"`
	DeviceLimit *int        `json:"device_limit"`
	IsActive    *bool       `json:"is_active"`
}

func (b userBody) fields() identity.SubscriberFields {
	text := func(t *httpx.Text) *string {
		if t == nil {
			return nil
		}
		s := string(*t)
		return &s
	}
	return identity.SubscriberFields{Username: text(b.Username), Password: text(b.Password), Phone: text(b.Phone),
		Email: text(b.Email), FirstName: text(b.FirstName), LastName: text(b.LastName), ProviderUID: text(b.ProviderUID),
		Timezone: text(b.Timezone), Comment: text(b.Comment), DeviceLimit: b.DeviceLimit, Active: b.IsActive}
}

// unsupportedFilters are filters of the reference's user list this API does
// not have: refused rather than ignored, so that nobody takes an unfiltered
// list for a filtered one. A token is one operator's, so all_providers has
// nothing to add.
var unsupportedFilters = []string{"all_providers"}

func (s *Service) handleUsers(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	for _, f := range unsupportedFilters {
		if q.Has(f) {
			return httpx.Invalid(f, "providerapi_filter_unsupported")
		}
	}
	c := callerOf(r.Context())
	sets, err := userSets(q, c.ProviderID)
	if err != nil {
		return err
	}
	list, err := s.cfg.Subscribers.OperatorSubscribers(r.Context(), c.ProviderID, identity.SubscriberQuery{
		Username: q.Get("username"), Phone: q.Get("phone"), Email: q.Get("email"), ProviderUID: q.Get("provider_uid"),
		Search: q.Get("search"), Within: sets, Limit: limit, Offset: offset})
	if err != nil {
		return err
	}
	p, err := s.cfg.Operators.ByID(r.Context(), c.ProviderID)
	if err != nil {
		return err
	}
	out := make([]User, 0, len(list))
	for _, u := range list {
		out = append(out, userView(u, p, s.now()))
	}
	if err := s.withTags(r.Context(), out); err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

// withTags fills in the users' tags, in one read.
func (s *Service) withTags(ctx context.Context, users []User) error {
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	tags, err := s.userTags(ctx, ids)
	for i := range users {
		if t := tags[users[i].ID]; t != nil {
			users[i].Tags = t
		}
	}
	return err
}

// user reads the subscriber of the path's id (404 when not the caller's
// operator's).
func (s *Service) user(r *http.Request, name string) (identity.Subscriber, error) {
	id, err := httpx.PathID(r, name)
	if err != nil {
		return identity.Subscriber{}, err
	}
	return s.cfg.Subscribers.OperatorSubscriber(r.Context(), callerOf(r.Context()).ProviderID, id)
}

func (s *Service) writeUser(w http.ResponseWriter, r *http.Request, status int, u identity.Subscriber) error {
	p, err := s.cfg.Operators.ByID(r.Context(), u.ProviderID)
	if err != nil {
		return err
	}
	out := []User{userView(u, p, s.now())}
	if err := s.withTags(r.Context(), out); err != nil {
		return err
	}
	httpx.WriteJSON(w, status, out[0])
	return nil
}

func (s *Service) handleUser(w http.ResponseWriter, r *http.Request) error {
	u, err := s.user(r, "id")
	if err != nil {
		return err
	}
	return s.writeUser(w, r, http.StatusOK, u)
}

func (s *Service) handleCreateUser(w http.ResponseWriter, r *http.Request) error {
	var b userBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	c := callerOf(r.Context())
	p, err := s.cfg.Operators.ByID(r.Context(), c.ProviderID)
	if err != nil {
		return err
	}
	// The subscriber's profile is named in the operator's language.
	lang := ""
	if len(p.Languages) > 0 {
		lang = p.Languages[0]
	}
	u, err := s.cfg.Subscribers.CreateOperatorSubscriber(r.Context(), c.ProviderID, b.fields(), lang)
	if err != nil {
		return err
	}
	if err := s.audit(r, "subscriber.create", u.ID, nil, userView(u, p, s.now())); err != nil {
		return err
	}
	return s.writeUser(w, r, http.StatusCreated, u)
}

func (s *Service) handlePatchUser(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b userBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	c := callerOf(r.Context())
	before, after, err := s.cfg.Subscribers.UpdateOperatorSubscriber(r.Context(), c.ProviderID, id, b.fields())
	if err != nil {
		return err
	}
	p, err := s.cfg.Operators.ByID(r.Context(), c.ProviderID)
	if err != nil {
		return err
	}
	action := "subscriber.update"
	if b.Password != nil {
		action = "subscriber.update_password"
	}
	if err := s.audit(r, action, id, userView(before, p, s.now()), userView(after, p, s.now())); err != nil {
		return err
	}
	return s.writeUser(w, r, http.StatusOK, after)
}
