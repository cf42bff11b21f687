package jobs

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The small groups at the end of the table: 12 groups, 102 grids, under a
// second of work on one core.
const testFirst, testLast = 3530, 3541

// mustRun runs first..last into dir and fails the test on an error.
func mustRun(t *testing.T, dir string, first, last int) *Summary {
	t.Helper()
	s, err := Run(context.Background(), Options{Dir: dir, First: first, Last: last, Workers: 1})
	if err != nil {
		t.Fatalf("Run %s %d-%d: %v", dir, first, last, err)
	}
	return s
}

// killFirst..testLast is the range of the kill test: 32 groups, about 2.5 s.
const killFirst = 3510

// refDirs holds uninterrupted runs by range, made once per test binary.
var refDirs = map[[2]int]string{}

// reference returns a directory with an uninterrupted run of first..last.
func reference(t *testing.T, first, last int) string {
	t.Helper()
	if d, ok := refDirs[[2]int{first, last}]; ok {
		return d
	}
	dir, err := os.MkdirTemp("", "edgrid-jobs-ref-")
	if err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, first, last)
	refDirs[[2]int{first, last}] = dir
	return dir
}

// catalogFiles reads the files of dir that make the catalog: group files,
// the index and the task files, by relative path. The manifest and the lock
// are left out: their lines carry times.
func catalogFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() == ManifestName || e.Name() == LockName {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameCatalog fails unless dir holds exactly the catalog files of an
// uninterrupted run of first..last, byte for byte.
func sameCatalog(t *testing.T, dir string, first, last int) {
	t.Helper()
	want, got := catalogFiles(t, reference(t, first, last)), catalogFiles(t, dir)
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			t.Errorf("%s: unexpected file %s", dir, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if g, ok := got[n]; !ok {
			t.Errorf("%s: %s missing", dir, n)
		} else if !bytes.Equal(g, want[n]) {
			t.Errorf("%s: %s differs from the uninterrupted run's", dir, n)
		}
	}
}

// temps lists temporary files left in dir and its subdirectories.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for name := range catalogFiles(t, dir) {
		if strings.Contains(name, ".tmp-") {
			out = append(out, name)
		}
	}
	return out
}

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		os.Exit(child(spec))
	}
	code := m.Run()
	for _, d := range refDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}
