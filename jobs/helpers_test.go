package jobs

import (
	"bytes"
	"context"
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

// catalogFiles reads the files of dir that make the catalog: group files and
// the index, by name. The manifest and the lock are left out: their lines
// carry times.
func catalogFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		if e.Name() == ManifestName || e.Name() == LockName {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
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

// temps lists temporary files left in dir.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
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
