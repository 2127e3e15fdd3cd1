package analytics

import (
	"cmp"
	"slices"
	"strings"
)

// The small integer codes events are stored with (analytics_events,
// analytics_daily). A code, once given, keeps its meaning: new names take
// new numbers.

// Kinds of event on the wire (the "type" field) and their codes.
const (
	KindEvent          = 1 // a viewer's action of the spec's list
	KindPage           = 2 // a page opened
	KindPlaybackStart  = 3 // add playback
	KindPlaybackUpdate = 4 // playback update at 120, 300, 600 s, then every 600 s up to 3000 s
	KindPlaybackError  = 5
	KindWatch5Min      = 6 // the 5-minute watch event
	KindAd             = 7 // add ad event
)

var kindCodes = map[string]int16{
	"event": KindEvent, "page": KindPage, "playback_start": KindPlaybackStart, "playback_update": KindPlaybackUpdate,
	"playback_error": KindPlaybackError, "watch_5min": KindWatch5Min, "ad": KindAd,
}

// KindNames are the wire names by code, in code order (the dashboard's).
var KindNames = []string{"", "event", "page", "playback_start", "playback_update", "playback_error", "watch_5min", "ad"}

// eventCodes are the spec's events (section 7, "Events"). The templated
// ones (focus_{template}, click_{template}, open_{slug}) are counted by
// their prefix; the part after it goes to the row's detail.
var eventCodes = map[string]int16{
	"play": 1, "open_channel": 2, "toggle_fullscreen": 3, "packet_info": 4, "open_content": 5, "see_all": 6,
	"back": 7, "subscribe": 8, "unsubscribe": 9, "enable_renew": 10, "open_packet": 11, "select_schedule": 12,
	"select_season": 13, "watch_tv": 14, "trial_button_click": 15, "trial_purchase_button_click": 16,
	"open_search": 17, "hide_search": 18, "add_char": 19, "open_install_devices": 20, "open_lk": 21,
}

// templated events by prefix; open_ is tried after the fixed open_ names.
var templateCodes = []struct {
	prefix string
	code   int16
}{{"focus_", 100}, {"click_", 101}, {"open_", 102}}

// eventCode is the code of an event name and the templated part ("" for a
// fixed name); ok is false for a name not in the list.
func eventCode(name string) (code int16, part string, ok bool) {
	if c, ok := eventCodes[name]; ok {
		return c, "", true
	}
	for _, t := range templateCodes {
		if rest, found := strings.CutPrefix(name, t.prefix); found && validPart(rest) {
			return t.code, rest, true
		}
	}
	return 0, "", false
}

// EventName is the dashboard's name of an event code ("focus_*" for a
// template).
func EventName(code int16) string {
	for n, c := range eventCodes {
		if c == code {
			return n
		}
	}
	for _, t := range templateCodes {
		if t.code == code {
			return t.prefix + "*"
		}
	}
	return ""
}

// validPart: a template's part or a slug: 1-64 of a-z, 0-9, '_' and '-'.
func validPart(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// Start types of a playback (the name column of playback rows).
var startCodes = map[string]int16{"live": 1, "archive": 2, "vod": 3, "trailer": 4}

// StartNames by code.
var StartNames = []string{"", "live", "archive", "vod", "trailer"}

// Ad events (the name column of ad rows) and the rolls an ad plays in.
var adEventCodes = map[string]int16{
	"request": 1, "impression": 2, "start": 3, "first_quartile": 4, "midpoint": 5, "third_quartile": 6,
	"complete": 7, "skip": 8, "click": 9, "error": 10, "timeout": 11,
}

var adPlaces = map[string]bool{"pre_roll": true, "middle_roll": true, "post_roll": true, "post_pause_roll": true}

// The metrics user states (spec 6), derived on the server.
const (
	StateNotLogin    = 1
	StateGuest       = 2
	StateFullPayment = 3
	StatePromo       = 4
	StateFree        = 5
)

// StateNames by code.
var StateNames = []string{"", "not_login", "guest", "full_payment", "promo", "free"}

// sortCounts orders by count, the most first, then by name.
func sortCounts(c []NamedCount) {
	slices.SortFunc(c, func(a, b NamedCount) int {
		return cmp.Or(cmp.Compare(b.Events, a.Events), cmp.Compare(a.Name, b.Name))
	})
}
