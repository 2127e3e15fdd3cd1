// Package yookassa is the gateway adapter for YooKassa's API v3
// (https://yookassa.ru/developers/api).
//
// Payments are created with capture: true (one stage: money is taken when the
// payer confirms) and an Idempotence-Key, so a request repeated after a
// time-out, a 5xx or a 202 "still processing" gives the same payment instead of
// a second charge. Whenever the answer is lost the adapter says
// gateway.ErrUnavailable: the outcome is unknown, and the caller asks again
// with the same key or reads the payment back with GetPayment.
//
// Notifications carry no signature. They are accepted only from the address
// ranges YooKassa publishes (DefaultNetworks), and even then only the payment
// id is taken from the body: commerce re-reads the payment with GetPayment and
// acts on that answer, so a forged or replayed body can at most cause one more
// GET.
//
// The secret key travels only in the Authorization header; errors are redacted
// so that it never reaches a log.
package yookassa
