package storage

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"edgrid/internal/fsutil"
)

// fullDisk is a temporary file whose writes fail with ENOSPC once limit
// bytes have been written, like a file system that fills up.
type fullDisk struct {
	*os.File
	limit int
}

func (f *fullDisk) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n, _ := f.File.Write(p[:f.limit])
		f.limit = 0
		return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	f.limit -= len(p)
	return f.File.Write(p)
}

// withFullDisk makes atomic writes fail after limit bytes during the test.
func withFullDisk(t *testing.T, limit int) {
	saved := fsutil.CreateTemp
	t.Cleanup(func() { fsutil.CreateTemp = saved })
	fsutil.CreateTemp = func(dir, pattern string) (fsutil.TempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		return &fullDisk{File: f, limit: limit}, nil
	}
}

// onlyFiles lists dir's entries.
func onlyFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestFullDiskLeavesNothing(t *testing.T) {
	gg := enumerated(t, 3150)
	fi, err := os.Stat(writeGroup(t, t.TempDir(), gg, WriterOptions{BlockWork: 1000}))
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{0, 100, headerSize + 10, int(fi.Size()) / 2, int(fi.Size()) - 1} {
		withFullDisk(t, limit)
		dir := t.TempDir()
		path := filepath.Join(dir, FileName(gg.group))
		w, err := Create(path, gg.group, WriterOptions{BlockWork: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for i := range gg.grids {
			if err := w.Add(&gg.grids[i], gg.autos[i]); err != nil {
				t.Fatal(err)
			}
		}
		err = w.Close()
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("limit %d: Close gave %v; want ENOSPC", limit, err)
		}
		if names := onlyFiles(t, dir); len(names) != 0 {
			t.Fatalf("limit %d: %v left behind after a failed write", limit, names)
		}
	}
}

func TestFullDiskKeepsOldFile(t *testing.T) {
	// A failed rewrite leaves the previous file and index as they were.
	gg := enumerated(t, 3150)
	dir := t.TempDir()
	path := writeGroup(t, dir, gg, WriterOptions{})
	if _, err := BuildIndex(dir); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	idx, _ := os.ReadFile(filepath.Join(dir, IndexName))
	withFullDisk(t, 1000)
	w, _ := Create(path, gg.group, WriterOptions{Codec: CodecPacked})
	for i := range gg.grids {
		w.Add(&gg.grids[i], gg.autos[i])
	}
	if err := w.Close(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Close gave %v; want ENOSPC", err)
	}
	withFullDisk(t, 10)
	if _, err := BuildIndex(dir); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("BuildIndex gave %v; want ENOSPC", err)
	}
	after, _ := os.ReadFile(path)
	idx2, _ := os.ReadFile(filepath.Join(dir, IndexName))
	if string(before) != string(after) || string(idx) != string(idx2) {
		t.Fatal("a failed write changed the existing file or index")
	}
	if names := onlyFiles(t, dir); len(names) != 2 {
		t.Fatalf("files after failed writes: %v", names)
	}
}

func TestInvalidGridFailsClose(t *testing.T) {
	// The sorted codec cannot code a grid that is not a solution grid; the
	// error surfaces and no file is made.
	gg := enumerated(t, 3150)
	dir := t.TempDir()
	w, err := Create(filepath.Join(dir, "x.edg"), gg.group, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bad := gg.grids[0]
	bad[79], bad[80] = bad[80], bad[79]
	if bad[79] < bad[80] {
		t.Skip("swap did not go up")
	}
	w.Add(&bad, 1)
	if err := w.Close(); err == nil {
		t.Fatal("Close accepted an invalid grid")
	}
	if names := onlyFiles(t, dir); len(names) != 0 {
		t.Fatalf("%v left behind", names)
	}
}
