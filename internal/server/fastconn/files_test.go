package fastconn

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func writeFiles(t *testing.T, n, size int) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("%d.ts", i))
		if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestFileCacheStaysWithinLimits: memory and descriptors never pass their
// limits however many files are asked for.
func TestFileCacheStaysWithinLimits(t *testing.T) {
	c := newFileCache(FileLimits{MemFileMax: 1000, MemTotal: 3000, OpenMax: 2})
	small, big := writeFiles(t, 10, 1000), writeFiles(t, 10, 5000)
	for round := range 3 {
		for i := range small {
			for _, p := range []string{small[i], big[i]} {
				f, err := c.get(p)
				if err != nil {
					t.Fatal(err)
				}
				if (f.data != nil) != (p == small[i]) {
					t.Fatalf("%s: in memory %v", p, f.data != nil)
				}
				f.release()
				if mem, open, _ := c.sizes(); mem > 3000 || open > 2 {
					t.Fatalf("round %d: %d bytes in memory, %d open", round, mem, open)
				}
			}
		}
	}
	if _, err := c.get(filepath.Join(t.TempDir(), "missing.ts")); err == nil {
		t.Fatal("a missing file was found")
	}
	if _, err := c.get(t.TempDir()); err == nil {
		t.Fatal("a directory was taken for a file")
	}
}

// TestEvictedFileStaysOpenWhileSent: a descriptor pushed out of the cache is
// closed only when the last answer using it lets go.
func TestEvictedFileStaysOpenWhileSent(t *testing.T) {
	c := newFileCache(FileLimits{MemFileMax: -1, OpenMax: 1})
	paths := writeFiles(t, 2, 100)
	held, err := c.get(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	other, err := c.get(paths[1]) // evicts paths[0]
	if err != nil {
		t.Fatal(err)
	}
	other.release()
	if _, open, count := c.sizes(); open != 1 || count != 1 {
		t.Fatalf("open %d, count %d", open, count)
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(held.fd, &st); err != nil || st.Size != 100 {
		t.Fatalf("the held descriptor: %v (size %d)", err, st.Size)
	}
	held.release()
	if _, err := held.f.Stat(); err == nil {
		t.Fatal("the evicted file is still open after its last release")
	}
	if f, err := c.get(paths[0]); err != nil || f == held {
		t.Fatalf("asked again: %v", err)
	} else {
		f.release()
	}
}
