package artwork

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// initials: the first letters of the first and the last word.
func initials(name string) string {
	words := strings.Fields(name)
	var out []rune
	for i, w := range words {
		if i != 0 && i != len(words)-1 {
			continue
		}
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				out = append(out, unicode.ToUpper(r))
				break
			}
		}
	}
	return string(out)
}

// fitTitle wraps title in the largest size that fits width in maxLines
// lines; when even the smallest does not, the last line ends with "…".
// measure is the width of a piece of text in em.
func fitTitle(title string, width, maxLines, lo, hi int, measure func(string) float64) (int, []string) {
	if title == "" {
		return lo, nil
	}
	// The largest size without a short orphan line ("СЕРИАЛ / А"), else
	// the largest that fits at all.
	fallback, fallbackSize := []string(nil), 0
	for size := hi; size >= lo; size -= 2 {
		lines, ok := wrap(title, float64(width)/float64(size), maxLines, false, measure)
		if !ok || (len(lines) > 2 && size > hi*5/6) {
			continue // three lines in the largest type would crowd the picture
		}
		if !hasOrphan(lines) {
			return size, lines
		}
		if fallback == nil {
			fallback, fallbackSize = lines, size
		}
	}
	if fallback != nil {
		return fallbackSize, fallback
	}
	lines, _ := wrap(title, float64(width)/float64(lo), maxLines, true, measure)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		last := []rune(lines[maxLines-1])
		for measure(string(last)+"…") > float64(width)/float64(lo) && len(last) > 1 {
			last = last[:len(last)-1]
		}
		lines[maxLines-1] = strings.TrimSpace(string(last)) + "…"
	}
	for i, l := range lines {
		// a single word too long for the line is cut
		if r := []rune(l); measure(l) > float64(width)/float64(lo) {
			for len(r) > 1 && measure(string(r)+"…") > float64(width)/float64(lo) {
				r = r[:len(r)-1]
			}
			lines[i] = string(r) + "…"
		}
	}
	return lo, lines
}

func hasOrphan(lines []string) bool {
	if len(lines) < 2 {
		return false
	}
	for _, l := range lines {
		if utf8.RuneCountInString(l) <= 2 {
			return true
		}
	}
	return false
}

// wrap breaks s into lines of at most width (in em), at spaces and after
// hyphens; ok is false when it takes more than maxLines lines or a piece is
// wider than a line (loose puts such a piece on a line of its own).
func wrap(s string, width float64, maxLines int, loose bool, measure func(string) float64) ([]string, bool) {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		parts := strings.SplitAfter(word, "-")
		for i, part := range parts {
			if part == "" {
				continue
			}
			if measure(part) > width && !loose {
				return nil, false
			}
			sep := " "
			if i > 0 {
				sep = "" // the rest of a hyphenated word
			}
			switch {
			case line == "":
				line = part
			case measure(line+sep+part) <= width:
				line += sep + part
			default:
				lines = append(lines, line)
				line = part
			}
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, len(lines) <= maxLines
}

// textWidth estimates the width of bold sans text in em.
func textWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r == ' ':
			w += 0.28
		case strings.ContainsRune("ШЩЖМЮФЫWMШщжмюфыwm", r):
			w += 0.95
		case strings.ContainsRune(".,:;!'|iIlj1«»()-–—", r):
			w += 0.34
		case unicode.IsUpper(r):
			w += 0.74
		case unicode.IsDigit(r):
			w += 0.6
		default:
			w += 0.6
		}
	}
	return w
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	if n < 2 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
