package identity

import (
	"context"

	"efir/internal/httpx"
)

// The parental PIN is enforced by the server: a client that skips the PIN
// dialogue gets no 18+ stream. The proof is the pass a right PIN grants the
// device's token (POST /v2/users/self/parental_code/check, or a code sent
// with a protected call); it lasts the device's PIN save time (30 minutes by
// default) and carries over when the device's token is re-issued.

// minPassSeconds is the shortest pass a right PIN grants, even on a device
// whose save time is 0 ("ask every time"): the protected call the PIN was
// entered for follows the check, and must still find the pass.
const minPassSeconds = 30

// The actions a stream may need the PIN for, as the device's parental
// settings name them.
const (
	actionChannel = "channel" // an 18+ channel, live or catch-up
	actionProgram = "program" // an 18+ programme in catch-up
	actionVOD     = "vod"     // an 18+ film, episode or trailer
)

// ParentalProof answers nil when sess may take a protected action now: the
// account has no PIN, the device does not protect action, or the token holds
// a pass. Otherwise 403 parental_code_required, which the client answers
// with the PIN dialogue and a retry. A session without a device (there is
// none: callers pass httpx.SessionFrom) is refused the same way.
func (s *Service) ParentalProof(ctx context.Context, sess *httpx.Session, action string) error {
	if sess == nil || sess.DeviceID == 0 {
		return httpx.Unauthorized()
	}
	return s.parentalGate(ctx, sess, func(ps ParentalSettings) bool { return protectsAction(ps, action) }, "")
}

// protectsAction reads the device's flag of action; an action without a
// flag is always protected.
func protectsAction(ps ParentalSettings, action string) bool {
	switch action {
	case actionChannel:
		return ps.Channel
	case actionProgram:
		return ps.Program
	case actionVOD:
		return ps.VOD
	case "pay":
		return ps.Pay
	case "profile":
		return ps.Profile
	case "settings":
		return ps.Settings
	}
	return true
}

// ParentalProofCode is ParentalProof for a call that may carry the PIN
// itself (parental_code): a right code grants the pass, a wrong one counts
// toward the PIN's lock like any other.
func (s *Service) ParentalProofCode(ctx context.Context, sess *httpx.Session, action, code string) error {
	if sess == nil || sess.DeviceID == 0 {
		return httpx.Unauthorized()
	}
	return s.parentalGate(ctx, sess, func(ps ParentalSettings) bool { return protectsAction(ps, action) }, code)
}
