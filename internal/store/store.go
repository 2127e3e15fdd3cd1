// Package store opens the relational database (SQLite by default, PostgreSQL for
// scale), applies migrations and offers one query surface for both dialects:
// queries are written with `?` placeholders and rebound for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	_ "modernc.org/sqlite"             // pure-Go SQLite driver "sqlite"
)

// Dialect names the SQL flavour behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Querier is what repositories need: implemented by *DB (outside a
// transaction) and *Tx (inside one), so one repository method serves both.
type Querier interface {
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
	Dialect() Dialect
}

// DB holds a writer and a reader pool. On SQLite the writer is a single
// connection (SQLite allows one writer at a time; queuing in Go is cheaper than
// busy retries) and readers run in parallel under WAL. On PostgreSQL both are
// the same pool.
type DB struct {
	w, r    *sql.DB
	dialect Dialect
}

// Open connects to url: "" or a file path or "sqlite:<path>" for SQLite,
// "postgres://..." or "postgresql://..." for PostgreSQL. dataDir is where the
// default SQLite file efir.db lives.
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		pool, err := sql.Open("pgx", url)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		// As many idle connections as open ones: with fewer, a burst of
		// requests (players' watch reports) closes and reopens connections,
		// a new server process each time, and ingest falls by half or more.
		// Idle ones still close after ConnMaxIdleTime.
		pool.SetMaxOpenConns(20)
		pool.SetMaxIdleConns(20)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		if err := pool.PingContext(ctx); err != nil {
			pool.Close()
			return nil, fmt.Errorf("connect postgres: %w", err)
		}
		return &DB{w: pool, r: pool, dialect: Postgres}, nil
	}
	path := strings.TrimPrefix(url, "sqlite:")
	if path == "" {
		if dataDir == "" {
			dataDir = "data"
		}
		path = filepath.Join(dataDir, "efir.db")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	// busy_timeout first so that switching to WAL waits for other openers.
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite readers: %w", err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	return &DB{w: w, r: r, dialect: SQLite}, nil
}

// Close closes both pools.
func (db *DB) Close() error {
	err := db.w.Close()
	if db.r != db.w {
		err = errors.Join(err, db.r.Close())
	}
	return err
}

func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks the connection (used by /healthz).
func (db *DB) Ping(ctx context.Context) error { return db.r.PingContext(ctx) }

func (db *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	res, err := db.w.ExecContext(ctx, rebind(db.dialect, q), args...)
	return res, MapErr(err)
}

func (db *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	rows, err := db.pool(q).QueryContext(ctx, rebind(db.dialect, q), args...)
	return rows, MapErr(err)
}

func (db *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return db.pool(q).QueryRowContext(ctx, rebind(db.dialect, q), args...)
}

// pool sends reads to the reader pool and statements that write (INSERT ...
// RETURNING and the like, which come through Query/QueryRow) to the writer.
func (db *DB) pool(q string) *sql.DB {
	if db.r == db.w || !isWrite(q) {
		return db.r
	}
	return db.w
}

func isWrite(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	if len(q) < 6 {
		return false
	}
	switch strings.ToUpper(q[:6]) {
	case "INSERT", "UPDATE", "DELETE", "REPLAC", "UPSERT":
		return true
	}
	return false
}

// Tx runs fn in one transaction on the writer; it commits when fn returns nil.
func (db *DB) Tx(ctx context.Context, fn func(tx *Tx) error) error {
	t, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return MapErr(err)
	}
	if err := fn(&Tx{tx: t, dialect: db.dialect}); err != nil {
		_ = t.Rollback()
		return err
	}
	return MapErr(t.Commit())
}

// Tx is a transaction with the same query surface as DB.
type Tx struct {
	tx      *sql.Tx
	dialect Dialect
}

func (t *Tx) Dialect() Dialect { return t.dialect }

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	res, err := t.tx.ExecContext(ctx, rebind(t.dialect, q), args...)
	return res, MapErr(err)
}

func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	rows, err := t.tx.QueryContext(ctx, rebind(t.dialect, q), args...)
	return rows, MapErr(err)
}

func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, rebind(t.dialect, q), args...)
}

// InsertID runs an INSERT ... RETURNING id and gives the new id. Both dialects
// support RETURNING, so there is no LastInsertId special case.
func InsertID(ctx context.Context, q Querier, query string, args ...any) (int64, error) {
	var id int64
	if err := q.QueryRow(ctx, query, args...).Scan(&id); err != nil {
		return 0, MapErr(err)
	}
	return id, nil
}

// Get scans one row into dest, mapping "no rows" to ErrNotFound.
func Get(ctx context.Context, q Querier, query string, args []any, dest ...any) error {
	return MapErr(q.QueryRow(ctx, query, args...).Scan(dest...))
}

// Scanner is a row being read: *sql.Row and *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// Each runs a query and calls fn for every row, stopping at its first error.
func Each(ctx context.Context, q Querier, query string, args []any, fn func(Scanner) error) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// rebind turns `?` placeholders into `$n` for PostgreSQL. Question marks inside
// string literals are left alone.
func rebind(d Dialect, q string) string {
	if d != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n, inStr := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inStr = !inStr
			b.WriteByte(c)
		case c == '?' && !inStr:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
