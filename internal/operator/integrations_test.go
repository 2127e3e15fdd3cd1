package operator_test

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"efir/internal/store"
	"efir/internal/store/storetest"
)

type apiToken struct {
	ID         int64   `json:"id"`
	Name       string  `json:"name"`
	PerSecond  int     `json:"per_second"`
	PerHour    int     `json:"per_hour"`
	PerDay     int     `json:"per_day"`
	CreatedBy  string  `json:"created_by"`
	RevokedAt  *string `json:"revoked_at"`
	LastUsedAt *string `json:"last_used_at"`
	Token      string  `json:"token"`
}

// An issued token is shown once and only its hash is stored; the list never
// shows it again; revoking is recorded and final; both are in the audit log.
func TestAPITokenIssueAndRevoke(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)

		res := owner.do("POST", "/v2/operator/integrations/tokens", map[string]any{"name": " Биллинг ", "per_second": 5})
		mustStatus(t, res, http.StatusCreated)
		var issued apiToken
		res.JSON(t, &issued)
		if !strings.HasPrefix(issued.Token, "efk_") || len(issued.Token) < 40 || issued.Name != "Биллинг" ||
			issued.PerSecond != 5 || issued.PerHour != 10_000 || issued.PerDay != 100_000 || issued.CreatedBy != ownerEmail {
			t.Fatalf("issued %+v", issued)
		}
		var stored string
		if err := store.Get(t.Context(), db, "SELECT token_hash FROM provider_api_tokens WHERE id = ?", []any{issued.ID}, &stored); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte(issued.Token))
		if stored != hex.EncodeToString(sum[:]) {
			t.Fatalf("stored %q is not the token's hash", stored)
		}
		list := owner.do("GET", "/v2/operator/integrations/tokens", nil)
		mustStatus(t, list, http.StatusOK)
		if strings.Contains(string(list.Body), issued.Token) || strings.Contains(string(list.Body), `"token"`) {
			t.Fatalf("the list shows the token: %s", list.Body)
		}

		for _, bad := range []map[string]any{
			{"name": ""},
			{"name": strings.Repeat("x", 101)},
			{"name": "x", "per_second": 0},
			{"name": "x", "per_second": 1001},
			{"name": "x", "per_second": 10, "per_hour": 5},
			{"name": "x", "per_hour": 100, "per_day": 50},
		} {
			res := owner.do("POST", "/v2/operator/integrations/tokens", bad)
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Errorf("%v: %d %s", bad, res.Status, res.Body)
			}
		}

		path := "/v2/operator/integrations/tokens/" + strconv.FormatInt(issued.ID, 10)
		mustStatus(t, owner.do("DELETE", path, nil), http.StatusNoContent)
		mustStatus(t, owner.do("DELETE", path, nil), http.StatusNoContent)
		mustStatus(t, owner.do("DELETE", "/v2/operator/integrations/tokens/999999", nil), http.StatusNotFound)
		var tokens []apiToken
		owner.do("GET", "/v2/operator/integrations/tokens", nil).JSON(t, &tokens)
		if len(tokens) != 1 || tokens[0].RevokedAt == nil {
			t.Fatalf("after revoking: %+v", tokens)
		}

		var actions []string
		err := store.Each(t.Context(), db, `SELECT action FROM audit_log WHERE object_type = 'api_token' AND object_id = ?
			ORDER BY id`, []any{strconv.FormatInt(issued.ID, 10)}, func(r store.Scanner) error {
			var a string
			err := r.Scan(&a)
			actions = append(actions, a)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(actions, ",") != "api_token.issue,api_token.revoke" {
			t.Fatalf("audit %v", actions)
		}
		var after string
		if err := store.Get(t.Context(), db, "SELECT after_json FROM audit_log WHERE action = 'api_token.issue'", nil, &after); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(after, issued.Token) {
			t.Fatal("the audit log holds the token")
		}
	})
}

// Another operator's tokens and log are out of reach of this operator's
// console.
func TestAPITokensOfAnotherOperator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newConsoleServer(t, db, newClock())
		owner := newConsole(t, srv).signIn(ownerEmail, ownerPass)
		if _, err := db.Exec(t.Context(), `INSERT INTO provider_api_tokens (provider_id, name, token_hash, per_second, per_hour,
			per_day, created_at) VALUES (2, 'alma', 'x', 1, 1, 1, 0)`); err != nil {
			t.Fatal(err)
		}
		var alma int64
		if err := store.Get(t.Context(), db, "SELECT id FROM provider_api_tokens WHERE name = 'alma'", nil, &alma); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(t.Context(), `INSERT INTO provider_api_log (provider_id, token_id, at, method, path, status,
			duration_ms) VALUES (2, ?, 1, 'GET', '/provider-api/v2/users', 200, 3)`, alma); err != nil {
			t.Fatal(err)
		}
		mustStatus(t, owner.do("DELETE", "/v2/operator/integrations/tokens/"+strconv.FormatInt(alma, 10), nil), http.StatusNotFound)
		var tokens, calls []any
		owner.do("GET", "/v2/operator/integrations/tokens", nil).JSON(t, &tokens)
		owner.do("GET", "/v2/operator/integrations/log", nil).JSON(t, &calls)
		if len(tokens) != 0 || len(calls) != 0 {
			t.Fatalf("Alma's tokens %v and calls %v seen from Efir Demo", tokens, calls)
		}
		mustStatus(t, owner.do("GET", "/v2/operator/integrations/log?limit=0", nil), http.StatusBadRequest)
	})
}
