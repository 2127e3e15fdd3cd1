package billing_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/apitest"
	"efir/internal/app"
	"efir/internal/commerce"
	"efir/internal/operator/billing"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

// The settings: validated; the secret made on the first save and on a
// rotation, shown only then, kept sealed; both audited without it.
func TestSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newClock()
		srv := apitest.NewWithOptions(t, db, app.Options{Now: c.Now})
		owner := srv.SignInStaff(t, ownerEmail, ownerPass)
		var s saved
		mustStatus(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/billing"}), http.StatusOK).JSON(t, &s)
		if s.Enabled || s.HasSecret || s.URL != "" || !s.AuthFailOpen || s.UpdatedAt != nil {
			t.Fatalf("before any save: %+v", s)
		}
		for _, bad := range []map[string]any{
			{"url": "ftp://billing.example/x"},
			{"url": "billing.example"},
			{"url": "https://" + strings.Repeat("a", 500) + ".example"},
			{"enabled": true},
		} {
			res := owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing", Body: bad})
			if res.Status != http.StatusBadRequest || res.ErrorType() != "validation_error" {
				t.Errorf("%v: %d %s", bad, res.Status, res.Body)
			}
		}
		mustStatus(t, owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
			Body: map[string]any{"url": "https://billing.example/efir", "auth_fail_open": false}}), http.StatusOK).JSON(t, &s)
		first := s.Secret
		if !strings.HasPrefix(first, "efs_") || s.Enabled || s.AuthFailOpen || s.URL != "https://billing.example/efir" {
			t.Fatalf("first save %+v", s)
		}
		var again saved
		mustStatus(t, owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
			Body: map[string]any{"enabled": true}}), http.StatusOK).JSON(t, &again)
		if again.Secret != "" || !again.Enabled || again.URL != s.URL {
			t.Fatalf("second save %+v", again)
		}
		res := mustStatus(t, owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/billing"}), http.StatusOK)
		if strings.Contains(string(res.Body), "efs_") || strings.Contains(string(res.Body), `"secret"`) {
			t.Fatalf("the secret shown again: %s", res.Body)
		}
		var rotated saved
		mustStatus(t, owner.Do(apitest.Request{Method: "POST", Path: "/v2/operator/integrations/billing/secret"}), http.StatusOK).JSON(t, &rotated)
		if !strings.HasPrefix(rotated.Secret, "efs_") || rotated.Secret == first {
			t.Fatalf("rotated %+v", rotated)
		}
		var sealed string
		if err := store.Get(t.Context(), db, "SELECT secret_sealed FROM billing_settings WHERE provider_id = 1", nil, &sealed); err != nil {
			t.Fatal(err)
		}
		if sealed == "" || strings.Contains(sealed, "efs_") {
			t.Fatalf("stored %q", sealed)
		}
		var actions []string
		err := store.Each(t.Context(), db, `SELECT action, before_json || after_json FROM audit_log WHERE object_type = 'billing_settings'
			ORDER BY id`, nil, func(r store.Scanner) error {
			var a, js string
			if err := r.Scan(&a, &js); err != nil {
				return err
			}
			if strings.Contains(js, "efs_") || strings.Contains(js, sealed) {
				t.Errorf("the audit log holds the secret: %s", js)
			}
			actions = append(actions, a)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(actions, ",") != "billing.settings,billing.settings,billing.secret_rotate" {
			t.Fatalf("audit %v", actions)
		}
	})
}

// A purchase asks the billing (signed PACKET): allowed, the subscription is
// made although Efir's balance is short; refused, the viewer gets the
// billing's reason. Sign-in asks AUTH, the balance comes from BALANCE, and
// ending a subscription queues DELETE_SUBSCRIPTION.
func TestPacketAuthBalanceAndDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		tok := st.srv.SignIn(t, "shopper", "efir24", "billing-pc")
		if all, ok := st.rc.count("AUTH"); all != 1 || ok != 1 {
			t.Fatalf("AUTH received %d (%d ok)", all, ok)
		}
		if u := st.rc.last("AUTH").Body["user"].(map[string]any); u["username"] != "shopper" || u["phone"] != "79000000003" {
			t.Fatalf("AUTH user %v", u)
		}
		packet, year := period(t, db, "max-1", 12)
		res := st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": packet, "period_id": year, "idempotency_key": "buy-max"}})
		mustStatus(t, res, http.StatusCreated)
		var sub struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &sub)
		p := st.rc.last("PACKET").Body["packet"].(map[string]any)
		if p["amount"].(float64) != 449100 || p["currency"] != "RUB" || p["months"].(float64) != 12 || p["name"] != "Максимум" {
			t.Fatalf("PACKET %v", p)
		}
		// The same purchase again: the same subscription, no second PACKET.
		mustStatus(t, st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": packet, "period_id": year, "idempotency_key": "buy-max"}}), http.StatusCreated)
		if all, _ := st.rc.count("PACKET"); all != 1 {
			t.Fatalf("PACKET sent %d times", all)
		}
		// Efir's own balance did not pay: what the billing charged came in and went out.
		var efirBalance int64
		if err := store.Get(t.Context(), db, `SELECT balance FROM accounts WHERE user_id = ?`, []any{userID(t, db, "shopper")}, &efirBalance); err != nil {
			t.Fatal(err)
		}
		if efirBalance != 100000 {
			t.Fatalf("Efir's balance %d", efirBalance)
		}
		// The balance the apps show is the billing's.
		var bal struct {
			Balance int64 `json:"balance"`
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self/balance", Token: tok}), http.StatusOK).JSON(t, &bal)
		if bal.Balance != 777700 {
			t.Fatalf("balance %d", bal.Balance)
		}
		var self struct {
			Accounts []struct {
				Balance  int64  `json:"balance"`
				Currency string `json:"currency"`
			} `json:"accounts"`
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "GET", Path: "/v2/users/self", Token: tok}), http.StatusOK).JSON(t, &self)
		if len(self.Accounts) != 1 || self.Accounts[0].Balance != 777700 {
			t.Fatalf("the user's accounts %+v", self.Accounts)
		}
		// Refused: the billing's reason, and no subscription.
		st.rc.set(func(rc *receiver) {
			rc.deny["packet:Спорт"] = "Недостаточно средств на лицевом счёте"
		})
		sport, month := period(t, db, "sport-1", 1)
		res = st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": sport, "period_id": month}})
		mustStatus(t, res, http.StatusPaymentRequired)
		if res.ErrorType() != "billing_refused" || !strings.Contains(string(res.Body), "Недостаточно средств на лицевом счёте") {
			t.Fatalf("refusal %s", res.Body)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM subscriptions WHERE packet_id = ? AND user_id = ?`,
			[]any{sport, userID(t, db, "shopper")}, &n); err != nil || n != 0 {
			t.Fatalf("refused purchase made %d subscriptions (%v)", n, err)
		}
		// Ending one: DELETE_SUBSCRIPTION through the queue.
		mustStatus(t, st.srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/subscriptions/" + strconv.FormatInt(sub.ID, 10),
			Token: tok}), http.StatusNoContent)
		if all, _ := st.rc.count("DELETE_SUBSCRIPTION"); all != 0 {
			t.Fatalf("DELETE_SUBSCRIPTION sent before the worker")
		}
		if n, err := worker(t, db, st.clock).RunOnce(t.Context()); err != nil || n != 1 {
			t.Fatalf("worker: %d %v", n, err)
		}
		d := st.rc.last("DELETE_SUBSCRIPTION").Body["subscription"].(map[string]any)
		if d["id"].(float64) != float64(sub.ID) || d["reason"] != "renewal_off" {
			t.Fatalf("DELETE_SUBSCRIPTION %v", d)
		}
		// A cheaper base packet waits for the end of the current one; dropping
		// that scheduled subscription tells the billing too.
		base, baseMonth := period(t, db, "base-1", 1)
		res = st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": base, "period_id": baseMonth, "idempotency_key": "buy-base"}})
		mustStatus(t, res, http.StatusCreated)
		var future struct {
			ID    int64  `json:"id"`
			State string `json:"state"`
		}
		res.JSON(t, &future)
		if future.State != "future" {
			t.Fatalf("the cheaper base packet is %q, want future", future.State)
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "DELETE", Path: "/v2/users/self/subscriptions/futures/" +
			strconv.FormatInt(future.ID, 10), Token: tok}), http.StatusNoContent)
		if n, err := worker(t, db, st.clock).RunOnce(t.Context()); err != nil || n != 1 {
			t.Fatalf("worker: %d %v", n, err)
		}
		d = st.rc.last("DELETE_SUBSCRIPTION").Body["subscription"].(map[string]any)
		if d["id"].(float64) != float64(future.ID) || d["reason"] != "future_cancelled" {
			t.Fatalf("DELETE_SUBSCRIPTION of the future %v", d)
		}
		// The log: every kind, with the refusal's reason.
		list := st.callbacks(t, "")
		seen := map[string]string{}
		for _, c := range list {
			seen[c.Kind+":"+c.State] = c.LastAnswer
		}
		for _, want := range []string{"AUTH:delivered", "PACKET:delivered", "PACKET:refused", "BALANCE:delivered", "DELETE_SUBSCRIPTION:delivered"} {
			if _, ok := seen[want]; !ok {
				t.Errorf("log lacks %s: %+v", want, list)
			}
		}
		if seen["PACKET:refused"] != "Недостаточно средств на лицевом счёте" {
			t.Errorf("refusal logged as %q", seen["PACKET:refused"])
		}
		if only := st.callbacks(t, "?kind=PACKET&state=refused"); len(only) != 1 {
			t.Errorf("filtered %+v", only)
		}
		mustStatus(t, st.owner.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/callbacks?kind=NOPE"}), http.StatusBadRequest)
	})
}

// AUTH: the billing's no refuses sign-in with its reason; a billing that
// does not answer lets viewers in, unless the operator chose otherwise.
func TestAuth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		st.rc.set(func(rc *receiver) { rc.deny["user:shopper"] = "Договор приостановлен" })
		res := st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "shopper", "password": "efir24"}})
		mustStatus(t, res, http.StatusForbidden)
		if !strings.Contains(string(res.Body), "Договор приостановлен") {
			t.Fatalf("denial %s", res.Body)
		}
		st.rc.set(func(rc *receiver) { delete(rc.deny, "user:shopper"); rc.fail = 1 })
		st.srv.Login(t, "shopper", "efir24") // fail-open
		mustStatus(t, st.owner.Do(apitest.Request{Method: "PATCH", Path: "/v2/operator/integrations/billing",
			Body: map[string]any{"auth_fail_open": false}}), http.StatusOK)
		st.rc.set(func(rc *receiver) { rc.fail = 1 })
		res = st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/auth/login", Body: map[string]string{"login": "shopper", "password": "efir24"}})
		mustStatus(t, res, http.StatusForbidden)
		var failed []callback
		for _, c := range st.callbacks(t, "?kind=AUTH") {
			if c.State == "failed" {
				failed = append(failed, c)
			}
		}
		if len(failed) != 2 || failed[0].Resendable || failed[0].Tries[0].Status != 500 {
			t.Fatalf("failed AUTH %+v", failed)
		}
	})
}

// A queued callback the billing fails is tried again with back-off, and a
// new copy of Efir on the same database delivers it once; two copies never
// send one callback twice.
func TestRetryAndRestart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		ctx := t.Context()
		shopper := userID(t, db, "shopper")
		w1 := worker(t, db, st.clock)
		st.rc.set(func(rc *receiver) { rc.fail = 2 })
		w1.Ended(ctx, commerce.EndedSubscription{ProviderID: 1, UserID: shopper, SubscriptionID: 42, PacketID: 1,
			PacketName: "Базовый", EndsAt: st.clock.Now().Unix(), Reason: "renewal_off", Key: "t1"})
		w1.Ended(ctx, commerce.EndedSubscription{ProviderID: 1, UserID: shopper, SubscriptionID: 42, Reason: "renewal_off", Key: "t1"})
		run := func(w *billing.Service, want int) {
			t.Helper()
			if n, err := w.RunOnce(ctx); err != nil || n != want {
				t.Fatalf("RunOnce: %d %v, want %d", n, err, want)
			}
		}
		run(w1, 1) // fails: next try in 30 s
		run(w1, 0)
		st.clock.Add(29 * time.Second)
		run(w1, 0)
		st.clock.Add(2 * time.Second)
		run(w1, 1) // fails: next in 60 s
		st.clock.Add(59 * time.Second)
		run(w1, 0)
		st.clock.Add(2 * time.Second)
		w2 := worker(t, db, st.clock) // a restart
		run(w2, 1)
		run(w2, 0)
		run(w1, 0)
		if all, ok := st.rc.count("DELETE_SUBSCRIPTION"); all != 3 || ok != 1 {
			t.Fatalf("received %d, %d delivered", all, ok)
		}
		list := st.callbacks(t, "?kind=DELETE_SUBSCRIPTION")
		if len(list) != 1 || list[0].State != "delivered" || list[0].Attempts != 3 || len(list[0].Tries) != 3 ||
			list[0].Tries[2].Status != 500 || list[0].Tries[0].Status != 200 || list[0].Resendable {
			t.Fatalf("log %+v", list)
		}

		// Two copies at once: one takes each callback.
		for i := range 5 {
			w1.Ended(ctx, commerce.EndedSubscription{ProviderID: 1, UserID: shopper, SubscriptionID: int64(100 + i),
				Reason: "renewal_off", Key: "par" + strconv.Itoa(i)})
		}
		var wg sync.WaitGroup
		var total int
		var mu sync.Mutex
		for _, w := range []*billing.Service{w1, w2, worker(t, db, st.clock)} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := w.RunOnce(ctx)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			}()
		}
		wg.Wait()
		if all, ok := st.rc.count("DELETE_SUBSCRIPTION"); total != 5 || all != 8 || ok != 6 {
			t.Fatalf("in parallel: tried %d, received %d (%d ok)", total, all, ok)
		}
		_ = context.Background()
	})
}

// A PACKET the billing did not answer leaves the viewer told so and the
// request queued; the operator's resend makes the purchase when the billing
// allows it. Delivered callbacks are not resent.
func TestPendingPacketResend(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		tok := st.srv.SignIn(t, "shopper", "efir24", "billing-pc")
		st.rc.set(func(rc *receiver) { rc.fail = 1 })
		packet, month := period(t, db, "max-1", 1)
		res := st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": packet, "period_id": month}})
		mustStatus(t, res, http.StatusPaymentRequired)
		if res.ErrorType() != "billing_pending" {
			t.Fatalf("pending %s", res.Body)
		}
		list := st.callbacks(t, "?kind=PACKET")
		if len(list) != 1 || list[0].State != "pending" || !list[0].Resendable || list[0].Attempts != 1 {
			t.Fatalf("queued %+v", list)
		}
		var after callback
		mustStatus(t, st.owner.Do(apitest.Request{Method: "POST",
			Path: "/v2/operator/integrations/callbacks/" + strconv.FormatInt(list[0].ID, 10) + "/resend"}), http.StatusOK).JSON(t, &after)
		if after.State != "delivered" || after.Attempts != 2 || len(after.Tries) != 2 {
			t.Fatalf("resent %+v", after)
		}
		var n int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM subscriptions WHERE packet_id = ? AND user_id = ? AND closed_at = 0`,
			[]any{packet, userID(t, db, "shopper")}, &n); err != nil || n != 1 {
			t.Fatalf("subscriptions after the late allow: %d %v", n, err)
		}
		mustStatus(t, st.owner.Do(apitest.Request{Method: "POST",
			Path: "/v2/operator/integrations/callbacks/" + strconv.FormatInt(list[0].ID, 10) + "/resend"}), http.StatusConflict)
		var audited int
		if err := store.Get(t.Context(), db, `SELECT COUNT(*) FROM audit_log WHERE action = 'billing_callback.resend'`, nil, &audited); err != nil || audited != 1 {
			t.Fatalf("resend audited %d %v", audited, err)
		}
	})
}

// Who may call what, and another operator's staff never sees or resends
// this operator's callbacks.
func TestCallers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		st.srv.Login(t, "shopper", "efir24") // an AUTH in the log
		cbID := st.callbacks(t, "")[0].ID
		if _, err := db.Exec(t.Context(), `INSERT INTO staff (provider_id, email, role, password_hash, totp_exempt, created_at)
			SELECT 2, 'alma-owner@alma.example', 'owner', password_hash, TRUE, 0 FROM staff WHERE email = ?`, ownerEmail); err != nil {
			t.Fatal(err)
		}
		as := map[string]*apitest.Staff{
			"owner":   st.owner,
			"support": st.srv.SignInStaff(t, supportEmail, staffPass),
			"content": st.srv.SignInStaff(t, editorEmail, staffPass),
			"finance": st.srv.SignInStaff(t, financeEmail, staffPass),
		}
		resend := "/v2/operator/integrations/callbacks/" + strconv.FormatInt(cbID, 10) + "/resend"
		calls := []struct {
			method, path string
			body         any
		}{
			{"GET", "/v2/operator/integrations/billing", nil},
			{"PATCH", "/v2/operator/integrations/billing", map[string]any{"enabled": true}},
			{"POST", "/v2/operator/integrations/billing/secret", nil},
			{"GET", "/v2/operator/integrations/callbacks", nil},
			{"POST", resend, nil},
		}
		for _, c := range calls {
			if res := st.srv.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body}); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
			}
			for who, s := range as {
				res := s.Do(apitest.Request{Method: c.method, Path: c.path, Body: c.body})
				allowed := who == "owner"
				if allowed && (res.Status == http.StatusUnauthorized || res.Status == http.StatusForbidden) {
					t.Errorf("%s %s as %s: %d %s", c.method, c.path, who, res.Status, res.Body)
				}
				if !allowed && res.Status != http.StatusForbidden {
					t.Errorf("%s %s as %s: %d, want 403", c.method, c.path, who, res.Status)
				}
			}
		}
		other := st.srv.SignInStaff(t, "alma-owner@alma.example", ownerPass)
		var list []callback
		mustStatus(t, other.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/callbacks"}), http.StatusOK).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("Alma's staff sees %+v", list)
		}
		var s saved
		mustStatus(t, other.Do(apitest.Request{Method: "GET", Path: "/v2/operator/integrations/billing"}), http.StatusOK).JSON(t, &s)
		if s.URL != "" || s.HasSecret {
			t.Fatalf("Alma's staff sees %+v", s)
		}
		mustStatus(t, other.Do(apitest.Request{Method: "POST", Path: resend}), http.StatusNotFound)
	})
}

// A renewal of an operator whose billing keeps the money asks the billing
// (PACKET) and takes what it allowed; a refusal leaves the renewal short.
func TestRenewalThroughBilling(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		st := newSetup(t, db)
		ctx := t.Context()
		tok := st.srv.SignIn(t, "shopper", "efir24", "billing-pc")
		packet, month := period(t, db, "max-1", 1)
		var sub struct {
			ID int64 `json:"id"`
		}
		mustStatus(t, st.srv.Do(apitest.Request{Method: "POST", Path: "/v2/users/self/subscriptions", Token: tok,
			Body: map[string]any{"packet_id": packet, "period_id": month}}), http.StatusCreated).JSON(t, &sub)
		shopper := userID(t, db, "shopper")
		if _, err := db.Exec(ctx, `UPDATE accounts SET balance = 0 WHERE user_id = ?`, shopper); err != nil {
			t.Fatal(err)
		}
		providers, err := provider.NewService(ctx, db, provider.Config{})
		if err != nil {
			t.Fatal(err)
		}
		shop := commerce.New(db, commerce.Config{Now: st.clock.Now, Providers: providers})
		w := worker(t, db, st.clock)
		w.SetGranter(shop)
		shop.SetBilling(w)
		endOf := func() int64 {
			var end int64
			if err := store.Get(ctx, db, `SELECT end_at FROM subscriptions WHERE id = ?`, []any{sub.ID}, &end); err != nil {
				t.Fatal(err)
			}
			return end
		}
		end := endOf()
		st.clock.Add(time.Duration(end-st.clock.Now().Unix()+60) * time.Second)
		if n, err := shop.RenewDue(ctx); err != nil || n != 1 {
			t.Fatalf("renewed %d %v", n, err)
		}
		if all, _ := st.rc.count("PACKET"); all != 2 || !strings.HasPrefix(st.rc.last("PACKET").Key, "packet:renew:") {
			t.Fatalf("PACKET %d %+v", all, st.rc.last("PACKET"))
		}
		if p := st.rc.last("PACKET").Body["packet"].(map[string]any); p["amount"].(float64) != 49900 {
			t.Fatalf("renewal PACKET %v", p)
		}
		next := endOf()
		if next <= end {
			t.Fatalf("not extended: %d -> %d", end, next)
		}
		// Refused: the renewal is short and tried again later.
		st.rc.set(func(rc *receiver) { rc.deny["packet:Максимум"] = "Договор на паузе" })
		st.clock.Add(time.Duration(next-st.clock.Now().Unix()+60) * time.Second)
		if n, err := shop.RenewDue(ctx); err != nil || n != 0 {
			t.Fatalf("renewed %d %v after a refusal", n, err)
		}
		if endOf() != next {
			t.Fatal("extended after a refusal")
		}
		var why string
		if err := store.Get(ctx, db, `SELECT last_answer FROM billing_callbacks WHERE kind = 'PACKET' AND state = 'refused'`,
			nil, &why); err != nil || why != "Договор на паузе" {
			t.Fatalf("refusal logged as %q %v", why, err)
		}
	})
}
