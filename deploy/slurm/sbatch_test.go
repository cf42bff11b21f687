package slurm

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stub writes an executable shell script name into dir.
func stub(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// run runs a script of this directory with bash, the extra environment, and
// PATH starting at bin; it returns the combined output and the exit status.
func run(t *testing.T, bin string, env []string, script string, args ...string) (string, int) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command("bash", append([]string{script}, args...)...)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, v := range []string{"EDGRID_DIR", "EDGRID_BIN", "EDGRID_GROUP_OFFSET", "EDGRID_GROUPS", "EDGRID_LOG_DIR",
		"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_JOB_ID", "SLURM_CPUS_PER_TASK", "SLURM_SUBMIT_DIR"} {
		cmd.Env = append(cmd.Env, v+"=")
	}
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// fakeEdgrid returns a directory for PATH and the path of an edgrid in it
// that appends its arguments to the returned log, one call a line.
func fakeEdgrid(t *testing.T) (bin, edgrid, log string) {
	t.Helper()
	bin = t.TempDir()
	log = filepath.Join(t.TempDir(), "calls")
	stub(t, bin, "edgrid", "echo \"$*\" >> '"+log+"'\n")
	return bin, filepath.Join(bin, "edgrid"), log
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestArrayDirective(t *testing.T) {
	b, err := os.ReadFile("enumerate.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal("enumerate.sbatch: no #SBATCH --array=A-B line")
	}
	// Slurm's default MaxArraySize, 1001, allows indices up to 1000.
	var lo, hi int
	fmt.Sscan(m[1]+" "+m[2], &lo, &hi)
	if lo != 1 || hi > 1000 {
		t.Errorf("#SBATCH --array=%d-%d: want 1-N with N <= 1000, as README says", lo, hi)
	}
	if !strings.Contains(string(b), `exec "$bin" enumerate --groups "$group" --workers "$workers" --catalog "$dir"`) {
		t.Error("enumerate.sbatch: the edgrid command line is not the documented one")
	}
}

func TestEnumerateTask(t *testing.T) {
	bin, edgrid, log := fakeEdgrid(t)
	dir := t.TempDir()
	out, code := run(t, bin, []string{"EDGRID_DIR=" + dir, "EDGRID_GROUP_OFFSET=3000",
		"SLURM_ARRAY_TASK_ID=535", "SLURM_CPUS_PER_TASK=4"}, "enumerate.sbatch")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := "enumerate --groups 3535 --workers 4 --catalog " + dir
	if got := readLines(t, log); len(got) != 1 || got[0] != want {
		t.Errorf("edgrid %q, want %q", got, want)
	}

	// The binary from EDGRID_BIN, no offset: the index is the group.
	os.Remove(log)
	out, code = run(t, "/nonexistent", []string{"EDGRID_DIR=" + dir, "EDGRID_BIN=" + edgrid, "SLURM_ARRAY_TASK_ID=7"}, "enumerate.sbatch")
	if code != 0 {
		t.Fatalf("EDGRID_BIN: exit %d:\n%s", code, out)
	}
	if got := readLines(t, log); len(got) != 1 || !strings.HasPrefix(got[0], "enumerate --groups 7 --workers 1 ") {
		t.Errorf("edgrid %q, want enumerate --groups 7 --workers 1 ...", got)
	}

	// A missing directory, no directory at all, or no array index fail
	// before edgrid runs.
	os.Remove(log)
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"EDGRID_DIR=" + filepath.Join(dir, "absent"), "SLURM_ARRAY_TASK_ID=1"}, "does not exist"},
		{[]string{"SLURM_ARRAY_TASK_ID=1"}, "EDGRID_DIR is not set"},
		{[]string{"EDGRID_DIR=" + dir}, "SLURM_ARRAY_TASK_ID is not set"},
	} {
		t.Run(c.want, func(t *testing.T) {
			out, code := run(t, bin, c.env, "enumerate.sbatch")
			if code != 2 || !strings.Contains(out, c.want) {
				t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.env, code, out, c.want)
			}
		})
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("edgrid ran after a failed check")
	}
}

func TestVerifyTask(t *testing.T) {
	bin, _, log := fakeEdgrid(t)
	dir := t.TempDir()
	env := []string{"EDGRID_DIR=" + dir, "EDGRID_GROUPS=3539-3541", "SLURM_CPUS_PER_TASK=3"}
	for _, g := range []int{3539, 3541} {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("group-%04d.edg", g)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, code := run(t, bin, env, "verify.sbatch"); code == 0 || !strings.Contains(out, "group-3540.edg") {
		t.Errorf("group 3540 missing: exit %d, %q; want a failure naming it", code, out)
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("edgrid ran although a group file was missing")
	}
	if err := os.WriteFile(filepath.Join(dir, "group-3540.edg"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := run(t, bin, env, "verify.sbatch"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := []string{"catalog index " + dir, "catalog verify --workers 3 " + dir}
	if got := readLines(t, log); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("edgrid calls %q, want %q", got, want)
	}
}

// fakeSlurm returns a PATH directory with an sbatch that logs its arguments
// (one call a line) and answers job ids 101, 102, ..., and an scontrol that
// reports MaxArraySize 1001.
func fakeSlurm(t *testing.T) (bin, log string) {
	t.Helper()
	bin = t.TempDir()
	log = filepath.Join(t.TempDir(), "sbatch")
	stub(t, bin, "sbatch", `n=$(($(cat '`+log+`' 2>/dev/null | wc -l) + 101))
echo "$*" >> '`+log+`'
echo "$n;cluster"
`)
	stub(t, bin, "scontrol", `[ "$1 $2" = "show config" ] || exit 1
echo "MaxArraySize            = 1001"
`)
	return bin, log
}

func TestSubmitSplitsArrays(t *testing.T) {
	bin, log := fakeSlurm(t)
	_, edgrid, _ := fakeEdgrid(t)
	dir, logs := filepath.Join(t.TempDir(), "cat"), t.TempDir()
	out, code := run(t, bin, nil, "submit.sh", "--dir", dir, "--logs", logs, "--bin", edgrid, "--throttle", "50", "--verify-cpus", "6", "--", "--partition=p")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{"enumerate 101 groups 1-1000\n", "enumerate 102 groups 1001-2000\n",
		"enumerate 103 groups 2001-3000\n", "enumerate 104 groups 3001-3541\n", "verify 105\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	calls := readLines(t, log)
	if len(calls) != 5 {
		t.Fatalf("%d sbatch calls, want 5:\n%s", len(calls), strings.Join(calls, "\n"))
	}
	for i, c := range []struct{ array, offset string }{{"1-1000%50", "0"}, {"1-1000%50", "1000"}, {"1-1000%50", "2000"}, {"1-541%50", "3000"}} {
		t.Run(c.array, func(t *testing.T) {
			for _, want := range []string{"--array=" + c.array + " ", "EDGRID_GROUP_OFFSET=" + c.offset + " ",
				"EDGRID_DIR=" + dir + ",", "EDGRID_BIN=" + edgrid + ",", "--partition=p ", "/enumerate.sbatch"} {
				if !strings.Contains(calls[i], want) {
					t.Errorf("sbatch call %d %q lacks %q", i+1, calls[i], want)
				}
			}
		})
	}
	for _, want := range []string{"--dependency=afterok:101:102:103:104 ", "--kill-on-invalid-dep=yes",
		"EDGRID_GROUPS=1-3541", "--partition=p --cpus-per-task=6 ", "/verify.sbatch"} {
		if !strings.Contains(calls[4], want) {
			t.Errorf("verify sbatch call %q lacks %q", calls[4], want)
		}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("submit.sh did not create the catalog directory: %v", err)
	}

	// A range under MaxArraySize is one array indexed by group number;
	// a small --max-array cuts at multiples of MaxArraySize-1.
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--groups", "5-9"}, []string{"--array=5-9 ", "EDGRID_GROUP_OFFSET=0 "}},
		{[]string{"--groups", "17", "--no-verify"}, []string{"--array=17-17 ", "EDGRID_GROUP_OFFSET=0 ", "/enumerate.sbatch\n"}},
		{[]string{"--groups", "3535-3541", "--max-array", "5"}, []string{
			"--array=3-4 ", "EDGRID_GROUP_OFFSET=3532 ",
			"--array=1-4 ", "EDGRID_GROUP_OFFSET=3536 ",
			"--array=1-1 ", "EDGRID_GROUP_OFFSET=3540 ",
			"--dependency=afterok:101:102:103 ", "EDGRID_GROUPS=3535-3541"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			os.Remove(log)
			args := append([]string{"--dir", dir, "--logs", logs, "--bin", edgrid}, c.args...)
			if out, code := run(t, bin, nil, "submit.sh", args...); code != 0 {
				t.Fatalf("%q: exit %d:\n%s", c.args, code, out)
			}
			lines := readLines(t, log)
			if strings.Contains(strings.Join(c.args, " "), "--no-verify") && len(lines) != 1 {
				t.Errorf("%q: %d sbatch calls, want 1", c.args, len(lines))
			}
			all := strings.Join(lines, "\n") + "\n"
			rest := all
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("%q: sbatch calls lack %q (in order):\n%s", c.args, w, all)
					break
				}
				rest = rest[i+len(w):]
			}
		})
	}

	// Bad ranges are refused before anything is submitted.
	os.Remove(log)
	for _, g := range []string{"0-5", "3541-3542", "9-3", "x"} {
		if out, code := run(t, bin, nil, "submit.sh", "--groups", g, "--dir", dir, "--bin", edgrid); code != 2 {
			t.Errorf("--groups %s: exit %d, want 2:\n%s", g, code, out)
		}
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("sbatch ran for a bad range")
	}
}
