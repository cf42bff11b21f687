package k8s

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// container reads the env of a Job's one container by name.
func containerEnv(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Spec struct {
			Template struct {
				Spec struct {
					Containers []struct {
						Env []struct {
							Name  string `yaml:"name"`
							Value string `yaml:"value"`
						} `yaml:"env"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&o); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, e := range o.Spec.Template.Spec.Containers[0].Env {
		env[e.Name] = e.Value
	}
	return env
}

// fakeLoggingEdgrid makes an edgrid that logs each argument on a line and
// a blank line after each call, printing "merged" for query merge.
func fakeLoggingEdgrid(t *testing.T, log string) string {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\" >> '" + log + "'; done\necho >> '" + log + "'\n[ \"$2\" = merge ] && echo merged\nexit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "edgrid"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestQueryJob(t *testing.T) {
	const name = "query-job.yaml"
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
	for _, c := range []struct{ index, groups, task string }{{"0", "1-100", "task-0001"}, {"1", "101-200", "task-0002"}, {last, "3501-3541", "task-0036"}} {
		t.Run(c.index, func(t *testing.T) {
			os.Remove(log)
			vars := []string{"JOB_COMPLETION_INDEX=" + c.index, "QUERY_NAME=" + env["QUERY_NAME"], "QUERY_INV=autos,ua4",
				"QUERY_WHERE=ua4 == 0 && autos > 1", "QUERY_FLAGS=--number --order groups", "QUERY_CATALOG=" + dir}
			if out, err := runScript(script, bin, vars...); err != nil {
				t.Fatalf("index %s: %v\n%s", c.index, err, out)
			}
			got, _ := os.ReadFile(log)
			want := strings.Join([]string{"query", "--groups", c.groups, "--workers", "2", "--out", filepath.Join(dir, "queries", env["QUERY_NAME"], c.task),
				"--inv", "autos,ua4", "--where", "ua4 == 0 && autos > 1", "--catalog", dir, "--number", "--order", "groups"}, "\n") + "\n\n"
			if string(got) != want {
				t.Errorf("index %s: edgrid\n%s\nwant\n%s", c.index, got, want)
			}
		})
	}
	// With the settings empty, only the range and the directory.
	os.Remove(log)
	if out, err := runScript(script, bin, "JOB_COMPLETION_INDEX=3", "QUERY_NAME=x", "QUERY_INV=", "QUERY_WHERE=", "QUERY_FLAGS=", "QUERY_CATALOG="); err != nil {
		t.Fatalf("empty settings: %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(log); strings.Join(strings.Fields(string(got)), " ") != "query --groups 301-400 --workers 2 --out "+filepath.Join(dir, "queries/x/task-0004") {
		t.Errorf("empty settings: edgrid %q", got)
	}
}

func TestQueryMergeJob(t *testing.T) {
	const name = "query-merge-job.yaml"
	j := job(t, name)
	script, claim := checkPod(t, name, j.Spec.Template.Spec)
	if claim != "edgrid-catalog" || j.Spec.CompletionMode == "Indexed" {
		t.Fatalf("claim %q, completionMode %q", claim, j.Spec.CompletionMode)
	}
	if q, m := containerEnv(t, "query-job.yaml")["QUERY_NAME"], containerEnv(t, name)["QUERY_NAME"]; q != m {
		t.Errorf("QUERY_NAME %q; query-job.yaml's is %q", m, q)
	}
	dir := t.TempDir()
	script = strings.ReplaceAll(script, "/catalog", dir)
	for _, d := range []string{"task-0001", "task-0002"} {
		os.MkdirAll(filepath.Join(dir, "queries", "q1", d), 0o755)
	}
	log := filepath.Join(t.TempDir(), "calls")
	bin := fakeLoggingEdgrid(t, log)
	for _, json := range []string{"0", "1"} {
		os.Remove(log)
		out, err := runScript(script, bin, "QUERY_NAME=q1", "QUERY_JSON="+json)
		if err != nil || out != "merged\n" {
			t.Fatalf("json %s: %v, %q", json, err, out)
		}
		got, _ := os.ReadFile(log)
		q := filepath.Join(dir, "queries", "q1")
		want := "query\nmerge\n"
		file := "result.txt"
		if json == "1" {
			want += "--json\n"
			file = "result.json"
		}
		want += filepath.Join(q, "task-0001") + "\n" + filepath.Join(q, "task-0002") + "\n\n"
		if string(got) != want {
			t.Errorf("json %s: edgrid\n%s\nwant\n%s", json, got, want)
		}
		if b, err := os.ReadFile(filepath.Join(q, file)); err != nil || string(b) != "merged\n" {
			t.Errorf("%s: %q, %v", file, b, err)
		}
	}
}
