package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/rank"
	"edgrid/scan"
)

// A part with a valid checksum that says it covers 0 grids of its group
// (crafted, or cut short) is not adopted: it is redone, and the merge
// counts the group's every grid.
func TestScanPartGridsCheckedAgainstGroup(t *testing.T) {
	cat := catalogDir(t)
	out := filepath.Join(t.TempDir(), "parts")
	args := []string{"scan", "--clues", "79", "--groups", "3539-3540", "--catalog", cat, "--out", out}
	if code, _, errs := run(t, "", "scan", "--clues", "79", "--groups", "3539", "--catalog", cat, "--out", out); code != 0 {
		t.Fatalf("scan: exit %d, %s", code, errs)
	}
	_, label, _ := strings.Cut(scanLabelOf(t, out, 3539), "scan ")
	var b bytes.Buffer
	if err := scan.WritePart(&b, &scan.Part{Label: label, Group: 3540, Grids: 0}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, scanPartFile(3540)), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, "", args...)
	if code != 0 || !strings.Contains(errs, "group 3540") || !strings.Contains(errs, "a part of 0 grids") {
		t.Fatalf("scan over a crafted part: exit %d, stderr %q; want it redone", code, errs)
	}
	tb, err := rank.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("# groups 3539-3540 grids %d ", tb.GroupCount(3539)+tb.GroupCount(3540))
	code, got, errs := run(t, "", "scan", "merge", "--count", out)
	if code != 0 || !strings.Contains(got, want) {
		t.Fatalf("merge: exit %d, %q, stderr %q; want %q", code, got, errs, want)
	}
}

// scanLabelOf returns the scan line of group g's part in dir.
func scanLabelOf(t *testing.T, dir string, g int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, scanPartFile(g)))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	return lines[1]
}
