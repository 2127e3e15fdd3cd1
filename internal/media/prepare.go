package media

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	mediafiles "efir/media"
)

// hashMarker, inside the extracted directory, holds the content hash of the
// embedded media it was extracted from.
const hashMarker = ".efir-media-hash"

// PrepareDir returns the media directory: the configured one (EFIR_MEDIA_DIR)
// as is, else {dataDir}/media holding the demo media embedded in the binary.
// Extraction happens only when that directory is missing or was extracted
// from other content (a new build), so restarts cost one hash.
func PrepareDir(dataDir, configured string) (string, error) {
	if configured != "" {
		st, err := os.Stat(configured)
		if err != nil {
			return "", fmt.Errorf("EFIR_MEDIA_DIR: %w", err)
		}
		if !st.IsDir() {
			return "", fmt.Errorf("EFIR_MEDIA_DIR: %s is not a directory", configured)
		}
		return configured, nil
	}
	demo, err := fs.Sub(mediafiles.FS, "demo")
	if err != nil {
		return "", err
	}
	return extract(demo, filepath.Join(dataDir, "media"))
}

// extract copies fsys to dir unless dir already holds the same content.
// It writes a sibling temporary directory and renames it into place, so an
// interrupted start never leaves a half-written media directory behind.
func extract(fsys fs.FS, dir string) (string, error) {
	sum, err := contentHash(fsys)
	if err != nil {
		return "", fmt.Errorf("media: hashing embedded media: %w", err)
	}
	if old, err := os.ReadFile(filepath.Join(dir, hashMarker)); err == nil && string(old) == sum {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	tmp := dir + ".tmp-" + hex.EncodeToString(rnd[:])
	defer os.RemoveAll(tmp) // no-op after the rename
	if err := os.CopyFS(tmp, fsys); err != nil {
		return "", fmt.Errorf("media: extracting demo media: %w", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, hashMarker), []byte(sum), 0o644); err != nil {
		return "", err
	}
	if err := os.RemoveAll(dir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return "", fmt.Errorf("media: %w", err)
	}
	return dir, nil
}

// contentHash is SHA-256 over every file's path and content, in walk order
// (lexical, so stable).
func contentHash(fsys fs.FS) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := fsys.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, st.Size())
		_, err = io.Copy(h, f)
		return err
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
