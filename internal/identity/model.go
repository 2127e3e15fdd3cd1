// Package identity owns viewers: users and guests, sign-in (password, one-time
// codes, the Alma city-and-address flow, provider auto-auth), access tokens,
// devices, profiles, the parental PIN, messages and accounts.
package identity

// User is the viewer as the API shows it. The parental PIN never leaves the
// server: only parental_status tells whether one is set.
type User struct {
	ID               int64             `json:"id"`
	Username         string            `json:"username"`
	Phone            string            `json:"phone"`
	IsGuest          bool              `json:"is_guest"`
	Timezone         string            `json:"timezone"`
	DateJoined       string            `json:"date_joined"` // RFC 3339
	FirstName        string            `json:"first_name"`
	Email            string            `json:"email"`
	ParentalStatus   string            `json:"parental_status"` // notset, set, ignore
	ParentalDialogue *ParentalDialogue `json:"parental_dialogue"`
	ReferID          string            `json:"refer_id"`
	DeviceLimit      int               `json:"device_limit"`
	ProviderUID      string            `json:"provider_uid"`
	Provider         any               `json:"provider"` // provider info, as in network info
	Accounts         []Account         `json:"accounts"`
	Settings         UserSettings      `json:"settings"`
}

// UserSettings are the viewer's stored preferences.
type UserSettings struct {
	ParentalChannels int      `json:"parentalChannels"` // 30 or 1: minutes the PIN is remembered for channels
	Language         string   `json:"language,omitempty"`
	AudioLanguages   []string `json:"audio_languages"`
	TextLanguages    []string `json:"text_languages"`
}

// ParentalDialogue invites a viewer without a PIN to set one.
type ParentalDialogue struct {
	Title   string           `json:"title"`
	Message string           `json:"message"`
	Icon    string           `json:"icon"`
	Buttons []DialogueButton `json:"buttons"`
}

type DialogueButton struct {
	Label     string `json:"label"`
	Action    string `json:"action"` // set or skip
	IsPrimary bool   `json:"is_primary"`
}

// Device is one registered device of a user.
type Device struct {
	ID               int64            `json:"id"`
	Serial           string           `json:"serial"`
	DeviceType       string           `json:"device_type"` // tv, tablet, phone, pc
	Vendor           string           `json:"vendor"`
	Model            string           `json:"model"`
	Version          string           `json:"version"`
	OSName           string           `json:"os_name"`
	OSVersion        string           `json:"os_version"`
	ApplicationType  string           `json:"application_type"`
	Settings         DeviceSettings   `json:"settings"`
	ParentalSettings ParentalSettings `json:"parental_settings"`
	Notification     *Notification    `json:"notification"`
	LoginAt          string           `json:"login_at"` // RFC 3339
	IsCurrent        bool             `json:"is_current"`
}

type DeviceSettings struct {
	ParentalChannels int `json:"parentalChannels"`
}

type Notification struct {
	Type  string `json:"type"`
	Token string `json:"token"`
}

// ParentalSettings say which actions ask for the PIN on a device, and for how
// many minutes a correct PIN is remembered.
type ParentalSettings struct {
	Profile  bool `json:"profile"`
	Program  bool `json:"program"`
	VOD      bool `json:"vod"`
	Channel  bool `json:"channel"`
	Pay      bool `json:"pay"`
	Settings bool `json:"settings"`
	Duration int  `json:"duration"`
}

// DefaultParentalSettings protect everything but payments; a PIN is
// remembered for 30 minutes.
var DefaultParentalSettings = ParentalSettings{
	Profile: true, Program: true, VOD: true, Channel: true, Pay: false, Settings: true, Duration: 30,
}

// Profile is one viewer profile of a user.
type Profile struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Icon         string `json:"icon"`
	IconAvatarID int    `json:"icon_avatar_id"`
	Type         string `json:"type"`
	Role         string `json:"role"` // adult or child
}

// Account is a money account; amounts in minor units of Currency.
type Account struct {
	ID               int64  `json:"id"`
	Balance          int64  `json:"balance"`
	Amount           int64  `json:"amount"`
	Currency         string `json:"currency"`
	IsPaymentAllowed bool   `json:"is_payment_allowed"`
}

// Message is a note from the operator to the viewer.
type Message struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Text      string `json:"text"`
	CreatedAt string `json:"created_at"`
	Removed   bool   `json:"removed"`
	// Link is the operator's link of a message staff sent (an external
	// poll, a page), "" for the others.
	Link string `json:"link"`
}

// TokenResponse answers every sign-in call.
type TokenResponse struct {
	AccessToken string   `json:"access_token"`
	Expired     int64    `json:"expired"` // unix seconds
	Device      *Device  `json:"device,omitempty"`
	Profile     *Profile `json:"profile,omitempty"`
}

// AvatarCategory is a group of avatars in the profile editor's picker.
type AvatarCategory struct {
	Title   string   `json:"title"`
	Avatars []Avatar `json:"avatars"`
}

// Avatar is one picture a profile can take as its icon.
type Avatar struct {
	ID  int    `json:"id"`
	Src string `json:"src"`
}

// ParentalPass answers a correct PIN check: until PassUntil the token needs
// no PIN for protected actions.
type ParentalPass struct {
	Valid     bool  `json:"valid"`
	PassUntil int64 `json:"pass_until"` // unix seconds
}

// Balance is the user's money in the provider's currency.
type Balance struct {
	Balance  int64  `json:"balance"` // minor units
	Currency string `json:"currency"`
}
