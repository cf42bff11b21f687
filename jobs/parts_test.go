package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"edgrid/storage"
)

func partName(g int) string { return fmt.Sprintf("part-%04d.txt", g) }

// fakeParts returns PartOptions whose parts say their group and kind, and a
// counter of the parts made.
func fakeParts(dir, kind string, first, last int) (PartOptions, *atomic.Int64) {
	var made atomic.Int64
	return PartOptions{Dir: dir, First: first, Last: last, Label: kind, FileName: partName, Workers: 3,
		Make: func(ctx context.Context, g int, path string) (int64, error) {
			made.Add(1)
			return int64(g), storage.WriteFileAtomic(path, fmt.Appendf(nil, "%s group %d\n", kind, g))
		}}, &made
}

func TestRunPartsResumesAndRedoesDamage(t *testing.T) {
	dir := t.TempDir()
	opt, made := fakeParts(dir, "k1", 10, 30)
	sum, err := RunParts(context.Background(), opt)
	if err != nil || sum.Done != 21 || sum.Written != 21 || made.Load() != 21 {
		t.Fatalf("first run: %+v, %v, %d made", sum, err, made.Load())
	}
	if sum.Grids != (10+30)*21/2 {
		t.Errorf("grids %d; want %d", sum.Grids, (10+30)*21/2)
	}
	// Again: nothing to do.
	made.Store(0)
	if sum, err := RunParts(context.Background(), opt); err != nil || sum.Written != 0 || sum.Done != 21 || made.Load() != 0 {
		t.Fatalf("second run: %+v, %v, %d made", sum, err, made.Load())
	}
	// A damaged part, a missing one, an unrecorded one and a stray
	// temporary file are all dealt with.
	os.WriteFile(filepath.Join(dir, partName(12)), []byte("k1 group 99\n"), 0o644)
	os.Remove(filepath.Join(dir, partName(13)))
	os.WriteFile(filepath.Join(dir, partName(31)), []byte("stray\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "."+partName(14)+".tmp-123"), []byte("half"), 0o644)
	rep, err := PartsStatus(dir, partName)
	if err != nil || len(rep.Damaged) != 3 || len(rep.Done) != 19 || fmt.Sprint(rep.Missing) != "[12 13]" || rep.Label != "k1" {
		t.Fatalf("status: %+v, %v", rep, err)
	}
	var notes []string
	opt.Notify = func(s string) { notes = append(notes, s) }
	made.Store(0)
	sum, err = RunParts(context.Background(), opt)
	if err != nil || sum.Written != 2 || made.Load() != 2 || sum.TempsGone != 1 || len(sum.Redone) != 2 {
		t.Fatalf("repair run: %+v, %v, %d made, notes %q", sum, err, made.Load(), notes)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "redoing group 12: file checksum") {
		t.Errorf("notes %q do not name the damaged group", notes)
	}
	// A later range into the same directory adds to it; the status covers
	// both ranges.
	opt2, _ := fakeParts(dir, "k1", 40, 41)
	if _, err := RunParts(context.Background(), opt2); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, partName(31)))
	rep, err = PartsStatus(dir, partName)
	if err != nil || len(rep.Done) != 23 || len(rep.Missing) != 0 || len(rep.Damaged) != 0 {
		t.Fatalf("status after two ranges: %+v, %v", rep, err)
	}
}

func TestRunPartsRefusals(t *testing.T) {
	dir := t.TempDir()
	opt, _ := fakeParts(dir, "k1", 1, 2)
	if _, err := RunParts(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	other, _ := fakeParts(dir, "k2", 1, 2)
	if _, err := RunParts(context.Background(), other); err == nil || !strings.Contains(err.Error(), "another kind") {
		t.Errorf("another kind: %v", err)
	}
	for _, bad := range []PartOptions{{Dir: dir, First: 0, Last: 5, Label: "k1"}, {Dir: dir, First: 5, Last: 3542, Label: "k1"}, {Dir: dir, First: 1, Last: 2, Label: ""}, {Dir: dir, First: 1, Last: 2, Label: "a\nb"}} {
		if _, err := RunParts(context.Background(), bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	// A run's catalog directory is not a parts directory, nor the reverse.
	runDir := reference(t, testLast, testLast)
	if _, err := PartsStatus(runDir, partName); err == nil {
		t.Error("PartsStatus of a run directory: no error")
	}
	if _, err := Status(dir, 0, 0); err != nil {
		// Status sees no run manifest: an empty run directory, all pending.
		t.Logf("Status of a parts directory: %v", err)
	}
	// A failing Make stops the run; what finished stays finished.
	fail := opt
	fail.First, fail.Last, fail.Workers = 3, 8, 1
	fail.Make = func(ctx context.Context, g int, path string) (int64, error) {
		if g == 5 {
			return 0, errors.New("boom")
		}
		return 1, storage.WriteFileAtomic(path, []byte("x\n"))
	}
	sum, err := RunParts(context.Background(), fail)
	if err == nil || !strings.Contains(err.Error(), "group 5: boom") || sum.Written != 2 {
		t.Fatalf("failing Make: %+v, %v", sum, err)
	}
	rep, err := PartsStatus(dir, partName)
	if err != nil || fmt.Sprint(rep.Missing) != "[5 6 7 8]" {
		t.Fatalf("after a failure: %+v, %v", rep, err)
	}
	// A second run on a locked directory is refused.
	lock, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunParts(context.Background(), opt)
	lock.Unlock()
	if !errors.Is(err, ErrLocked) {
		t.Errorf("locked directory: %v", err)
	}
}

// TestRunPartsCancel cancels a run during group 20, whose work either
// gives up with the cancellation or finishes all the same (a signal
// between groups): either way the run stops with an error that says so,
// not as a run that looks complete, and a second run finishes the rest.
func TestRunPartsCancel(t *testing.T) {
	for _, finish := range []bool{false, true} {
		dir := t.TempDir()
		opt, _ := fakeParts(dir, "k1", 1, 50)
		ctx, cancel := context.WithCancel(context.Background())
		inner := opt.Make
		opt.Workers = 1
		opt.Make = func(c context.Context, g int, path string) (int64, error) {
			if g == 20 {
				cancel()
				if !finish {
					return 0, c.Err()
				}
			}
			return inner(c, g, path)
		}
		done := 19
		if finish {
			done = 20
		}
		sum, err := RunParts(ctx, opt)
		if err == nil || !strings.Contains(err.Error(), "run the same command again to resume") || sum.Done != done {
			t.Fatalf("group 20 finishing %v: cancelled run: %+v, %v", finish, sum, err)
		}
		opt.Make = inner
		if sum, err := RunParts(context.Background(), opt); err != nil || sum.Written != 50-done || sum.Done != 50 {
			t.Fatalf("group 20 finishing %v: resumed run: %+v, %v", finish, sum, err)
		}
	}
}
