package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"edgrid/band"
	"edgrid/enumerate"
)

// writeGroups enumerates groups into o, each begun, filled and ended.
func writeGroups(t *testing.T, o *GroupFiles, groups ...int) {
	t.Helper()
	for _, n := range groups {
		grp, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Begin(n); err != nil {
			t.Fatal(err)
		}
		if _, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{Workers: 2}, func(b enumerate.Batch) error { return o.Add(b) }); err != nil {
			t.Fatal(err)
		}
		if err := o.End(); err != nil {
			t.Fatal(err)
		}
	}
}

// A catalog's files hold their groups' grids, indexed by Finish.
func TestCatalogFiles(t *testing.T) {
	dir := t.TempDir()
	o := CatalogFiles(dir, WriterOptions{})
	writeGroups(t, o, 3540, 3541)
	if err := o.Finish(); err != nil {
		t.Fatal(err)
	}
	c, err := VerifyCatalog(dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n40, n41 := int64(len(enumerated(t, 3540).grids)), int64(len(enumerated(t, 3541).grids))
	if len(c.Entries) != 2 || c.Entries[0].Group != 3540 || c.Entries[1].Group != 3541 || c.Total() != n40+n41 {
		t.Fatalf("entries %+v; want groups 3540 and 3541, %d grids", c.Entries, n40+n41)
	}
	f, err := c.Open(3541)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := enumerated(t, 3541).grids
	if g, err := f.Grid(n41); err != nil || g != want[n41-1] {
		t.Errorf("group 3541's last grid %v, %v; want %v", g, err, want[n41-1])
	}
}

// A single file holds one group; an aborted group leaves no file; the
// calls out of turn are errors.
func TestSingleFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.edg")
	o := SingleFile(path, WriterOptions{Codec: CodecPacked})
	if err := o.Add(nil); err == nil {
		t.Error("Add before Begin: no error")
	}
	if err := o.End(); err == nil {
		t.Error("End before Begin: no error")
	}
	if err := o.Begin(3541); err != nil {
		t.Fatal(err)
	}
	if err := o.Begin(3541); err == nil {
		t.Error("Begin twice: no error")
	}
	o.Abort()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("after Abort: %v; want no file", err)
	}
	writeGroups(t, o, 3541)
	if err := o.Finish(); err != nil {
		t.Fatal(err)
	}
	h, err := CheckFile(path)
	if err != nil || h.Group != 3541 || h.Count != int64(len(enumerated(t, 3541).grids)) || h.Codec != CodecPacked {
		t.Errorf("the file: %+v, %v; want group 3541's grids, packed", h, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), IndexName)); !os.IsNotExist(err) {
		t.Errorf("a single file got an index: %v", err)
	}
}
