package jobs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

// Without a range, status checks every group the directory holds, earlier
// runs' ranges included, and reports which groups those are.
func TestStatusEveryRange(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testFirst, testFirst+2)
	mustRun(t, dir, testLast-2, testLast)
	rep, err := Status(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := "3530-3532,3539-3541"
	if rep.Groups != want || rep.Done != 6 || rep.Pending != 0 || rep.First != testFirst || rep.Last != testLast {
		t.Fatalf("status: %+v; want groups %s, 6 done, none pending", rep, want)
	}
	// Damage in the earlier range is found.
	os.Truncate(filepath.Join(dir, storage.FileName(testFirst+1)), 1000)
	rep, err = Status(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Damaged) != 1 || rep.Damaged[0].Group != testFirst+1 {
		t.Fatalf("status over a truncated file of the first run: %+v", rep)
	}
	// An explicit range reports that range only.
	rep, err = Status(dir, testLast-2, testLast)
	if err != nil || rep.Groups != "3539-3541" || len(rep.Damaged) != 0 {
		t.Fatalf("status of the last range: %+v, %v", rep, err)
	}
}

// A missing or damaged catalog index is reported; a run rewrites it.
func TestStatusIndex(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testLast-2, testLast)
	idx := filepath.Join(dir, storage.IndexName)
	good, _ := os.ReadFile(idx)
	bad := append([]byte(nil), good...)
	bad[len(bad)/2] ^= 1
	for name, damage := range map[string]func(){
		"missing":   func() { os.Remove(idx) },
		"damaged":   func() { os.WriteFile(idx, bad, 0o644) },
		"truncated": func() { os.WriteFile(idx, good[:len(good)/2], 0o644) },
		"stale": func() {
			// An index written before the last group was done.
			os.Rename(filepath.Join(dir, storage.FileName(testLast)), filepath.Join(dir, "keep"))
			storage.BuildIndex(dir)
			os.Rename(filepath.Join(dir, "keep"), filepath.Join(dir, storage.FileName(testLast)))
		},
	} {
		damage()
		rep, err := Status(dir, 0, 0)
		if err != nil {
			t.Fatalf("%s index: %v", name, err)
		}
		if rep.IndexProblem == "" || !strings.Contains(rep.IndexProblem, storage.IndexName) {
			t.Errorf("%s index: status %+v; want an index problem naming %s", name, rep, storage.IndexName)
		}
		mustRun(t, dir, testLast-2, testLast)
		if rep, _ := Status(dir, 0, 0); rep.IndexProblem != "" {
			t.Errorf("%s index: still %q after a run", name, rep.IndexProblem)
		}
	}
}

// The damaged list is empty, not nil, when nothing is damaged (JSON: []).
func TestStatusDamagedNotNil(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testLast, testLast)
	rep, err := Status(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Damaged == nil {
		t.Error("Damaged is nil; want an empty list")
	}
}

func TestStatusMissingDir(t *testing.T) {
	if _, err := Status(filepath.Join(t.TempDir(), "none"), 0, 0); err == nil {
		t.Fatal("status of a missing directory: no error")
	}
}
