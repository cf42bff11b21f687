package k8s

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// numGroups is the number of groups, one completion index each
// (band.NumGroups; not imported, so that this package stays a leaf).
const numGroups = 3541

// object is the part of a Kubernetes object these tests read.
type object struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		// Job
		CompletionMode       string `yaml:"completionMode"`
		Completions          *int   `yaml:"completions"`
		Parallelism          *int   `yaml:"parallelism"`
		BackoffLimit         *int   `yaml:"backoffLimit"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		PodFailurePolicy     *struct {
			Rules []struct {
				Action      string `yaml:"action"`
				OnExitCodes *struct {
					ContainerName string `yaml:"containerName"`
				} `yaml:"onExitCodes"`
			} `yaml:"rules"`
		} `yaml:"podFailurePolicy"`
		Template struct {
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
		// PersistentVolumeClaim
		AccessModes []string `yaml:"accessModes"`
	} `yaml:"spec"`
}

// podSpec is the part of a pod template these tests read.
type podSpec struct {
	RestartPolicy string `yaml:"restartPolicy"`
	Containers    []struct {
		Name      string   `yaml:"name"`
		Image     string   `yaml:"image"`
		Command   []string `yaml:"command"`
		Args      []string `yaml:"args"`
		Resources struct {
			Requests map[string]string `yaml:"requests"`
		} `yaml:"resources"`
		VolumeMounts []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
		} `yaml:"volumeMounts"`
	} `yaml:"containers"`
	Volumes []struct {
		Name                  string `yaml:"name"`
		PersistentVolumeClaim *struct {
			ClaimName string `yaml:"claimName"`
		} `yaml:"persistentVolumeClaim"`
	} `yaml:"volumes"`
}

// load reads every YAML document of a manifest file.
func load(t *testing.T, name string) []object {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var objs []object
	for {
		var o object
		err := dec.Decode(&o)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		objs = append(objs, o)
	}
	if len(objs) == 0 {
		t.Fatalf("%s: no YAML documents", name)
	}
	return objs
}

// job returns the one Job in a manifest file.
func job(t *testing.T, name string) object {
	t.Helper()
	var jobs []object
	for _, o := range load(t, name) {
		if o.Kind == "Job" {
			jobs = append(jobs, o)
		}
	}
	if len(jobs) != 1 {
		t.Fatalf("%s: %d Jobs, want 1", name, len(jobs))
	}
	j := jobs[0]
	if j.APIVersion != "batch/v1" {
		t.Errorf("%s: apiVersion %q, want batch/v1", name, j.APIVersion)
	}
	if j.Metadata.Name == "" {
		t.Errorf("%s: the Job has no metadata.name", name)
	}
	return j
}

// checkPod checks what both Jobs' pods need: one container with an image,
// a shell command, CPU and memory requests, restartPolicy Never or
// OnFailure, and a mount at /catalog of a volume that is a
// PersistentVolumeClaim. It returns the container's script and the claim.
func checkPod(t *testing.T, name string, p podSpec) (script, claim string) {
	t.Helper()
	if p.RestartPolicy != "Never" && p.RestartPolicy != "OnFailure" {
		t.Errorf("%s: restartPolicy %q, want Never or OnFailure", name, p.RestartPolicy)
	}
	if len(p.Containers) != 1 {
		t.Fatalf("%s: %d containers, want 1", name, len(p.Containers))
	}
	c := p.Containers[0]
	if c.Image == "" {
		t.Errorf("%s: container %s has no image", name, c.Name)
	}
	for _, r := range []string{"cpu", "memory"} {
		if c.Resources.Requests[r] == "" {
			t.Errorf("%s: container %s requests no %s", name, c.Name, r)
		}
	}
	argv := append(append([]string{}, c.Command...), c.Args...)
	if len(argv) != 3 || argv[0] != "/bin/sh" || argv[1] != "-c" {
		t.Fatalf("%s: command %q, want /bin/sh -c SCRIPT", name, argv)
	}
	script = argv[2]
	mounted := ""
	for _, m := range c.VolumeMounts {
		if m.MountPath == "/catalog" {
			mounted = m.Name
		}
	}
	if mounted == "" {
		t.Fatalf("%s: nothing mounted at /catalog: %+v", name, c.VolumeMounts)
	}
	for _, v := range p.Volumes {
		if v.Name != mounted {
			continue
		}
		if v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName == "" {
			t.Fatalf("%s: volume %s is not a PersistentVolumeClaim", name, v.Name)
		}
		return script, v.PersistentVolumeClaim.ClaimName
	}
	t.Fatalf("%s: volume %s, mounted at /catalog, is not declared", name, mounted)
	return "", ""
}

// fakeEdgrid makes a directory with an edgrid that logs its arguments to
// log, one call a line, and returns the directory for PATH. It skips the
// test where there is no /bin/sh.
func fakeEdgrid(t *testing.T, log string) string {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"$*\" >> '" + log + "'\n"
	if err := os.WriteFile(filepath.Join(dir, "edgrid"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runScript runs a container script with /bin/sh, PATH starting at bin and
// the extra environment, and returns its error and combined output.
func runScript(script, bin string, env ...string) (string, error) {
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestEnumerateJob(t *testing.T) {
	const name = "enumerate-job.yaml"
	j := job(t, name)
	s := j.Spec
	if s.CompletionMode != "Indexed" {
		t.Errorf("completionMode %q, want Indexed", s.CompletionMode)
	}
	if s.Completions == nil || *s.Completions != numGroups {
		t.Errorf("completions %v, want %d (one index per group)", s.Completions, numGroups)
	}
	if s.Parallelism == nil || *s.Parallelism < 1 {
		t.Errorf("parallelism %v, want a positive number", s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil && s.BackoffLimit == nil {
		t.Error("neither backoffLimitPerIndex nor backoffLimit is set")
	}
	p := s.Template.Spec
	script, claim := checkPod(t, name, p)
	if s.BackoffLimitPerIndex != nil && p.RestartPolicy != "Never" {
		t.Errorf("backoffLimitPerIndex needs restartPolicy Never, not %q", p.RestartPolicy)
	}
	if s.PodFailurePolicy != nil {
		if p.RestartPolicy != "Never" {
			t.Errorf("podFailurePolicy needs restartPolicy Never, not %q", p.RestartPolicy)
		}
		for _, r := range s.PodFailurePolicy.Rules {
			if r.OnExitCodes != nil && r.OnExitCodes.ContainerName != p.Containers[0].Name {
				t.Errorf("podFailurePolicy rule names container %q, the pod has %q", r.OnExitCodes.ContainerName, p.Containers[0].Name)
			}
		}
	}
	if claim != "edgrid-catalog" {
		t.Errorf("claim %q, want edgrid-catalog (catalog-pvc.yaml)", claim)
	}
	for _, want := range []string{"edgrid enumerate", `--groups "$((JOB_COMPLETION_INDEX + 1))"`, "--catalog /catalog"} {
		if !strings.Contains(script, want) {
			t.Errorf("script %q lacks %q", script, want)
		}
	}

	// Run the script with a stand-in edgrid: index i must give group i+1.
	log := filepath.Join(t.TempDir(), "calls")
	bin := fakeEdgrid(t, log)
	for _, c := range []struct{ index, group string }{{"0", "1"}, {"1", "2"}, {"3540", "3541"}} {
		t.Run(c.index, func(t *testing.T) {
			os.Remove(log)
			if out, err := runScript(script, bin, "JOB_COMPLETION_INDEX="+c.index); err != nil {
				t.Fatalf("index %s: %v\n%s", c.index, err, out)
			}
			got, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Fields(string(got))
			if len(args) < 5 || args[0] != "enumerate" || !hasPair(args, "--groups", c.group) || !hasPair(args, "--catalog", "/catalog") {
				t.Errorf("index %s: edgrid %s, want enumerate --groups %s ... --catalog /catalog", c.index, got, c.group)
			}
		})
	}
}

// hasPair reports whether flag is followed by value in args.
func hasPair(args []string, flag, value string) bool {
	for i := 0; i+1 < len(args); i++ {
		if args[i] == flag && args[i+1] == value {
			return true
		}
	}
	return false
}

func TestVerifyJob(t *testing.T) {
	const name = "verify-job.yaml"
	j := job(t, name)
	if j.Spec.CompletionMode == "Indexed" || (j.Spec.Completions != nil && *j.Spec.Completions != 1) {
		t.Errorf("verify Job: completionMode %q, completions %v; want one pod", j.Spec.CompletionMode, j.Spec.Completions)
	}
	script, claim := checkPod(t, name, j.Spec.Template.Spec)
	if claim != "edgrid-catalog" {
		t.Errorf("claim %q, want edgrid-catalog, as in enumerate-job.yaml", claim)
	}
	i, v := strings.Index(script, "edgrid catalog index /catalog"), strings.Index(script, "edgrid catalog verify")
	if i < 0 || v < i {
		t.Errorf("script does not run catalog index /catalog, then catalog verify:\n%s", script)
	}

	// Run it against a temporary directory in place of /catalog, with a
	// stand-in edgrid: one file missing must fail before edgrid runs;
	// all present must run index, then verify. Creating 3,541 files takes
	// seconds on some file systems, so the loop stops at group 120 here.
	loop := fmt.Sprintf(`-le %d`, numGroups)
	if !strings.Contains(script, loop) {
		t.Fatalf("script has no loop over the groups up to %d (%q):\n%s", numGroups, loop, script)
	}
	const upTo, missing = 120, 100
	dir := t.TempDir()
	script = strings.ReplaceAll(script, "/catalog", dir)
	script = strings.ReplaceAll(script, loop, fmt.Sprintf("-le %d", upTo))
	log := filepath.Join(t.TempDir(), "calls")
	bin := fakeEdgrid(t, log)
	for g := 1; g <= upTo; g++ {
		if g == missing {
			continue
		}
		f, err := os.Create(filepath.Join(dir, groupFile(g)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if out, err := runScript(script, bin); err == nil || !strings.Contains(out, groupFile(missing)) {
		t.Errorf("group %d missing: err %v, output %q; want a failure naming it", missing, err, out)
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("edgrid ran although a group file was missing")
	}
	if err := os.WriteFile(filepath.Join(dir, groupFile(missing)), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := runScript(script, bin); err != nil {
		t.Fatalf("all groups present: %v\n%s", err, out)
	}
	got, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	calls := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(calls) != 2 || calls[0] != "catalog index "+dir || !strings.HasPrefix(calls[1], "catalog verify ") || !strings.HasSuffix(calls[1], " "+dir) {
		t.Errorf("edgrid calls %q, want catalog index DIR, then catalog verify ... DIR", calls)
	}
}

// groupFile is storage.FileName.
func groupFile(g int) string { return fmt.Sprintf("group-%04d.edg", g) }

func TestCatalogClaim(t *testing.T) {
	const name = "catalog-pvc.yaml"
	objs := load(t, name)
	if len(objs) != 1 || objs[0].Kind != "PersistentVolumeClaim" || objs[0].APIVersion != "v1" {
		t.Fatalf("%s: want one v1 PersistentVolumeClaim, got %d objects, first %s %s", name, len(objs), objs[0].APIVersion, objs[0].Kind)
	}
	pvc := objs[0]
	if pvc.Metadata.Name != "edgrid-catalog" {
		t.Errorf("claim name %q, want edgrid-catalog (the Jobs' claimName)", pvc.Metadata.Name)
	}
	// Many pods on many nodes write it at once.
	if len(pvc.Spec.AccessModes) != 1 || pvc.Spec.AccessModes[0] != "ReadWriteMany" {
		t.Errorf("accessModes %q, want [ReadWriteMany]", pvc.Spec.AccessModes)
	}
}
