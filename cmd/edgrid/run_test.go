package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

func TestRunAndStatusCommands(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	_, want, _ := run(t, "", "enumerate", "--group", "3539-3541")
	n := strings.Count(want, "\n")
	code, out, errs := run(t, "", "run", "--out", dir, "--groups", "3539-3541", "--workers", "1")
	if code != 0 || !strings.HasPrefix(out, fmt.Sprintf("groups 3539-3541: 3 done (3 now), %d grids, ", n)) {
		t.Fatalf("run: exit %d, %q, %s", code, out, errs)
	}
	// Resuming does nothing more and says so.
	code, out, _ = run(t, "", "run", "--out", dir, "--groups", "3539-3541")
	if code != 0 || !strings.HasPrefix(out, fmt.Sprintf("groups 3539-3541: 3 done (0 now), %d grids, ", n)) {
		t.Fatalf("second run: exit %d, %q", code, out)
	}
	// The directory is a catalog: export gives the enumeration's lines.
	if code, got, _ := run(t, "", "catalog", "export", dir); code != 0 || got != want {
		t.Fatalf("export of the run: exit %d, %q, want %q", code, got, want)
	}
	code, out, _ = run(t, "", "status", "--out", dir)
	if code != 0 || !strings.Contains(out, "groups 3539-3541") || !strings.Contains(out, "done     3") {
		t.Fatalf("status: exit %d, %q", code, out)
	}
	code, out, _ = run(t, "", "status", "--out", dir, "--short")
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, fmt.Sprintf("3 done, 0 pending, 0 damaged; %d grids, ", n)) {
		t.Fatalf("status --short: exit %d, %q", code, out)
	}
	if err := os.Truncate(filepath.Join(dir, storage.FileName(3540)), 100); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, "", "status", "--out", dir, "--json")
	if code != 1 || !strings.Contains(out, `"group":3540`) || !strings.Contains(out, `"done":2`) {
		t.Fatalf("status --json over a truncated file: exit %d, %q", code, out)
	}
	code, _, errs = run(t, "", "run", "--out", dir, "--groups", "3539-3541")
	if code != 0 || !strings.Contains(errs, "redoing group 3540: file has 100 bytes") {
		t.Fatalf("run over damage: exit %d, stderr %q", code, errs)
	}
}

func TestRunBadFlags(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run"},
		{"run", "--out", dir, "--groups", "0-3"},
		{"run", "--out", dir, "--groups", "3542"},
		{"run", "--out", dir, "--groups", "abc"},
		{"run", "--out", dir, "--workers", "-1"},
		{"run", "--out", dir, "--codec", "zip"},
		{"run", "--out", dir, "--compress", "best"},
		{"run", "--out", dir, "extra"},
		{"status"},
		{"status", "--out", filepath.Join(dir, "none")},
		{"status", "--out", dir, "--groups", "9999"},
	} {
		if code, _, errs := run(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}
