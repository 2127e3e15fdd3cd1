// Command billing is a reference receiver of Efir's billing callbacks (the
// contract: x-billing-callbacks in api/provider.yaml): a tiny billing that
// keeps each subscriber's balance, charges PACKET requests from it, answers
// AUTH and BALANCE, and gives a charge back when told so. Start from it to
// connect a real billing.
//
//	go run ./examples/billing -listen 127.0.0.1:9099 -secret efs_... [-state billing.json]
//
// Then, in the console's Integrations, set the callback address to
// http://127.0.0.1:9099/efir and switch callbacks on. For tests:
// -deny-user refuses sign-in to the listed subscribers (ids or usernames),
// -deny-packet refuses the listed packets (ids or names), -balance is the
// balance a subscriber starts with (minor units).
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Callback is the body Efir sends.
type Callback struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Provider string `json:"provider"`
	User     struct {
		ID       int64  `json:"id"`
		Username string `json:"username"`
		Phone    string `json:"phone"`
	} `json:"user"`
	Packet *struct {
		ID       int64  `json:"id"`
		Name     string `json:"name"`
		Amount   int64  `json:"amount"`
		Currency string `json:"currency"`
		Purchase string `json:"purchase"`
	} `json:"packet"`
	Subscription *struct {
		ID       int64  `json:"id"`
		Reason   string `json:"reason"`
		Purchase string `json:"purchase"`
	} `json:"subscription"`
	Currency string `json:"currency"`
}

// Reply is what the billing answers.
type Reply struct {
	Allow    *bool  `json:"allow,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Balance  *int64 `json:"balance,omitempty"`
	Currency string `json:"currency,omitempty"`
	OK       bool   `json:"ok,omitempty"`
}

// State is what the billing keeps (in the -state file when one is given).
type State struct {
	Balances map[string]int64 `json:"balances"` // by subscriber id
	Charges  map[string]int64 `json:"charges"`  // by purchase key: what was taken
	Seen     map[string]Seen  `json:"seen"`     // by idempotency key: the first answer
}

// Seen is an answered callback.
type Seen struct {
	At    int64 `json:"at"`
	Reply Reply `json:"reply"`
}

// Billing answers the callbacks.
type Billing struct {
	Secret     string
	Skew       time.Duration
	Start      int64 // a new subscriber's balance
	Currency   string
	DenyUsers  map[string]bool
	DenyPacket map[string]bool
	StatePath  string
	Now        func() time.Time
	Log        *log.Logger

	mu    sync.Mutex
	state State
}

// NewBilling makes a billing, with the state read from path if it exists.
func NewBilling(secret, path string) (*Billing, error) {
	b := &Billing{Secret: secret, Skew: 5 * time.Minute, Start: 100000, Currency: "RUB", StatePath: path,
		DenyUsers: map[string]bool{}, DenyPacket: map[string]bool{}, Now: time.Now, Log: log.Default(),
		state: State{Balances: map[string]int64{}, Charges: map[string]int64{}, Seen: map[string]Seen{}}}
	if path != "" {
		raw, err := os.ReadFile(path)
		if err == nil {
			if err := json.Unmarshal(raw, &b.state); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
		} else if !os.IsNotExist(err) {
			return nil, err
		}
	}
	for _, m := range []*map[string]int64{&b.state.Balances, &b.state.Charges} {
		if *m == nil {
			*m = map[string]int64{}
		}
	}
	if b.state.Seen == nil {
		b.state.Seen = map[string]Seen{}
	}
	return b, nil
}

// verify checks the signature and the timestamp of a callback.
func (b *Billing) verify(r *http.Request, body []byte) error {
	ts, err := strconv.ParseInt(r.Header.Get("X-Efir-Timestamp"), 10, 64)
	if err != nil {
		return fmt.Errorf("no timestamp")
	}
	if d := b.Now().Sub(time.Unix(ts, 0)); d > b.Skew || d < -b.Skew {
		return fmt.Errorf("timestamp %d is %s off", ts, d)
	}
	m := hmac.New(sha256.New, []byte(b.Secret))
	m.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	m.Write(body)
	want := "sha256=" + hex.EncodeToString(m.Sum(nil))
	if !hmac.Equal([]byte(r.Header.Get("X-Efir-Signature")), []byte(want)) {
		return fmt.Errorf("bad signature")
	}
	return nil
}

// ServeHTTP answers one callback.
func (b *Billing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.verify(r, body); err != nil {
		b.Log.Printf("refused: %v", err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	var cb Callback
	if err := json.Unmarshal(body, &cb); err != nil || cb.ID == "" || cb.ID != r.Header.Get("Idempotency-Key") {
		http.Error(w, "bad callback", http.StatusBadRequest)
		return
	}
	if seen, ok := b.state.Seen[cb.ID]; ok {
		b.Log.Printf("%s %s again: the first answer", cb.Type, cb.ID)
		writeJSON(w, seen.Reply)
		return
	}
	reply, err := b.answer(cb)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	b.forget()
	b.state.Seen[cb.ID] = Seen{At: b.Now().Unix(), Reply: reply}
	if err := b.save(); err != nil {
		b.Log.Printf("state not saved: %v", err)
		delete(b.state.Seen, cb.ID)
		http.Error(w, "state not saved", http.StatusInternalServerError)
		return
	}
	out, _ := json.Marshal(reply)
	b.Log.Printf("%s %s user %d (%s): %s", cb.Type, cb.ID, cb.User.ID, cb.User.Username, out)
	writeJSON(w, reply)
}

func yes(v bool) *bool { return &v }

// answer decides a callback (b.mu held).
func (b *Billing) answer(cb Callback) (Reply, error) {
	user := strconv.FormatInt(cb.User.ID, 10)
	balance, ok := b.state.Balances[user]
	if !ok {
		balance = b.Start
		b.state.Balances[user] = balance
	}
	switch cb.Type {
	case "AUTH":
		if b.DenyUsers[user] || b.DenyUsers[cb.User.Username] {
			return Reply{Allow: yes(false), Reason: "Your contract is suspended. Please call the operator."}, nil
		}
		return Reply{Allow: yes(true)}, nil
	case "PACKET":
		p := cb.Packet
		if p == nil {
			return Reply{}, fmt.Errorf("PACKET without packet")
		}
		if b.DenyPacket[strconv.FormatInt(p.ID, 10)] || b.DenyPacket[p.Name] {
			return Reply{Allow: yes(false), Reason: "This packet cannot be connected to your contract."}, nil
		}
		if p.Amount > balance {
			return Reply{Allow: yes(false), Reason: fmt.Sprintf("Not enough money on your account: %s needed, %s available.",
				money(p.Amount), money(balance))}, nil
		}
		b.state.Balances[user] = balance - p.Amount
		b.state.Charges[p.Purchase] += p.Amount
		left := balance - p.Amount
		return Reply{Allow: yes(true), Balance: &left, Currency: p.Currency}, nil
	case "DELETE_SUBSCRIPTION":
		if s := cb.Subscription; s != nil && s.Reason == "not_granted" && b.state.Charges[s.Purchase] > 0 {
			b.state.Balances[user] += b.state.Charges[s.Purchase]
			delete(b.state.Charges, s.Purchase)
		}
		return Reply{OK: true}, nil
	case "BALANCE":
		cur := cb.Currency
		if cur == "" {
			cur = b.Currency
		}
		return Reply{Balance: &balance, Currency: cur}, nil
	}
	return Reply{}, fmt.Errorf("unknown callback %q", cb.Type)
}

// forget drops answers older than a day (Efir gives up long before).
func (b *Billing) forget() {
	old := b.Now().Add(-24 * time.Hour).Unix()
	for k, s := range b.state.Seen {
		if s.At < old {
			delete(b.state.Seen, k)
		}
	}
}

// save writes the state file (a new file renamed over the old one).
func (b *Billing) save() error {
	if b.StatePath == "" {
		return nil
	}
	raw, err := json.MarshalIndent(b.state, "", "  ")
	if err != nil {
		return err
	}
	tmp := b.StatePath + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, b.StatePath)
}

func money(minor int64) string { return fmt.Sprintf("%d.%02d", minor/100, minor%100) }

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func list(s string) map[string]bool {
	out := map[string]bool{}
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out[x] = true
		}
	}
	return out
}

func main() {
	listen := flag.String("listen", "127.0.0.1:9099", "address to listen on")
	secret := flag.String("secret", os.Getenv("EFIR_BILLING_SECRET"), "the callback secret from the console (or EFIR_BILLING_SECRET)")
	state := flag.String("state", "", "JSON file keeping balances between runs (none: in memory)")
	start := flag.Int64("balance", 100000, "a new subscriber's balance, minor units")
	currency := flag.String("currency", "RUB", "the currency of BALANCE answers")
	denyUsers := flag.String("deny-user", "", "comma-separated subscriber ids or usernames refused at sign-in")
	denyPackets := flag.String("deny-packet", "", "comma-separated packet ids or names refused")
	flag.Parse()
	if *secret == "" {
		log.Fatal("billing: -secret is required (the console shows it when callbacks are set up)")
	}
	b, err := NewBilling(*secret, *state)
	if err != nil {
		log.Fatal(err)
	}
	b.Start, b.Currency, b.DenyUsers, b.DenyPacket = *start, *currency, list(*denyUsers), list(*denyPackets)
	log.Printf("billing: listening on http://%s (any path)", *listen)
	srv := &http.Server{Addr: *listen, Handler: b, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
