package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"efir/internal/store"
)

// Every test starts from a database migrated once per migration set: test
// processes (one per package, several at a time) share it, named by a hash of
// the migrations, so a changed migration makes a new one and an old one is
// never used by mistake. Applying the migrations takes about 70 ms on SQLite
// and 0.7-2.5 s on PostgreSQL; copying the migrated database takes about 1 ms
// and 0.13 s.

// migrationsHash names the current migration set.
var migrationsHash = sync.OnceValues(func() (string, error) {
	ms, err := store.Migrations()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, m := range ms {
		fmt.Fprintf(h, "%d %s %d\n%s\n", m.Version, m.Name, len(m.SQL), m.SQL)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
})

// sqliteTemplate answers the path of the migrated SQLite file, made once in
// the system's temporary directory and published by an atomic rename.
var sqliteTemplate = sync.OnceValues(func() (string, error) {
	hash, err := migrationsHash()
	if err != nil {
		return "", err
	}
	path := filepath.Join(os.TempDir(), "efir-storetest-"+hash+".db")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	dir, err := os.MkdirTemp("", "efir-storetest-build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	build := filepath.Join(dir, "t.db")
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+build, dir)
	if err != nil {
		return "", err
	}
	err = db.Migrate(ctx)
	if err == nil {
		// Everything into the main file: the copy takes that file alone.
		_, err = db.Exec(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	db.Close()
	if err != nil {
		return "", fmt.Errorf("sqlite template: %w", err)
	}
	if err := os.Rename(build, path); err != nil {
		return "", err
	}
	return path, nil
})

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

var (
	pgTemplateMu sync.Mutex
	pgTemplates  = map[string]string{}
)

// postgresTemplate answers the name of the migrated database on the server of
// base, made once per server and migration set. Test processes that start
// together wait for one another on an advisory lock; the database is built
// under another name and renamed when complete, so a half-built one is never
// copied.
func postgresTemplate(base string) (string, error) {
	pgTemplateMu.Lock()
	defer pgTemplateMu.Unlock()
	if name, ok := pgTemplates[base]; ok {
		return name, nil
	}
	hash, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name := "efir_tmpl_" + hash
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	const lockKey = 4712 // efir's migrations hold 4711
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lockKey)
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		build := name + "_build"
		if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+build+" WITH (FORCE)"); err != nil {
			return "", err
		}
		if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+build); err != nil {
			return "", err
		}
		db, err := store.Open(ctx, withDatabase(base, build), "")
		if err != nil {
			return "", err
		}
		err = db.Migrate(ctx)
		db.Close()
		if err != nil {
			return "", fmt.Errorf("postgres template: %w", err)
		}
		if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+build+" RENAME TO "+name); err != nil {
			return "", err
		}
	}
	pgTemplates[base] = name
	return name, nil
}

// withDatabase is base with another database name.
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	q := u.Query()
	// A test's commits need not wait for the disk: a crash loses test data
	// only, and commits are faster.
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}

// adminExec runs one statement on the server of base (CREATE and DROP
// DATABASE cannot run inside a transaction or on the database they name).
func adminExec(base, stmt string) error {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := admin.Exec(stmt); err != nil {
		return fmt.Errorf("%s: %w", strings.Fields(stmt)[0]+" "+strings.Fields(stmt)[1], err)
	}
	return nil
}
