package demo

import (
	"context"
	"net/netip"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// seedProviders adds the demo operators: "Efir Demo" (id 1, the default, for
// local and private networks) and "Alma Demo" (id 2, the Alma code flow, for
// 192.168.77.0/24) so that multi-operator behaviour can be tried.
func seedProviders(ctx context.Context, tx *store.Tx) error {
	for _, p := range demoProviders() {
		if err := provider.Save(ctx, tx, p); err != nil {
			return err
		}
	}
	return nil
}

func demoProviders() []*provider.Provider {
	return []*provider.Provider{{
		ID:        1,
		Shortname: "demo",
		Name:      "Efir Demo",
		IsDefault: true,
		Networks: []netip.Prefix{
			netip.MustParsePrefix("127.0.0.0/8"),
			netip.MustParsePrefix("::1/128"),
			netip.MustParsePrefix("10.0.0.0/8"),
		},
		AllowedCountries: []string{},
		PhoneMask:        "+7 (###) ###-##-##",
		OTPLength:        6,
		Languages:        append([]string(nil), httpx.Languages...),
		Currency:         provider.Currency{ISOCode: "RUB", UTFName: "₽", ASCIIName: "rub"},
		GuestAllowed:     true,
		DeviceLimit:      5,
		StreamLimit:      3,
		PromoDays:        14,
		HasPurchases:     true,
		Support:          provider.Support{URL: "https://efir.example/help", Phone: "+7 800 000-00-00", Email: "support@efir.example"},
		RegformURL:       "https://efir.example/connect",
		RegformLabel:     "Подключить",
		LkLabel:          "Личный кабинет",
		LkURL:            "https://efir.example/account",
	}, {
		ID:        2,
		Shortname: "alma",
		Name:      "Alma Demo",
		Alma:      true,
		AutoAuth:  true, // the demo Alma subscriber's network signs in by itself
		Networks:  []netip.Prefix{netip.MustParsePrefix("192.168.77.0/24")},
		PhoneMask: "+7 (###) ###-##-##",
		OTPLength: 4,
		Languages: []string{"ru", "kk", "en"},
		Currency:  provider.Currency{ISOCode: "KZT", UTFName: "₸", ASCIIName: "kzt"},
		// Alma subscribers sign in through their contract (city and address).
		GuestAllowed: false,
		DeviceLimit:  5,
		HasPurchases: true,
		Support:      provider.Support{URL: "https://alma.example/help", Phone: "+7 727 000-00-00", Email: "help@alma.example"},
	}}
}
