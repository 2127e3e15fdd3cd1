package identity_test

import (
	"context"
	"errors"
	"testing"

	"efir/internal/demo"
	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/provider"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

func operatorIdentity(t *testing.T, db *store.DB) *identity.Service {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	providers, err := provider.NewService(ctx, db, provider.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return identity.New(db, nil, providers, identity.Options{})
}

func ptr[T any](v T) *T { return &v }

func wantHTTPError(t *testing.T, err error, status int, field string) {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Status != status || (field != "" && e.Detail[field] == "") {
		t.Fatalf("error %v (%+v), want %d on %q", err, e, status, field)
	}
}

// An operator's system registers subscribers by login or phone; logins are
// unique on the platform, phones within an operator.
func TestCreateOperatorSubscriber(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := operatorIdentity(t, db)
		ctx := t.Context()
		u, err := s.CreateOperatorSubscriber(ctx, 1, identity.SubscriberFields{Username: ptr(" Acc-1 "), Password: ptr("secret1"),
			LastName: ptr("Иванов"), Comment: ptr("x"), DeviceLimit: ptr(2), Active: ptr(false)}, "ru")
		if err != nil {
			t.Fatal(err)
		}
		if u.Username != "acc-1" || u.LastName != "Иванов" || u.DeviceLimit != 2 || !u.Blocked || len(u.Accounts) != 1 ||
			u.Accounts[0].Currency != "RUB" || u.Phone != "" {
			t.Fatalf("created %+v", u)
		}
		byPhone, err := s.CreateOperatorSubscriber(ctx, 1, identity.SubscriberFields{Phone: ptr("+7 900 111-22-33")}, "ru")
		if err != nil || byPhone.Username != "79001112233" || byPhone.Phone != "79001112233" {
			t.Fatalf("by phone %+v %v", byPhone, err)
		}
		// The same phone at another operator is another subscriber, with
		// another login.
		alma, err := s.CreateOperatorSubscriber(ctx, 2, identity.SubscriberFields{Phone: ptr("79001112233")}, "ru")
		if err != nil || alma.Username == byPhone.Username || alma.ProviderID != 2 {
			t.Fatalf("Alma's %+v %v", alma, err)
		}
		_, err = s.CreateOperatorSubscriber(ctx, 1, identity.SubscriberFields{FirstName: ptr("x")}, "ru")
		wantHTTPError(t, err, 400, "username")
		_, err = s.CreateOperatorSubscriber(ctx, 2, identity.SubscriberFields{Username: ptr("ACC-1")}, "ru")
		wantHTTPError(t, err, 400, "username")
		_, err = s.CreateOperatorSubscriber(ctx, 1, identity.SubscriberFields{Username: ptr("acc-2"), Phone: ptr("79001112233")}, "ru")
		wantHTTPError(t, err, 409, "phone")
		_, err = s.CreateOperatorSubscriber(ctx, 1, identity.SubscriberFields{Username: ptr("acc-2"), Timezone: ptr("Local")}, "ru")
		wantHTTPError(t, err, 400, "timezone")
	})
}

// Finding, reading and changing stay within the operator; guests are not
// subscribers.
func TestOperatorSubscribersWithinTheOperator(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := operatorIdentity(t, db)
		ctx := t.Context()
		if _, err := db.Exec(ctx, `INSERT INTO users (provider_id, username, is_guest, date_joined) VALUES (1, 'guest-x', TRUE, 0)`); err != nil {
			t.Fatal(err)
		}
		all, err := s.OperatorSubscribers(ctx, 1, identity.SubscriberQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range all {
			if u.ProviderID != 1 || u.Username == "guest-x" || u.Username == "alma" {
				t.Fatalf("operator 1 finds %+v", u)
			}
		}
		found, err := s.OperatorSubscribers(ctx, 1, identity.SubscriberQuery{Search: "DEM", Limit: 10})
		if err != nil || len(found) != 1 || found[0].Username != "demo" {
			t.Fatalf("search %+v %v", found, err)
		}
		_, err = s.OperatorSubscribers(ctx, 1, identity.SubscriberQuery{Phone: "1", Limit: 10})
		wantHTTPError(t, err, 400, "phone")

		var almaID int64
		if err := store.Get(ctx, db, "SELECT id FROM users WHERE username = 'alma'", nil, &almaID); err != nil {
			t.Fatal(err)
		}
		_, err = s.OperatorSubscriber(ctx, 1, almaID)
		wantHTTPError(t, err, 404, "")
		_, _, err = s.UpdateOperatorSubscriber(ctx, 1, almaID, identity.SubscriberFields{FirstName: ptr("x")})
		wantHTTPError(t, err, 404, "")
		_, err = s.OperatorSubscriberDevices(ctx, 1, almaID)
		wantHTTPError(t, err, 404, "")

		subscriber := found[0]
		before, after, err := s.UpdateOperatorSubscriber(ctx, 1, subscriber.ID, identity.SubscriberFields{Email: ptr(""),
			DeviceLimit: ptr(0), Active: ptr(false)})
		if err != nil || before.Blocked || !after.Blocked || after.Email != "" || after.OwnDeviceLimit != 0 {
			t.Fatalf("update %+v -> %+v %v", before, after, err)
		}
		var blockedAt int64
		if err := store.Get(ctx, db, "SELECT blocked_at FROM users WHERE id = ?", []any{subscriber.ID}, &blockedAt); err != nil || blockedAt == 0 {
			t.Fatalf("blocked_at %d %v", blockedAt, err)
		}
		// Blocking again keeps the first block's time.
		if _, _, err := s.UpdateOperatorSubscriber(ctx, 1, subscriber.ID, identity.SubscriberFields{Active: ptr(false)}); err != nil {
			t.Fatal(err)
		}
		var again int64
		if err := store.Get(ctx, db, "SELECT blocked_at FROM users WHERE id = ?", []any{subscriber.ID}, &again); err != nil || again != blockedAt {
			t.Fatalf("blocked_at moved %d -> %d", blockedAt, again)
		}
	})
}
