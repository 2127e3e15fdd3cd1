package identity

import (
	"context"
	"errors"
	"testing"
	"time"

	"efir/internal/httpx"
)

// TestArgonChecksTakeTurns: while every turn is taken, an argon2 check waits
// argonWait and is told to come back (429); a guest's SHA-256 secret needs
// no turn; a freed turn is taken at once.
func TestArgonChecksTakeTurns(t *testing.T) {
	hash, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	secret, err := hashMachineSecret("abcdefghijklmnopqrstuvwxyz012345")
	if err != nil {
		t.Fatal(err)
	}
	saved := argonWait
	argonWait = 50 * time.Millisecond
	defer func() { argonWait = saved }()
	for range cap(argonTurns) {
		argonTurns <- struct{}{}
	}
	ctx := context.Background()
	_, err = checkPasswordInTurn(ctx, hash, "correct horse")
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != 429 {
		t.Fatalf("check with every turn taken: %v, want 429", err)
	}
	if ok, err := checkPasswordInTurn(ctx, secret, "abcdefghijklmnopqrstuvwxyz012345"); !ok || err != nil {
		t.Fatalf("guest secret: %v %v", ok, err)
	}
	<-argonTurns
	if ok, err := checkPasswordInTurn(ctx, hash, "correct horse"); !ok || err != nil {
		t.Fatalf("check with a free turn: %v %v", ok, err)
	}
	for len(argonTurns) > 0 {
		<-argonTurns
	}
}
