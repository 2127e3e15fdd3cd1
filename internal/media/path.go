package media

import (
	"errors"
	"strings"
)

// The file part of a media URL is one of
//
//	master.m3u8
//	<track>.m3u8            video-720p.m3u8, audio-ru.m3u8, subs-en.m3u8
//	<track>/init.mp4        fMP4 init segment
//	<track>/<index>.<ext>   segment file index 0..N-1
//	thumbs.vtt              the stream's thumbnail index (thumbnails.go)
//	thumbs.jpg              the asset's thumbnail sprite sheet
//
// and nothing else: it names a track and an index, never a file of the disk,
// so no request can reach outside an asset whatever it encodes.

type pathKind int

const (
	pathMaster pathKind = iota
	pathPlaylist
	pathInit
	pathSegment
	pathThumbIndex
	pathThumbSprite
)

type mediaPath struct {
	what  pathKind
	track string
	index int
	ext   string
}

var errBadPath = errors.New("media: bad path")

func parseMediaPath(p string) (mediaPath, error) {
	switch p {
	case "master.m3u8":
		return mediaPath{what: pathMaster}, nil
	case thumbsIndex:
		return mediaPath{what: pathThumbIndex}, nil
	case thumbsSprite:
		return mediaPath{what: pathThumbSprite}, nil
	}
	dir, file, nested := strings.Cut(p, "/")
	if !nested {
		id, ok := strings.CutSuffix(p, ".m3u8")
		if !ok || !validTrackID(id) {
			return mediaPath{}, errBadPath
		}
		return mediaPath{what: pathPlaylist, track: id}, nil
	}
	if !validTrackID(dir) || strings.Contains(file, "/") {
		return mediaPath{}, errBadPath
	}
	if file == "init.mp4" {
		return mediaPath{what: pathInit, track: dir}, nil
	}
	num, ext, ok := strings.Cut(file, ".")
	if !ok || len(num) == 0 || len(num) > 6 || (num[0] == '0' && len(num) > 1) {
		return mediaPath{}, errBadPath
	}
	idx := 0
	for _, c := range []byte(num) {
		if c < '0' || c > '9' {
			return mediaPath{}, errBadPath
		}
		idx = idx*10 + int(c-'0')
	}
	if contentType(ext) == "" {
		return mediaPath{}, errBadPath
	}
	return mediaPath{what: pathSegment, track: dir, index: idx, ext: ext}, nil
}

// validTrackID is "video-", "audio-" or "subs-" and a track name.
func validTrackID(id string) bool {
	kind, name, ok := strings.Cut(id, "-")
	if !ok || (kind != "video" && kind != "audio" && kind != "subs") {
		return false
	}
	return validTrackName(name)
}
