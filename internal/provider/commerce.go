package provider

import "slices"

// Commerce are an operator's selling settings, from the providers file: the
// payment gateway and its credentials, the pay systems viewers may use, and
// the rules the spec leaves to the operator.
type Commerce struct {
	// Gateway is "sandbox" (the built-in test gateway), "yookassa" or "" (no
	// online payments; the balance and promo codes still work).
	Gateway  string   `json:"gateway"`
	YooKassa YooKassa `json:"yookassa"`
	// PaySystems in the order viewers see them.
	PaySystems []PaySystem `json:"pay_systems"`
	// AddonsWithoutBase lets viewers buy an add-on packet without a base one.
	AddonsWithoutBase bool `json:"is_allow_additional_packets_without_base"`
	// UnsubscribeForbidden, when set, is the message viewers get instead of
	// switching a renewal off (answered with 451).
	UnsubscribeForbidden string `json:"unsubscribe_forbidden_message"`
	// PromoPacketIDs are the packets a new registration gets for PromoDays.
	PromoPacketIDs []int64 `json:"promo_packet_ids"`
	// CardLinkAmount is the small charge that links a card (refunded), minor units.
	CardLinkAmount int64 `json:"card_link_amount"`
}

// YooKassa are the shop's credentials (secret: keep the providers file private).
type YooKassa struct {
	ShopID    string `json:"shop_id"`
	SecretKey string `json:"secret_key"`
}

// PaySystem is one way to pay, as the client shows it. Kind is one of
// provider_account, linkedcard, short_url, pay_iframe, phone, qrcode,
// qrcode_png, info.
type PaySystem struct {
	Shortname           string `json:"shortname"`
	Kind                string `json:"kind"`
	Title               string `json:"title"`
	HowToUse            string `json:"how_to_use"`
	HowToUsePacket      string `json:"how_to_use_packet"`
	ButtonText          string `json:"button_text"`
	SkipParentalControl bool   `json:"skip_parental_control"`
}

// PaymentsOn: viewers can pay online (a gateway and a pay system other than info).
func (c Commerce) PaymentsOn() bool {
	if c.Gateway == "" {
		return false
	}
	for _, ps := range c.PaySystems {
		if ps.Kind != "info" {
			return true
		}
	}
	return false
}

// IframePaymentOn: viewers pay on the gateway's page framed inside the client
// (a pay system of kind pay_iframe); the client's #pay_iframe exists only then.
func (c Commerce) IframePaymentOn() bool {
	return c.PaymentsOn() && slices.ContainsFunc(c.PaySystems, func(ps PaySystem) bool { return ps.Kind == "pay_iframe" })
}
