// Package gateway is what commerce needs of a payment gateway: create a
// payment, read it back, refund it, and say which payment a notification is
// about. Commerce never trusts a notification's body: it re-reads the payment
// with Get and acts on that. Implementations: sandbox (built in, the demo's)
// and yookassa.
package gateway

import (
	"context"
	"errors"
	"net/http"
)

// Method is how the payer pays.
type Method string

const (
	MethodCard          Method = "bank_card"
	MethodSBP           Method = "sbp"            // Faster Payments System QR
	MethodMobileBalance Method = "mobile_balance" // operator's phone account, confirmed by SMS
)

// Confirmation is how the payer confirms a new payment.
type Confirmation string

const (
	ConfirmRedirect Confirmation = "redirect" // a hosted payment page (ConfirmationURL)
	ConfirmEmbedded Confirmation = "embedded" // a widget in our page (ConfirmationToken)
	ConfirmQR       Confirmation = "qr"       // an SBP QR code (QRPayload)
	ConfirmNone     Confirmation = ""         // saved card or mobile balance: nothing to show
)

// Status of a payment at the gateway.
type Status string

const (
	StatusPending   Status = "pending"   // waiting for the payer or the bank
	StatusSucceeded Status = "succeeded" // money taken
	StatusCanceled  Status = "canceled"  // declined, expired or cancelled; FailureReason says why
)

// PaymentRequest asks for a new payment. IdempotencyKey is unique per
// payment of ours: asking twice with one key gives the same payment.
type PaymentRequest struct {
	IdempotencyKey string
	Amount         int64  // minor units
	Currency       string // ISO 4217, e.g. RUB
	Description    string
	Method         Method
	Confirmation   Confirmation
	ReturnURL      string // where the hosted page sends the payer back
	SaveCard       bool   // keep the card for later payments (Payment.Card)
	SavedCardToken string // pay with a saved card, no confirmation
	Phone          string // digits, for MethodMobileBalance
	Metadata       map[string]string
}

// Card is a saved card as the gateway describes it: only what may be kept.
type Card struct {
	Token string // the gateway's payment_method_id
	Brand string // visa, mastercard, mir, ...
	Last4 string
}

// Payment is the gateway's view of one payment.
type Payment struct {
	ID                string
	Status            Status
	Amount            int64
	Currency          string
	ConfirmationURL   string
	ConfirmationToken string
	QRPayload         string
	Card              *Card // set when the payment saved a card and succeeded
	FailureReason     string
	Metadata          map[string]string
}

// Refund is one refund of a payment.
type Refund struct {
	ID     string
	Status Status // succeeded or canceled (pending while the gateway works on it)
	Amount int64
}

// Gateway is one payment gateway account (one operator's shop).
type Gateway interface {
	// Name is the gateway's short name in URLs and stored rows ("sandbox", "yookassa").
	Name() string
	CreatePayment(ctx context.Context, req PaymentRequest) (Payment, error)
	GetPayment(ctx context.Context, id string) (Payment, error)
	Refund(ctx context.Context, paymentID string, amount int64, currency, idempotencyKey string) (Refund, error)
	// Notification checks that r really comes from the gateway (signature
	// or source address) and answers the id of the payment it is about.
	// clientIP is the caller's address as the server resolved it.
	Notification(r *http.Request, clientIP string) (paymentID string, err error)
}

// SMSConfirmer is a gateway whose mobile-balance payments are confirmed by a
// code the payer got by SMS and types into our page.
type SMSConfirmer interface {
	ConfirmSMS(ctx context.Context, paymentID, code string) error
}

var (
	// ErrUnavailable: the gateway did not answer (time-out, 5xx, network).
	// The outcome is unknown; ask again later with GetPayment.
	ErrUnavailable = errors.New("gateway unavailable")
	// ErrRejected: the gateway refused the request itself (bad parameters,
	// unknown payment); nothing was created.
	ErrRejected = errors.New("gateway rejected the request")
	// ErrNotification: the notification is not from the gateway or unreadable.
	ErrNotification = errors.New("notification not accepted")
	// ErrWrongCode: an SMS confirmation code did not match.
	ErrWrongCode = errors.New("wrong confirmation code")
)
