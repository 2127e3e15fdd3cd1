package identity

import (
	"net/http"

	"efir/internal/httpx"
)

// registerAccount adds profile, avatar, parental PIN, message and account
// routes. Everything about the viewer needs a device-bound token (a login
// token may only register a device); the avatar pictures are public because
// <img> tags cannot send a token.
func (s *Service) registerAccount(mux *http.ServeMux) {
	h := func(pattern string, fn httpx.Handler) { mux.Handle(pattern, fn) }
	dev := s.requireDevice

	h("GET /v2/users/self/profiles", dev(s.handleListProfiles))
	h("POST /v2/users/self/profiles", dev(s.handleCreateProfile))
	h("PATCH /v2/users/self/profiles/{id}", dev(s.handlePatchProfile))
	h("DELETE /v2/users/self/profiles/{id}", dev(s.handleDeleteProfile))
	h("GET /v2/users/self/profile", dev(s.handleGetActiveProfile))
	h("POST /v2/users/self/profile", dev(s.handleSwitchProfile))

	h("GET /v2/profiles/avatar_categories", s.handleAvatarCategories)
	h("GET /v2/profiles/avatars/{file}", s.handleAvatarImage)

	h("POST /v2/users/self/parental_code/check", dev(s.handleParentalCheck))
	h("POST /v2/users/self/parental_code/send", dev(s.handleParentalSend))

	h("GET /v2/users/self/messages", dev(s.handleListMessages))
	h("DELETE /v2/users/self/messages", dev(s.handleDeleteMessages))
	h("DELETE /v2/users/self/messages/{id}", dev(s.handleDeleteMessage))

	h("GET /v2/users/self/accounts", dev(s.handleAccounts))
	h("GET /v2/users/self/balance", dev(s.handleBalance))
}
