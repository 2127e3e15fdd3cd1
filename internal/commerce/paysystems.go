package commerce

import (
	"context"

	"efir/internal/provider"
	"efir/internal/store"
)

// PaySystem is a pay system as the client gets it.
type PaySystem struct {
	provider.PaySystem
	Payforms []string `json:"payforms"`
	IsTest   bool     `json:"is_test"`
}

// payforms are the pay-form calls each pay system kind uses.
var payforms = map[string][]string{
	"provider_account": {},
	"linkedcard":       {"linkedcard"},
	"short_url":        {"short_url"},
	"pay_iframe":       {"pay_iframe"},
	"phone":            {"phone", "confirm_by_sms"},
	"qrcode":           {"qrcode"},
	"qrcode_png":       {"qrcode_png"},
	"info":             {},
}

// paySystemsOf lists the operator's pay systems; online ones only when a
// gateway is configured.
func (s *Service) paySystemsOf(p *provider.Provider) []PaySystem {
	gw := s.gatewayOf(p)
	out := []PaySystem{}
	for _, ps := range p.Commerce.PaySystems {
		forms, known := payforms[ps.Kind]
		if !known || (gw == nil && len(forms) > 0) {
			continue
		}
		out = append(out, PaySystem{PaySystem: ps, Payforms: append([]string{}, forms...), IsTest: gw != nil && gw.Name() == "sandbox"})
	}
	return out
}

func paySystemByName(p *provider.Provider, name string) (provider.PaySystem, bool) {
	for _, ps := range p.Commerce.PaySystems {
		if ps.Shortname == name {
			return ps, true
		}
	}
	return provider.PaySystem{}, false
}

// cardPaySystem is the pay system saved-card payments are recorded under.
func cardPaySystem(p *provider.Provider) provider.PaySystem {
	for _, ps := range p.Commerce.PaySystems {
		if ps.Kind == "linkedcard" {
			return ps
		}
	}
	return provider.PaySystem{Shortname: "linkedcard", Kind: "linkedcard"}
}

// providerOfUser is the operator a user belongs to.
func (s *Service) providerOfUser(ctx context.Context, userID int64) (*provider.Provider, error) {
	var id int64
	if err := store.Get(ctx, s.db, `SELECT provider_id FROM users WHERE id = ?`, []any{userID}, &id); err != nil {
		return nil, err
	}
	return s.provider(ctx, id)
}
