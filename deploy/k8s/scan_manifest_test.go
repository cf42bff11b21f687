package k8s

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestScanJob(t *testing.T) {
	const name = "scan-job.yaml"
	j := job(t, name)
	s := j.Spec
	script, claim := checkPod(t, name, s.Template.Spec)
	if claim != "edgrid-catalog" || s.CompletionMode != "Indexed" || s.Completions == nil {
		t.Fatalf("claim %q, completionMode %q, completions %v", claim, s.CompletionMode, s.Completions)
	}
	m := regexp.MustCompile(`chunk=(\d+)`).FindStringSubmatch(script)
	if m == nil {
		t.Fatal("script sets no chunk")
	}
	chunk, _ := strconv.Atoi(m[1])
	if want := (numGroups + chunk - 1) / chunk; *s.Completions != want {
		t.Errorf("completions %d; want %d (%d groups by %d)", *s.Completions, want, numGroups, chunk)
	}
	env := containerEnv(t, name)
	dir := t.TempDir()
	script = strings.ReplaceAll(script, "/catalog", dir)
	log := filepath.Join(t.TempDir(), "calls")
	bin := fakeLoggingEdgrid(t, log)
	last := strconv.Itoa(*s.Completions - 1)
	for _, c := range []struct{ index, groups, task string }{{"0", "1-10", "task-0001"}, {"1", "11-20", "task-0002"}, {last, "3541-3541", "task-0355"}} {
		t.Run(c.index, func(t *testing.T) {
			os.Remove(log)
			vars := []string{"JOB_COMPLETION_INDEX=" + c.index, "SCAN_NAME=" + env["SCAN_NAME"], "SCAN_CLUES=17",
				"SCAN_FLAGS=--first --max-size 10", "SCAN_CATALOG=" + dir}
			if out, err := runScript(script, bin, vars...); err != nil {
				t.Fatalf("index %s: %v\n%s", c.index, err, out)
			}
			got, _ := os.ReadFile(log)
			want := strings.Join([]string{"scan", "--clues", "17", "--groups", c.groups, "--workers", "4", "--out", filepath.Join(dir, "scans", env["SCAN_NAME"], c.task),
				"--catalog", dir, "--first", "--max-size", "10"}, "\n") + "\n\n"
			if string(got) != want {
				t.Errorf("index %s: edgrid\n%s\nwant\n%s", c.index, got, want)
			}
		})
	}
}

func TestScanMergeJob(t *testing.T) {
	const name = "scan-merge-job.yaml"
	j := job(t, name)
	script, claim := checkPod(t, name, j.Spec.Template.Spec)
	if claim != "edgrid-catalog" || j.Spec.CompletionMode == "Indexed" {
		t.Fatalf("claim %q, completionMode %q", claim, j.Spec.CompletionMode)
	}
	if q, m := containerEnv(t, "scan-job.yaml")["SCAN_NAME"], containerEnv(t, name)["SCAN_NAME"]; q != m {
		t.Errorf("SCAN_NAME %q; scan-job.yaml's is %q", m, q)
	}
	dir := t.TempDir()
	script = strings.ReplaceAll(script, "/catalog", dir)
	for _, d := range []string{"task-0001", "task-0002"} {
		os.MkdirAll(filepath.Join(dir, "scans", "s17", d), 0o755)
	}
	log := filepath.Join(t.TempDir(), "calls")
	bin := fakeLoggingEdgrid(t, log)
	if out, err := runScript(script, bin, "SCAN_NAME=s17", "SCAN_JSON=0"); err != nil {
		t.Fatalf("%v, %q", err, out)
	}
	got, _ := os.ReadFile(log)
	s := filepath.Join(dir, "scans", "s17")
	if want := "scan\nmerge\n" + filepath.Join(s, "task-0001") + "\n" + filepath.Join(s, "task-0002") + "\n\n"; string(got) != want {
		t.Errorf("edgrid\n%s\nwant\n%s", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(s, "result.txt")); err != nil || string(b) != "merged\n" {
		t.Errorf("result.txt: %q, %v", b, err)
	}
}
