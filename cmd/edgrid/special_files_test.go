package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"edgrid/storage"
)

// An unrecorded part or group file that is a FIFO, or a link to /dev/zero,
// once hung scan, query, run and status (signals ignored) or crashed them
// out of memory: such a file is refused as not a regular file, and the
// command goes on.
func TestSpecialFilesInResultDirs(t *testing.T) {
	cat := catalogDir(t)
	special := map[string]func(path string) error{
		"fifo":      func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"/dev/zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	}
	for what, mk := range special {
		// scan --groups: the part of group 3540 is a special file.
		out := filepath.Join(t.TempDir(), "parts")
		if code, _, errs := run(t, "", "scan", "--clues", "79", "--groups", "3539", "--catalog", cat, "--out", out); code != 0 {
			t.Fatalf("scan: exit %d, %s", code, errs)
		}
		part := filepath.Join(out, scanPartFile(3540))
		if err := mk(part); err != nil {
			t.Fatal(err)
		}
		code, _, errs := run(t, "", "scan", "--clues", "79", "--groups", "3539-3540", "--catalog", cat, "--out", out)
		if code != 0 && !strings.Contains(errs, "not a regular file") {
			t.Errorf("scan with a %s part: exit %d, stderr %q", what, code, errs)
		}
		// query --out, the same.
		qout := filepath.Join(t.TempDir(), "q")
		if code, _, errs := run(t, "", "query", "--catalog", cat, "--groups", "3539", "--out", qout); code != 0 {
			t.Fatalf("query: exit %d, %s", code, errs)
		}
		qpart := filepath.Join(qout, partFile(3540))
		if err := mk(qpart); err != nil {
			t.Fatal(err)
		}
		code, _, errs = run(t, "", "query", "--catalog", cat, "--groups", "3539-3540", "--out", qout)
		if code != 0 && !strings.Contains(errs, "not a regular file") {
			t.Errorf("query with a %s part: exit %d, stderr %q", what, code, errs)
		}
		// run and status on a catalog with an unrecorded group file that is special.
		rdir := filepath.Join(t.TempDir(), "cat")
		if code, _, errs := run(t, "", "run", "--catalog", rdir, "--groups", "3541", "--workers", "1"); code != 0 {
			t.Fatalf("run: exit %d, %s", code, errs)
		}
		if err := mk(filepath.Join(rdir, storage.FileName(3540))); err != nil {
			t.Fatal(err)
		}
		code, _, errs = run(t, "", "status", "--catalog", rdir, "--groups", "3540-3541")
		if code != 0 && code != exitFailed {
			t.Errorf("status with a %s group file: exit %d, %q", what, code, errs)
		}
		code, _, errs = run(t, "", "run", "--catalog", rdir, "--groups", "3540-3541", "--workers", "1")
		if code != 0 && !strings.Contains(errs, "not a regular file") {
			t.Errorf("run with a %s group file: exit %d, stderr %q", what, code, errs)
		}
	}
}
