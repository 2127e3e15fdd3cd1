package provider

// PlayerSettings are the client's tunables an operator sets in the console;
// left empty, Efir's defaults apply.
type PlayerSettings struct {
	// BlackoutSafeArea is how many seconds around a blacked-out programme
	// the picture stays too (nil: DefaultBlackoutSafeArea).
	BlackoutSafeArea *int `json:"blackout_safe_area,omitempty"`
	// BlackoutPictureURL and BlackoutScreenshotURL replace the generated
	// blackout picture and its screenshot ("": the generated one).
	BlackoutPictureURL    string `json:"blackout_picture_url,omitempty"`
	BlackoutScreenshotURL string `json:"blackout_screenshot_url,omitempty"`
	// ABTests are the experiments the operator runs: each viewer's client
	// reads them from /v2/ab_tests/tests.
	ABTests []ABTest `json:"ab_tests,omitempty"`
}

// DefaultBlackoutSafeArea is the blackout margin when the operator sets none.
const DefaultBlackoutSafeArea = 60

// MaxBlackoutSafeArea bounds the margin (an hour).
const MaxBlackoutSafeArea = 3600

// MaxABTests bounds an operator's experiments.
const MaxABTests = 50

// safeArea is the operator's blackout margin or the default.
func (p PlayerSettings) safeArea() int {
	if p.BlackoutSafeArea == nil {
		return DefaultBlackoutSafeArea
	}
	return *p.BlackoutSafeArea
}
