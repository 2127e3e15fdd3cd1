package provider

import (
	"bufio"
	"fmt"
	"io"
	"net/netip"
	"os"
	"sort"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// geo answers the country of a client address from an operator's CIDR list
// (EFIR_GEO_CIDR_FILE, checked first: it is the operator's own knowledge and
// may correct the database) and a MaxMind-format database (EFIR_GEOIP_DB).
type geo struct {
	cidrs cidrIndex
	mmdb  *maxminddb.Reader
}

// cidrIndex finds the most specific prefix of an address with one map probe
// per prefix length in use (at most 129), whatever the size of the list.
type cidrIndex struct {
	lengths []int // distinct prefix lengths, longest first
	byLen   map[int]map[netip.Prefix]string
}

func newCIDRIndex(list []cidrCountry) cidrIndex {
	idx := cidrIndex{byLen: map[int]map[netip.Prefix]string{}}
	for _, c := range list {
		m := idx.byLen[c.Prefix.Bits()]
		if m == nil {
			m = map[netip.Prefix]string{}
			idx.byLen[c.Prefix.Bits()] = m
			idx.lengths = append(idx.lengths, c.Prefix.Bits())
		}
		if _, dup := m[c.Prefix]; !dup { // the first line for a network wins
			m[c.Prefix] = c.Country
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(idx.lengths)))
	return idx
}

func (idx cidrIndex) lookup(ip netip.Addr) string {
	for _, bits := range idx.lengths {
		if bits > ip.BitLen() {
			continue
		}
		p, err := ip.Prefix(bits)
		if err != nil {
			continue
		}
		if cc, ok := idx.byLen[bits][p]; ok {
			return cc
		}
	}
	return ""
}

type cidrCountry struct {
	Prefix  netip.Prefix
	Country string
}

// maxGeoLines bounds the CIDR file so a wrong file cannot eat the memory.
const maxGeoLines = 2_000_000

// parseCIDRCountries reads lines "cidr,CC" (a bare address counts as a
// single-host prefix); blank lines and lines starting with '#' are skipped, as
// is anything after a '#' on a line. Country codes are two ASCII letters; the
// error names the first bad line.
func parseCIDRCountries(r io.Reader) ([]cidrCountry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 4096)
	var out []cidrCountry
	n := 0
	for sc.Scan() {
		n++
		if n > maxGeoLines {
			return nil, fmt.Errorf("geo file: more than %d lines", maxGeoLines)
		}
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		cidr, cc, ok := strings.Cut(line, ",")
		if !ok {
			return nil, fmt.Errorf("geo file line %d: want \"cidr,CC\"", n)
		}
		p, err := parsePrefix(strings.TrimSpace(cidr))
		if err != nil {
			return nil, fmt.Errorf("geo file line %d: %v", n, err)
		}
		cc = strings.ToUpper(strings.TrimSpace(cc))
		if !isCountryCode(cc) {
			return nil, fmt.Errorf("geo file line %d: country must be two letters", n)
		}
		out = append(out, cidrCountry{Prefix: p, Country: cc})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("geo file line %d: %v", n+1, err)
	}
	return out, nil
}

func parsePrefix(s string) (netip.Prefix, error) {
	if !strings.Contains(s, "/") {
		ip, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("bad address %q", clip(s))
		}
		ip = ip.Unmap().WithZone("")
		return netip.PrefixFrom(ip, ip.BitLen()), nil
	}
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("bad network %q", clip(s))
	}
	return unmapPrefix(p).Masked(), nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func isCountryCode(s string) bool {
	return len(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z'
}

func loadGeo(cidrFile, dbFile string) (*geo, error) {
	g := &geo{}
	if cidrFile != "" {
		f, err := os.Open(cidrFile)
		if err != nil {
			return nil, fmt.Errorf("EFIR_GEO_CIDR_FILE: %w", err)
		}
		defer f.Close()
		list, err := parseCIDRCountries(f)
		if err != nil {
			return nil, fmt.Errorf("EFIR_GEO_CIDR_FILE %s: %w", cidrFile, err)
		}
		g.cidrs = newCIDRIndex(list)
	}
	if dbFile != "" {
		db, err := maxminddb.Open(dbFile)
		if err != nil {
			return nil, fmt.Errorf("EFIR_GEOIP_DB %s: %w", dbFile, err)
		}
		g.mmdb = db
	}
	return g, nil
}

// country gives the ISO code of ip, or "" when unknown. Private, loopback and
// other non-public addresses have no country.
func (g *geo) country(ip netip.Addr) string {
	if !ip.IsValid() {
		return ""
	}
	ip = ip.Unmap().WithZone("")
	if ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() ||
		ip.IsMulticast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() {
		return ""
	}
	if g == nil {
		return ""
	}
	if cc := g.cidrs.lookup(ip); cc != "" {
		return cc
	}
	if g.mmdb != nil {
		var rec struct {
			Country struct {
				ISOCode string `maxminddb:"iso_code"`
			} `maxminddb:"country"`
			Registered struct {
				ISOCode string `maxminddb:"iso_code"`
			} `maxminddb:"registered_country"`
		}
		// A damaged or IPv4-only database answers an error: treat it as unknown.
		if err := g.mmdb.Lookup(ip).Decode(&rec); err != nil {
			return ""
		}
		cc := strings.ToUpper(rec.Country.ISOCode)
		if cc == "" {
			cc = strings.ToUpper(rec.Registered.ISOCode)
		}
		if isCountryCode(cc) {
			return cc
		}
	}
	return ""
}

func (g *geo) close() {
	if g != nil && g.mmdb != nil {
		_ = g.mmdb.Close()
	}
}
