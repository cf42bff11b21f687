package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/canon"
)

// catalogOf writes groups 3150 and 3541 into a new catalog directory.
func catalogOf(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeGroup(t, dir, enumerated(t, 3150), WriterOptions{BlockWork: 1000})
	writeGroup(t, dir, enumerated(t, 3541), WriterOptions{Codec: CodecPacked})
	if _, err := BuildIndex(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCatalog(t *testing.T) {
	dir := catalogOf(t)
	c, err := VerifyCatalog(dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(enumerated(t, 3150).grids))
	if len(c.Entries) != 2 || c.Entries[1].First != n+1 || c.Total() != n+1 || c.Entries[1].Codec != CodecPacked {
		t.Fatalf("entries %+v", c.Entries)
	}
	for _, gg := range []*groupGrids{enumerated(t, 3150), enumerated(t, 3541)} {
		for i := range gg.grids {
			if i%97 != 0 && i != len(gg.grids)-1 {
				continue
			}
			group, ord, num, err := c.Locate(&gg.grids[i])
			e, _ := c.Entry(gg.group)
			if err != nil || group != gg.group || ord != int64(i+1) || num != e.First+int64(i) {
				t.Fatalf("Locate(grid %d of group %d) = %d %d %d %v", i+1, gg.group, group, ord, num, err)
			}
		}
	}
	// A grid of a group the catalog lacks, and a grid that is not minlex.
	g := enumerated(t, 2900).grids[0]
	if _, _, _, err := c.Locate(&g); !errors.Is(err, ErrNotFound) {
		t.Errorf("Locate(group 2900 grid) = %v; want ErrNotFound", err)
	}
	g[80], g[79] = g[79], g[80]
	if _, _, _, err := c.Locate(&g); !errors.Is(err, ErrNotFound) {
		t.Errorf("Locate(non-minlex) = %v; want ErrNotFound", err)
	}
}

func TestCatalogDamage(t *testing.T) {
	for name, damage := range map[string]func(dir string) error{
		"index byte flipped": func(dir string) error { return flipByte(filepath.Join(dir, IndexName), 40) },
		"index truncated": func(dir string) error {
			return os.Truncate(filepath.Join(dir, IndexName), 30)
		},
		"file missing": func(dir string) error { return os.Remove(filepath.Join(dir, FileName(3541))) },
		"file not listed": func(dir string) error {
			b, _ := os.ReadFile(filepath.Join(dir, FileName(3541)))
			return os.WriteFile(filepath.Join(dir, FileName(3540)), b, 0o644)
		},
		"file replaced": func(dir string) error {
			other := t.TempDir()
			p := writeGroup(t, other, enumerated(t, 3541), WriterOptions{})
			return os.Rename(p, filepath.Join(dir, FileName(3541)))
		},
		"block damaged": func(dir string) error { return flipByte(filepath.Join(dir, FileName(3150)), headerSize+5) },
	} {
		dir := catalogOf(t)
		if err := damage(dir); err != nil {
			t.Fatal(err)
		}
		_, err := VerifyCatalog(dir, VerifyOptions{})
		if err == nil {
			t.Errorf("%s: VerifyCatalog found nothing", name)
			continue
		}
		if !strings.Contains(err.Error(), ".edg") && !strings.Contains(err.Error(), IndexName) {
			t.Errorf("%s: error %q names no file", name, err)
		}
	}
	if _, err := OpenCatalog(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a catalog") {
		t.Errorf("OpenCatalog(empty dir) = %v", err)
	}
}

func flipByte(path string, off int) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	b[off] ^= 1
	return os.WriteFile(path, b, 0o644)
}

// A catalog's automorphism counts are its files' grids counted by their
// automorphisms, every grid once.
func TestCatalogAutomorphisms(t *testing.T) {
	dir := catalogOf(t)
	c, err := OpenCatalog(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want [canon.MaxAutomorphisms + 1]int64
	for _, g := range []int{3150, 3541} {
		for _, a := range enumerated(t, g).autos {
			want[a]++
		}
	}
	got, err := c.Automorphisms()
	if err != nil || got != want {
		t.Fatalf("Automorphisms = %v, %v; want %v", got, err, want)
	}
	if err := os.Remove(filepath.Join(dir, FileName(3541))); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Automorphisms(); err == nil {
		t.Error("Automorphisms with a group file gone: no error")
	}
}
