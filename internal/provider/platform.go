package provider

import (
	"net/http"
	"slices"
	"strings"

	"efir/internal/httpx"
)

// Configuration are the client's tunables (GET /v2/platform/configuration).
type Configuration struct {
	// CatchupBlackoutSafeArea is how many seconds around a programme whose
	// catch-up is blacked out the player also keeps the blackout picture, so
	// that shifted schedules do not leak the start or end of the programme.
	CatchupBlackoutSafeArea      int    `json:"catchup_blackout_safe_area"`
	CatchupBlackoutMattressURL   string `json:"catchup_blackout_mattress_url"`
	CatchupBlackoutScreenshotURL string `json:"catchup_blackout_mattress_screenshot_url"`
	MinSearchChars               int    `json:"min_search_chars"`
	BouncingInterval             int    `json:"bouncing_interval"` // search debounce, ms
	ParentalDurations            []int  `json:"parental_durations"`
	PromocodesEnabled            bool   `json:"promocodes_enabled"`
	PaymentEnabled               bool   `json:"payment_enabled"`
	IframePaymentEnabled         bool   `json:"iframe_payment_enabled"`
	TokenLifetime                int    `json:"token_lifetime"` // seconds
	// SurveyQuestionID is the survey question the viewer's notification
	// offers (the spec's "survey 1"), 0 when the operator has no active survey.
	SurveyQuestionID int64 `json:"survey_question_id"`
	// The operator's analytics (engage/analytics): the tracking image's
	// counter and the error reports' DSN, "" when not set.
	CounterURL string `json:"counter_url"`
	SentryDSN  string `json:"sentry_dsn"`
}

// Resources are the brand and contacts of the request's operator.
type Resources struct {
	BrandName  string   `json:"brand_name"`
	LogoURL    string   `json:"logo_url"`
	FaviconURL string   `json:"favicon_url"`
	Support    Support  `json:"support"`
	AppLinks   AppLinks `json:"app_links"`
}

// AppLinks are the store pages of the operator's mobile apps ("" when none).
type AppLinks struct {
	IOS     string `json:"ios"`
	Android string `json:"android"`
}

// ABTest is one experiment the client takes part in.
type ABTest struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Variant string `json:"variant"`
}

// SEOMask gives the page title and description for paths matching Path
// ("*" matches one path segment); "{name}" in the texts stands for the name
// of the channel or content on the page.
type SEOMask struct {
	Path        string
	Title       string
	Description string
	H1          string
}

func (s *Service) handleConfiguration(w http.ResponseWriter, r *http.Request) error {
	// Payments and promo codes are on only where the operator has them.
	p := s.providerOf(r)
	promos := false
	if s.promos != nil {
		var err error
		if promos, err = s.promos.HasPromoCampaigns(r.Context(), p.ID); err != nil {
			return err
		}
	}
	var survey int64
	if s.surveys != nil {
		var err error
		if survey, err = s.surveys.NotificationSurvey(r.Context(), p.ID); err != nil {
			return err
		}
	}
	httpx.OK(w, Configuration{
		CatchupBlackoutSafeArea:      p.Player.safeArea(),
		CatchupBlackoutMattressURL:   orText(p.Player.BlackoutPictureURL, s.imageURL("catchup-blackout")),
		CatchupBlackoutScreenshotURL: orText(p.Player.BlackoutScreenshotURL, s.imageURL("catchup-blackout-screenshot")),
		MinSearchChars:               1,
		BouncingInterval:             1000,
		ParentalDurations:            []int{1, 5, 15, 30, 60, 120},
		PromocodesEnabled:            promos,
		PaymentEnabled:               p.Commerce.PaymentsOn(),
		IframePaymentEnabled:         p.Commerce.IframePaymentOn(),
		TokenLifetime:                int(s.cfg.TokenTTL.Seconds()),
		SurveyQuestionID:             survey,
		CounterURL:                   p.CounterURL,
		SentryDSN:                    p.SentryDSN,
	})
	return nil
}

func (s *Service) handleResources(w http.ResponseWriter, r *http.Request) error {
	p := s.providerOf(r)
	httpx.OK(w, Resources{
		BrandName:  p.Name,
		LogoURL:    orText(p.LogoURL, s.imageURL("logo")),
		FaviconURL: orText(p.FaviconURL, s.imageURL("favicon")),
		Support:    p.Support,
		AppLinks:   AppLinks{IOS: p.IOSApp, Android: p.AndroidApp},
	})
	return nil
}

// handleABTests answers the experiments the operator runs (set in the
// console; none by default).
func (s *Service) handleABTests(w http.ResponseWriter, r *http.Request) error {
	out := s.providerOf(r).Player.ABTests
	if out == nil {
		out = []ABTest{}
	}
	httpx.OK(w, out)
	return nil
}

// SEOMaskText is one text of a page type on the wire (the spec's SEO mask
// entity: page_type, text_type, value): page_type is the path pattern
// ("/contents/*"), text_type one of title, description and h1.
type SEOMaskText struct {
	PageType string `json:"page_type"`
	TextType string `json:"text_type"`
	Value    string `json:"value"`
}

// GET /v2/seo/masks: every text of every page type, in the asked language.
func (s *Service) handleSEOMasks(w http.ResponseWriter, r *http.Request) error {
	lang, name := httpx.Lang(r), s.providerOf(r).Name
	out := make([]SEOMaskText, 0, 3*len(seoPages))
	for _, m := range seoPages {
		mask, _ := SEOMaskOf(r.Context(), s.db, s.providerOf(r).ID, lang, name, m)
		out = append(out, SEOMaskText{m, "title", mask.Title}, SEOMaskText{m, "description", mask.Description},
			SEOMaskText{m, "h1", mask.H1})
	}
	httpx.OK(w, out)
	return nil
}

// SEOMaskFor is the mask of one of the paths with SEO texts ("/contents/*")
// in lang, with the operator's name (brand) filled in; {name} is left for
// the caller (the channel, content or person of the page). The server's page
// meta and the client's titles read the same texts.
func SEOMaskFor(lang, brand, path string) (SEOMask, bool) {
	if !slices.Contains(seoPages, path) {
		return SEOMask{}, false
	}
	fill := func(key string) string { return strings.ReplaceAll(httpx.T(lang, key), "%s", brand) }
	return SEOMask{
		Path:        path,
		Title:       fill("seo_title_" + path),
		Description: fill("seo_description_" + path),
		H1:          fill("seo_h1_" + path),
	}, true
}

// seoPages are the paths with their own title texts (keys seo_*_<path> in
// texts/{lang}.json). "*" is one path segment: an id or a slug.
var seoPages = []string{"/", "/channels", "/channels/*", "/contents/*", "/persons/*", "/row/*", "/rowset/*",
	"/movies", "/series", "/packets", "/news", "/news/*", "/search", "/my", "/newyear"}
