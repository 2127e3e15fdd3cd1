package analytics

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"efir/internal/httpx"
)

// Limits of a batch and of its fields.
const (
	MaxBatch     = 100
	maxText      = 100
	maxPage      = 200
	maxLongText  = 500
	maxPosition  = 10_000_000 // seconds: longer than any archive
	maxErrorCode = 1_000_000
	maxAdNumber  = 1000
	// maxFieldErrors: a broken batch names this many bad fields at most.
	maxFieldErrors = 20
)

// Event is one event of a batch as the client sends it: type names the
// kind, and the fields of that kind are read (the others are ignored).
type Event struct {
	Type string `json:"type"`
	// event: its name (the spec's list); ad: the ad event.
	Name   string `json:"name"`
	Target string `json:"target"`
	// page: the path opened.
	Page string `json:"page"`
	// Playback (the spec's playback record): start type live, archive,
	// vod or trailer, and what plays.
	StartType       string `json:"start_type"`
	ChannelID       int64  `json:"channel_id"`
	ContentID       int64  `json:"content_id"`
	ContentParentID int64  `json:"content_parent_id"`
	LibraryID       int64  `json:"library_id"`
	Position        int64  `json:"position"`
	// playback_update: the mark reached, in seconds watched.
	Seconds int64 `json:"seconds"`
	// playback_error (the spec's playback error event; position, content,
	// library and channel above).
	Code       int64  `json:"code"`
	ErrorType  string `json:"error_type"`
	StreamType string `json:"stream_type"`
	URL        string `json:"url"`
	Details    string `json:"details"`
	// ad: the ad, where it played and its number in the roll.
	Ad       string `json:"ad"`
	Place    string `json:"place"`
	Number   int64  `json:"number"`
	ObjectID int64  `json:"object_id"`
}

// row is an event as stored.
type row struct {
	kind, name int16
	object     int64
	value      int64
	detail     string
}

// updateMark: a playback update is sent at 120, 300 and 600 s watched, then
// every 600 s up to 3000 s (spec 9).
func updateMark(s int64) bool {
	return s == 120 || s == 300 || (s >= 600 && s <= 3000 && s%600 == 0)
}

// parseBatch checks every event and answers their rows, or one error naming
// every bad field (up to maxFieldErrors): a batch is stored whole or not at
// all.
func parseBatch(events []Event) ([]row, error) {
	if len(events) == 0 {
		return nil, httpx.Invalid("events", "analytics_batch_empty")
	}
	if len(events) > MaxBatch {
		return nil, httpx.Invalid("events", "analytics_batch_too_big")
	}
	bad := map[string]string{}
	rows := make([]row, 0, len(events))
	for i := range events {
		r, field, key := parseEvent(&events[i])
		if key != "" {
			if len(bad) < maxFieldErrors {
				bad[fmt.Sprintf("events.%d.%s", i, field)] = key
			}
			continue
		}
		rows = append(rows, r)
	}
	if len(bad) > 0 {
		e := httpx.BadRequest("analytics_batch_refused")
		for f, k := range bad {
			e = e.WithDetail(f, k)
		}
		return nil, e
	}
	return rows, nil
}

// parseEvent answers the row of e, or the first bad field and its message key.
func parseEvent(e *Event) (r row, field, key string) {
	kind, ok := kindCodes[e.Type]
	if !ok {
		return r, "type", "analytics_type_unknown"
	}
	r.kind = kind
	switch kind {
	case KindEvent:
		code, part, ok := eventCode(e.Name)
		if !ok {
			return r, "name", "analytics_name_unknown"
		}
		if k := text(e.Target, maxText); k != "" {
			return r, "target", k
		}
		r.name, r.detail = code, part
		if part == "" {
			r.detail = e.Target
		}
		r.object = max(e.ObjectID, 0)
	case KindPage:
		if e.Page == "" || e.Page[0] != '/' {
			return r, "page", "analytics_page_invalid"
		}
		if k := text(e.Page, maxPage); k != "" {
			return r, "page", k
		}
		r.detail = e.Page
	case KindPlaybackStart, KindPlaybackUpdate, KindWatch5Min, KindPlaybackError:
		return parsePlayback(e, r)
	case KindAd:
		code, ok := adEventCodes[e.Name]
		if !ok {
			return r, "name", "analytics_name_unknown"
		}
		if !adPlaces[e.Place] {
			return r, "place", "analytics_place_unknown"
		}
		if e.Number < 0 || e.Number > maxAdNumber {
			return r, "number", "analytics_value_invalid"
		}
		if e.ObjectID < 0 {
			return r, "object_id", "analytics_value_invalid"
		}
		if k := text(e.Ad, maxLongText); k != "" {
			return r, "ad", k
		}
		r.name, r.object, r.value = code, e.ObjectID, e.Number
		r.detail = e.Place
		if e.Ad != "" {
			r.detail += " " + e.Ad
		}
	}
	return r, "", ""
}

// parsePlayback reads the events of one playback: what plays (a channel for
// live and archive, a content for vod and trailers) and the kind's fields.
func parsePlayback(e *Event, r row) (row, string, string) {
	start, ok := startCodes[e.StartType]
	if !ok {
		return r, "start_type", "analytics_start_type_unknown"
	}
	r.name = start
	switch {
	case e.ChannelID < 0 || e.ContentID < 0 || e.ContentParentID < 0 || e.LibraryID < 0:
		return r, "content_id", "analytics_value_invalid"
	case start <= 2 && e.ChannelID == 0:
		return r, "channel_id", "analytics_field_required"
	case start > 2 && e.ContentID == 0:
		return r, "content_id", "analytics_field_required"
	case e.Position < 0 || e.Position > maxPosition:
		return r, "position", "analytics_value_invalid"
	}
	r.object = e.ChannelID
	if start > 2 {
		r.object = e.ContentID
	}
	switch r.kind {
	case KindPlaybackStart:
		r.value = e.Position
		if e.ContentParentID > 0 || e.LibraryID > 0 || (start <= 2 && e.ContentID > 0) {
			r.detail = compactJSON(struct {
				Content int64 `json:"content_id,omitempty"`
				Parent  int64 `json:"content_parent_id,omitempty"`
				Library int64 `json:"library_id,omitempty"`
			}{e.ContentID, e.ContentParentID, e.LibraryID})
		}
	case KindPlaybackUpdate:
		if !updateMark(e.Seconds) {
			return r, "seconds", "analytics_mark_invalid"
		}
		r.value = e.Seconds
	case KindWatch5Min:
		r.value = 300
	case KindPlaybackError:
		if e.Code < 0 || e.Code > maxErrorCode {
			return r, "code", "analytics_value_invalid"
		}
		if e.ErrorType == "" {
			return r, "error_type", "analytics_field_required"
		}
		for _, f := range []struct {
			name, v string
			max     int
		}{{"error_type", e.ErrorType, maxText}, {"stream_type", e.StreamType, maxText}, {"url", e.URL, maxLongText},
			{"details", e.Details, maxLongText}} {
			if k := text(f.v, f.max); k != "" {
				return r, f.name, k
			}
		}
		r.value = e.Code
		r.detail = compactJSON(map[string]any{"error_type": e.ErrorType, "stream_type": e.StreamType, "url": e.URL,
			"details": e.Details, "position": e.Position, "content_id": e.ContentID, "library_id": e.LibraryID,
			"channel_id": e.ChannelID})
	}
	return r, "", ""
}

// text checks a free text: at most n characters, no control characters.
func text(s string, n int) string {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > n {
		return "analytics_text_too_long"
	}
	if strings.ContainsFunc(s, func(c rune) bool { return c < 0x20 || c == 0x7f }) {
		return "analytics_text_invalid"
	}
	return ""
}

func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
