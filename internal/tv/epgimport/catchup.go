package epgimport

import (
	"strings"
)

// CatchupTemplate turns an M3U entry's catchup attributes into the
// channel's catchup_template. The template is what the stream call fills
// for an archive request; its placeholders are
//
//	{url}      the channel's source_url
//	{start}    programme start, unix seconds
//	{end}      start + duration, unix seconds
//	{duration} length in seconds
//	{now}      the current time, unix seconds
//	{offset}   now - start, seconds
//
// Mapping of the catchup types used by IPTV players:
//
//	default    catchup-source is the whole address
//	append     {url} + catchup-source
//	shift      {url}?utc={start}&lutc={now}   ("timeshift" too)
//	flussonic  {url} with index.m3u8 -> index-{start}-{duration}.m3u8
//	           (mono.m3u8, video.m3u8 alike; "fs", "flussonic-hls" too;
//	           a /mpegts address -> timeshift_abs-{start}.ts)
//
// Placeholders of catchup-source in the players' spellings (${start},
// {utc}, {utcend}, {lutc}, ${timestamp}, ${offset}, {duration}...) are
// rewritten to the ones above; unknown ones are kept as they are. An
// unknown type with a catchup-source is treated as default; without one it
// gives "" (no archive).
func CatchupTemplate(kind, source, url string) string {
	kind = strings.ToLower(strings.TrimSpace(kind))
	source = strings.TrimSpace(source)
	switch kind {
	case "append":
		if source == "" {
			return ""
		}
		return "{url}" + normalisePlaceholders(source)
	case "shift", "timeshift":
		sep := "?"
		if strings.Contains(url, "?") {
			sep = "&"
		}
		return "{url}" + sep + "utc={start}&lutc={now}"
	case "flussonic", "flussonic-hls", "flussonic-ts", "fs":
		return flussonic(url)
	}
	if source == "" {
		return ""
	}
	return normalisePlaceholders(source)
}

var placeholderNames = strings.NewReplacer(
	"${start}", "{start}", "{utc}", "{start}", "${utc}", "{start}", "{start}", "{start}",
	"${end}", "{end}", "{utcend}", "{end}", "${utcend}", "{end}",
	"${now}", "{now}", "{lutc}", "{now}", "${lutc}", "{now}", "${timestamp}", "{now}", "{timestamp}", "{now}",
	"${duration}", "{duration}", "${offset}", "{offset}",
)

func normalisePlaceholders(s string) string { return placeholderNames.Replace(s) }

// flussonic builds Flussonic's DVR address from a live one: the playlist
// name gets "-{start}-{duration}", an MPEG-TS address gets timeshift_abs.
func flussonic(url string) string {
	base, query, _ := strings.Cut(url, "?")
	if query != "" {
		query = "?" + query
	}
	slash := strings.LastIndexByte(base, '/')
	dir, file := base[:slash+1], base[slash+1:]
	switch {
	case strings.HasSuffix(file, ".m3u8"):
		name := strings.TrimSuffix(file, ".m3u8")
		return dir + name + "-{start}-{duration}.m3u8" + query
	case file == "mpegts" || strings.HasSuffix(file, ".ts"):
		return dir + "timeshift_abs-{start}.ts" + query
	case file == "":
		return dir + "index-{start}-{duration}.m3u8" + query
	}
	return base + "/index-{start}-{duration}.m3u8" + query
}
