package canon

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cacheChildEnv makes the test binary use canon once, as a program that
// imports it would, instead of running the tests: its value is the cache
// directory to give UseCacheDir, or "-" for none.
const cacheChildEnv = "EDGRID_CANON_CACHE_CHILD"

func TestMain(m *testing.M) {
	if dir := os.Getenv(cacheChildEnv); dir != "" {
		if dir != "-" {
			UseCacheDir(dir)
		}
		g := shiftedGrid()
		if _, autos, _ := Minlex(&g); autos != MaxAutomorphisms {
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// useCanonInChild runs a fresh process that uses canon with HOME and the
// cache variables pointing into home, and the cache directory cacheDir ("-"
// for none).
func useCanonInChild(t *testing.T, home, cacheDir string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	env := []string{cacheChildEnv + "=" + cacheDir, "HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, ".cache")}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "HOME=") && !strings.HasPrefix(e, "XDG_CACHE_HOME=") && !strings.HasPrefix(e, "EDGRID_NO_CACHE=") {
			env = append(env, e)
		}
	}
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
}

// filesUnder lists the files under dir.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			out = append(out, p)
		}
		return err
	})
	return out
}

// A program that imports and uses canon writes no file unless it asks for
// the cache; when it asks, the tables go where it said, and a second
// process reads them back.
func TestCacheOptIn(t *testing.T) {
	home := t.TempDir()
	useCanonInChild(t, home, "-")
	if fs := filesUnder(t, home); len(fs) != 0 {
		t.Fatalf("using canon wrote %v", fs)
	}
	dir := filepath.Join(t.TempDir(), "edgrid")
	useCanonInChild(t, home, dir)
	path := filepath.Join(dir, bandCacheFile)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("UseCacheDir(%s): no table written: %v", dir, err)
	}
	if fs := filesUnder(t, home); len(fs) != 0 {
		t.Fatalf("with a cache directory of its own, using canon wrote %v", fs)
	}
	useCanonInChild(t, home, dir)
	if fi2, err := os.Stat(path); err != nil || !fi2.ModTime().Equal(fi.ModTime()) {
		t.Fatalf("the second process rewrote the table (%v)", err)
	}
}
