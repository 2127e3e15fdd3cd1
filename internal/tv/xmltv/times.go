package xmltv

import (
	"errors"
	"strings"
	"time"
)

var errTime = errors.New("bad time")

// ParseTime reads an XMLTV date-time: "YYYYMMDDhhmmss" (trailing fields may
// be left out: hhmm, hh or a bare date), optionally followed by a zone
// "+0300", "-05:30", "Z", "UTC" or "GMT", with or without a space. Times
// without a zone are in zone (nil: UTC).
func ParseTime(s string, zone *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	digits, rest := s[:i], strings.TrimSpace(s[i:])
	switch len(digits) {
	case 8, 10, 12, 14:
	default:
		return time.Time{}, errTime
	}
	n := func(a, b int) int {
		if b > len(digits) {
			return 0
		}
		v := 0
		for _, c := range digits[a:b] {
			v = v*10 + int(c-'0')
		}
		return v
	}
	year, month, day := n(0, 4), n(4, 6), n(6, 8)
	hour, minute, sec := n(8, 10), n(10, 12), n(12, 14)
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sec > 60 {
		return time.Time{}, errTime
	}
	loc := zone
	if loc == nil {
		loc = time.UTC
	}
	if rest != "" {
		l, err := parseZone(rest)
		if err != nil {
			return time.Time{}, err
		}
		loc = l
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, 0, loc)
	if t.Day() != day { // 31 February and the like
		return time.Time{}, errTime
	}
	return t, nil
}

func parseZone(z string) (*time.Location, error) {
	switch strings.ToUpper(z) {
	case "Z", "UTC", "GMT", "+0000", "-0000", "+00:00":
		return time.UTC, nil
	}
	if len(z) < 3 || (z[0] != '+' && z[0] != '-') {
		return nil, errTime
	}
	d := strings.ReplaceAll(z[1:], ":", "")
	if len(d) == 2 {
		d += "00"
	}
	if len(d) != 4 {
		return nil, errTime
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return nil, errTime
		}
	}
	h := int(d[0]-'0')*10 + int(d[1]-'0')
	m := int(d[2]-'0')*10 + int(d[3]-'0')
	if h > 14 || m > 59 {
		return nil, errTime
	}
	off := h*3600 + m*60
	if z[0] == '-' {
		off = -off
	}
	return time.FixedZone("", off), nil
}
