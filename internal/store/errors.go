package store

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Sentinels that callers test with errors.Is; nothing above the store sees a
// driver error type.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// MapErr turns driver errors into the store sentinels and passes others through.
func MapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" {
		return errors.Join(ErrConflict, err)
	}
	// modernc's error text carries the SQLite extended code name.
	if msg := err.Error(); strings.Contains(msg, "UNIQUE constraint failed") ||
		strings.Contains(msg, "constraint failed: PRIMARY KEY") {
		return errors.Join(ErrConflict, err)
	}
	return err
}
