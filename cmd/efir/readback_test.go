package main

import (
	"context"
	"io"
	"os"
	"testing"

	"efir/internal/store"
)

// The command tests read back what a command wrote (rows in the database,
// lines it printed): a command that "succeeds" without doing its work fails.

// openData opens the SQLite database of the data directory the commands used.
func openData(t *testing.T, dir string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// count is the single number query gives.
func count(t *testing.T, db *store.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := store.Get(context.Background(), db, query, args, &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// runOutput runs a command and gives what it printed on standard output.
func runOutput(t *testing.T, cmd string, args ...string) (string, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	out := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		out <- string(b)
	}()
	runErr := run(context.Background(), cmd, args)
	os.Stdout = saved
	w.Close()
	s := <-out
	r.Close()
	return s, runErr
}
