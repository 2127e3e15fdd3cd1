package billing

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// The wire format of a callback (documented in api/provider.yaml): a JSON
// POST with
//
//	X-Efir-Callback:  the kind (AUTH, PACKET, DELETE_SUBSCRIPTION, BALANCE)
//	X-Efir-Timestamp: unix seconds of the try
//	X-Efir-Signature: sha256=<hex HMAC-SHA256 of timestamp + "." + body, keyed with the secret>
//	Idempotency-Key:  the callback's key (the same on every try)
//
// The receiver checks the signature, refuses a timestamp more than five
// minutes off its clock, and answers a key it has seen with its first answer.

// Header names.
const (
	HeaderKind      = "X-Efir-Callback"
	HeaderTimestamp = "X-Efir-Timestamp"
	HeaderSignature = "X-Efir-Signature"
	HeaderKey       = "Idempotency-Key"
)

// secretPrefix marks a callback secret.
const secretPrefix = "efs_"

// Sign is the X-Efir-Signature of body sent at unix time ts.
func Sign(secret string, ts int64, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(strconv.FormatInt(ts, 10)))
	m.Write([]byte("."))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// newSecret makes a callback secret.
func newSecret() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return secretPrefix + hex.EncodeToString(b[:]), nil
}

func randomKey() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// envelope is a callback's body.
type envelope struct {
	Type         string        `json:"type"`
	ID           string        `json:"id"` // the idempotency key
	CreatedAt    string        `json:"created_at"`
	Provider     string        `json:"provider"`
	User         subscriber    `json:"user"`
	Packet       *packetInfo   `json:"packet,omitempty"`
	Subscription *subscription `json:"subscription,omitempty"`
	Currency     string        `json:"currency,omitempty"`
}

// packetInfo is what a PACKET asks to charge.
type packetInfo struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	PeriodID int64  `json:"period_id"`
	Months   int    `json:"months"`
	Amount   int64  `json:"amount"` // minor units
	Currency string `json:"currency"`
	Trial    bool   `json:"trial"`
	// Purchase is Efir's key of the purchase (kept to make it when the
	// billing allows late).
	Purchase string `json:"purchase"`
}

// subscription is what a DELETE_SUBSCRIPTION tells.
type subscription struct {
	ID         int64   `json:"id"`
	PacketID   int64   `json:"packet_id"`
	PacketName string  `json:"packet_name"`
	EndsAt     *string `json:"ends_at"`
	Reason     string  `json:"reason"`
	// Purchase: not_granted: the key of the PACKET's purchase to give back.
	Purchase string `json:"purchase,omitempty"`
}

// reply is the billing's answer (fields by kind).
type reply struct {
	Allow    *bool  `json:"allow"`
	Reason   string `json:"reason"`
	Balance  *int64 `json:"balance"`
	Currency string `json:"currency"`
}
