package tv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"

	"efir/internal/httpx"
	"efir/internal/media"
)

const (
	// liveEdge: a ts this close to now is live (spec: ts only when >= 30 s old).
	liveEdge = 30
	// loopEpochBase is where every loop channel's cycles are counted from
	// (2024-01-01 UTC), shifted per channel so channels sharing an asset do
	// not show the same picture at the same moment.
	loopEpochBase = 1704067200
	// hlsArchiveOpen is the length asked of an upstream archive when the
	// moment has no programme in the guide.
	hlsArchiveOpen = 3 * 3600
	// archiveSpan is the longest open archive playlist of the origin.
	archiveSpan = 24 * 3600
)

type blackoutJSON struct {
	Start int64 `json:"start"`
	End   int64 `json:"end"`
}

type streamInfoJSON struct {
	Kind        string         `json:"kind"`
	Start       int64          `json:"start"`
	Duration    int64          `json:"duration"`
	HasArchive  bool           `json:"has_archive"`
	ArchiveFrom int64          `json:"archive_from"`
	Blackouts   []blackoutJSON `json:"blackouts"`
}

type streamJSON struct {
	HLS               string         `json:"hls"`
	HLSMBR            string         `json:"hls_mbr"`
	Ad                any            `json:"ad"`
	Stat              statJSON       `json:"stat"`
	Img               string         `json:"img"`
	Trackers          []any          `json:"trackers"`
	StreamInfo        streamInfoJSON `json:"stream_info"`
	Packshots         []any          `json:"packshots"`
	DRM               any            `json:"drm"`
	ScreenshotURL     string         `json:"screenshot_url"`
	ScreenshotTimings []int64        `json:"screenshot_timings"`
}

// handleStream answers GET /v2/channels/{id}/stream: a stream only for a
// device's token (a URL is bound to a device, and the device limit counts
// devices), for a channel the viewer holds, and for an 18+ channel or
// programme only with the parental PIN's proof.
func (s *Service) handleStream(w http.ResponseWriter, r *http.Request) error {
	if httpx.SessionFrom(r.Context()) == nil {
		return httpx.Unauthorized()
	}
	v, _, c, err := s.viewerChannel(r, true)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	now := s.now().Unix()
	ts, hasTS, err := queryInt(r, "ts")
	if err != nil {
		return err
	}
	preview := q.Get("preview") == "1" || q.Get("preview") == "true"
	if !v.purchased(c) {
		if !v.signedIn() {
			return denied(v.lang, "error_channel_sign_in")
		}
		return denied(v.lang, "error_channel_not_purchased")
	}
	if preview && c.IsAdult {
		return denied(v.lang, "error_preview_adult")
	}
	if c.IsAdult || c.Age >= adultAge {
		if err := s.parentalProof(r, actionChannel); err != nil {
			return err
		}
	}
	archive := hasTS && !preview && ts < now-liveEdge
	if hasTS && !preview && ts > now+liveEdge {
		return denied(v.lang, "error_archive_future")
	}
	days := v.availableArchiveDays(c)
	info := streamInfoJSON{Kind: "live", Start: now, HasArchive: days > 0, Blackouts: []blackoutJSON{}}
	if days > 0 {
		info.ArchiveFrom = now - int64(days)*day
	}
	var prog *entry
	if archive {
		if prog, err = s.archiveRule(r.Context(), v, c, ts, now, days); err != nil {
			return err
		}
		if prog != nil && prog.Age >= adultAge && !c.IsAdult && c.Age < adultAge {
			if err := s.parentalProof(r, actionProgram); err != nil {
				return err
			}
		}
		info.Kind = "archive"
		info.Start = ts
		if prog != nil {
			// The playlist begins with the programme so the player can
			// scrub inside it; the client seeks to its ts.
			info.Start = prog.Start
		}
		// The origin's open archive playlist reaches up to now, at most
		// archiveSpan past its start.
		info.Duration = min(now-info.Start, archiveSpan)
	}
	if days > 0 {
		if info.Blackouts, err = blackouts(r.Context(), s, c.ID, info.ArchiveFrom, now); err != nil {
			return err
		}
	}
	url, thumbs, err := s.streamURL(v, c, info, prog, now, q.Get("force_https") == "1" || q.Get("force_https") == "true")
	if err != nil {
		return err
	}
	statID := newStatID(c.ID)
	if !preview {
		if err := s.startStream(r, v, statID, info.Kind, c.ID); err != nil {
			return err
		}
	}
	logo := c.LogoURL
	if logo == "" {
		logo = logoPath(c)
	}
	httpx.OK(w, streamJSON{HLS: url, HLSMBR: url, Stat: statJSON{ID: statID}, Img: logo, Trackers: []any{},
		StreamInfo: info, Packshots: []any{}, ScreenshotURL: thumbs.url, ScreenshotTimings: thumbs.timings})
	return nil
}

// The parental actions of streams, as the device's parental settings name
// them.
const (
	actionChannel = "channel"
	actionProgram = "program"
)

// parentalProof asks the parental PIN's proof of the request's session for
// action; without the PIN service nothing protected is handed out.
func (s *Service) parentalProof(r *http.Request, action string) error {
	if s.cfg.Parental == nil {
		return httpx.ParentalCodeRequired()
	}
	return s.cfg.Parental.ParentalProof(r.Context(), httpx.SessionFrom(r.Context()), action)
}

// archiveRule: the programme containing ts has started, the channel is
// purchased (checked by the caller), ts is inside the archive days and the
// programme may be replayed. It gives the programme (nil in a guide gap).
func (s *Service) archiveRule(ctx context.Context, v *viewer, c *channel, ts, now int64, days int) (*entry, error) {
	if days <= 0 {
		return nil, denied(v.lang, "error_archive_none")
	}
	if now-ts > int64(days)*day {
		return nil, denied(v.lang, "error_archive_too_old", days)
	}
	prog, err := entryAt(ctx, s.db, c.ID, ts)
	if err != nil {
		return nil, err
	}
	if prog != nil && !prog.CatchupAvailable {
		return nil, denied(v.lang, "error_archive_copyright")
	}
	if prog != nil && v.child && prog.Age > childMaxAge {
		return nil, denied(v.lang, "error_archive_age")
	}
	return prog, nil
}

// blackouts are the programmes without catch-up between from and to.
func blackouts(ctx context.Context, s *Service, channelID, from, to int64) ([]blackoutJSON, error) {
	rows, err := s.db.Query(ctx, `SELECT start_at, duration FROM schedule WHERE channel_id = ? AND start_at >= ? AND start_at < ?
		AND is_catchup_available = ? ORDER BY start_at`, channelID, from-day, to, false)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []blackoutJSON{}
	for rows.Next() {
		var start, dur int64
		if err := rows.Scan(&start, &dur); err != nil {
			return nil, err
		}
		if start+dur <= from {
			continue
		}
		// Adjacent ranges merge: the player toggles once.
		if n := len(out); n > 0 && out[n-1].End >= start {
			out[n-1].End = max(out[n-1].End, start+dur)
			continue
		}
		out = append(out, blackoutJSON{Start: start, End: start + dur})
	}
	return out, rows.Err()
}

// thumbnails is a stream's trick-play index and seek points (none: "" and
// an empty list).
type thumbnails struct {
	url     string
	timings []int64
}

// streamURL signs a loop source on the origin, with the thumbnails of an
// archive, or fills an upstream source's catch-up template.
func (s *Service) streamURL(v *viewer, c *channel, info streamInfoJSON, prog *entry, now int64, https bool) (string, thumbnails, error) {
	none := thumbnails{timings: []int64{}}
	if c.SourceType == "hls" {
		u := c.SourceURL
		if info.Kind == "archive" {
			end := info.Start + hlsArchiveOpen
			if prog != nil {
				end = prog.end()
			}
			u = fillCatchup(c.CatchupTemplate, c.SourceURL, info.Start, end, now)
		}
		if https && strings.HasPrefix(u, "http://") {
			u = "https://" + strings.TrimPrefix(u, "http://")
		}
		return u, none, nil
	}
	if s.origin == nil {
		return "", none, denied(v.lang, "error_stream_unavailable")
	}
	asset := s.assetOf(c)
	if asset == "" {
		return "", none, denied(v.lang, "error_stream_unavailable")
	}
	g := media.Grant{Kind: media.KindLive, Asset: asset, Epoch: s.loopEpoch(c, asset), UserID: v.userID, DeviceID: v.deviceID}
	if info.Kind == "archive" {
		g.Kind, g.Start = media.KindArchive, info.Start
	}
	url := s.cfg.MediaBaseURL + s.origin.Sign(g)
	if u, times := s.origin.Thumbnails(g); u != "" {
		return url, thumbnails{url: s.cfg.MediaBaseURL + u, timings: times}, nil
	}
	return url, none, nil
}

// assetOf is the channel's loop asset; a name the origin does not have
// falls back to one of its assets chosen by channel id, so a line-up
// imported before the media still plays.
func (s *Service) assetOf(c *channel) string {
	assets := s.origin.Assets()
	for _, a := range assets {
		if a == c.SourceURL {
			return a
		}
	}
	if len(assets) == 0 {
		return ""
	}
	return assets[int(c.ID%int64(len(assets)))]
}

// loopEpoch shifts each channel's cycle by a stable offset inside the loop.
func (s *Service) loopEpoch(c *channel, asset string) int64 {
	length, ok := s.origin.LoopLength(asset)
	secs := int64(length.Seconds())
	if !ok || secs <= 0 {
		return loopEpochBase
	}
	return loopEpochBase - (c.ID*7919)%secs
}

// fillCatchup fills an upstream catch-up template. Placeholders: {url}
// the live URL, {start}/{utc} and {end}/{utcend} unix seconds, {duration}
// seconds, {offset} seconds back from now, {lutc}/{now} now; "${name}" works
// too (the M3U catchup-source style).
func fillCatchup(tpl, url string, start, end, now int64) string {
	if tpl == "" {
		return url
	}
	i := func(n int64) string { return strconv.FormatInt(n, 10) }
	pairs := []string{
		"{url}", url,
		"{start}", i(start), "{utc}", i(start), "{timestamp}", i(start),
		"{end}", i(end), "{utcend}", i(end),
		"{duration}", i(end - start),
		"{offset}", i(now - start),
		"{lutc}", i(now), "{now}", i(now),
	}
	out := strings.ReplaceAll(tpl, "${", "{")
	return strings.NewReplacer(pairs...).Replace(out)
}

// newStatID is the opaque id a player reports watch time with
// (PATCH /v2/users/self/stat/{id}).
func newStatID(channelID int64) string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "tv" + strconv.FormatInt(channelID, 10) + "-" + hex.EncodeToString(b[:])
}
