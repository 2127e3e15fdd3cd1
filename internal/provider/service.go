package provider

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"efir/internal/httpx"
	"efir/internal/store"
)

// Config are the provider package's settings.
type Config struct {
	ProvidersFile string // EFIR_PROVIDERS_FILE: JSON array of providers upserted by shortname at start
	GeoCIDRFile   string // EFIR_GEO_CIDR_FILE: "cidr,CC" lines
	GeoIPDB       string // EFIR_GEOIP_DB: MaxMind-format country database
	PublicURL     string // how viewers reach this server (absolute image addresses)
	// TokenTTL is the access token life the client is told (default 12 h).
	TokenTTL time.Duration
}

// reloadEvery is how stale another copy's view of the operators may get:
// operators change rarely, and each copy rereads them this often.
const reloadEvery = time.Minute

// Service holds the operators in memory and answers the platform calls.
type Service struct {
	db        *store.DB
	cfg       Config
	geo       *geo
	snap      atomic.Pointer[snapshot]
	reloading atomic.Bool
	mu        sync.Mutex // serialises reloads
	// promos tells whether an operator has promo keys (commerce), for the
	// configuration's promocodes_enabled.
	promos PromoCampaigns
	// surveys gives the survey question of the viewer's notification
	// (engage), for the configuration's survey_question_id.
	surveys NotificationSurveys
}

// NotificationSurveys is what the configuration needs of the surveys.
type NotificationSurveys interface {
	NotificationSurvey(ctx context.Context, providerID int64) (int64, error)
}

// SetSurveys connects the surveys (set once at wiring).
func (s *Service) SetSurveys(v NotificationSurveys) { s.surveys = v }

// PromoCampaigns is what the configuration needs of commerce.
type PromoCampaigns interface {
	HasPromoCampaigns(ctx context.Context, providerID int64) (bool, error)
}

// SetCommerce connects the commerce area (set once at wiring).
func (s *Service) SetCommerce(p PromoCampaigns) { s.promos = p }

// snapshot is one consistent view of the operators, replaced whole on reload.
type snapshot struct {
	list     []*Provider
	byID     map[int64]*Provider
	byShort  map[string]*Provider
	def      *Provider
	networks []network // longest prefix first
	loadedAt time.Time
}

type network struct {
	prefix netip.Prefix
	p      *Provider
}

// NewService loads the operators, applies the providers file and opens the
// geo sources. When the database holds no operator at all, a default one is
// created so that every request has a provider.
func NewService(ctx context.Context, db *store.DB, cfg Config) (*Service, error) {
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	if cfg.TokenTTL <= 0 {
		cfg.TokenTTL = 12 * time.Hour
	}
	g, err := loadGeo(cfg.GeoCIDRFile, cfg.GeoIPDB)
	if err != nil {
		return nil, err
	}
	s := &Service{db: db, cfg: cfg, geo: g}
	if cfg.ProvidersFile != "" {
		list, err := readProvidersFile(cfg.ProvidersFile)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(ctx, list); err != nil {
			return nil, err
		}
		slog.Info("providers file applied", "file", cfg.ProvidersFile, "providers", len(list))
	}
	if err := s.Reload(ctx); err != nil {
		return nil, err
	}
	if len(s.snap.Load().list) == 0 {
		fallback := &Provider{Shortname: "default", Name: "Efir", IsDefault: true, GuestAllowed: true,
			Languages: append([]string(nil), httpx.Languages...)}
		if err := s.Apply(ctx, []Provider{*fallback}); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Apply saves operators (upserted by shortname) in one transaction and reloads.
func (s *Service) Apply(ctx context.Context, list []Provider) error {
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		for i := range list {
			if err := Save(ctx, tx, &list[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.Reload(ctx)
}

// Reload rereads the operators from the database.
func (s *Service) Reload(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	list, err := loadAll(ctx, s.db)
	if err != nil {
		return fmt.Errorf("load providers: %w", err)
	}
	snap := &snapshot{byID: map[int64]*Provider{}, byShort: map[string]*Provider{}, list: list, loadedAt: time.Now()}
	for _, p := range list {
		snap.byID[p.ID] = p
		snap.byShort[p.Shortname] = p
		if p.IsDefault && snap.def == nil {
			snap.def = p
		}
		for _, n := range p.Networks {
			snap.networks = append(snap.networks, network{prefix: n, p: p})
		}
	}
	if snap.def == nil && len(list) > 0 {
		snap.def = list[0] // the oldest operator when none is marked
	}
	sort.SliceStable(snap.networks, func(i, j int) bool {
		return snap.networks[i].prefix.Bits() > snap.networks[j].prefix.Bits()
	})
	s.snap.Store(snap)
	return nil
}

// current gives the operators, rereading them in the background when the view
// is old (another copy may have applied changes).
func (s *Service) current() *snapshot {
	snap := s.snap.Load()
	if time.Since(snap.loadedAt) > reloadEvery && s.reloading.CompareAndSwap(false, true) {
		go func() {
			defer s.reloading.Store(false)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := s.Reload(ctx); err != nil {
				slog.Warn("reload providers", "err", err)
			}
		}()
	}
	return snap
}

// ByID gives an operator by id (store.ErrNotFound when there is none).
func (s *Service) ByID(_ context.Context, id int64) (*Provider, error) {
	if p := s.current().byID[id]; p != nil {
		return p, nil
	}
	return nil, store.ErrNotFound
}

// ByShortname gives an operator by its landing shortname.
func (s *Service) ByShortname(_ context.Context, name string) (*Provider, error) {
	if p := s.current().byShort[strings.ToLower(name)]; p != nil {
		return p, nil
	}
	return nil, store.ErrNotFound
}

// byRef finds an operator by id or shortname (path and query references).
func (s *Service) byRef(ctx context.Context, ref string) (*Provider, error) {
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		return s.ByID(ctx, id)
	}
	if len(ref) > 64 {
		return nil, store.ErrNotFound
	}
	return s.ByShortname(ctx, ref)
}

// Default is the operator chosen when no network matches.
func (s *Service) Default() *Provider { return s.current().def }

// List gives every operator, ordered by id.
func (s *Service) List() []*Provider { return s.current().list }

// ByNetwork gives the operator whose subscriber networks contain ip (the most
// specific prefix wins), or nil.
func (s *Service) ByNetwork(ip netip.Addr) *Provider {
	if !ip.IsValid() {
		return nil
	}
	ip = ip.Unmap().WithZone("")
	for _, n := range s.current().networks {
		if n.prefix.Contains(ip) {
			return n.p
		}
	}
	return nil
}

// inNetworks reports whether ip is one of p's subscriber networks.
func inNetworks(p *Provider, ip netip.Addr) bool {
	if !ip.IsValid() {
		return false
	}
	ip = ip.Unmap().WithZone("")
	for _, n := range p.Networks {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// Country gives the ISO country code of a client address ("" if unknown).
func (s *Service) Country(ip netip.Addr) string { return s.geo.country(ip) }

// PublicURL is how viewers reach this server, without a trailing slash.
func (s *Service) PublicURL() string { return s.cfg.PublicURL }

// networkPath is the network call, where the client may name its operator.
const networkPath = "/v2/users/self/network"

// namesProvider tells whether r is a call where the client may name its
// operator with the provider query parameter: the network call, and user
// creation (spec section 7: "a provider query for one partner"), so that a
// partner's page registers its viewers with the operator it showed them.
// Naming an operator grants nothing the operator's own rules (guest policy,
// allowed countries) do not.
func namesProvider(r *http.Request) bool {
	return r.URL.Path == networkPath || (r.Method == http.MethodPost && r.URL.Path == "/v2/users")
}

// Middleware chooses the operator of each request: the `provider` query
// parameter of the calls that take one (namesProvider) when it names a known
// operator, else the
// operator of the client's network, else the default one.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := s.choose(r)
		next.ServeHTTP(w, r.WithContext(WithProvider(r.Context(), p)))
	})
}

func (s *Service) choose(r *http.Request) *Provider {
	if namesProvider(r) {
		if ref := r.URL.Query().Get("provider"); ref != "" {
			if p, err := s.byRef(r.Context(), ref); err == nil {
				return p
			}
		}
	}
	if p := s.ByNetwork(httpx.ClientIP(r)); p != nil {
		return p
	}
	return s.Default()
}

// providerOf is the request's operator, never nil.
func (s *Service) providerOf(r *http.Request) *Provider {
	if p := FromContext(r.Context()); p != nil {
		return p
	}
	return s.choose(r)
}

// ForbiddenCountry is the answer to a client whose country the operator does
// not serve (403 forbidden_country with the country and client address).
func ForbiddenCountry(country, remote string) *httpx.Error {
	e := httpx.New(http.StatusForbidden, httpx.TypeForbiddenCountry, "error_forbidden_country", country, remote)
	e.Detail = map[string]string{"country": country, "remote": remote}
	return e
}
