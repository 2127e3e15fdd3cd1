package catalog

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	"efir/internal/store"
)

// VersionSetting is the settings row bumped by everything that changes the
// catalogue (demo seed, imports, operator tools): every copy of efir drops
// its cached taxonomy and content trees when it moves. Packets belong to the
// line-up, so tv's version is watched too (which packets sell a library).
const (
	VersionSetting       = "catalog_version"
	lineupVersionSetting = "tv_lineup_version"
)

const (
	// versionCheck: how often a copy of efir looks at the versions.
	versionCheck = time.Second
	// cacheMaxAge bounds what a missed bump can cost.
	cacheMaxAge = 5 * time.Minute
)

// Bump tells every efir process that the catalogue changed.
func Bump(ctx context.Context, q store.Querier) error {
	var v string
	err := store.Get(ctx, q, "SELECT value FROM settings WHERE name = ?", []any{VersionSetting}, &v)
	if errors.Is(err, store.ErrNotFound) {
		_, err = q.Exec(ctx, "INSERT INTO settings (name, value) VALUES (?, '1') ON CONFLICT (name) DO NOTHING", VersionSetting)
		return err
	}
	if err != nil {
		return err
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	_, err = q.Exec(ctx, "UPDATE settings SET value = ? WHERE name = ?", strconv.FormatInt(n+1, 10), VersionSetting)
	return err
}

// contentCache keeps what every content page reads and rarely changes: the
// provider's taxonomy (genres, countries, libraries and the packets selling
// them) and the children lists of the content trees (seasons of a series,
// episodes of a season).
type contentCache struct {
	db *store.DB

	mu       sync.Mutex
	checked  time.Time
	born     time.Time
	version  string
	tax      map[int64]*taxonomy
	children map[int64][]*content
	load     sync.Mutex
}

// cache is the service's content cache.
func (s *Service) cache() *contentCache { return s.contents }

// Invalidate drops everything cached (after a change made by this process;
// other processes see the version setting).
func (s *Service) Invalidate() { s.cache().reset("") }

func (c *contentCache) reset(version string) {
	c.mu.Lock()
	c.version = version
	c.tax = map[int64]*taxonomy{}
	c.children = map[int64][]*content{}
	c.checked = time.Time{}
	c.born = time.Now()
	c.mu.Unlock()
}

func (c *contentCache) checkVersion(ctx context.Context) error {
	now := time.Now()
	c.mu.Lock()
	fresh := !c.checked.IsZero() && now.Sub(c.checked) < versionCheck
	c.mu.Unlock()
	if fresh {
		return nil
	}
	rows, err := c.db.Query(ctx, "SELECT name, value FROM settings WHERE name IN (?, ?) ORDER BY name", VersionSetting, lineupVersionSetting)
	if err != nil {
		return err
	}
	v := ""
	for rows.Next() {
		var name, val string
		if err := rows.Scan(&name, &val); err != nil {
			rows.Close()
			return err
		}
		v += name + "=" + val + ";"
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	stale := v != c.version || now.Sub(c.born) > cacheMaxAge
	c.mu.Unlock()
	if stale {
		c.reset(v)
	}
	c.mu.Lock()
	c.checked = now
	c.mu.Unlock()
	return nil
}

// taxonomy gives the provider's genres, countries and libraries.
func (s *Service) taxonomy(ctx context.Context, providerID int64) (*taxonomy, error) {
	c := s.cache()
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	t, v := c.tax[providerID], c.version
	c.mu.Unlock()
	if t != nil {
		return t, nil
	}
	c.load.Lock()
	defer c.load.Unlock()
	c.mu.Lock()
	t = c.tax[providerID]
	c.mu.Unlock()
	if t != nil {
		return t, nil
	}
	t, err := loadTaxonomy(ctx, s.db, providerID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.version == v {
		c.tax[providerID] = t
	}
	c.mu.Unlock()
	return t, nil
}

// childrenOf gives a content's children in order (seasons by number,
// episodes by season and number), hidden ones included: callers filter.
func (s *Service) childrenOf(ctx context.Context, parentID int64) ([]*content, error) {
	c := s.cache()
	if err := c.checkVersion(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	list, ok := c.children[parentID]
	v := c.version
	c.mu.Unlock()
	if ok {
		return list, nil
	}
	list, err := loadContents(ctx, s.db, "c.parent_id = ? ORDER BY c.season, c.series, c.sort, c.id", parentID)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.version == v {
		c.children[parentID] = list
	}
	c.mu.Unlock()
	return list, nil
}
