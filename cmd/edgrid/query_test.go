package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"edgrid/canon"
	"edgrid/storage"
)

func TestQueryTable(t *testing.T) {
	code, out, errs := run(t, "", "query", "--groups", "3530-3541")
	_, count, _ := run(t, "", "enumerate", "--group", "3530-3541", "--count")
	if code != 0 || !strings.HasPrefix(out, "groups 3530-3541: "+strings.TrimSpace(count)+" grids\n") {
		t.Fatalf("exit %d, %q, %s", code, out, errs)
	}
	for _, want := range []string{"\ninvariant     grids", "\nautos  ", "\nua4  ", "\nintercalates  ", "autos max            72   3541     1  "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run(t, "", "query", "--list")
	if code != 0 || !strings.Contains(out, "ua2  ") || !strings.Contains(out, "stack3") {
		t.Errorf("--list: exit %d, %q", code, out)
	}
}

// Enumerating and reading a catalog print the same, and --where prints the
// grids the expression selects, numbered as edgrid rank numbers them.
func TestQueryCatalogWhereNumber(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3520-3541", "--out", dir); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	for _, args := range [][]string{
		{"--inv", "autos,ua4,intercalates,ua2,band1,band2,band3,stack1,stack2,stack3"},
		{"--json"},
		{"--where", "autos > 2 || intercalates < 4", "--stats"},
	} {
		_, want, _ := run(t, "", append([]string{"query", "--groups", "3520-3541"}, args...)...)
		code, got, errs := run(t, "", append([]string{"query", "--catalog", dir}, args...)...)
		if code != 0 || got != want || want == "" {
			t.Fatalf("%q: from the catalog (exit %d, %s):\n%s\nenumerated:\n%s", args, code, errs, got, want)
		}
	}
	_, all, _ := run(t, "", "enumerate", "--group", "3520-3541")
	var want []string
	for _, l := range strings.Fields(all) {
		g, _ := canon.Parse(l)
		if _, a := canon.CheckMinlex(&g); a > 2 {
			want = append(want, l)
		}
	}
	code, got, _ := run(t, "", "query", "--catalog", dir, "--where", "autos > 2")
	if code != 0 || strings.Join(strings.Fields(got), "\n") != strings.Join(want, "\n") || len(want) == 0 {
		t.Fatalf("--where autos > 2: exit %d, %d grids; want %d", code, strings.Count(got, "\n"), len(want))
	}
	for _, order := range []string{"groups", "paper", "lex"} {
		code, got, errs := run(t, "", "query", "--catalog", dir, "--where", "autos > 2", "--number", "--order", order)
		if code != 0 {
			t.Fatalf("--number --order %s: exit %d: %s", order, code, errs)
		}
		_, ranks, _ := run(t, strings.Join(want, "\n"), "rank", "--order", order)
		var nums []string
		for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
			f := strings.Fields(l)
			nums = append(nums, f[0])
		}
		if strings.Join(nums, "\n") != strings.TrimSpace(ranks) {
			t.Fatalf("--order %s: numbers\n%s\nedgrid rank:\n%s", order, strings.Join(nums, "\n"), ranks)
		}
	}
}

// --out keeps a part per group; a second run resumes (does nothing), and
// merge prints what one run prints, also for ranges split over runs and
// directories.
func TestQueryOutAndMerge(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--where", "intercalates > 12"},
		{"--where", "intercalates > 12", "--number", "--order", "groups"},
		{"--inv", "ua4,autos", "--json"},
	} {
		_, want, _ := run(t, "", append([]string{"query", "--groups", "3530-3541"}, args...)...)
		dir := filepath.Join(t.TempDir(), "q")
		code, got, errs := run(t, "", append([]string{"query", "--groups", "3530-3541", "--out", dir}, args...)...)
		if code != 0 || got != want {
			t.Fatalf("%q --out: exit %d, %s\n%s\nwant\n%s", args, code, errs, got, want)
		}
		json := len(args) > 0 && args[len(args)-1] == "--json"
		merge := []string{"query", "merge", dir}
		if json {
			merge = append(merge, "--json")
		}
		if code, got, errs := run(t, "", merge...); code != 0 || got != want {
			t.Fatalf("%q merge: exit %d, %s\n%s", args, code, errs, got)
		}
		// Split: two ranges into one directory, a third into another.
		d1, d2 := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
		for _, r := range []struct{ dir, groups string }{{d1, "3530-3533"}, {d1, "3534-3537"}, {d2, "3538-3541"}} {
			t.Run(r.groups, func(t *testing.T) {
				if code, _, errs := run(t, "", append([]string{"query", "--groups", r.groups, "--out", r.dir}, args...)...); code != 0 {
					t.Fatalf("%q --groups %s: %s", args, r.groups, errs)
				}
			})
		}
		merge = []string{"query", "merge", d1, d2}
		if json {
			merge = append(merge, "--json")
		}
		if code, got, errs := run(t, "", merge...); code != 0 || got != want {
			t.Fatalf("%q merge of split ranges: exit %d, %s\n%s\nwant\n%s", args, code, errs, got, want)
		}
	}
}

func TestQueryMergeRefusesIncomplete(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "q")
	if code, _, errs := run(t, "", "query", "--groups", "3538-3541", "--out", dir); code != 0 {
		t.Fatal(errs)
	}
	if err := os.Truncate(filepath.Join(dir, partFile(3539)), 10); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "query", "merge", dir)
	if code != 1 || out != "" || !strings.Contains(errs, "group 3539: file has 10 bytes") || !strings.Contains(errs, "groups 3539 not done") {
		t.Fatalf("merge with a damaged part: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run(t, "", "query", "merge", "--partial", dir)
	if code != 1 || !strings.HasPrefix(out, "groups 3538,3540-3541: ") || !strings.Contains(errs, "printed only groups 3538,3540-3541") {
		t.Fatalf("merge --partial: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Running again redoes the damaged part; then merge is whole.
	if code, _, errs := run(t, "", "query", "--groups", "3538-3541", "--out", dir); code != 0 || !strings.Contains(errs, "redoing group 3539") {
		t.Fatalf("resume: exit %d, %s", code, errs)
	}
	if code, _, errs := run(t, "", "query", "merge", dir); code != 0 {
		t.Fatalf("merge after the repair: exit %d, %s", code, errs)
	}
	// Another query's parts do not go into this directory or merge with it.
	if code, _, errs := run(t, "", "query", "--groups", "3538-3541", "--out", dir, "--inv", "ua4"); code != 1 || !strings.Contains(errs, "another kind") {
		t.Fatalf("another query into the directory: exit %d, %s", code, errs)
	}
	other := filepath.Join(t.TempDir(), "o")
	run(t, "", "query", "--groups", "3537", "--out", other, "--inv", "ua4")
	if code, _, errs := run(t, "", "query", "merge", dir, other); code != 1 || !strings.Contains(errs, "another query's parts") {
		t.Fatalf("merging two queries: exit %d, %s", code, errs)
	}
}

func TestQueryBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--inv", "autos,ua5"}, []string{`unknown invariant "ua5" (known: autos, ua4, intercalates, ua2, band1`}},
		{[]string{"--where", "ua4 == 0 && ua5 > 1"}, []string{`unknown invariant "ua5"`, "at column 13\n  ua4 == 0 && ua5 > 1\n              ^\n"}},
		{[]string{"--where", "ua4 = 0"}, []string{"column 5", "\n  ua4 = 0\n      ^\n"}},
		{[]string{"--where", "(ua4 > 1"}, []string{"expected ) to close the ( at column 1"}},
		{[]string{"--groups", "0-5"}, []string{"--groups 0-5: want a number 1..3541 or a range A-B"}},
		{[]string{"--groups", "3542"}, []string{"--groups 3542"}},
		{[]string{"--groups", "9-3"}, []string{"--groups 9-3"}},
		{[]string{"--band", "402"}, []string{"--band 402"}},
		{[]string{"--groups", "1", "--band", "1"}, []string{"not both"}},
		{[]string{"--stats"}, []string{"--stats needs --where"}},
		{[]string{"--number"}, []string{"--number needs --where"}},
		{[]string{"--where", "ua4 > 1", "--order", "lex"}, []string{"--order needs --number"}},
		{[]string{"--where", "ua4 > 1", "--number", "--order", "random"}, []string{"--order random"}},
		{[]string{"--catalog", "/nonexistent"}, []string{"--catalog"}},
		{[]string{"--workers", "-1"}, []string{"--workers -1"}},
		{[]string{"extra"}, []string{"unexpected argument"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := run(t, "", append([]string{"query"}, c.args...)...)
			if code != exitUsage || out != "" {
				t.Errorf("%q: exit %d, stdout %q; want 2 and nothing", c.args, code, out)
			}
			for _, w := range c.want {
				if !strings.Contains(errs, w) {
					t.Errorf("%q: stderr %q lacks %q", c.args, errs, w)
				}
			}
		})
	}
	if code, _, _ := run(t, "", "query", "merge"); code != exitUsage {
		t.Errorf("merge without a directory: exit %d", code)
	}
	if code, _, errs := run(t, "", "query", "merge", t.TempDir()); code != exitFailed || !strings.Contains(errs, "not a parts directory") {
		t.Errorf("merge of an empty directory: exit %d, %s", code, errs)
	}
}

// A damaged catalog file is named, the exit status is 1, and nothing is
// printed as a result.
func TestQueryDamagedCatalog(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3536-3541", "--out", dir); code != 0 {
		t.Fatal(errs)
	}
	path := filepath.Join(dir, storage.FileName(3539))
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0x10
	os.WriteFile(path, data, 0o644)
	for _, extra := range [][]string{nil, {"--where", "autos > 0"}, {"--out", filepath.Join(t.TempDir(), "q")}} {
		code, out, errs := run(t, "", append([]string{"query", "--catalog", dir}, extra...)...)
		if code != exitFailed || !strings.Contains(errs, "group-3539.edg") || strings.Contains(out, "grids\n") {
			t.Errorf("%q over a damaged file: exit %d, stdout %q, stderr %q", extra, code, out, errs)
		}
	}
}

// Kill -9 at random moments, then let it finish: merge prints what an
// uninterrupted run prints.
func TestQueryKillNineAndResume(t *testing.T) {
	const groups = "3515-3541"
	args := []string{"query", "--groups", groups, "--workers", "1", "--where", "intercalates >= 10"}
	_, want, _ := run(t, "", args...)
	dir := filepath.Join(t.TempDir(), "q")
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 3))
	t.Logf("seed %d", seed)
	child := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join(append(args, "--out", dir), "\n"))
		return cmd
	}
	for i := range 6 {
		cmd := child()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		delay := time.Duration(50+rng.IntN(700)) * time.Millisecond
		time.Sleep(delay)
		cmd.Process.Kill()
		err := cmd.Wait()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		_, _, errs := run(t, "", "query", "merge", "--partial", dir)
		t.Logf("kill %d after %v: %s", i+1, delay, firstLine(errs))
	}
	cmd := child()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("final run: %v", err)
	}
	if string(out) != want {
		t.Fatalf("final run printed %d bytes; want %d", len(out), len(want))
	}
	if code, got, errs := run(t, "", "query", "merge", dir); code != 0 || got != want {
		t.Fatalf("merge after kills: exit %d, %s", code, errs)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return fmt.Sprintf("%.100s", l)
}
