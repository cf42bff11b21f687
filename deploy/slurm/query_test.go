package slurm

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fakeQueryEdgrid returns a PATH directory with an edgrid that logs its
// arguments, one per line, a blank line after each call, and prints
// "merged" for query merge.
func fakeQueryEdgrid(t *testing.T) (bin, edgrid, log string) {
	t.Helper()
	bin = t.TempDir()
	log = filepath.Join(t.TempDir(), "calls")
	stub(t, bin, "edgrid", `for a in "$@"; do echo "$a" >> '`+log+`'; done
echo >> '`+log+`'
[ "$2" = merge ] && echo merged
exit 0
`)
	return bin, filepath.Join(bin, "edgrid"), log
}

// clean clears the query's variables the tests' environment may hold,
// before env.
func clean(env ...string) []string {
	var out []string
	for _, v := range []string{"EDGRID_QUERY_DIR", "EDGRID_QUERY_GROUPS", "EDGRID_QUERY_CHUNK", "EDGRID_QUERY_INV",
		"EDGRID_QUERY_WHERE", "EDGRID_QUERY_FLAGS", "EDGRID_QUERY_JSON", "EDGRID_CATALOG"} {
		out = append(out, v+"=")
	}
	return append(out, env...)
}

// calls splits the log into calls, each a list of arguments.
func calls(t *testing.T, log string) [][]string {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, c := range strings.Split(strings.TrimSuffix(string(b), "\n\n"), "\n\n") {
		out = append(out, strings.Split(c, "\n"))
	}
	return out
}

func TestQueryTask(t *testing.T) {
	bin, _, log := fakeQueryEdgrid(t)
	dir := t.TempDir()
	env := []string{"EDGRID_QUERY_DIR=" + dir, "EDGRID_QUERY_GROUPS=3500-3541", "EDGRID_QUERY_CHUNK=10",
		"EDGRID_QUERY_INV=autos,ua4", "EDGRID_QUERY_WHERE=ua4 == 0 && autos > 1", "EDGRID_QUERY_FLAGS=--number --order groups",
		"EDGRID_CATALOG=/shared/cat", "SLURM_CPUS_PER_TASK=4"}
	for _, c := range []struct {
		task, groups, out string
	}{{"1", "3500-3509", "task-0001"}, {"4", "3530-3539", "task-0004"}, {"5", "3540-3541", "task-0005"}} {
		t.Run(c.task, func(t *testing.T) {
			os.Remove(log)
			out, code := run(t, bin, clean(append(env, "SLURM_ARRAY_TASK_ID="+c.task)...), "query.sbatch")
			if code != 0 {
				t.Fatalf("task %s: exit %d:\n%s", c.task, code, out)
			}
			want := []string{"query", "--groups", c.groups, "--workers", "4", "--out", filepath.Join(dir, c.out),
				"--inv", "autos,ua4", "--where", "ua4 == 0 && autos > 1", "--catalog", "/shared/cat", "--number", "--order", "groups"}
			if got := calls(t, log); len(got) != 1 || strings.Join(got[0], "|") != strings.Join(want, "|") {
				t.Errorf("task %s: edgrid %q; want %q", c.task, got, want)
			}
		})
	}
	// Defaults: the whole range by 100, no query flags.
	os.Remove(log)
	if out, code := run(t, bin, clean("EDGRID_QUERY_DIR="+dir, "SLURM_ARRAY_TASK_ID=36"), "query.sbatch"); code != 0 {
		t.Fatalf("defaults: exit %d:\n%s", code, out)
	}
	if got := calls(t, log); strings.Join(got[0], " ") != "query --groups 3501-3541 --workers 1 --out "+filepath.Join(dir, "task-0036") {
		t.Errorf("defaults: edgrid %q", got)
	}
	os.Remove(log)
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"EDGRID_QUERY_DIR=" + dir, "SLURM_ARRAY_TASK_ID=37"}, "no groups left"},
		{[]string{"EDGRID_QUERY_DIR=" + dir}, "SLURM_ARRAY_TASK_ID is not set"},
		{[]string{"SLURM_ARRAY_TASK_ID=1"}, "EDGRID_QUERY_DIR is not set"},
		{[]string{"EDGRID_QUERY_DIR=" + filepath.Join(dir, "absent"), "SLURM_ARRAY_TASK_ID=1"}, "does not exist"},
		{[]string{"EDGRID_QUERY_DIR=" + dir, "SLURM_ARRAY_TASK_ID=1", "EDGRID_QUERY_GROUPS=5"}, "want A-B"},
		{[]string{"EDGRID_QUERY_DIR=" + dir, "SLURM_ARRAY_TASK_ID=1", "EDGRID_QUERY_CHUNK=0"}, "want a positive number"},
	} {
		t.Run(c.want, func(t *testing.T) {
			out, code := run(t, bin, clean(c.env...), "query.sbatch")
			if code != 2 || !strings.Contains(out, c.want) {
				t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.env, code, out, c.want)
			}
		})
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("edgrid ran after a failed check")
	}
}

func TestQueryMergeTask(t *testing.T) {
	bin, _, log := fakeQueryEdgrid(t)
	dir := t.TempDir()
	if out, code := run(t, bin, clean("EDGRID_QUERY_DIR="+dir), "query-merge.sbatch"); code == 0 || !strings.Contains(out, "no task directories") {
		t.Errorf("no tasks: exit %d, %q", code, out)
	}
	for _, d := range []string{"task-0001", "task-0002", "task-0010"} {
		os.Mkdir(filepath.Join(dir, d), 0o755)
	}
	for _, json := range []bool{false, true} {
		os.Remove(log)
		env := []string{"EDGRID_QUERY_DIR=" + dir}
		file, flags := "result.txt", []string{}
		if json {
			env = append(env, "EDGRID_QUERY_JSON=1")
			file, flags = "result.json", []string{"--json"}
		}
		out, code := run(t, bin, clean(env...), "query-merge.sbatch")
		if code != 0 || !strings.Contains(out, "merged") {
			t.Fatalf("json %v: exit %d:\n%s", json, code, out)
		}
		want := append(append([]string{"query", "merge"}, flags...), filepath.Join(dir, "task-0001"), filepath.Join(dir, "task-0002"), filepath.Join(dir, "task-0010"))
		if got := calls(t, log); len(got) != 1 || strings.Join(got[0], "|") != strings.Join(want, "|") {
			t.Errorf("edgrid %q; want %q", got, want)
		}
		if b, err := os.ReadFile(filepath.Join(dir, file)); err != nil || string(b) != "merged\n" {
			t.Errorf("%s: %q, %v", file, b, err)
		}
	}
}

func TestQuerySubmit(t *testing.T) {
	bin, log := fakeSlurm(t)
	_, edgrid, _ := fakeQueryEdgrid(t)
	// sbatch records the query's environment too.
	stub(t, bin, "sbatch", `n=$(($(cat '`+log+`' 2>/dev/null | wc -l) + 101))
echo "$* | $EDGRID_QUERY_DIR | $EDGRID_QUERY_GROUPS | $EDGRID_QUERY_CHUNK | $EDGRID_QUERY_INV | $EDGRID_QUERY_WHERE | $EDGRID_QUERY_FLAGS | $EDGRID_CATALOG | $EDGRID_QUERY_JSON" >> '`+log+`'
echo "$n;cluster"
`)
	dir, logs := filepath.Join(t.TempDir(), "q"), t.TempDir()
	out, code := run(t, bin, clean(), "query-submit.sh", "--dir", dir, "--logs", logs, "--bin", edgrid, "--groups", "3500-3541",
		"--chunk", "10", "--inv", "autos,ua4", "--where", "ua4 == 0 && autos > 1", "--flags", "--stats", "--json", "--throttle", "3", "--", "--partition=p")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, "query 101 groups 3500-3541 tasks 5\n") || !strings.Contains(out, "merge 102\n") {
		t.Errorf("output:\n%s", out)
	}
	lines := readLines(t, log)
	if len(lines) != 2 {
		t.Fatalf("%d sbatch calls, want 2:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	env := " | " + dir + " | 3500-3541 | 10 | autos,ua4 | ua4 == 0 && autos > 1 | --stats |  | 1"
	for i, want := range [][]string{
		{"--array=1-5%3 ", "--partition=p ", "/query.sbatch" + env},
		{"--dependency=afterok:101 ", "--kill-on-invalid-dep=yes", "--partition=p ", "/query-merge.sbatch" + env},
	} {
		for _, w := range want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("sbatch call %d %q lacks %q", i+1, lines[i], w)
			}
		}
	}
	if m := regexp.MustCompile(`(?m)^#SBATCH --array=1-(\d+)$`).FindStringSubmatch(readFile(t, "query.sbatch")); m == nil || m[1] != "36" {
		t.Errorf("query.sbatch: #SBATCH --array %v; want 1-36 (3,541 groups by 100)", m)
	}
	// Bad arguments are refused before anything is submitted.
	os.Remove(log)
	for _, args := range [][]string{{"--groups", "1-10"}, {"--dir", dir, "--groups", "0-5"}, {"--dir", dir, "--chunk", "0"}, {"--dir", dir, "--bogus"}} {
		if out, code := run(t, bin, clean(), "query-submit.sh", append(args, "--bin", edgrid)...); code != 2 {
			t.Errorf("%q: exit %d, want 2:\n%s", args, code, out)
		}
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("sbatch ran for bad arguments")
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
