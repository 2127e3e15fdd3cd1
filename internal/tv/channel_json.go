package tv

import (
	"encoding/json"
	"strconv"
)

// Fast rendering of channel lists: the fields that are the same for every
// viewer are rendered once per line-up (channel.static); per request only
// the viewer's part (purchase, favourite, archive days, access error) and
// the programme on air are appended. The shape is channelJSON's.

// staticJSON renders the viewer-independent fields as an object without its
// closing brace.
func staticJSON(c *channel) []byte {
	full := (&Service{}).channelView(&viewer{}, c, nil)
	m := map[string]any{}
	raw, _ := json.Marshal(full)
	_ = json.Unmarshal(raw, &m)
	for _, k := range dynamicFields {
		delete(m, k)
	}
	out, _ := json.Marshal(m)
	return out[:len(out)-1] // without "}"
}

var dynamicFields = []string{"is_available", "is_purchased", "is_favored", "access_error", "available_archived_days", "current_schedule"}

// appendChannel writes c as the viewer sees it, cur being its programme on
// air (or nil).
func (s *Service) appendChannel(buf []byte, v *viewer, c *channel, cur *entry) []byte {
	c.staticOnce.Do(func() { c.static = staticJSON(c) })
	buf = append(buf, c.static...)
	purchased := v.purchased(c)
	buf = append(buf, `,"is_available":`...)
	buf = strconv.AppendBool(buf, purchased)
	buf = append(buf, `,"is_purchased":`...)
	buf = strconv.AppendBool(buf, purchased)
	buf = append(buf, `,"is_favored":`...)
	buf = strconv.AppendBool(buf, v.favorites[c.ID])
	buf = append(buf, `,"available_archived_days":`...)
	buf = strconv.AppendInt(buf, int64(v.availableArchiveDays(c)), 10)
	buf = append(buf, `,"access_error":`...)
	if e := v.accessError(c); e != nil {
		raw, _ := json.Marshal(*e)
		buf = append(buf, raw...)
	} else {
		buf = append(buf, "null"...)
	}
	buf = append(buf, `,"current_schedule":`...)
	if cur != nil && (!v.child || cur.Age <= childMaxAge) {
		raw, _ := json.Marshal(currentJSON{ID: cur.ID, Title: cur.Title, Timestamp: cur.Start, RealTimestamp: cur.RealStart,
			Duration: cur.Duration})
		buf = append(buf, raw...)
	} else {
		buf = append(buf, "null"...)
	}
	return append(buf, '}')
}
