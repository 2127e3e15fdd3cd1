// Package config reads the environment into one Config. Every setting has a
// default that runs the demo operator on one machine.
package config

import (
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
)

// Config is the whole runtime configuration of efir.
type Config struct {
	Addr        string // EFIR_ADDR, listen address
	DataDir     string // EFIR_DATA_DIR, SQLite file, generated secret, outbox
	DatabaseURL string // EFIR_DATABASE_URL, postgres://... for PostgreSQL; empty = SQLite in DataDir
	RedisURL    string // EFIR_REDIS_URL, redis://... for limits shared between copies; empty = in the database
	PublicURL   string // EFIR_PUBLIC_URL, how viewers reach this server (links in texts)
	Demo        bool   // EFIR_DEMO, seed the demo operator on first start (default true)
	LogFormat   string // EFIR_LOG_FORMAT, text or json
	Dev         bool   // EFIR_DEV, development mode (outbox readable over HTTP for tests)

	TrustedProxies []netip.Prefix // EFIR_TRUSTED_PROXIES, CIDRs whose X-Forwarded-For is believed
	ProvidersFile  string         // EFIR_PROVIDERS_FILE, JSON list of operators applied at start
	GeoCIDRFile    string         // EFIR_GEO_CIDR_FILE, "cidr,country" lines
	GeoIPDB        string         // EFIR_GEOIP_DB, MaxMind-format country database
	TokenTTL       time.Duration  // EFIR_TOKEN_TTL, access token life (default 12h)
	// EFIR_FETCH_ALLOW_NETWORKS, CIDRs of local or private networks the
	// console's guide sources may still be fetched from (default none).
	FetchAllowNetworks []netip.Prefix
	// EFIR_GUESTS_PER_HOUR, new guests one client address may create an
	// hour (default 30); raise it for subscribers behind carrier-grade NAT.
	GuestsPerHour int
	// EFIR_ARTWORK_DRAWS_PER_MINUTE, pictures one client address may have
	// drawn a minute, all at once at most (default 240); cached ones are free.
	ArtworkDrawsPerMinute int

	OTPSender        string // EFIR_OTP_SENDER: outbox (default), sms or telegram
	SMSGatewayURL    string // EFIR_SMS_GATEWAY_URL, HTTP gateway receiving {phone, text}
	SMSGatewayToken  string // EFIR_SMS_GATEWAY_TOKEN, sent as Authorization: Bearer
	TelegramBotToken string // EFIR_TELEGRAM_BOT_TOKEN
	TelegramAPIURL   string // EFIR_TELEGRAM_API_URL (default https://api.telegram.org)
	TelegramBotName  string // EFIR_TELEGRAM_BOT_NAME, for the t.me link shown to viewers

	MediaDir    string        // EFIR_MEDIA_DIR, HLS loop assets; empty = the embedded demo media extracted to DataDir/media
	MediaSecret string        // EFIR_MEDIA_SECRET, signs media URLs (>= 32 bytes); empty = generated once in the database
	MediaURLTTL time.Duration // EFIR_MEDIA_URL_TTL, life of a signed media URL (default 6h)
}

// Load reads the environment.
func Load() (Config, error) {
	c := Config{
		Addr:             env("EFIR_ADDR", ":8080"),
		DataDir:          env("EFIR_DATA_DIR", "./data"),
		DatabaseURL:      os.Getenv("EFIR_DATABASE_URL"),
		RedisURL:         os.Getenv("EFIR_REDIS_URL"),
		PublicURL:        strings.TrimRight(env("EFIR_PUBLIC_URL", "http://localhost:8080"), "/"),
		LogFormat:        env("EFIR_LOG_FORMAT", "text"),
		ProvidersFile:    os.Getenv("EFIR_PROVIDERS_FILE"),
		GeoCIDRFile:      os.Getenv("EFIR_GEO_CIDR_FILE"),
		GeoIPDB:          os.Getenv("EFIR_GEOIP_DB"),
		OTPSender:        env("EFIR_OTP_SENDER", "outbox"),
		SMSGatewayURL:    os.Getenv("EFIR_SMS_GATEWAY_URL"),
		SMSGatewayToken:  os.Getenv("EFIR_SMS_GATEWAY_TOKEN"),
		TelegramBotToken: os.Getenv("EFIR_TELEGRAM_BOT_TOKEN"),
		TelegramAPIURL:   strings.TrimRight(env("EFIR_TELEGRAM_API_URL", "https://api.telegram.org"), "/"),
		TelegramBotName:  os.Getenv("EFIR_TELEGRAM_BOT_NAME"),
		MediaDir:         os.Getenv("EFIR_MEDIA_DIR"),
		MediaSecret:      os.Getenv("EFIR_MEDIA_SECRET"),
	}
	var err error
	if c.Demo, err = boolEnv("EFIR_DEMO", true); err != nil {
		return c, err
	}
	if c.Dev, err = boolEnv("EFIR_DEV", false); err != nil {
		return c, err
	}
	if c.TrustedProxies, err = httpx.ParsePrefixes(os.Getenv("EFIR_TRUSTED_PROXIES")); err != nil {
		return c, fmt.Errorf("EFIR_TRUSTED_PROXIES: %w", err)
	}
	if c.FetchAllowNetworks, err = httpx.ParsePrefixes(os.Getenv("EFIR_FETCH_ALLOW_NETWORKS")); err != nil {
		return c, fmt.Errorf("EFIR_FETCH_ALLOW_NETWORKS: %w", err)
	}
	c.TokenTTL = 12 * time.Hour
	if s := os.Getenv("EFIR_TOKEN_TTL"); s != "" {
		if c.TokenTTL, err = time.ParseDuration(s); err != nil || c.TokenTTL <= 0 {
			return c, fmt.Errorf("EFIR_TOKEN_TTL: want a duration such as 12h, got %q", s)
		}
	}
	c.GuestsPerHour = 30
	if s := os.Getenv("EFIR_GUESTS_PER_HOUR"); s != "" {
		if c.GuestsPerHour, err = strconv.Atoi(s); err != nil || c.GuestsPerHour < 1 {
			return c, fmt.Errorf("EFIR_GUESTS_PER_HOUR: want a whole number of at least 1, got %q", s)
		}
	}
	c.ArtworkDrawsPerMinute = 240
	if s := os.Getenv("EFIR_ARTWORK_DRAWS_PER_MINUTE"); s != "" {
		if c.ArtworkDrawsPerMinute, err = strconv.Atoi(s); err != nil || c.ArtworkDrawsPerMinute < 1 {
			return c, fmt.Errorf("EFIR_ARTWORK_DRAWS_PER_MINUTE: want a whole number of at least 1, got %q", s)
		}
	}
	c.MediaURLTTL = 6 * time.Hour
	if s := os.Getenv("EFIR_MEDIA_URL_TTL"); s != "" {
		if c.MediaURLTTL, err = time.ParseDuration(s); err != nil || c.MediaURLTTL <= 0 {
			return c, fmt.Errorf("EFIR_MEDIA_URL_TTL: want a duration such as 6h, got %q", s)
		}
	}
	if c.MediaSecret != "" && len(c.MediaSecret) < 32 {
		return c, fmt.Errorf("EFIR_MEDIA_SECRET: want at least 32 bytes, got %d", len(c.MediaSecret))
	}
	if c.RedisURL != "" && !strings.HasPrefix(c.RedisURL, "redis://") && !strings.HasPrefix(c.RedisURL, "rediss://") &&
		!strings.HasPrefix(c.RedisURL, "unix://") {
		return c, fmt.Errorf("EFIR_REDIS_URL: want redis://host:port/db (rediss:// for TLS), got %q", c.RedisURL)
	}
	switch c.OTPSender {
	case "outbox", "sms", "telegram":
	default:
		return c, fmt.Errorf("EFIR_OTP_SENDER: want outbox, sms or telegram, got %q", c.OTPSender)
	}
	if c.OTPSender == "sms" && c.SMSGatewayURL == "" {
		return c, fmt.Errorf("EFIR_OTP_SENDER=sms needs EFIR_SMS_GATEWAY_URL")
	}
	if c.OTPSender == "telegram" && c.TelegramBotToken == "" {
		return c, fmt.Errorf("EFIR_OTP_SENDER=telegram needs EFIR_TELEGRAM_BOT_TOKEN")
	}
	return c, nil
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

func boolEnv(name string, def bool) (bool, error) {
	s := os.Getenv(name)
	if s == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return def, fmt.Errorf("%s: want true or false, got %q", name, s)
	}
	return b, nil
}
