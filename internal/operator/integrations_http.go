package operator

import (
	"net/http"

	"efir/internal/httpx"
)

// The console's integrations page: the operator's provider API tokens and
// the log of their calls (permission integrations.write, for reading too: a
// token's name and use are the operator's machine access).

// issuedAPIToken answers an issue: the token itself, this once.
type issuedAPIToken struct {
	APIToken
	Token string `json:"token"`
}

func (s *Service) handleAPITokens(w http.ResponseWriter, r *http.Request) error {
	list, err := s.apiTokens(r.Context(), sessionFrom(r.Context()).ProviderID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (s *Service) handleIssueAPIToken(w http.ResponseWriter, r *http.Request) error {
	var b tokenLimits
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	t, token, err := s.issueAPIToken(r.Context(), s.change(r, "", "", nil, nil, nil), b)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, issuedAPIToken{APIToken: t, Token: token})
	return nil
}

func (s *Service) handleRevokeAPIToken(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.revokeAPIToken(r.Context(), s.change(r, "", "", nil, nil, nil), id); err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

func (s *Service) handleAPILog(w http.ResponseWriter, r *http.Request) error {
	limit, offset, err := httpx.Paging(r)
	if err != nil {
		return err
	}
	list, err := s.apiLog(r.Context(), sessionFrom(r.Context()).ProviderID, limit, offset)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}
