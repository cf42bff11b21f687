package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullDisk is a temporary file on a full disk: its writes fail.
type fullDisk struct{ *os.File }

func (f fullDisk) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

// count is the number of entries of dir.
func count(dir string) int {
	es, _ := os.ReadDir(dir)
	return len(es)
}

// A write that fails leaves the old file and no temporary one; one that
// succeeds replaces it, readable by all.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := WriteFile(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	saved := CreateTemp
	t.Cleanup(func() { CreateTemp = saved })
	var temp string
	CreateTemp = func(dir, pattern string) (TempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err == nil {
			temp = filepath.Base(f.Name())
		}
		return fullDisk{f}, err
	}
	if err := WriteFile(path, []byte("new!")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("write on a full disk: %v; want ENOSPC", err)
	}
	if TempOf(temp) != "f" {
		t.Errorf("TempOf(%q) = %q; want the file it was for", temp, TempOf(temp))
	}
	if b, _ := os.ReadFile(path); string(b) != "old" || count(dir) != 1 {
		t.Fatalf("after a failed write: %q, %d files; want the old file alone", b, count(dir))
	}
	CreateTemp = saved
	if err := WriteFile(path, []byte("new!")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if b, _ := os.ReadFile(path); err != nil || string(b) != "new!" || fi.Mode().Perm() != 0o644 || count(dir) != 1 {
		t.Fatalf("after a write: %q, %v, %d files", b, fi.Mode(), count(dir))
	}
}

func TestTempOf(t *testing.T) {
	for name, want := range map[string]string{".part-0001.edq.tmp-123": "part-0001.edq", ".a.tmp-x.tmp-9": "a.tmp-x", "a.tmp-1": "", ".tmp-1": "", "plain": ""} {
		if got := TempOf(name); got != want {
			t.Errorf("TempOf(%q) = %q; want %q", name, got, want)
		}
	}
}

// Links (not followed), FIFOs and devices are refused at once, with their
// type named; a plain file is read, within its bound.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("twelve bytes"), 0o644)
	link := filepath.Join(dir, "link")
	os.Symlink(plain, link)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for path, what := range map[string]string{link: "a symbolic link", fifo: "a FIFO", "/dev/null": "a device", dir: "a directory"} {
		_, err := ReadRegular(path, 100)
		var nr *NotRegularError
		if !errors.Is(err, ErrNotRegular) || !errors.As(err, &nr) || nr.What() != what || !strings.Contains(err.Error(), path+" is "+what) {
			t.Errorf("%s: %v; want it named %s", path, err, what)
		}
	}
	if f, err := Open(link, os.O_RDONLY, true); err != nil {
		t.Errorf("a link followed: %v", err)
	} else {
		f.Close()
	}
	if b, err := ReadRegular(plain, 12); err != nil || string(b) != "twelve bytes" {
		t.Errorf("plain file: %q, %v", b, err)
	}
	if _, err := ReadRegular(plain, 11); err == nil || !strings.Contains(err.Error(), "more than the 11") {
		t.Errorf("a file over its bound: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "none"), os.O_RDONLY, false); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// A second taker is refused with the holder's note; once released the lock
// is taken again; a lock file that is a link is refused.
func TestTryLock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lock")
	l, err := TryLock(path, "first holder")
	if err != nil {
		t.Fatal(err)
	}
	var held *HeldError
	if _, err := TryLock(path, "second"); !errors.Is(err, ErrHeld) || !errors.As(err, &held) || held.Holder != "first holder" {
		t.Fatalf("second taker: %v; want a HeldError naming the first holder", err)
	}
	l.Unlock()
	l2, err := TryLock(path, "second")
	if err != nil {
		t.Fatalf("after Unlock: %v", err)
	}
	l2.Unlock()
	link := filepath.Join(dir, "link")
	os.Symlink(filepath.Join(dir, "target"), link)
	if _, err := TryLock(link, "x"); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a lock file that is a link: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "target")); err == nil {
		t.Error("the link's target was created")
	}
}
