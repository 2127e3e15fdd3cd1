package push

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"strings"
	"testing"
)

func mustB64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := b64.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEncryptRFC8291Example encrypts the worked example of RFC 8291
// appendix A with its keys and salt and gets the RFC's message byte for byte.
func TestEncryptRFC8291Example(t *testing.T) {
	as, err := ecdh.P256().NewPrivateKey(mustB64(t, "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
	if err != nil {
		t.Fatal(err)
	}
	if got := b64.EncodeToString(as.PublicKey().Bytes()); got != "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8" {
		t.Fatalf("as_public %s", got)
	}
	ua, err := ecdh.P256().NewPrivateKey(mustB64(t, "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"))
	if err != nil {
		t.Fatal(err)
	}
	uaPublic := mustB64(t, "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
	if !bytes.Equal(ua.PublicKey().Bytes(), uaPublic) {
		t.Fatal("ua_public does not match ua_private")
	}
	auth := mustB64(t, "BTBZMqHH6r4Tts7J_aSIgg")
	salt := mustB64(t, "DGv6ra1nlYgDCS1FRnbzlw")
	plain := []byte("When I grow up, I want to be a watermelon")
	msg, err := encryptWith(plain, uaPublic, auth, as, salt)
	if err != nil {
		t.Fatal(err)
	}
	const want = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
	if got := b64.EncodeToString(msg); got != want {
		t.Fatalf("message\n got %s\nwant %s", got, want)
	}
	back, err := decrypt(msg, ua, auth)
	if err != nil || !bytes.Equal(back, plain) {
		t.Fatalf("decrypt: %q, %v", back, err)
	}
}

func TestEncryptRoundTripAndLimits(t *testing.T) {
	ua, _ := ecdh.P256().GenerateKey(rand.Reader)
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	plain := []byte(strings.Repeat("ж", MaxPayload/2))
	msg, err := encrypt(plain, ua.PublicKey().Bytes(), auth)
	if err != nil {
		t.Fatal(err)
	}
	if len(msg) > recordSize {
		t.Fatalf("message of %d bytes, push services take %d", len(msg), recordSize)
	}
	back, err := decrypt(msg, ua, auth)
	if err != nil || !bytes.Equal(back, plain) {
		t.Fatalf("round trip: %v", err)
	}
	// Another secret cannot open it.
	other := make([]byte, 16)
	if _, err := decrypt(msg, ua, other); err == nil {
		t.Fatal("opened with a wrong auth secret")
	}
	if _, err := encrypt(make([]byte, MaxPayload+1), ua.PublicKey().Bytes(), auth); err == nil {
		t.Fatal("a payload over the limit was sealed")
	}
}

func TestPayloadFitsAndCuts(t *testing.T) {
	n := Notification{Title: strings.Repeat("T", 500), Body: strings.Repeat("длинный текст ", 2000)}
	n.normalise(1000)
	if n.TimeToLive != DefaultTTL || n.TimeStart != 1000 || n.Urgency != "normal" || n.Destination.Type != "messages" {
		t.Fatalf("defaults: %+v", n)
	}
	if len([]rune(n.Title)) != maxTitle || !strings.HasSuffix(n.Title, "…") {
		t.Fatalf("title not cut: %d runes", len([]rune(n.Title)))
	}
	n.Destination = Destination{Type: "url", Src: "https://example.com/" + strings.Repeat("a", 3000)}
	b, err := n.payload()
	if err != nil || len(b) > MaxPayload {
		t.Fatalf("payload of %d bytes: %v", len(b), err)
	}
}
