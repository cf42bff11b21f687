package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO, a device, a link (when not followed) and a file over the bound are
// refused at once; a plain file is read.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("twelve bytes"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", zero)
	link := filepath.Join(dir, "link")
	os.Symlink(plain, link)
	if b, err := ReadRegular(plain, 12); err != nil || string(b) != "twelve bytes" {
		t.Errorf("plain: %q, %v", b, err)
	}
	for path, want := range map[string]string{fifo: "a FIFO", zero: "symbolic link", link: "symbolic link", dir: "a directory"} {
		if _, err := ReadRegular(path, 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q, not a regular file", filepath.Base(path), err, want)
		}
	}
	if _, err := ReadRegular(plain, 11); err == nil || !strings.Contains(err.Error(), "more than the 11") {
		t.Errorf("over the bound: %v", err)
	}
	if f, err := OpenRegular(link, true); err != nil {
		t.Errorf("a link to a plain file, followed: %v", err)
	} else {
		f.Close()
	}
	if _, err := OpenRegular(zero, true); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a device") {
		t.Errorf("a link to /dev/zero, followed: %v", err)
	}
}
