package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCommands runs the operator subcommands against a fresh data directory:
// migrate creates the database, seed loads the demo operator (twice is
// harmless), outbox lists (an empty outbox is fine).
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("EFIR_DATA_DIR", dir)
	t.Setenv("EFIR_DATABASE_URL", "")
	t.Setenv("EFIR_OTP_SENDER", "")
	ctx := context.Background()
	for _, cmd := range []string{"migrate", "seed", "seed", "outbox", "version"} {
		if err := run(ctx, cmd, nil); err != nil {
			t.Fatalf("efir %s: %v", cmd, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "efir.db")); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	if err := run(ctx, "nonsense", nil); err == nil {
		t.Fatal("an unknown command must fail")
	}
}
