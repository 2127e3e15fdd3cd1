package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCommands runs the operator subcommands against a fresh data directory
// and reads back what each did: migrate creates the database, seed loads the
// demo operator (a second seed adds nothing), outbox lists what the outbox
// sender wrote.
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EFIR_DATA_DIR", dir)
	t.Setenv("EFIR_DATABASE_URL", "")
	t.Setenv("EFIR_OTP_SENDER", "")
	ctx := context.Background()

	if out, err := runOutput(t, "migrate"); err != nil || !strings.Contains(out, "migrations applied") {
		t.Fatalf("efir migrate: %q, %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "efir.db")); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	db := openData(t, dir)
	if n := count(t, db, "SELECT COUNT(*) FROM channels"); n != 0 {
		t.Fatalf("%d channels before the seed", n)
	}

	if out, err := runOutput(t, "seed"); err != nil || !strings.Contains(out, "demo operator ready") {
		t.Fatalf("efir seed: %q, %v", out, err)
	}
	now := time.Now().Unix()
	// The demo operator as README describes it.
	for _, c := range []struct {
		what     string
		query    string
		args     []any
		min, max int64
	}{
		{"operators", "SELECT COUNT(*) FROM providers", nil, 2, 2},
		{"channels of Efir Demo", "SELECT COUNT(*) FROM channels WHERE provider_id = 1", nil, 35, 50},
		{"films", "SELECT COUNT(*) FROM contents WHERE provider_id = 1 AND content_type = 'movie'", nil, 150, 150},
		{"series", "SELECT COUNT(*) FROM contents WHERE provider_id = 1 AND content_type = 'series'", nil, 30, 30},
		{"programmes of the catalogue", "SELECT COUNT(*) FROM contents WHERE provider_id = 1 AND content_type = 'program'", nil, 30, 30},
		{"persons", "SELECT COUNT(*) FROM persons WHERE provider_id = 1", nil, 200, 200},
		{"the demo subscriber", "SELECT COUNT(*) FROM users WHERE username = 'demo'", nil, 1, 1},
		{"visible channels without a guide", `SELECT COUNT(*) FROM channels c WHERE c.provider_id = 1 AND c.is_hidden = FALSE
			AND NOT EXISTS (SELECT 1 FROM schedule s WHERE s.channel_id = c.id)`, nil, 0, 0},
		// The guide runs from 7 days back to 3 days ahead of now.
		{"guide entries 6 days back", "SELECT COUNT(*) FROM schedule WHERE start_at < ?", []any{now - 6*86400}, 1, 1 << 40},
		{"guide entries 2 days ahead", "SELECT COUNT(*) FROM schedule WHERE start_at > ?", []any{now + 2*86400}, 1, 1 << 40},
		{"channels with a programme on air", `SELECT COUNT(DISTINCT channel_id) FROM schedule WHERE start_at <= ? AND start_at + duration > ?`,
			[]any{now, now}, 35, 50},
	} {
		if n := count(t, db, c.query, c.args...); n < c.min || n > c.max {
			t.Errorf("%s: %d, want %d..%d", c.what, n, c.min, c.max)
		}
	}

	// A second seed is harmless: nothing is added twice (the guide only
	// gains what the clock moved on between the two, at most a day's end).
	tables := []string{"providers", "channels", "categories", "packets", "programs", "contents", "persons", "users", "rowsets"}
	before := map[string]int64{}
	for _, table := range append(tables, "schedule") {
		before[table] = count(t, db, "SELECT COUNT(*) FROM "+table)
	}
	if _, err := runOutput(t, "seed"); err != nil {
		t.Fatalf("second efir seed: %v", err)
	}
	for _, table := range tables {
		if n := count(t, db, "SELECT COUNT(*) FROM "+table); n != before[table] {
			t.Errorf("%s: %d rows after a second seed, %d after the first", table, n, before[table])
		}
	}
	if n := count(t, db, "SELECT COUNT(*) FROM schedule"); n < before["schedule"] || n > before["schedule"]+before["channels"]*30 {
		t.Errorf("schedule: %d entries after a second seed, %d after the first", n, before["schedule"])
	}

	// outbox lists what the outbox sender wrote, newest first, and filters by phone.
	for i, row := range [][3]any{{"79000000001", "111111", now - 60}, {"79000000002", "222222", now - 30}, {"79000000001", "333333", now}} {
		if _, err := db.Exec(ctx, "INSERT INTO otp_outbox (phone, code, text, created_at) VALUES (?, ?, ?, ?)",
			row[0], row[1], "code "+row[1].(string), row[2]); err != nil {
			t.Fatalf("outbox row %d: %v", i, err)
		}
	}
	out, err := runOutput(t, "outbox", "-phone", "79000000001")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "TIME") || !strings.Contains(lines[1], "333333") || !strings.Contains(lines[2], "111111") {
		t.Fatalf("efir outbox -phone 79000000001:\n%s", out)
	}
	if out, err := runOutput(t, "outbox", "-n", "1"); err != nil || strings.Count(out, "\n") != 2 || !strings.Contains(out, "333333") {
		t.Fatalf("efir outbox -n 1: %q, %v", out, err)
	}

	if out, err := runOutput(t, "version"); err != nil || strings.TrimSpace(out) != version {
		t.Fatalf("efir version: %q, %v", out, err)
	}
	if err := run(ctx, "nonsense", nil); err == nil {
		t.Fatal("an unknown command must fail")
	}
}
