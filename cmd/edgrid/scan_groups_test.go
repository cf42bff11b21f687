package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"edgrid/jobs"
)

// scanArgs is a cheap scan of every grid of a group that still finds a
// puzzle in each: the first 25-clue puzzle, minimal or not.
var scanArgs = []string{"scan", "--clues", "25", "--all", "--first"}

func scanGroups(t *testing.T, groups, dir string, more ...string) (int, string, string) {
	t.Helper()
	args := append(append(append([]string{}, scanArgs...), "--groups", groups, "--out", dir), more...)
	return run(t, "", args...)
}

// Split ranges in two directories merge to what one run prints; the
// summary counts every grid of the groups, each with one puzzle.
func TestScanGroupsSplitMerge(t *testing.T) {
	one := filepath.Join(t.TempDir(), "one")
	code, want, errs := scanGroups(t, "3535-3541", one)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(want, "# groups 3535-3541 grids 38 with-puzzles 38 puzzles 38\n# per-grid 1 38\n") ||
		strings.Count(want, "\n") != 38+3 {
		t.Fatalf("one run printed\n%s", want)
	}
	if code, got, errs := run(t, "", "scan", "merge", one); code != 0 || got != want {
		t.Fatalf("merge of the run: exit %d, %s\n%s", code, errs, got)
	}
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	if code, _, errs := scanGroups(t, "3535-3538", a, "--workers", "1"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := scanGroups(t, "3539-3541", b); code != 0 {
		t.Fatal(errs)
	}
	if code, got, errs := run(t, "", "scan", "merge", b, a); code != 0 || got != want {
		t.Fatalf("merge of two halves: exit %d, %s\n%s\nwant\n%s", code, errs, got, want)
	}
	// Parts of another scan are not merged with these.
	other := filepath.Join(t.TempDir(), "other")
	if code, _, errs := run(t, "", "scan", "--clues", "8", "--groups", "3541", "--out", other); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := run(t, "", "scan", "merge", a, other); code != exitFailed || !strings.Contains(errs, "another scan") {
		t.Errorf("merge of two scans: exit %d, %q", code, errs)
	}
	// Nor may a run of another scan write into a directory.
	if code, _, errs := run(t, "", "scan", "--clues", "8", "--groups", "3541", "--out", a); code == 0 {
		t.Errorf("a scan of 8 clues into a directory of 25: exit 0, %q", errs)
	}
}

// A damaged part is detected by merge (nothing printed, exit 1) and made
// again by the next run, after which everything is as before.
func TestScanGroupsDamageRedone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	code, want, errs := scanGroups(t, "3537-3541", dir)
	if code != 0 {
		t.Fatal(errs)
	}
	path := filepath.Join(dir, scanPartFile(3539))
	data, _ := os.ReadFile(path)
	i := strings.Index(string(data), "\ngrid 2 ") + 200
	data[i] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, errs := run(t, "", "scan", "merge", dir)
	if code != exitFailed || got != "" || !strings.Contains(errs, "group 3539") {
		t.Fatalf("merge over a damaged part: exit %d, stderr %q, stdout %q; want 1, group 3539 named, nothing printed", code, errs, got)
	}
	code, got, errs = run(t, "", "scan", "merge", "--partial", dir)
	if code != exitFailed || !strings.Contains(got, "# groups 3537-3538,3540-3541 ") {
		t.Errorf("merge --partial: exit %d, %q\n%s", code, errs, got)
	}
	if code, got, errs := scanGroups(t, "3537-3541", dir); code != 0 || got != want {
		t.Fatalf("run again: exit %d, %s\n%s", code, errs, got)
	}
	if after, _ := os.ReadFile(path); string(after) == string(data) {
		t.Fatal("the damaged part was not made again")
	}
	// A part that is whole but not of its group is never adopted.
	os.Remove(filepath.Join(dir, jobs.PartsManifestName))
	src, _ := os.ReadFile(filepath.Join(dir, scanPartFile(3540)))
	os.WriteFile(filepath.Join(dir, scanPartFile(3541)), src, 0o644)
	if code, got, errs := scanGroups(t, "3537-3541", dir); code != 0 || got != want {
		t.Fatalf("run over unrecorded parts, one of the wrong group: exit %d, %s\n%s", code, errs, got)
	}
}

// A scan killed with SIGKILL resumes to the result of one uninterrupted run.
func TestScanGroupsKillResume(t *testing.T) {
	const groups = "3533-3541"
	ref := filepath.Join(t.TempDir(), "ref")
	code, want, errs := scanGroups(t, groups, ref)
	if code != 0 {
		t.Fatal(errs)
	}
	dir := filepath.Join(t.TempDir(), "killed")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	args := append(append([]string{}, scanArgs...), "--groups", groups, "--out", dir, "--workers", "1")
	cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join(args, "\n"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		m, err := jobs.ReadPartsManifest(dir)
		if err == nil && len(m.Records) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no group finished within a minute: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	m, err := jobs.ReadPartsManifest(dir)
	if err != nil || len(m.Records) == 0 || len(m.Records) == 9 {
		t.Logf("killed with %d of 9 groups recorded (%v)", len(m.Records), err)
	}
	if code, got, errs := scanGroups(t, groups, dir); code != 0 || got != want {
		t.Fatalf("resumed: exit %d, %s\n%s\nwant\n%s", code, errs, got, want)
	}
}
