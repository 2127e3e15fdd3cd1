package sbpqr

import (
	"errors"
	"strings"
	"testing"
)

// Links issued by banks for their merchants (from public integration code):
// their CRC must match ours, or our reading of the format is wrong.
var issued = []string{
	"https://qr.nspk.ru/AD10006269TNA0JH9378574UQ65OM04Q?type=02&bank=100000000015&sum=1000&cur=RUB&crc=AA34",
	"https://qr.nspk.ru/AD10004NBI1TU7R69Q6R9EC0E8OIU4QT?type=02&bank=100000000065&sum=1200&cur=RUB&crc=3C45",
}

func TestParseIssuedLinks(t *testing.T) {
	for _, s := range issued {
		p, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%s): %v", s, err)
		}
		if got := Payload(p); got != s {
			t.Errorf("Payload(Parse(s)) = %s, want %s", got, s)
		}
	}
}

func TestPayloadRoundTrip(t *testing.T) {
	p := Params{QRID: NewQRID(), Bank: SandboxBank, Amount: 19900}
	s := Payload(p)
	if !strings.HasPrefix(s, Prefix+p.QRID+"?type=02&bank=100000000000&sum=19900&cur=RUB&crc=") {
		t.Fatalf("payload %s", s)
	}
	got, err := Parse(s)
	if err != nil || got != p {
		t.Fatalf("Parse = %+v, %v; want %+v", got, err, p)
	}
}

func TestParseRefuses(t *testing.T) {
	good := Payload(Params{QRID: "AD1000T6S4L9E1QH8JD6AMRBV0KD2K3J", Bank: "100000000004", Amount: 19900})
	for name, s := range map[string]string{
		"empty":        "",
		"no crc":       strings.Split(good, "&crc=")[0],
		"crc mismatch": strings.Replace(good, "sum=19900", "sum=19901", 1),
		"other host":   strings.Replace(good, "qr.nspk.ru", "qr.example.ru", 1),
		"static":       rebuild(strings.Replace(good, "type=02", "type=01", 1)),
		"dollars":      rebuild(strings.Replace(good, "cur=RUB", "cur=USD", 1)),
		"short id":     rebuild(strings.Replace(good, "AD1000T6S4", "AD1000T6S", 1)),
		"lower id":     rebuild(strings.Replace(good, "AD1000T6S4", "ad1000t6s4", 1)),
		"zero sum":     rebuild(strings.Replace(good, "sum=19900", "sum=0", 1)),
		"signed sum":   rebuild(strings.Replace(good, "sum=19900", "sum=+19900", 1)),
		"short bank":   rebuild(strings.Replace(good, "bank=100000000004", "bank=1000", 1)),
	} {
		if _, err := Parse(s); !errors.Is(err, ErrPayload) {
			t.Errorf("%s: Parse(%q) = %v, want ErrPayload", name, s, err)
		}
	}
}

// rebuild gives s a correct CRC again, so that the test reaches the check
// behind it.
func rebuild(s string) string {
	body, _, _ := strings.Cut(s, "&crc=")
	return body + "&crc=" + crcHex(body)
}

func TestNewQRID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewQRID()
		if !validQRID(id) || !strings.HasPrefix(id, "AD1000") {
			t.Fatalf("bad QR id %q", id)
		}
		if seen[id] {
			t.Fatalf("QR id %q repeated", id)
		}
		seen[id] = true
	}
}

func TestCRCCheckValue(t *testing.T) {
	// The catalogue check value of CRC-16/CCITT-FALSE.
	if got := crcHex("123456789"); got != "29B1" {
		t.Fatalf("crc(123456789) = %s, want 29B1", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range issued {
		f.Add(s)
	}
	f.Add(Payload(Params{QRID: NewQRID(), Bank: SandboxBank, Amount: 1}))
	f.Add("https://qr.nspk.ru/?type=02&crc=0000")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if again, err := Parse(Payload(p)); err != nil || again != p {
			t.Fatalf("Parse(Payload(%+v)) = %+v, %v", p, again, err)
		}
	})
}
