// Package providerapi is the operator's machine-to-machine API
// (api/provider.yaml): an operator's billing or CRM manages its subscribers,
// their devices, subscriptions and money with a token issued in the console,
// under /provider-api, each call counted against the token's limits and logged.
package providerapi

import (
	"context"
	"net/http"
	"time"

	"efir/internal/commerce"
	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/provider"
	"efir/internal/ratelimit"
	"efir/internal/store"
)

// Prefix is where the provider API lives: /provider-api/v2/users and so on,
// the paths of the reference platform under a prefix of their own.
const Prefix = "/provider-api"

// Subscribers are the identity area's operations on an operator's subscribers.
type Subscribers interface {
	OperatorSubscribers(ctx context.Context, providerID int64, q identity.SubscriberQuery) ([]identity.Subscriber, error)
	OperatorSubscriber(ctx context.Context, providerID, id int64) (identity.Subscriber, error)
	CreateOperatorSubscriber(ctx context.Context, providerID int64, f identity.SubscriberFields, lang string) (identity.Subscriber, error)
	UpdateOperatorSubscriber(ctx context.Context, providerID, id int64, f identity.SubscriberFields) (before, after identity.Subscriber, err error)
	OperatorSubscriberDevices(ctx context.Context, providerID, userID int64) ([]identity.SubscriberDevice, error)
	OperatorDevices(ctx context.Context, providerID int64, q identity.DeviceQuery) ([]identity.OperatorDevice, error)
	OperatorDeviceByToken(ctx context.Context, providerID, userID int64, token string) (identity.OperatorDevice, error)
	StaffRemoveDevice(ctx context.Context, providerID, userID, deviceID int64) error
	StaffBlock(ctx context.Context, providerID, userID int64, blocked bool) error
	OperatorArchive(ctx context.Context, providerID, userID int64) error
	OperatorMessages(ctx context.Context, providerID, userID int64, limit, offset int) ([]identity.SubscriberMessage, error)
	OperatorMessage(ctx context.Context, providerID, userID, id int64) (identity.SubscriberMessage, error)
	OperatorSendMessage(ctx context.Context, providerID, userID int64, title, text string) (identity.SubscriberMessage, error)
	OperatorRemoveMessage(ctx context.Context, providerID, userID, id int64) (identity.SubscriberMessage, error)
}

// Shop is the commerce area's operations: the operator's packets, a
// subscriber's subscriptions and ledger.
type Shop interface {
	OperatorPackets(ctx context.Context, providerID int64) ([]commerce.CatalogPacket, error)
	StaffSubscriptions(ctx context.Context, providerID, userID int64) ([]commerce.StaffSubscription, error)
	StaffGrant(ctx context.Context, providerID, userID, packetID, startAt, endAt int64) (commerce.StaffSubscription, error)
	StaffChangeSubscription(ctx context.Context, providerID, userID, subID int64, action string, renew *bool) (commerce.StaffSubscription, error)
	StaffLedger(ctx context.Context, providerID, userID int64, limit, offset int) ([]commerce.LedgerEntry, error)
	APISubscription(ctx context.Context, providerID, userID, id int64) (commerce.StaffSubscription, error)
	APIPauses(ctx context.Context, providerID, userID int64) ([]commerce.APIPause, error)
	APIPromoPacketIDs(ctx context.Context, providerID int64) ([]int64, error)
	StaffPauseUntil(ctx context.Context, providerID, userID, subID, until int64) (commerce.StaffSubscription, error)
	APIEndSubscriptions(ctx context.Context, providerID, userID int64) ([]commerce.StaffSubscription, error)
	APIAdjust(ctx context.Context, providerID, userID, amount int64, description, key string,
		posted func(q store.Querier, e commerce.LedgerEntry) error) (commerce.LedgerEntry, bool, error)
	APIAccount(ctx context.Context, providerID, userID int64) (int64, bool, error)
	APIPromoUses(ctx context.Context, providerID, userID int64) ([]commerce.APIPromoUse, error)
	APIRedeemPromo(ctx context.Context, providerID, userID int64, key string) (commerce.APIPromoUse, error)
	APIDeactivatePromoKey(ctx context.Context, providerID, id int64) (before, after commerce.APIPromoKey, err error)
	APILicences(ctx context.Context, providerID, userID int64) ([]commerce.APILicence, error)
	APIGrantLicence(ctx context.Context, providerID, userID, offerID int64) (commerce.APILicence, bool, error)
	APIEndLicences(ctx context.Context, providerID, userID, offerID int64) ([]commerce.APILicence, error)
}

// Operators give an operator's name and languages.
type Operators interface {
	ByID(ctx context.Context, id int64) (*provider.Provider, error)
}

// Config is what the provider API needs.
type Config struct {
	Now func() time.Time
	// Limits counts each token's calls (per second, hour and day) where
	// every copy of efir sees the same counts; nil counts nothing.
	Limits      ratelimit.Factory
	Subscribers Subscribers
	Shop        Shop
	Operators   Operators
}

// Service is the provider API's server side.
type Service struct {
	db      *store.DB
	cfg     Config
	billing Billing
}

// New makes the service.
func New(db *store.DB, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{db: db, cfg: cfg}
}

func (s *Service) now() time.Time { return s.cfg.Now() }

// route is one call of the API.
type route struct {
	pattern string
	handle  httpx.Handler
}

// routes is the route table: the reference platform's paths under Prefix.
func (s *Service) routes() []route {
	return []route{
		{"GET /provider-api/v2/users", s.handleUsers},
		{"POST /provider-api/v2/users", s.handleCreateUser},
		{"GET /provider-api/v2/users/{id}", s.handleUser},
		{"PATCH /provider-api/v2/users/{id}", s.handlePatchUser},
		{"GET /provider-api/v2/users/{user_id}/devices", s.handleDevices},
		{"DELETE /provider-api/v2/users/{user_id}/devices/{id}", s.handleRemoveDevice},
		{"GET /provider-api/v2/users/{user_id}/subscriptions", s.handleSubscriptions},
		{"POST /provider-api/v2/users/{user_id}/subscriptions", s.handleGrant},
		{"DELETE /provider-api/v2/users/{user_id}/subscriptions/{id}", s.handleEndSubscription},
		{"GET /provider-api/v2/users/{user_id}/futures", s.handleFutures},
		{"GET /provider-api/v2/users/{user_id}/accounts", s.handleAccounts},
		{"GET /provider-api/v2/users/{user_id}/accounts/{account_id}/transactions", s.handleTransactions},
		{"GET /provider-api/v2/packets", s.handlePackets},
		{"GET /provider-api/v2/packets/{id}/purchaseperiods", s.handlePurchasePeriods},
		// Single reads, changes and the rest of the reference's paths.
		{"DELETE /provider-api/v2/users/{id}", s.handleBlockUser},
		{"DELETE /provider-api/v2/users/{id}/archive", s.handleArchiveUser},
		{"GET /provider-api/v2/users/{user_id}/devices/{id}", s.handleDevice},
		{"GET /provider-api/v2/users/{user_id}/devices/device", s.handleDeviceByToken},
		{"GET /provider-api/v2/devices", s.handleOperatorDevices},
		{"GET /provider-api/v2/users/{user_id}/subscriptions/current", s.handleCurrentSubscriptions},
		{"GET /provider-api/v2/users/{user_id}/subscriptions/{id}", s.handleSubscription},
		{"PATCH /provider-api/v2/users/{user_id}/subscriptions/{id}", s.handlePatchSubscription},
		{"GET /provider-api/v2/users/{user_id}/pauses", s.handlePauses},
		{"POST /provider-api/v2/users/{user_id}/pauses", s.handlePauseAll},
		{"DELETE /provider-api/v2/users/{user_id}/pauses/delete", s.handleResumeAll},
		{"GET /provider-api/v2/users/{user_id}/subscriptions/{subscription_id}/pauses", s.handleSubscriptionPauses},
		{"POST /provider-api/v2/users/{user_id}/subscriptions/{subscription_id}/pauses", s.handlePause},
		{"DELETE /provider-api/v2/users/{user_id}/subscriptions/{subscription_id}/pauses/{pause_id}", s.handleResume},
		{"PATCH /provider-api/v2/users/{user_id}/subscriptions/{subscription_id}/pauses/{pause_id}", s.handlePatchPause},
		{"PUT /provider-api/v2/users/{user_id}/change_provider/{id}", s.handleChangeProvider},
		{"GET /provider-api/v2/tags", s.handleTags},
		{"POST /provider-api/v2/tags", s.handleCreateTag},
		{"GET /provider-api/v2/tags/{id}", s.handleTag},
		{"PATCH /provider-api/v2/tags/{id}", s.handlePatchTag},
		{"DELETE /provider-api/v2/tags/{id}", s.handleDeleteTag},
		{"POST /provider-api/v2/users/{user_id}/tags", s.handleTagUser},
		{"DELETE /provider-api/v2/users/{user_id}/tags/{id}", s.handleUntagUser},
		{"GET /provider-api/v2/promopackets", s.handlePromoPackets},
		{"GET /provider-api/v2/promopackets/{id}", s.handlePromoPacket},
		{"GET /provider-api/v2/users/{user_id}/provider/account", s.handleSourceAccounts},
		{"POST /provider-api/v2/users/{user_id}/provider/account", s.handlePushSourceAccount},
		{"GET /provider-api/v2/users/{user_id}/provider/accounts", s.handleSourceAccounts},
		{"POST /provider-api/v2/users/{user_id}/provider/accounts", s.handlePushSourceAccount},
		{"POST /provider-api/v2/users/{user_id}/accounts", s.handleCreateAccount},
		{"POST /provider-api/v2/users/{user_id}/accounts/{account_id}/transactions", s.handleCreateTransaction},
		{"GET /provider-api/v2/users/{user_id}/promokeys", s.handlePromoKeys},
		{"POST /provider-api/v2/users/{user_id}/promokeys", s.handleRedeemPromoKey},
		{"DELETE /provider-api/v2/promokeys/{id}", s.handleDeactivatePromoKey},
		{"GET /provider-api/v2/users/{user_id}/entity_licenses", s.handleLicences},
		{"POST /provider-api/v2/users/{user_id}/entity_licenses", s.handleGrantLicence},
		{"DELETE /provider-api/v2/users/{user_id}/entity_licenses/{id}", s.handleEndLicence},
		{"GET /provider-api/v2/users/{user_id}/messages", s.handleMessages},
		{"POST /provider-api/v2/users/{user_id}/messages", s.handleSendMessage},
		{"GET /provider-api/v2/users/{user_id}/messages/{id}", s.handleMessage},
		{"DELETE /provider-api/v2/users/{user_id}/messages/{id}", s.handleRemoveMessage},
		{"GET /provider-api/v2/packets/{id}", s.handlePacket},
		{"GET /provider-api/v2/packets/{id}/purchases", s.handlePurchases},
		{"GET /provider-api/v2/channels", s.handleChannels},
		{"GET /provider-api/v2/channels/{id}", s.handleChannel},
	}
}

// Register mounts the API. Every call, an unknown one too, is
// authenticated, counted and logged; an unknown path answers 404 in the
// error shape.
func (s *Service) Register(mux *http.ServeMux) {
	for _, rt := range s.routes() {
		mux.Handle(rt.pattern, s.call(rt.handle))
	}
	mux.Handle(Prefix+"/", s.call(func(http.ResponseWriter, *http.Request) error { return httpx.NotFound() }))
}
