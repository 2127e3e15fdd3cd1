package otp

import (
	"net/http"
	"time"

	"efir/internal/httpx"
	"efir/internal/provider"
)

// Register adds the code status routes (no token needed), the Telegram
// webhook when the bot is configured, and the outbox reader in development.
func (s *Service) Register(mux *http.ServeMux) {
	mux.Handle("GET /v2/otp/send_methods", httpx.Handler(s.handleSendMethods))
	mux.Handle("GET /v2/otp/exist", httpx.Handler(s.handleExist))
	if s.bot != nil {
		mux.Handle("POST /v2/otp/telegram/webhook", httpx.Handler(s.handleTelegramWebhook))
	}
	if s.dev {
		// Development and e2e tests only: codes readable over HTTP.
		mux.Handle("GET /v2/dev/outbox", httpx.Handler(s.handleDevOutbox))
	}
}

// SendMethods says how codes reach a phone, preferred first.
type SendMethods struct {
	Methods []string `json:"methods"`
	Link    *string  `json:"link"`
}

func (s *Service) handleSendMethods(w http.ResponseWriter, r *http.Request) error {
	phone, err := phoneParam(r)
	if err != nil {
		return err
	}
	ans := SendMethods{Methods: []string{"sms"}}
	// Every phone is linkable while the bot is known by name: the link opens
	// the bot, which asks the viewer to share their number.
	if s.bot != nil && s.bot.name != "" {
		link := "https://t.me/" + s.bot.name + "?start=" + phone
		ans = SendMethods{Methods: []string{"telegram", "sms"}, Link: &link}
	}
	httpx.OK(w, ans)
	return nil
}

// handleExist answers GET /v2/otp/exist: true only to the requester of the
// live code (Exists), within a pace per client address.
func (s *Service) handleExist(w http.ResponseWriter, r *http.Request) error {
	phone, err := phoneParam(r)
	if err != nil {
		return err
	}
	ctx, ip := r.Context(), httpx.ClientIP(r)
	key := "unknown"
	if ip.IsValid() {
		key = addressScope(ip)
	}
	wait, err := s.exist.Take(ctx, key, s.now())
	if err != nil {
		return err
	}
	if wait > 0 {
		return httpx.RateLimited(int((wait + time.Second - 1) / time.Second))
	}
	ok, err := s.Exists(ctx, phone, requesterOf(ctx, ip))
	if err != nil {
		return err
	}
	httpx.OK(w, map[string]bool{"otp_exist": ok})
	return nil
}

func (s *Service) handleDevOutbox(w http.ResponseWriter, r *http.Request) error {
	phone := ""
	if r.URL.Query().Get("phone") != "" {
		var err error
		if phone, err = phoneParam(r); err != nil {
			return err
		}
	}
	list, err := ListOutbox(r.Context(), s.db, phone, 50)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// phoneParam reads ?phone= in the digit count of the request's operator.
func phoneParam(r *http.Request) (string, error) {
	raw := r.URL.Query().Get("phone")
	if raw == "" {
		return "", httpx.Invalid("phone", "error_required")
	}
	digits := 11
	if p := provider.FromContext(r.Context()); p != nil {
		digits = p.PhoneDigits()
	}
	phone, ok := NormalizePhone(raw, digits)
	if !ok {
		return "", httpx.Invalid("phone", "error_wrong_phone")
	}
	return phone, nil
}
