package media

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"efir/internal/httpx"
)

// SegmentFile is a file the origin serves as it is on disk: a media segment
// or an fMP4 init segment. Such files never change under a name while the
// origin runs, which is what lets a connection-level fast path cache them.
type SegmentFile struct {
	Path        string // absolute file
	ContentType string
}

// Segment reports whether target, the path of a request
// ("/media/<token>/<track>/<index>.<ext>", no query), names a segment or init
// file that a GET may have now: a valid, unexpired grant and a file of its
// asset. Anything else (playlists, bad or expired tokens, unknown files) is
// not ok and is left to the handler, which answers it with the full rules.
// The checks are serve's own (locate), so both paths agree.
func (o *Origin) Segment(target string, now time.Time) (SegmentFile, bool) {
	rest, ok := strings.CutPrefix(target, "/media/")
	if !ok {
		return SegmentFile{}, false
	}
	token, file, ok := strings.Cut(rest, "/")
	if !ok {
		return SegmentFile{}, false
	}
	l, err := o.locate(token, file, now)
	if err != nil || l.file.Path == "" {
		return SegmentFile{}, false
	}
	return l.file, true
}

// located is what a media URL names once its grant is checked.
type located struct {
	grant Grant
	asset *asset
	path  mediaPath
	track track       // for playlists and files
	file  SegmentFile // for init and segment files; zero otherwise
}

// locate checks the token's grant at now and finds the thing file names in
// its asset; the error is the client's answer.
func (o *Origin) locate(token, file string, now time.Time) (located, error) {
	g, err := o.grants.decode(token, o.cfg.Secret)
	if err != nil {
		return located{}, httpx.Forbidden("error_media_link_invalid")
	}
	if now.Unix() >= g.Expires {
		return located{}, httpx.Forbidden("error_media_link_expired")
	}
	a, ok := o.assets[g.Asset]
	if !ok {
		return located{}, httpx.NotFound()
	}
	p, err := parseMediaPath(file)
	if err != nil {
		return located{}, httpx.NotFound()
	}
	l := located{grant: g, asset: a, path: p}
	switch p.what {
	case pathMaster:
		return l, nil
	case pathThumbIndex, pathThumbSprite:
		if a.thumbs == "" || g.Kind == KindLive {
			return located{}, httpx.NotFound()
		}
		if p.what == pathThumbSprite {
			l.file = SegmentFile{Path: a.thumbs, ContentType: "image/jpeg"}
		}
		return l, nil
	}
	if l.track, ok = a.tracks[p.track]; !ok {
		return located{}, httpx.NotFound()
	}
	switch p.what {
	case pathInit:
		if l.track.initPath == "" {
			return located{}, httpx.NotFound()
		}
		l.file = SegmentFile{Path: l.track.initPath, ContentType: l.track.ctype}
	case pathSegment:
		if p.index >= len(a.durMS) || p.ext != l.track.ext {
			return located{}, httpx.NotFound()
		}
		l.file = SegmentFile{Path: l.track.paths[p.index], ContentType: l.track.ctype}
	}
	return l, nil
}

// grantCache remembers the grants of tokens whose signature checked out. A
// player presents the same token for every playlist and segment of a
// session, and the HMAC plus decoding is most of the cost of a segment
// request; a hit needs the exact token string, so it proves as much as the
// check it skips. Expiry is still checked on every request by the caller.
type grantCache struct {
	m sync.Map // token string -> Grant
	n atomic.Int64
}

// maxCachedGrants bounds the cache (a grant is ~100 bytes with its key):
// when full it starts over, which only costs re-checks.
const maxCachedGrants = 1 << 14

func (c *grantCache) decode(token string, secret []byte) (Grant, error) {
	if v, ok := c.m.Load(token); ok {
		return v.(Grant), nil
	}
	g, err := decodeToken(token, secret)
	if err != nil {
		return Grant{}, err
	}
	if c.n.Add(1) > maxCachedGrants {
		c.m.Clear()
		c.n.Store(1)
	}
	// The caller's token may point into a reused request buffer.
	c.m.Store(strings.Clone(token), g)
	return g, nil
}
