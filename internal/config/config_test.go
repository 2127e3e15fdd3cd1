package config

import (
	"strings"
	"testing"
	"time"
)

func TestDefaults(t *testing.T) {
	for _, k := range []string{"EFIR_ADDR", "EFIR_DATA_DIR", "EFIR_DATABASE_URL", "EFIR_TOKEN_TTL", "EFIR_OTP_SENDER", "EFIR_DEMO", "EFIR_TRUSTED_PROXIES", "EFIR_FETCH_ALLOW_NETWORKS", "EFIR_REDIS_URL",
		"EFIR_MEDIA_DIR", "EFIR_MEDIA_SECRET", "EFIR_MEDIA_URL_TTL", "EFIR_GUESTS_PER_HOUR"} {
		t.Setenv(k, "")
	}
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "" || c.RedisURL != "" || c.TokenTTL != 12*time.Hour ||
		c.OTPSender != "outbox" || !c.Demo || c.Dev || c.MediaDir != "" || c.MediaSecret != "" || c.MediaURLTTL != 6*time.Hour ||
		c.GuestsPerHour != 30 || len(c.FetchAllowNetworks) != 0 {
		t.Fatalf("defaults: %+v", c)
	}
}

// The fetch allow list reads like the trusted proxies: CIDRs or single
// addresses, separated by commas.
func TestFetchAllowNetworks(t *testing.T) {
	t.Setenv("EFIR_FETCH_ALLOW_NETWORKS", " 10.20.0.0/16, 127.0.0.1,fd00::/8 ")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.FetchAllowNetworks {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.20.0.0/16 127.0.0.1/32 fd00::/8" {
		t.Fatalf("allow list: %v", got)
	}
}

func TestBadValuesAreNamed(t *testing.T) {
	cases := map[string]string{
		"EFIR_TOKEN_TTL":            "twelve",
		"EFIR_OTP_SENDER":           "pigeon",
		"EFIR_DEMO":                 "perhaps",
		"EFIR_TRUSTED_PROXIES":      "10.0.0.0/99",
		"EFIR_FETCH_ALLOW_NETWORKS": "192.168.0.0/16,intranet",
		"EFIR_REDIS_URL":            "127.0.0.1:6379",
		"EFIR_MEDIA_URL_TTL":        "-1h",
		"EFIR_MEDIA_SECRET":         "short",
		"EFIR_GUESTS_PER_HOUR":      "0",
	}
	for k, v := range cases {
		t.Run(k, func(t *testing.T) {
			t.Setenv(k, v)
			_, err := Load()
			if err == nil || !strings.Contains(err.Error(), k) {
				t.Fatalf("%s=%s: error %v should name the variable", k, v, err)
			}
		})
	}
	t.Setenv("EFIR_OTP_SENDER", "sms")
	t.Setenv("EFIR_SMS_GATEWAY_URL", "")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "EFIR_SMS_GATEWAY_URL") {
		t.Fatalf("sms without a gateway: %v", err)
	}
}
