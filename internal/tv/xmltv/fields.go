package xmltv

import (
	"regexp"
	"strconv"
	"strings"
)

// parseEpisode reads an <episode-num>. System "xmltv_ns" is zero-based
// "season.episode.part" where each part may carry "/total"; "onscreen" (or
// no system) is searched for S01E02-like text; other systems are ids. Results are 1-based, 0
// for unknown.
func parseEpisode(system, v string) (season, episode int) {
	if system == "xmltv_ns" {
		parts := strings.Split(v, ".")
		num := func(i int) int {
			if i >= len(parts) {
				return 0
			}
			p, _, _ := strings.Cut(parts[i], "/")
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || n < 0 || n > 100000 {
				return 0
			}
			return n + 1
		}
		return num(0), num(1)
	}
	switch strings.ToLower(system) {
	case "onscreen", "", "sxxexx", "common":
	default:
		return 0, 0 // ids of other databases (dd_progid, imdb...) are no numbers
	}
	if m := onscreenSE.FindStringSubmatch(v); m != nil {
		return atoiSmall(m[1]), atoiSmall(m[2])
	}
	if m := onscreenE.FindStringSubmatch(v); m != nil {
		return 0, atoiSmall(m[1])
	}
	return 0, 0
}

var (
	onscreenSE = regexp.MustCompile(`(?i)(?:s|season|сезон)\s*\.?\s*(\d{1,5})\s*[,.:-]?\s*(?:e|ep|episode|серия|эпизод)\s*\.?\s*(\d{1,5})`)
	onscreenE  = regexp.MustCompile(`(?i)(?:^|\b)(?:e|ep|episode|серия|эпизод)\s*\.?\s*(\d{1,5})`)
)

func atoiSmall(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// Ages are the steps the platform knows; a rating maps to the smallest step
// not below it, so a rating between two steps errs on the safe side.
var ageSteps = []int{0, 6, 12, 16, 18}

var namedRatings = map[string]int{
	// MPAA
	"G": 0, "PG": 6, "PG-13": 13, "R": 17, "NC-17": 18, "NR": -1, "UNRATED": -1,
	// US TV parental guidelines
	"TV-Y": 0, "TV-Y7": 7, "TV-Y7-FV": 7, "TV-G": 0, "TV-PG": 6, "TV-14": 14, "TV-MA": 18,
	// UK BBFC
	"U": 0, "UC": 0, "12A": 12, "15": 15, "R18": 18,
}

// RatingAge maps a rating value ("18+", "16", "PG-13", "TV-MA", "FSK 12") to
// an age step; ok is false when the value says nothing about age.
func RatingAge(v string) (age int, ok bool) {
	v = strings.ToUpper(strings.TrimSpace(v))
	if v == "" {
		return 0, false
	}
	if n, found := namedRatings[v]; found {
		if n < 0 {
			return 0, false
		}
		return ageStep(n), true
	}
	// the first number in the text: "18+", "FSK 12", "PEGI 16", "12 ЛЕТ"
	i := strings.IndexAny(v, "0123456789")
	if i < 0 {
		return 0, false
	}
	j := i
	for j < len(v) && v[j] >= '0' && v[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(v[i:j])
	if err != nil || n > 99 {
		return 0, false
	}
	return ageStep(n), true
}

func ageStep(n int) int {
	for _, s := range ageSteps {
		if n <= s {
			return s
		}
	}
	return 18
}

// parseYear takes the year out of a <date> ("2019", "20190512").
func parseYear(s string) int {
	s = strings.TrimSpace(s)
	if len(s) < 4 {
		return 0
	}
	y, err := strconv.Atoi(s[:4])
	if err != nil || y < 1800 || y > 3000 {
		return 0
	}
	return y
}
