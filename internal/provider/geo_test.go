package provider

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseCIDRCountries(t *testing.T) {
	in := `# operator's corrections
198.51.100.0/24, us
198.51.100.128/25,DE   # more specific wins
203.0.113.7,ru
2001:db8::/32,GE

::ffff:192.0.2.0/120,LV
`
	list, err := parseCIDRCountries(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 5 {
		t.Fatalf("got %d entries", len(list))
	}
	g := &geo{cidrs: newCIDRIndex(list)}
	for ip, want := range map[string]string{
		"198.51.100.1":   "US",
		"198.51.100.200": "DE",
		"203.0.113.7":    "RU",
		"203.0.113.8":    "",
		"2001:db8::1":    "GE",
		"192.0.2.9":      "LV",
		"10.1.2.3":       "", // private
		"127.0.0.1":      "", // loopback
		"::1":            "",
		"fe80::1":        "",
	} {
		if got := g.country(netip.MustParseAddr(ip)); got != want {
			t.Errorf("country(%s) = %q, want %q", ip, got, want)
		}
	}
	if got := g.country(netip.Addr{}); got != "" {
		t.Errorf("invalid address has country %q", got)
	}
}

func TestParseCIDRCountriesErrors(t *testing.T) {
	for _, in := range []string{
		"1.2.3.0/24",                      // no country
		"1.2.3.0/33,RU",                   // bad prefix
		"nonsense,RU",                     // bad address
		"1.2.3.0/24,RUS",                  // three letters
		"1.2.3.0/24,1A",                   // not letters
		strings.Repeat("9", 5000) + ",RU", // line too long
	} {
		if _, err := parseCIDRCountries(strings.NewReader(in)); err == nil {
			t.Errorf("%.40q: want an error", in)
		}
	}
}

func FuzzParseCIDRCountries(f *testing.F) {
	for _, s := range []string{
		"198.51.100.0/24,US\n", "# c\n\n2001:db8::/32,ge # x\n", "1.2.3.4,RU", "1.2.3.0/24", ",", "::ffff:1.2.3.4/128,LV",
		"1.2.3.0/24,\xff\xfe", "fe80::1%eth0,RU",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		list, err := parseCIDRCountries(strings.NewReader(in))
		if err != nil {
			return
		}
		idx := newCIDRIndex(list)
		for _, c := range list {
			if !c.Prefix.IsValid() || !isCountryCode(c.Country) || c.Prefix != c.Prefix.Masked() {
				t.Fatalf("bad entry %+v", c)
			}
			// Every network's own address resolves to some country.
			if idx.lookup(c.Prefix.Addr()) == "" {
				t.Fatalf("%v not found in its own index", c.Prefix)
			}
		}
	})
}

func TestMaxMindDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "country.mmdb")
	if err := os.WriteFile(path, buildMMDB(t, map[string]string{
		"81.0.0.0/8":    "RU",
		"95.56.0.0/16":  "KZ",
		"95.56.77.0/24": "GE",
	}), 0o644); err != nil {
		t.Fatal(err)
	}
	cidr := filepath.Join(dir, "geo.txt")
	if err := os.WriteFile(cidr, []byte("81.1.1.0/24,LV\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := loadGeo(cidr, path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	for ip, want := range map[string]string{
		"81.2.3.4":    "RU",
		"81.1.1.9":    "LV", // the operator's file wins
		"95.56.1.1":   "KZ",
		"95.56.77.1":  "GE",
		"8.8.8.8":     "",
		"2001:db8::1": "", // IPv4-only database
		"192.168.1.1": "",
	} {
		if got := g.country(netip.MustParseAddr(ip)); got != want {
			t.Errorf("country(%s) = %q, want %q", ip, got, want)
		}
	}
	if _, err := loadGeo("", filepath.Join(dir, "missing.mmdb")); err == nil {
		t.Error("a missing database must stop the start")
	}
	if err := os.WriteFile(path, []byte("not a database"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadGeo("", path); err == nil {
		t.Error("a broken database must stop the start")
	}
}

// buildMMDB writes a minimal IPv4 MaxMind DB (24-bit records) mapping
// networks to {"country": {"iso_code": CC}}, enough to exercise the reader.
func buildMMDB(t *testing.T, nets map[string]string) []byte {
	t.Helper()
	type node struct {
		child [2]*node
		data  int // offset into the data section + 1, 0 = none
	}
	root := &node{}
	var data bytes.Buffer
	for cidr, cc := range nets {
		p := netip.MustParsePrefix(cidr)
		off := data.Len()
		data.Write(mmdbMap(map[string][]byte{"country": mmdbMap(map[string][]byte{"iso_code": mmdbString(cc)})}))
		n := root
		a := p.Addr().As4()
		for i := 0; i < p.Bits(); i++ {
			bit := (a[i/8] >> (7 - i%8)) & 1
			if n.child[bit] == nil {
				n.child[bit] = &node{}
			}
			n = n.child[bit]
		}
		n.data = off + 1
	}
	// Push data down to the leaves: a node with data and children gives its
	// data to the missing child, as a real writer does.
	var push func(n *node, inherited int)
	push = func(n *node, inherited int) {
		if n.data == 0 {
			n.data = inherited
		}
		for i := range n.child {
			if n.child[i] != nil {
				push(n.child[i], n.data)
			}
		}
	}
	push(root, 0)
	var nodes []*node
	var number func(n *node)
	number = func(n *node) {
		if n.child[0] == nil && n.child[1] == nil {
			return
		}
		nodes = append(nodes, n)
		for _, c := range n.child {
			if c != nil {
				number(c)
			}
		}
	}
	number(root)
	index := map[*node]int{}
	for i, n := range nodes {
		index[n] = i
	}
	count := len(nodes)
	var tree bytes.Buffer
	for _, n := range nodes {
		for _, c := range n.child {
			var rec int
			switch {
			case c == nil && n.data > 0:
				rec = count + 16 + n.data - 1
			case c == nil:
				rec = count
			case c.child[0] == nil && c.child[1] == nil:
				rec = count
				if c.data > 0 {
					rec = count + 16 + c.data - 1
				}
			default:
				rec = index[c]
			}
			tree.Write([]byte{byte(rec >> 16), byte(rec >> 8), byte(rec)})
		}
	}
	var out bytes.Buffer
	out.Write(tree.Bytes())
	out.Write(make([]byte, 16))
	out.Write(data.Bytes())
	out.WriteString("\xab\xcd\xefMaxMind.com")
	out.Write(mmdbMap(map[string][]byte{
		"node_count":                  mmdbUint32(uint32(count)),
		"record_size":                 mmdbUint16(24),
		"ip_version":                  mmdbUint16(4),
		"database_type":               mmdbString("Efir-Test-Country"),
		"languages":                   {0x00, 0x04}, // empty array (extended type 11)
		"binary_format_major_version": mmdbUint16(2),
		"binary_format_minor_version": mmdbUint16(0),
		"build_epoch":                 mmdbUint32(1700000000),
		"description":                 mmdbMap(map[string][]byte{"en": mmdbString("test")}),
	}))
	return out.Bytes()
}

func mmdbString(s string) []byte { return append([]byte{0x40 | byte(len(s))}, s...) }

func mmdbUint16(v uint16) []byte {
	return []byte{0xa0 | 2, byte(v >> 8), byte(v)}
}

func mmdbUint32(v uint32) []byte {
	b := []byte{0xc0 | 4, 0, 0, 0, 0}
	binary.BigEndian.PutUint32(b[1:], v)
	return b
}

func mmdbMap(m map[string][]byte) []byte {
	b := []byte{0xe0 | byte(len(m))}
	for k, v := range m {
		b = append(b, mmdbString(k)...)
		b = append(b, v...)
	}
	return b
}
