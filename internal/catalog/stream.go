package catalog

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"

	"efir/internal/artwork"
	"efir/internal/httpx"
	"efir/internal/media"
	"efir/internal/store"
)

// StreamJSON is a signed VOD or trailer stream (schema CatalogStream). The
// trailer answer also carries the URL under data.hls, as the spec reads it.
type StreamJSON struct {
	HLS        string         `json:"hls"`
	HLSMBR     string         `json:"hls_mbr"`
	Data       *streamData    `json:"data,omitempty"`
	Ad         any            `json:"ad"`
	Stat       statJSON       `json:"stat"`
	Img        string         `json:"img"`
	Trackers   []any          `json:"trackers"`
	StreamInfo streamInfoJSON `json:"stream_info"`
	Packshots  []any          `json:"packshots"`
	DRM        any            `json:"drm"`
	// The trick-play index and its seek points (media thumbnails).
	ScreenshotURL     string  `json:"screenshot_url"`
	ScreenshotTimings []int64 `json:"screenshot_timings"`
}

type streamData struct {
	HLS string `json:"hls"`
}

type statJSON struct {
	ID string `json:"id"`
}

type streamInfoJSON struct {
	Kind         string `json:"kind"`
	Duration     int    `json:"duration"`
	StartSeconds int    `json:"start_seconds"`
}

// GET /v2/libraries/{lib}/contents/{id}/stream?seconds=: the content must
// be in library lib (404 otherwise), playable (a movie, an episode or a
// programme with an asset) and held by the viewer (403 permission_denied
// with the reason). A child profile asking for something rated above 12
// gets 403 too: the page may have been opened before the profile switch.
// Only a device's token gets a stream, and an 18+ content only with the
// parental PIN's proof (embeds excepted, see parentalProof).
func (s *Service) handleContentStream(w http.ResponseWriter, r *http.Request) error {
	if httpx.SessionFrom(r.Context()) == nil {
		return httpx.Unauthorized()
	}
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	lib, err := httpx.PathID(r, "lib")
	if err != nil {
		return err
	}
	id, ok := parseRef(r.PathValue("id"))
	if !ok {
		return httpx.NotFound()
	}
	ctx := r.Context()
	c, err := contentByID(ctx, s.db, v.providerID, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.LibraryID != lib) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	if !v.ageAllowed(c.Age) {
		return denied(v.lang, "catalog_error_child_age")
	}
	if c.IsLost {
		return s.lostContent(ctx, v, c)
	}
	seconds, _, err := intParam(r, "seconds")
	if err != nil {
		return err
	}
	if c.IsAnnouncement {
		return denied(v.lang, "catalog_error_announcement")
	}
	if c.Asset == "" {
		// A series or a season plays through its episodes; a film or an episode without
		// its video yet is still being prepared (the spec's hint_content_processing).
		if c.Type == "series" || c.Type == "season" {
			return denied(v.lang, "catalog_error_not_playable")
		}
		return denied(v.lang, "hint_content_processing")
	}
	ok, err = s.available(ctx, v, c)
	if err != nil {
		return err
	}
	if !ok {
		if !v.signedIn() {
			return denied(v.lang, "catalog_error_sign_in")
		}
		return denied(v.lang, "catalog_error_not_purchased")
	}
	if err := s.parentalProof(r, c); err != nil {
		return err
	}
	url, thumbs, err := s.signVOD(v, c.Asset, c.ID)
	if err != nil {
		return err
	}
	start := int(seconds)
	if c.Duration > 0 {
		start = min(start, c.Duration)
	}
	statID := newStatID("vod", c.ID)
	if err := s.startStream(r, v, statID, c.ID); err != nil {
		return err
	}
	httpx.OK(w, StreamJSON{HLS: url, HLSMBR: url, Stat: statJSON{ID: statID},
		Img: pick(c.CoverURL, artwork.URL(artwork.Cover, c.ID)), Trackers: []any{}, Packshots: []any{},
		StreamInfo:    streamInfoJSON{Kind: "vod", Duration: c.Duration, StartSeconds: start},
		ScreenshotURL: thumbs.url, ScreenshotTimings: thumbs.timings})
	return nil
}

// GET /v2/trailers/{id}/stream: trailers are open to every device that may
// open their content (a child not for a content rated above 12); the trailer
// of an 18+ content is 18+ too.
func (s *Service) handleTrailerStream(w http.ResponseWriter, r *http.Request) error {
	if httpx.SessionFrom(r.Context()) == nil {
		return httpx.Unauthorized()
	}
	v, err := s.viewerOf(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	var contentID int64
	var asset string
	var duration int
	err = store.Get(ctx, s.db, "SELECT content_id, asset, duration FROM trailers WHERE id = ?", []any{id}, &contentID, &asset, &duration)
	if err != nil {
		return err
	}
	c, err := contentByID(ctx, s.db, v.providerID, contentID)
	if errors.Is(err, store.ErrNotFound) {
		return httpx.NotFound()
	}
	if err != nil {
		return err
	}
	if !v.findable(c) || c.IsLost {
		return httpx.NotFound()
	}
	if err := s.parentalProof(r, c); err != nil {
		return err
	}
	url, thumbs, err := s.signVOD(v, asset, id)
	if err != nil {
		return err
	}
	httpx.OK(w, StreamJSON{HLS: url, HLSMBR: url, Data: &streamData{HLS: url}, Stat: statJSON{ID: newStatID("trailer", id)},
		Img: pick(c.CoverURL, artwork.URL(artwork.Cover, c.ID)), Trackers: []any{}, Packshots: []any{},
		StreamInfo:    streamInfoJSON{Kind: "trailer", Duration: duration},
		ScreenshotURL: thumbs.url, ScreenshotTimings: thumbs.timings})
	return nil
}

// actionVOD is the parental action of films, episodes and trailers.
const actionVOD = "vod"

// embedParam marks a stream asked for by the content embed, which spec 5
// lets play without the PIN: a partner's page that frames the player
// answers for its viewer. The web client sends it only from inside a frame
// (a top-level /content_embed/ page asks for the PIN like the watch page),
// and it never opens anything to a child profile: the age rule above holds.
const embedParam = "embed"

// parentalProof asks the PIN's proof for an 18+ content (adult by age or
// flag) unless the stream is for an embed of an adult profile.
func (s *Service) parentalProof(r *http.Request, c *content) error {
	if !c.IsAdult && c.Age < adultAge {
		return nil
	}
	sess := httpx.SessionFrom(r.Context())
	if v := r.URL.Query().Get(embedParam); (v == "1" || v == "true") && !sess.ChildMode {
		return nil
	}
	if s.cfg.Parental == nil {
		return httpx.ParentalCodeRequired()
	}
	return s.cfg.Parental.ParentalProof(r.Context(), sess, actionVOD)
}

// thumbnails is a stream's trick-play index and seek points (none: "" and
// an empty list).
type thumbnails struct {
	url     string
	timings []int64
}

// signVOD signs the asset on the origin for the viewer's user and device;
// an upstream address (console_sources.go) goes to the player as it is.
// An asset the origin does not have falls back to one of its assets chosen
// by id (a catalogue imported before its media still plays, as tv does for
// channels). Its thumbnails come with it.
func (s *Service) signVOD(v *viewer, asset string, id int64) (string, thumbnails, error) {
	none := thumbnails{timings: []int64{}}
	if IsUpstream(asset) {
		return asset, none, nil
	}
	if s.origin == nil || asset == "" {
		return "", none, denied(v.lang, "catalog_error_stream_unavailable")
	}
	assets := s.origin.Assets()
	found := false
	for _, a := range assets {
		if a == asset {
			found = true
			break
		}
	}
	if !found {
		if len(assets) == 0 {
			return "", none, denied(v.lang, "catalog_error_stream_unavailable")
		}
		asset = assets[int(id%int64(len(assets)))]
	}
	g := media.Grant{Kind: media.KindVOD, Asset: asset, UserID: v.userID, DeviceID: v.deviceID}
	if u, times := s.origin.Thumbnails(g); u != "" {
		return s.origin.Sign(g), thumbnails{url: u, timings: times}, nil
	}
	return s.origin.Sign(g), none, nil
}

// newStatID is the opaque id a player reports watch time with.
func newStatID(kind string, id int64) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return kind + strconv.FormatInt(id, 10) + "-" + hex.EncodeToString(b[:])
}
