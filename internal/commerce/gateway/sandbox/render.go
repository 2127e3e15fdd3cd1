package sandbox

import (
	"bytes"
	_ "embed"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/commerce/gateway"
	"efir/internal/httpx"
)

//go:embed pages.html
var pagesHTML string

var pages = template.Must(template.New("pages").Funcs(template.FuncMap{
	"t": func(lang, key string, args ...any) string { return httpx.T(lang, key, args...) },
}).Parse(pagesHTML))

// pageView is everything a hosted page shows. View picks the body: card,
// 3ds, sbp, mobile, result, or a plain Message.
type pageView struct {
	Lang         string
	View         string
	Heading      string
	HeadingClass string
	Message      string
	ID, CSRF     string
	Amount       string
	Description  string
	Alert        string
	Notice       string
	Fields       map[string]field
	SaveCard     bool
	TestCards    []testCardView
	Phone        string
	CanResend    bool
	CanCancel    bool
	CardNote     string
	ReturnURL    string
}

// field is one labelled text input with its error.
type field struct {
	Name, Label, Value, Error string
	Autocomplete, Placeholder string
	Numeric, Required         bool
	MaxLength                 int
}

type testCardView struct{ Number, Text string }

// paymentView starts the page of p for the request's language.
func (s *Service) paymentView(r *http.Request, p *payment) *pageView {
	lang := httpx.Lang(r)
	return &pageView{
		Lang:        lang,
		ID:          p.ID,
		CSRF:        s.csrfToken(p.ID),
		Amount:      formatAmount(lang, p.Amount, p.Currency),
		Description: p.Description,
		CanCancel:   !p.final(),
	}
}

// pageFor is the page a payment shows now: its result once it has ended,
// else the step the payer is at.
func (s *Service) pageFor(r *http.Request, p *payment) *pageView {
	v := s.paymentView(r, p)
	t := func(key string, args ...any) string { return httpx.T(v.Lang, key, args...) }
	switch {
	case p.final():
		v.View = "result"
		v.ReturnURL = safeReturnURL(p.ReturnURL)
		if p.Status == gateway.StatusSucceeded {
			v.Heading, v.HeadingClass, v.Message = t("sandbox_succeeded_heading"), "ok", t("sandbox_succeeded_text")
			if p.CardToken != "" && p.Confirmation != "" {
				v.CardNote = t("sandbox_card_saved", brandName(p.CardBrand), p.CardLast4)
			}
		} else {
			v.Heading, v.HeadingClass, v.Message = t("sandbox_canceled_heading"), "fail", reasonText(v.Lang, p.FailureReason)
		}
	case p.Method == gateway.MethodCard && p.Challenge == challenge3DS:
		v.View, v.Heading = "3ds", t("sandbox_3ds_heading")
		v.Fields = map[string]field{"code": codeField(v.Lang, "sandbox_3ds_code")}
	case p.Method == gateway.MethodCard:
		v.View, v.Heading = "card", t("sandbox_card_heading")
		v.SaveCard = p.SaveCard
		v.Fields = cardFields(v.Lang, cardForm{})
		for _, tc := range testCards {
			v.TestCards = append(v.TestCards, testCardView{Number: groupDigits(tc.Number), Text: t(tc.Key)})
		}
	case p.Method == gateway.MethodSBP:
		v.View, v.Heading = "sbp", t("sandbox_sbp_heading")
	case p.Method == gateway.MethodMobileBalance:
		v.View, v.Heading = "mobile", t("sandbox_mobile_heading")
		v.Phone = maskPhone(p.Phone)
		v.CanResend = p.SMSSends < maxSMSSends
		v.Fields = map[string]field{"code": codeField(v.Lang, "sandbox_mobile_code")}
	default:
		v.View, v.Heading, v.Message = "message", t("sandbox_error_heading"), t("sandbox_error_text")
	}
	return v
}

func cardFields(lang string, f cardForm) map[string]field {
	return map[string]field{
		// The number is never written back into the page, and the
		// browser is not invited to fill in a real card on a test page.
		"number": {Name: "number", Label: httpx.T(lang, "sandbox_card_number"), Autocomplete: "off",
			Numeric: true, MaxLength: 23, Placeholder: "4242 4242 4242 4242", Required: true},
		"expiry": {Name: "expiry", Label: httpx.T(lang, "sandbox_card_expiry"), Value: f.Expiry,
			Autocomplete: "off", MaxLength: 7, Placeholder: "MM/YY", Required: true},
		"cvc": {Name: "cvc", Label: httpx.T(lang, "sandbox_card_cvc"), Autocomplete: "off",
			Numeric: true, MaxLength: 3, Required: true},
		"holder": {Name: "holder", Label: httpx.T(lang, "sandbox_card_holder"), Value: f.Holder,
			Autocomplete: "off", MaxLength: 100},
	}
}

func codeField(lang, labelKey string) field {
	return field{Name: "code", Label: httpx.T(lang, labelKey), Autocomplete: "one-time-code",
		Numeric: true, MaxLength: 6, Required: true}
}

// withErrors puts the translated field errors on v and a summary on top.
func (v *pageView) withErrors(errs map[string]string) *pageView {
	for name, key := range errs {
		if f, ok := v.Fields[name]; ok {
			f.Error = httpx.T(v.Lang, key)
			v.Fields[name] = f
		}
	}
	if len(errs) > 0 {
		v.Alert = httpx.T(v.Lang, "sandbox_error_summary")
	}
	return v
}

func reasonText(lang, reason string) string {
	switch reason {
	case ReasonCardDeclined, Reason3DSFailed, ReasonSMSCodeFailed, ReasonCanceledByPayer:
		return httpx.T(lang, "sandbox_reason_"+reason)
	}
	return httpx.T(lang, "sandbox_reason_other")
}

// messagePage is a page without a payment form: not found, refused, failed.
func messagePage(r *http.Request, headingKey, textKey string) *pageView {
	lang := httpx.Lang(r)
	return &pageView{Lang: lang, View: "message", Heading: httpx.T(lang, headingKey), Message: httpx.T(lang, textKey)}
}

// writePage renders v. Payment pages are never cached and never pass their
// address (the payment id) on as a referrer.
func writePage(w http.ResponseWriter, r *http.Request, status int, v *pageView) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, "page", v); err != nil {
		slog.ErrorContext(r.Context(), "sandbox: page not rendered", "view", v.View, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// formatAmount writes minor units with two decimals and the currency, in
// the separators of lang (English 1,234.50; the others 1 234,50).
func formatAmount(lang string, minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	group, decimal := "\u00a0", ","
	if lang == "en" {
		group, decimal = ",", "."
	}
	whole := strconv.FormatInt(minor/100, 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(c)
	}
	symbol := currency
	if currency == "RUB" {
		symbol = "₽"
	}
	return sign + b.String() + decimal + strconv.FormatInt(100+minor%100, 10)[1:] + "\u00a0" + symbol
}

// maskPhone shows the country's first digit and the last four:
// 79161234567 -> +7••••••4567.
func maskPhone(digits string) string {
	if len(digits) <= 5 {
		return "+" + strings.Repeat("•", len(digits))
	}
	return "+" + digits[:1] + strings.Repeat("•", len(digits)-5) + digits[len(digits)-4:]
}

// brandName is a card brand as people write it.
func brandName(brand string) string {
	switch brand {
	case "visa":
		return "Visa"
	case "mastercard":
		return "Mastercard"
	case "mir":
		return "Mir"
	}
	return brand
}

// groupDigits writes a card number in groups of four.
func groupDigits(n string) string {
	var b strings.Builder
	for i, c := range n {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// t translates key into the page's language.
func (v *pageView) t(key string, args ...any) string { return httpx.T(v.Lang, key, args...) }
