package netguard

import (
	"errors"
	"net/netip"
	"testing"
)

// Every barred class is refused with its name, IPv4-mapped forms too;
// public addresses pass.
func TestClasses(t *testing.T) {
	g := New(nil)
	for addr, want := range map[string]string{
		"127.0.0.1":              "loopback",
		"127.3.4.5":              "loopback",
		"::1":                    "loopback",
		"::ffff:127.0.0.1":       "loopback",
		"169.254.169.254":        "link-local",
		"::ffff:169.254.169.254": "link-local",
		"fe80::1":                "link-local",
		"fe80::1%eth0":           "link-local",
		"0.0.0.0":                "unspecified",
		"::":                     "unspecified",
		"0.1.2.3":                "this-network",
		"224.0.0.1":              "multicast",
		"239.255.255.250":        "multicast",
		"ff02::1":                "multicast",
		"ff05::2":                "multicast",
		"10.0.0.1":               "private",
		"::ffff:10.20.30.40":     "private",
		"172.16.0.1":             "private",
		"172.31.255.255":         "private",
		"192.168.1.1":            "private",
		"fc00::1":                "private",
		"fd12:3456::1":           "private",
		"100.64.0.1":             "carrier-grade NAT",
		"100.127.255.254":        "carrier-grade NAT",
		"::ffff:100.100.100.200": "carrier-grade NAT",
		"8.8.8.8":                "",
		"100.128.0.1":            "",
		"172.32.0.1":             "",
		"11.0.0.1":               "",
		"2001:4860:4860::8888":   "",
		"::ffff:93.184.216.34":   "",
	} {
		ip := netip.MustParseAddr(addr)
		err := g.Check(ip)
		if want == "" {
			if err != nil {
				t.Errorf("%s refused: %v", addr, err)
			}
			continue
		}
		var re *RefusedError
		if !errors.Is(err, ErrRefused) || !errors.As(err, &re) || re.Class != want {
			t.Errorf("%s: %v, want the %s class refused", addr, err, want)
		}
	}
	if err := g.Check(netip.Addr{}); !errors.Is(err, ErrRefused) {
		t.Errorf("the zero address passed: %v", err)
	}
}

// The allow list lets its prefixes through, whatever their class, and
// nothing else.
func TestAllowList(t *testing.T) {
	g := New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.8.0.0/16"),
		netip.MustParsePrefix("fd00::/8")})
	for addr, refused := range map[string]bool{
		"127.0.0.1":        false,
		"::ffff:127.0.0.1": false,
		"10.8.1.2":         false,
		"fd00::5":          false,
		"127.0.0.2":        true,
		"10.9.0.1":         true,
		"::1":              true,
		"169.254.169.254":  true,
		"8.8.8.8":          false,
	} {
		err := g.Check(netip.MustParseAddr(addr))
		if (err != nil) != refused {
			t.Errorf("%s: %v, refused should be %v", addr, err, refused)
		}
	}
}

// Control judges the resolved address of each dial; one it cannot read is
// refused.
func TestControl(t *testing.T) {
	g := New(nil)
	for address, refused := range map[string]bool{
		"127.0.0.1:80":           true,
		"[::1]:443":              true,
		"[fe80::1%eth0]:8080":    true,
		"[::ffff:10.0.0.1]:80":   true,
		"169.254.169.254:80":     true,
		"93.184.216.34:443":      false,
		"[2001:db8:1::1]:80":     false,
		"not an address":         true,
		"example.com:80":         true,
		"93.184.216.34:no-port!": true,
	} {
		err := g.Control("tcp", address, nil)
		if (err != nil) != refused || (refused && !errors.Is(err, ErrRefused)) {
			t.Errorf("%s: %v, refused should be %v", address, err, refused)
		}
	}
}
