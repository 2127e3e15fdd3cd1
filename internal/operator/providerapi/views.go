package providerapi

import (
	"fmt"
	"time"

	"efir/internal/commerce"
	"efir/internal/identity"
	"efir/internal/provider"
)

// The wire shapes of api/provider.yaml: the reference platform's field names
// and its money (a decimal string of the operator's currency, "199.00");
// times RFC 3339, ids integers.

// money shows minor units as the reference does: two decimal places.
func money(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

func stamp(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }

func stampOrNil(unix int64) *string {
	if unix == 0 {
		return nil
	}
	s := stamp(unix)
	return &s
}

// Account is a subscriber's money account.
type Account struct {
	ID               int64  `json:"id"`
	Amount           string `json:"amount"`
	IsPaymentAllowed bool   `json:"is_payment_allowed"`
}

// OperatorRef names the subscriber's operator.
type OperatorRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// User is a subscriber (the reference's BaseUser). The parental PIN never
// leaves the server: parental_status says whether one is set.
type User struct {
	ID                int64       `json:"id"`
	Username          string      `json:"username"`
	FirstName         string      `json:"first_name"`
	LastName          string      `json:"last_name"`
	ProviderUID       string      `json:"provider_uid"`
	Phone             string      `json:"phone"`
	Email             string      `json:"email"`
	Timezone          string      `json:"timezone"`
	TimezoneUTCOffset int         `json:"timezone_utcoffset"` // seconds east of UTC now
	ParentalStatus    string      `json:"parental_status"`
	DeviceLimit       int         `json:"device_limit"`
	Accounts          []Account   `json:"accounts"`
	Provider          OperatorRef `json:"provider"`
	IsActive          bool        `json:"is_active"`
	IsGuest           bool        `json:"is_guest"`
	LastLogin         *string     `json:"last_login"`
	DateJoined        string      `json:"date_joined"`
	ReferID           string      `json:"refer_id"`
	Comment           string      `json:"comment"`
	Tags              []UserTag   `json:"tags"`
}

func userView(u identity.Subscriber, p *provider.Provider, now time.Time) User {
	v := User{ID: u.ID, Username: u.Username, FirstName: u.FirstName, LastName: u.LastName, ProviderUID: u.ProviderUID,
		Phone: u.Phone, Email: u.Email, Timezone: u.Timezone, ParentalStatus: u.ParentalStatus, DeviceLimit: u.DeviceLimit,
		Accounts: accountViews(u.Accounts), Provider: OperatorRef{ID: u.ProviderID}, IsActive: !u.Blocked,
		LastLogin: stampOrNil(u.LastLogin), DateJoined: stamp(u.DateJoined), ReferID: u.ReferID, Comment: u.Comment,
		Tags: []UserTag{}}
	if p != nil {
		v.Provider.Name = p.Name
	}
	if loc, err := time.LoadLocation(u.Timezone); err == nil {
		_, v.TimezoneUTCOffset = now.In(loc).Zone()
	}
	return v
}

func accountViews(list []identity.Account) []Account {
	out := make([]Account, 0, len(list))
	for _, a := range list {
		out = append(out, Account{ID: a.ID, Amount: money(a.Balance), IsPaymentAllowed: a.IsPaymentAllowed})
	}
	return out
}

// ShortUser is the subscriber a device belongs to.
type ShortUser struct {
	ID          int64  `json:"id"`
	Username    string `json:"username"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	ProviderUID string `json:"provider_uid"`
}

// DeviceProfile is the profile a device has chosen.
type DeviceProfile struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Device is one registered device of a subscriber.
type Device struct {
	ID              int64          `json:"id"`
	DeviceType      string         `json:"device_type"`
	Vendor          string         `json:"vendor"`
	Model           string         `json:"model"`
	Version         string         `json:"version"`
	Serial          string         `json:"serial"`
	OSName          string         `json:"os_name"`
	OSVersion       string         `json:"os_version"`
	ApplicationType string         `json:"application_type"`
	Profile         *DeviceProfile `json:"profile"`
	CreatedAt       string         `json:"created_at"`
	LoginAt         string         `json:"login_at"`
	UserID          int64          `json:"user_id"`
	User            ShortUser      `json:"user"`
}

func deviceView(d identity.SubscriberDevice, u identity.Subscriber) Device {
	v := Device{ID: d.ID, DeviceType: d.DeviceType, Vendor: d.Vendor, Model: d.Model, Version: d.Version, Serial: d.Serial,
		OSName: d.OSName, OSVersion: d.OSVersion, ApplicationType: d.ApplicationType, CreatedAt: stamp(d.CreatedAt),
		LoginAt: stamp(d.LoginAt), UserID: u.ID, User: ShortUser{ID: u.ID, Username: u.Username, FirstName: u.FirstName,
			LastName: u.LastName, ProviderUID: u.ProviderUID}}
	if d.ProfileID != 0 {
		v.Profile = &DeviceProfile{ID: d.ProfileID, Name: d.ProfileName}
	}
	return v
}

// Packet is one of the operator's packets; price is the shortest period's.
type Packet struct {
	ID                 int64                `json:"id"`
	Name               string               `json:"name"`
	Short              string               `json:"short"`
	Description        string               `json:"description"`
	Price              string               `json:"price"`
	Base               bool                 `json:"base"`
	IsPublic           bool                 `json:"is_public"`
	Agreement          string               `json:"agreement"`
	PeriodHuman        commerce.PeriodHuman `json:"period_human"`
	AfterRenewPacketID *int64               `json:"after_renew_packet_id"`
}

func packetView(p commerce.CatalogPacket) Packet {
	first := p.Periods[0]
	v := Packet{ID: p.ID, Name: p.Name, Short: p.Short, Description: p.Description, Price: money(first.Amount),
		Base: p.IsBase, IsPublic: !p.IsHidden, Agreement: p.Agreement, PeriodHuman: first.Human}
	if p.AfterRenewPacketID != 0 {
		id := p.AfterRenewPacketID
		v.AfterRenewPacketID = &id
	}
	return v
}

// Subscription is a subscription of a subscriber to a packet.
type Subscription struct {
	ID       int64  `json:"id"`
	Packet   Packet `json:"packet"`
	StartAt  string `json:"start_at"`
	EndAt    string `json:"end_at"`
	Renew    bool   `json:"renew"`
	IsPaused bool   `json:"is_paused"`
	Type     string `json:"type"` // paid, trial, promo, grant
}

// FutureSubscription is a subscription that starts later.
type FutureSubscription struct {
	ID      int64  `json:"id"`
	Packet  Packet `json:"packet"`
	StartAt string `json:"start_at"`
	Renew   bool   `json:"renew"`
}

// PurchasePeriod is one period a packet is sold for, with its purchase
// (the reference's PeriodPurchaseType).
type PurchasePeriod struct {
	PeriodHuman   commerce.PeriodHuman `json:"period_human"`
	Description   string               `json:"description"`
	PurchasesType []PurchaseType       `json:"purchases_type"`
}

// PaySystemRef names a pay system that may sell a purchase.
type PaySystemRef struct {
	Title string `json:"title"`
}

// PurchaseType is what a subscriber buys for a period. The pay system list
// keeps the reference's spelling (paysytems); empty means every pay system
// of the operator.
type PurchaseType struct {
	ID               int64                `json:"id"`
	Title            string               `json:"title"`
	PType            string               `json:"ptype"`
	PurchaseType     string               `json:"purchase_type"`
	Short            string               `json:"short"`
	Description      string               `json:"description"`
	IsHaveTrial      bool                 `json:"is_have_trial"`
	IsCancelable     bool                 `json:"is_cancelable"`
	Amount           string               `json:"amount"`
	TrialAmount      string               `json:"trial_amount"`
	PeriodHuman      commerce.PeriodHuman `json:"period_human"`
	TrialPeriodHuman commerce.PeriodHuman `json:"trial_period_human"`
	StoreSources     []string             `json:"store_sources"`
	PaySystems       []PaySystemRef       `json:"paysytems"`
	UserPurchase     *struct{}            `json:"user_purchase"`
	IsNextPurchase   bool                 `json:"is_next_purchase"`
}

func purchasePeriods(p commerce.CatalogPacket) []PurchasePeriod {
	out := make([]PurchasePeriod, 0, len(p.Periods))
	for _, x := range p.Periods {
		pays := make([]PaySystemRef, 0, len(x.PaySystems))
		for _, name := range x.PaySystems {
			pays = append(pays, PaySystemRef{Title: name})
		}
		out = append(out, PurchasePeriod{PeriodHuman: x.Human, Description: p.Short, PurchasesType: []PurchaseType{{
			ID: x.ID, Title: p.Name, PType: "subscription", PurchaseType: "subscription", Short: p.Short,
			Description: p.Description, IsHaveTrial: p.TrialDays > 0, IsCancelable: true, Amount: money(x.Amount),
			TrialAmount: money(p.TrialPrice), PeriodHuman: x.Human, TrialPeriodHuman: p.TrialHuman,
			StoreSources: []string{}, PaySystems: pays}}})
	}
	return out
}

// Transaction is one entry of an account's ledger; source says where it
// came from (paysystem: a payment or its refund, billing: a charge or a
// credit of the platform, manual: staff).
type Transaction struct {
	ID          int64             `json:"id"`
	Source      TransactionSource `json:"source"`
	Amount      string            `json:"amount"`
	Description string            `json:"description"`
	CreatedAt   string            `json:"created_at"`
}

// TransactionSource is the kind of a ledger entry.
type TransactionSource struct {
	Name string `json:"name"`
	Type string `json:"type"` // billing, manual, info, paysystem
}

func transactionView(e commerce.LedgerEntry) Transaction {
	kind := "billing"
	switch e.Kind {
	case "topup", "refund":
		kind = "paysystem"
	case "adjustment", "reversal":
		kind = "manual"
	}
	return Transaction{ID: e.ID, Source: TransactionSource{Name: e.Kind, Type: kind}, Amount: money(e.Amount),
		Description: e.Description, CreatedAt: stamp(e.CreatedAt)}
}
