package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/jobs"
	"edgrid/storage"
)

// The cluster path (enumerate --group A-B --out DIR) leaves whole group
// files: status does not call them damaged, and run adopts them instead of
// enumerating them again.
func TestClusterFilesStatusAndRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", "3530-3541", "--out", dir+"/"); code != 0 {
		t.Fatalf("enumerate --out: exit %d: %s", code, errs)
	}
	code, out, errs := run(t, "", "status", "--out", dir)
	if code != 0 || !strings.Contains(out, "groups 3530-3541") || !strings.Contains(out, "damaged  0") || !strings.Contains(out, "12 to adopt") {
		t.Fatalf("status of cluster files: exit %d, %q, %s", code, out, errs)
	}
	code, out, errs = run(t, "", "run", "--out", dir, "--groups", "3530-3541", "--workers", "1")
	if code != 0 || !strings.HasPrefix(out, "groups 3530-3541: 12 done (0 now, 12 adopted), 102 grids") || strings.Contains(errs, "redoing") {
		t.Fatalf("run over cluster files: exit %d, %q, stderr %q", code, out, errs)
	}
	code, out, _ = run(t, "", "status", "--out", dir, "--short")
	if code != 0 || !strings.Contains(out, "12 done, 0 pending, 0 damaged") {
		t.Fatalf("status after adoption: exit %d, %q", code, out)
	}
}

// status: a missing directory is an error (exit 2); without --groups every
// range is checked; a missing or damaged index fails it; --json gives []
// for no damage.
func TestStatusChecks(t *testing.T) {
	code, out, errs := run(t, "", "status", "--out", filepath.Join(t.TempDir(), "nonexistent"))
	if code != exitUsage || out != "" || !strings.Contains(errs, "no such directory") || strings.Contains(errs, "pending") {
		t.Fatalf("status of a missing directory: exit %d, %q, %q", code, out, errs)
	}
	dir := t.TempDir()
	for _, r := range []string{"3530-3532", "3539-3541"} {
		if code, _, errs := run(t, "", "run", "--out", dir, "--groups", r, "--workers", "1"); code != 0 {
			t.Fatalf("run %s: exit %d: %s", r, code, errs)
		}
	}
	code, out, _ = run(t, "", "status", "--out", dir, "--json")
	var rep struct {
		Groups  string            `json:"groups"`
		Damaged []json.RawMessage `json:"damaged"`
	}
	if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil || rep.Groups != "3530-3532,3539-3541" ||
		rep.Damaged == nil || !strings.Contains(out, `"damaged":[]`) {
		t.Fatalf("status --json: exit %d, %q (%v)", code, out, err)
	}
	// Damage in the first run's range.
	f := filepath.Join(dir, storage.FileName(3531))
	data, _ := os.ReadFile(f)
	os.WriteFile(f, data[:len(data)-1], 0o644)
	code, out, errs = run(t, "", "status", "--out", dir)
	if code != exitFailed || !strings.Contains(out, "group 3531: ") || !strings.Contains(errs, "1 damaged group") {
		t.Fatalf("status over damage in an earlier range: exit %d, %q, %q", code, out, errs)
	}
	os.WriteFile(f, data, 0o644)
	// The catalog index, missing or damaged.
	idx := filepath.Join(dir, storage.IndexName)
	good, _ := os.ReadFile(idx)
	for name, b := range map[string][]byte{"missing": nil, "damaged": append(append([]byte(nil), good[:20]...), good[21:]...)} {
		if b == nil {
			os.Remove(idx)
		} else {
			os.WriteFile(idx, b, 0o644)
		}
		code, out, errs = run(t, "", "status", "--out", dir)
		if code != exitFailed || !strings.Contains(out, "index") || !strings.Contains(errs, "catalog index") {
			t.Errorf("status with the index %s: exit %d, %q, %q", name, code, out, errs)
		}
		code, _, _ = run(t, "", "status", "--out", dir, "--short")
		if code != exitFailed {
			t.Errorf("status --short with the index %s: exit %d", name, code)
		}
		os.WriteFile(idx, good, 0o644)
	}
}

// run refuses a directory of another codec, naming both (exit 2).
func TestRunCodecMix(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := run(t, "", "run", "--out", dir, "--groups", "3541", "--codec", "packed"); code != 0 {
		t.Fatalf("run --codec packed: exit %d: %s", code, errs)
	}
	code, _, errs := run(t, "", "run", "--out", dir, "--groups", "3540-3541", "--codec", "sorted")
	if code != exitUsage || !strings.Contains(errs, "packed") || !strings.Contains(errs, "sorted") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("run --codec sorted over packed files: exit %d, stderr %q", code, errs)
	}
	if code, out, errs := run(t, "", "run", "--out", dir, "--groups", "3540-3541"); code != 0 || !strings.Contains(out, "1 now") {
		t.Fatalf("run without --codec over packed files: exit %d, %q, %s", code, out, errs)
	}
	m, err := jobs.ReadManifest(dir)
	if err != nil || m.Records[3540].Codec != storage.CodecPacked {
		t.Fatalf("group 3540 written with %v (%v); want the directory's codec, packed", m.Records[3540].Codec, err)
	}
}
