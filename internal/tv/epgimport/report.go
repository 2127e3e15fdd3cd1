package epgimport

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Report sums up one import. Problems are counted by reason; the first
// Options.ShowProblems of them are written to Options.Problems as they occur.
type Report struct {
	Kind            string // "xmltv" or "m3u"
	ChannelsCreated int
	ChannelsUpdated int
	ChannelsInGuide int // channels that received schedule entries
	Programmes      int // schedule entries written
	ProgramsCreated int // programmes (titles) new to the database
	CategoriesAdded int
	Unplayable      int // M3U: channels the playlist gives no playable address
	Skipped         map[string]int
	GuideURL        string // M3U: the url-tvg of the playlist
	shown           int
	out             io.Writer
	limit           int
	hook            func(line int, reason, detail string)
}

func newReport(kind string, opt Options) *Report {
	return &Report{Kind: kind, Skipped: map[string]int{}, out: opt.Problems, limit: opt.ShowProblems, hook: opt.OnProblem}
}

// SkippedTotal is the number of problems counted: entries left out and,
// in an M3U import, addresses that are not HLS (kept, never streamed).
func (r *Report) SkippedTotal() int {
	n := 0
	for _, c := range r.Skipped {
		n += c
	}
	return n
}

// Imported tells whether the import wrote anything.
func (r *Report) Imported() bool {
	return r.Programmes > 0 || r.ChannelsCreated > 0 || r.ChannelsUpdated > 0
}

func (r *Report) skip(line int, offset int64, reason, detail string) {
	r.Skipped[reason]++
	if r.hook != nil {
		r.hook(line, reason, detail)
	}
	r.note(line, offset, reason, detail)
}

// note prints a problem among the first ones without counting it.
func (r *Report) note(line int, offset int64, reason, detail string) {
	if r.out == nil || r.shown >= r.limit {
		return
	}
	r.shown++
	where := fmt.Sprintf("line %d", line)
	if offset > 0 {
		where += fmt.Sprintf(" (offset %d)", offset)
	}
	if detail != "" {
		detail = ": " + detail
	}
	fmt.Fprintf(r.out, "%s %s: %s%s\n", r.Kind, where, reason, detail)
	if r.shown == r.limit {
		fmt.Fprintf(r.out, "%s: further problems are only counted\n", r.Kind)
	}
}

// Summary is the one-line outcome printed by efir import.
func (r *Report) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: channels created %d, updated %d", r.Kind, r.ChannelsCreated, r.ChannelsUpdated)
	if r.Kind == "xmltv" {
		fmt.Fprintf(&b, ", programmes imported %d into %d channels (%d new titles)", r.Programmes, r.ChannelsInGuide, r.ProgramsCreated)
		fmt.Fprintf(&b, ", entries skipped %d", r.SkippedTotal())
	} else {
		if r.CategoriesAdded > 0 {
			fmt.Fprintf(&b, ", categories created %d", r.CategoriesAdded)
		}
		if r.Unplayable > 0 {
			fmt.Fprintf(&b, ", without a playable address %d", r.Unplayable)
		}
		// not "skipped": addresses that are not HLS are kept, never streamed
		fmt.Fprintf(&b, ", problems %d", r.SkippedTotal())
	}
	if len(r.Skipped) > 0 {
		reasons := make([]string, 0, len(r.Skipped))
		for k := range r.Skipped {
			reasons = append(reasons, k)
		}
		sort.Strings(reasons)
		parts := make([]string, len(reasons))
		for i, k := range reasons {
			parts[i] = fmt.Sprintf("%s %d", k, r.Skipped[k])
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	if r.GuideURL != "" {
		fmt.Fprintf(&b, "; guide: %s", r.GuideURL)
	}
	return b.String()
}
