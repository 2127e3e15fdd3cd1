package push_test

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"efir/internal/push"
)

// A push service of our own, as browsers' vendors run them (RFC 8030): it
// takes a message for an endpoint only with a valid VAPID token of the
// installation's key (RFC 8292), and the "browser" behind each endpoint
// decrypts it with its own key (RFC 8291).

var b64 = base64.RawURLEncoding

// browser is one subscribed browser: its key pair and auth secret.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return &browser{key: k, auth: auth}
}

// subscription is what the browser hands the page: PushSubscription.toJSON().
func (b *browser) subscription(endpoint string) map[string]any {
	return map[string]any{"endpoint": endpoint, "expirationTime": nil,
		"keys": map[string]string{"p256dh": b64.EncodeToString(b.key.PublicKey().Bytes()), "auth": b64.EncodeToString(b.auth)}}
}

// received is one message the service took, decrypted.
type received struct {
	endpoint string
	ttl      int64
	urgency  string
	note     push.Notification
	raw      map[string]any
}

type pushService struct {
	t        *testing.T
	srv      *httptest.Server
	vapidKey string // the public key the tokens must carry
	mu       sync.Mutex
	browsers map[string]*browser // by endpoint path
	got      []received
	gone     map[string]bool // endpoint paths answered 410
	busy     map[string]int  // endpoint paths answered 503 (Retry-After 90) this many more times
	rejected []string        // why messages were refused
}

func newPushService(t *testing.T, vapidKey string) *pushService {
	p := &pushService{t: t, vapidKey: vapidKey, browsers: map[string]*browser{}, gone: map[string]bool{}, busy: map[string]int{}}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

// endpoint makes a browser and answers its endpoint URL.
func (p *pushService) endpoint(b *browser, name string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.browsers["/wpush/"+name] = b
	return p.srv.URL + "/wpush/" + name
}

func (p *pushService) messages() []received {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]received(nil), p.got...)
}

func (p *pushService) refuse(w http.ResponseWriter, status int, why string) {
	p.mu.Lock()
	p.rejected = append(p.rejected, why)
	p.mu.Unlock()
	http.Error(w, why, status)
}

func (p *pushService) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	b, gone, busy := p.browsers[r.URL.Path], p.gone[r.URL.Path], p.busy[r.URL.Path] > 0
	if busy {
		p.busy[r.URL.Path]--
	}
	p.mu.Unlock()
	switch {
	case busy:
		w.Header().Set("Retry-After", "90")
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	case r.Method != http.MethodPost:
		p.refuse(w, http.StatusMethodNotAllowed, "method "+r.Method)
		return
	case gone:
		w.WriteHeader(http.StatusGone)
		return
	case b == nil:
		p.refuse(w, http.StatusNotFound, "unknown endpoint "+r.URL.Path)
		return
	}
	if why := p.checkVAPID(r.Header.Get("Authorization")); why != "" {
		p.refuse(w, http.StatusForbidden, why)
		return
	}
	ttl, err := strconv.ParseInt(r.Header.Get("TTL"), 10, 64)
	if err != nil || ttl < 0 {
		p.refuse(w, http.StatusBadRequest, "TTL "+r.Header.Get("TTL"))
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" {
		p.refuse(w, http.StatusUnsupportedMediaType, "content encoding "+r.Header.Get("Content-Encoding"))
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 8192))
	if len(body) > 4096 {
		p.refuse(w, http.StatusRequestEntityTooLarge, "body of "+strconv.Itoa(len(body)))
		return
	}
	plain, err := push.Decrypt(body, b.key, b.auth)
	if err != nil {
		p.refuse(w, http.StatusBadRequest, "decrypt: "+err.Error())
		return
	}
	got := received{endpoint: r.URL.Path, ttl: ttl, urgency: r.Header.Get("Urgency")}
	if err := json.Unmarshal(plain, &got.note); err != nil {
		p.refuse(w, http.StatusBadRequest, "payload: "+err.Error())
		return
	}
	_ = json.Unmarshal(plain, &got.raw)
	p.mu.Lock()
	p.got = append(p.got, got)
	p.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
}

// checkVAPID verifies `vapid t=<jwt>, k=<key>`: the key is the
// installation's, the ES256 signature holds, the audience is this service's
// origin and the token ends within 24 hours. It answers what is wrong.
func (p *pushService) checkVAPID(h string) string {
	rest, ok := strings.CutPrefix(h, "vapid ")
	if !ok {
		return "no vapid scheme: " + h
	}
	params := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		params[k] = v
	}
	if params["k"] != p.vapidKey {
		return "k is not the installation's key"
	}
	raw, err := b64.DecodeString(params["k"])
	if err != nil {
		return "k: " + err.Error()
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return "k: " + err.Error()
	}
	parts := strings.Split(params["t"], ".")
	if len(parts) != 3 {
		return "t is not a JWT"
	}
	var head map[string]string
	hb, _ := b64.DecodeString(parts[0])
	if json.Unmarshal(hb, &head) != nil || head["alg"] != "ES256" {
		return "header " + string(hb)
	}
	sig, err := b64.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return "signature length"
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return "bad signature"
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	cb, _ := b64.DecodeString(parts[1])
	if json.Unmarshal(cb, &claims) != nil {
		return "claims " + string(cb)
	}
	if claims.Aud != p.srv.URL {
		return fmt.Sprintf("aud %q, want %q", claims.Aud, p.srv.URL)
	}
	if until := time.Until(time.Unix(claims.Exp, 0)); until <= 0 || until > 24*time.Hour {
		return fmt.Sprintf("exp in %s", until)
	}
	return ""
}
