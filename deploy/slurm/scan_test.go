package slurm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cleanScan clears the scan's variables the tests' environment may hold,
// before env.
func cleanScan(env ...string) []string {
	var out []string
	for _, v := range []string{"EDGRID_SCAN_DIR", "EDGRID_SCAN_GROUPS", "EDGRID_SCAN_CHUNK", "EDGRID_SCAN_CLUES",
		"EDGRID_SCAN_FLAGS", "EDGRID_SCAN_JSON", "EDGRID_SCAN_COUNT", "EDGRID_CATALOG"} {
		out = append(out, v+"=")
	}
	return append(out, env...)
}

func TestScanTask(t *testing.T) {
	bin, _, log := fakeQueryEdgrid(t)
	dir := t.TempDir()
	env := []string{"EDGRID_SCAN_DIR=" + dir, "EDGRID_SCAN_GROUPS=3500-3541", "EDGRID_SCAN_CHUNK=10", "EDGRID_SCAN_CLUES=17",
		"EDGRID_SCAN_FLAGS=--first --max-size 10", "EDGRID_CATALOG=/shared/cat", "SLURM_CPUS_PER_TASK=4"}
	for _, c := range []struct{ task, groups, out string }{{"1", "3500-3509", "task-0001"}, {"5", "3540-3541", "task-0005"}} {
		t.Run(c.task, func(t *testing.T) {
			os.Remove(log)
			out, code := run(t, bin, cleanScan(append(env, "SLURM_ARRAY_TASK_ID="+c.task)...), "scan.sbatch")
			if code != 0 {
				t.Fatalf("task %s: exit %d:\n%s", c.task, code, out)
			}
			want := []string{"scan", "--clues", "17", "--groups", c.groups, "--workers", "4", "--out", filepath.Join(dir, c.out),
				"--catalog", "/shared/cat", "--first", "--max-size", "10"}
			if got := calls(t, log); len(got) != 1 || strings.Join(got[0], "|") != strings.Join(want, "|") {
				t.Errorf("task %s: edgrid %q; want %q", c.task, got, want)
			}
		})
	}
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"EDGRID_SCAN_DIR=" + dir, "SLURM_ARRAY_TASK_ID=1"}, "EDGRID_SCAN_CLUES"},
		{[]string{"EDGRID_SCAN_DIR=" + dir, "EDGRID_SCAN_CLUES=17", "EDGRID_SCAN_GROUPS=3500-3541", "SLURM_ARRAY_TASK_ID=6"}, "no groups left"},
		{[]string{"EDGRID_SCAN_CLUES=17", "SLURM_ARRAY_TASK_ID=1"}, "EDGRID_SCAN_DIR"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if out, code := run(t, bin, cleanScan(c.env...), "scan.sbatch"); code != 2 || !strings.Contains(out, c.want) {
				t.Errorf("%v: exit %d, %q; want 2 naming %s", c.env, code, out, c.want)
			}
		})
	}
}

func TestScanMergeTask(t *testing.T) {
	bin, _, log := fakeQueryEdgrid(t)
	dir := t.TempDir()
	for _, d := range []string{"task-0001", "task-0002"} {
		os.Mkdir(filepath.Join(dir, d), 0o755)
	}
	out, code := run(t, bin, cleanScan("EDGRID_SCAN_DIR="+dir, "EDGRID_SCAN_COUNT=1"), "scan-merge.sbatch")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := []string{"scan", "merge", "--count", filepath.Join(dir, "task-0001"), filepath.Join(dir, "task-0002")}
	if got := calls(t, log); len(got) != 1 || strings.Join(got[0], "|") != strings.Join(want, "|") {
		t.Errorf("edgrid %q; want %q", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "result.txt")); err != nil || string(b) != "merged\n" {
		t.Errorf("result.txt: %q, %v", b, err)
	}
}

func TestScanSubmit(t *testing.T) {
	bin, log := fakeSlurm(t)
	_, edgrid, _ := fakeQueryEdgrid(t)
	stub(t, bin, "sbatch", `n=$(($(cat '`+log+`' 2>/dev/null | wc -l) + 101))
echo "$* | $EDGRID_SCAN_DIR | $EDGRID_SCAN_GROUPS | $EDGRID_SCAN_CHUNK | $EDGRID_SCAN_CLUES | $EDGRID_SCAN_FLAGS | $EDGRID_CATALOG | $EDGRID_SCAN_JSON | $EDGRID_SCAN_COUNT" >> '`+log+`'
echo "$n;cluster"
`)
	dir, logs := filepath.Join(t.TempDir(), "s"), t.TempDir()
	out, code := run(t, bin, cleanScan(), "scan-submit.sh", "--dir", dir, "--logs", logs, "--bin", edgrid, "--clues", "17",
		"--groups", "3500-3541", "--chunk", "10", "--flags", "--first", "--count", "--", "--partition=p")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, "scan 101 groups 3500-3541 tasks 5\n") || !strings.Contains(out, "merge 102\n") {
		t.Errorf("output:\n%s", out)
	}
	lines := readLines(t, log)
	env := " | " + dir + " | 3500-3541 | 10 | 17 | --first |  | 0 | 1"
	if len(lines) != 2 || !strings.Contains(lines[0], "--array=1-5 ") || !strings.HasSuffix(lines[0], "/scan.sbatch"+env) ||
		!strings.Contains(lines[1], "--dependency=afterok:101 ") || !strings.HasSuffix(lines[1], "/scan-merge.sbatch"+env) {
		t.Errorf("sbatch calls:\n%s", strings.Join(lines, "\n"))
	}
	os.Remove(log)
	for _, args := range [][]string{{"--dir", dir}, {"--dir", dir, "--clues", "x"}, {"--clues", "17"}} {
		if out, code := run(t, bin, cleanScan(), "scan-submit.sh", append(args, "--bin", edgrid)...); code != 2 {
			t.Errorf("%q: exit %d, want 2:\n%s", args, code, out)
		}
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("sbatch ran for bad arguments")
	}
}
