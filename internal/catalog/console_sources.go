package catalog

import (
	"slices"
	"strings"
)

// A content's or trailer's video source (contents.asset, trailers.asset)
// is either the name of a local media asset, signed on the origin, or the
// address of an upstream HLS playlist, handed to the player as it is.

// IsUpstream tells whether a source is an upstream address.
func IsUpstream(source string) bool {
	return strings.HasPrefix(source, "https://") || strings.HasPrefix(source, "http://")
}

// LocalAssets lists the media assets the origin serves (the sources the
// console offers besides upstream addresses); none without an origin.
func (s *Service) LocalAssets() []string {
	if s.origin == nil {
		return []string{}
	}
	out := s.origin.Assets()
	slices.Sort(out)
	return out
}

// CountryCode is the ISO 3166-1 numeric code of an alpha-2 code the
// platform's list knows (contents are tagged by numeric code).
func CountryCode(alpha2 string) (int64, bool) {
	alpha2 = strings.ToUpper(strings.TrimSpace(alpha2))
	for num, a := range countryCodes {
		if a == alpha2 {
			return num, true
		}
	}
	return 0, false
}

// CountryAlpha2 is the alpha-2 code of a numeric one ("" when unknown).
func CountryAlpha2(num int64) string { return countryCodes[num] }
