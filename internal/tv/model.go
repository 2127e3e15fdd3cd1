package tv

import (
	"encoding/json"
	"sync"
)

// Spec category ids (section 9).
const (
	CategoryAll      = 32
	CategoryChildren = 22
	CategoryFallback = 17
	childMaxAge      = 12
	adultAge         = 18
)

// channel is one row of the line-up as the cache keeps it: the stored
// fields plus what the joins give (categories, packets, free by packet).
type channel struct {
	ID              int64
	ProviderID      int64
	Slug            string
	Name            string
	Description     string
	Number          int
	Age             int
	IsFree          bool // free by itself or through a free packet
	IsHidden        bool
	IsFixed         bool
	Is4K            bool
	IsHD            bool
	SourceType      string
	SourceURL       string
	CatchupTemplate string
	ArchivedDays    int
	LogoURL         string
	BgURL           string
	ColorBg         string
	OverlayIcon     string
	Categories      []int64
	Packets         []int64
	IsAdult         bool // age 18+ or in a category tagged is_adult

	// static is the viewer-independent part of its JSON (channel_json.go).
	staticOnce sync.Once
	static     []byte
}

// archiveDays is how many days back the source can really play: an
// upstream channel without a catch-up template keeps no archive.
func (c *channel) archiveDays() int {
	if c.SourceType == "hls" && c.CatchupTemplate == "" {
		return 0
	}
	return c.ArchivedDays
}

type category struct {
	ID          int64
	Slug        string
	Name        string
	Short       string
	Sort        int
	AllChannels bool
	Startup     bool
	IsAdult     bool
	Channels    []int64 // in line-up order
}

type packet struct {
	ID          int64
	Name        string
	Short       string
	Description string
	Price       int64
	Currency    string
	PeriodDays  int
	IsBase      bool
	IsFree      bool
	IsHidden    bool
	Channels    int
}

// entry is one schedule row.
type entry struct {
	ID               int64
	ChannelID        int64
	ProgramID        *int64
	Title            string
	Description      string
	Start            int64
	Duration         int
	RealStart        int64
	RealDuration     int
	Season           int
	Series           int
	EpisodeTitle     string
	Age              int
	MotionRating     string
	Categories       string // JSON array
	Image            string
	CatchupAvailable bool
	IsAnnouncement   bool
	ContentID        *int64
	// raw is the entry's JSON, rendered once when the schedule cache loads
	// it (schedule_cache.go); nil for entries read outside the cache.
	raw []byte
}

func (e *entry) end() int64 { return e.Start + int64(e.Duration) }

// ---- wire shapes (api/openapi.yaml) ----

type coverJSON struct {
	Full    string `json:"full"`
	Bg      string `json:"bg"`
	ColorBg string `json:"color_bg"`
	LightBg string `json:"light_bg"`
	DarkBg  string `json:"dark_bg"`
}

type imageJSON struct {
	Type string `json:"type"`
	Src  string `json:"src"`
}

type currentJSON struct {
	ID             int64  `json:"id"`
	Title          string `json:"title"`
	Timestamp      int64  `json:"timestamp"`
	RealTimestamp  int64  `json:"real_timestamp"`
	Duration       int    `json:"duration"`
	Content        any    `json:"content"`
	ContentEpisode any    `json:"content_episode"`
}

type statJSON struct {
	ID string `json:"id"`
}

type channelJSON struct {
	ID                    int64        `json:"id"`
	Name                  string       `json:"name"`
	Description           string       `json:"description"`
	Slug                  string       `json:"slug"`
	Number                int          `json:"number"`
	Age                   int          `json:"age"`
	RatingAge             string       `json:"rating_age"`
	IsAvailable           bool         `json:"is_available"`
	IsFree                bool         `json:"is_free"`
	IsHidden              bool         `json:"is_hidden"`
	IsFixed               bool         `json:"is_fixed"`
	AccessError           *string      `json:"access_error"`
	IsPurchased           bool         `json:"is_purchased"`
	IsFavored             bool         `json:"is_favored"`
	Is4K                  bool         `json:"is_4k"`
	IsHD                  bool         `json:"is_hd"`
	HD                    bool         `json:"hd"`
	OverlayIcon           string       `json:"overlay_icon"`
	Cover                 coverJSON    `json:"cover"`
	Images                []imageJSON  `json:"images"`
	CurrentSchedule       *currentJSON `json:"current_schedule"`
	StreamTypes           []string     `json:"stream_types"`
	ArchivedDays          int          `json:"archived_days"`
	RealArchivedDays      int          `json:"real_archived_days"`
	AvailableArchivedDays int          `json:"available_archived_days"`
	Stat                  statJSON     `json:"stat"`
	Trackers              []any        `json:"trackers"`
	Category              *int64       `json:"category"`
	Categories            []int64      `json:"categories"`
	HasCatchup            bool         `json:"has_catchup"`
}

type categoryJSON struct {
	ID       int64   `json:"id"`
	Slug     string  `json:"slug"`
	Name     string  `json:"name"`
	Short    string  `json:"short"`
	Sort     int     `json:"sort"`
	Channels []int64 `json:"channels"`
	Tags     struct {
		AllChannels bool `json:"all_channels"`
		Startup     bool `json:"startup"`
		IsAdult     bool `json:"is_adult"`
	} `json:"tags"`
}

type packetJSON struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Short         string `json:"short"`
	Description   string `json:"description"`
	Price         int64  `json:"price"`
	Currency      string `json:"currency"`
	PeriodDays    int    `json:"period_days"`
	IsBase        bool   `json:"is_base"`
	IsFree        bool   `json:"is_free"`
	ChannelsCount int    `json:"channels_count"`
}

type episodeJSON struct {
	Season int    `json:"season"`
	Series int    `json:"series"`
	Title  string `json:"title"`
}

type motionJSON struct {
	Text string `json:"text"`
}

type entryJSON struct {
	ID                 int64        `json:"id"`
	Timestamp          int64        `json:"timestamp"`
	RealTimestamp      int64        `json:"real_timestamp"`
	Duration           int          `json:"duration"`
	RealDuration       int          `json:"real_duration"`
	ChannelID          int64        `json:"channel_id"`
	Program            *int64       `json:"program"`
	Content            any          `json:"content"`
	ContentID          *int64       `json:"content_id"`
	Episode            *episodeJSON `json:"episode"`
	ContentEpisode     any          `json:"content_episode"`
	IsCatchupAvailable bool         `json:"is_catchup_available"`
	IsContents         bool         `json:"is_contents"`
	IsAnnouncement     bool         `json:"is_announcement"`
	Date               string       `json:"date"`
	ParentID           *int64       `json:"parent_id"`
	Title              string       `json:"title"`
	Description        string       `json:"description"`
	Age                int          `json:"age"`
	MotionRating       motionJSON   `json:"motion_rating"`
	Image              string       `json:"image"`
	Categories         []string     `json:"categories"`
}

// jsonList decodes a stored JSON array of strings; junk gives an empty list.
func jsonList(s string) []string {
	var out []string
	if s != "" && s != "[]" {
		_ = json.Unmarshal([]byte(s), &out)
	}
	if out == nil {
		out = []string{}
	}
	return out
}
