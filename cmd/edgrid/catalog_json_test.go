package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"edgrid/storage"
)

// jsonLines decodes JSON Lines output into one map per line; a line that is
// not exactly one object fails the test.
func jsonLines(t *testing.T, what, out string) []map[string]any {
	t.Helper()
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("%s: output %q does not end a line", what, out)
	}
	var objs []map[string]any
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		d := json.NewDecoder(strings.NewReader(l))
		d.UseNumber()
		if err := d.Decode(&m); err != nil || d.More() {
			t.Fatalf("%s: line %d %q is not one JSON object: %v", what, i+1, l, err)
		}
		objs = append(objs, m)
	}
	return objs
}

// str is a JSON member as text, numbers as written.
func str(m map[string]any, k string) string {
	switch v := m[k].(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return "<missing>"
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

// catalogDir writes groups 3539-3541 as a catalog and returns its directory.
func catalogDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--groups", "3539-3541", "--catalog", dir); code != 0 {
		t.Fatalf("enumerate: exit %d: %s", code, errs)
	}
	return dir
}

// info --json says what the text says, a group a line and then the total,
// and gives a damaged group an object with its error.
func TestCatalogInfoJSON(t *testing.T) {
	dir := catalogDir(t)
	_, text, _ := run(t, "", "catalog", "info", dir)
	code, out, errs := run(t, "", "catalog", "info", dir, "--json")
	if code != 0 || errs != "" {
		t.Fatalf("info --json: exit %d, stderr %q", code, errs)
	}
	objs := jsonLines(t, "info --json", out)
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")[1:] // after the heading
	if len(objs) != len(rows) || len(objs) != 4 {
		t.Fatalf("info --json: %d lines, text %d; want 4 (3 groups, total)", len(objs), len(rows))
	}
	for i, m := range objs[:3] {
		f := strings.Fields(rows[i])
		bits, _ := strconv.ParseFloat(str(m, "bits_per_grid"), 64)
		got := []string{str(m, "group"), str(m, "grids"), str(m, "blocks"), str(m, "bytes"), strconv.FormatFloat(bits, 'f', 3, 64), str(m, "codec")}
		if strings.Join(got, " ") != rows[i] {
			t.Errorf("info --json line %d: %v; want the text's %q", i+1, got, f)
		}
	}
	total := objs[3]
	if str(total, "groups") != "3539-3541" || str(total, "files") != "3" || str(total, "grids") != "21" ||
		!strings.Contains(rows[3], " "+str(total, "bytes")+" bytes") {
		t.Errorf("info --json total %v; want groups 3539-3541, 3 files, 21 grids, the text's bytes (%q)", total, rows[3])
	}

	p := filepath.Join(dir, storage.FileName(3540))
	b, _ := os.ReadFile(p)
	b[100] ^= 0x40 // header
	os.WriteFile(p, b, 0o644)
	code, out, errs = run(t, "", "catalog", "info", dir, "--json")
	objs = jsonLines(t, "info --json over damage", out)
	if code != exitFailed || len(objs) != 4 || !strings.Contains(errs, storage.FileName(3540)+": header") {
		t.Fatalf("info --json over damage: exit %d, %d lines, stderr %q; want exit 1, 4 lines, the header named", code, len(objs), errs)
	}
	if str(objs[1], "group") != "3540" || !strings.Contains(str(objs[1], "error"), "header") || objs[1]["grids"] != nil {
		t.Errorf("info --json damaged group: %v; want group 3540 and its error only", objs[1])
	}
	if str(objs[3], "groups") != "3539,3541" || str(objs[3], "files") != "2" || str(objs[3], "grids") != "18" {
		t.Errorf("info --json total over damage: %v; want groups 3539,3541, 2 files, 18 grids", objs[3])
	}
}

// verify --json gives the text's summary as one object: the histogram as
// enumerate --stats has it and the same Burnside sum; a damaged file gives
// "ok":false and the error, exit 1.
func TestCatalogVerifyJSON(t *testing.T) {
	dir := catalogDir(t)
	_, text, _ := run(t, "", "catalog", "verify", dir)
	code, out, errs := run(t, "", "catalog", "verify", dir, "--json")
	if code != 0 || errs != "" {
		t.Fatalf("verify --json: exit %d, stderr %q", code, errs)
	}
	m := jsonLines(t, "verify --json", out)[0]
	if strings.Count(out, "\n") != 1 || str(m, "dir") != dir || str(m, "ok") != "true" || str(m, "groups") != "3539-3541" || str(m, "files") != "3" || str(m, "grids") != "21" {
		t.Errorf("verify --json: %s", out)
	}
	if !strings.HasSuffix(text, "automorphisms): "+str(m, "burnside")+"\n") {
		t.Errorf("verify --json burnside %s; the text says %q", str(m, "burnside"), text)
	}
	_, stats, _ := run(t, "", "enumerate", "--groups", "3539-3541", "--stats")
	var rep struct {
		Autos json.RawMessage `json:"automorphisms"`
	}
	if err := json.Unmarshal([]byte(stats), &rep); err != nil {
		t.Fatal(err)
	}
	if got := str(m, "automorphisms"); !strings.Contains(out, `"automorphisms":`+string(rep.Autos)+",") {
		t.Errorf("verify --json automorphisms %s; enumerate --stats has %s", got, rep.Autos)
	}

	file := filepath.Join(dir, storage.FileName(3539))
	code, out, _ = run(t, "", "catalog", "verify", file, "--json")
	m = jsonLines(t, "verify FILE --json", out)[0]
	if code != 0 || str(m, "file") != file || str(m, "ok") != "true" || str(m, "group") != "3539" || str(m, "grids") != "17" || str(m, "blocks") != "1" || str(m, "codec") != "sorted" {
		t.Errorf("verify FILE --json: exit %d, %s", code, out)
	}

	b, _ := os.ReadFile(file)
	b[513] ^= 0x40 // block 0, just after the 512-byte header
	os.WriteFile(file, b, 0o644)
	for _, target := range []string{file, dir} {
		code, out, errs = run(t, "", "catalog", "verify", target, "--json")
		m = jsonLines(t, "verify --json of damage", out)[0]
		key := map[bool]string{true: "file", false: "dir"}[target == file]
		if code != exitFailed || str(m, key) != target || str(m, "ok") != "false" || !strings.Contains(str(m, "error"), "block 0") || !strings.Contains(errs, "block 0") {
			t.Errorf("verify %s --json of damage: exit %d, stdout %q, stderr %q; want exit 1, ok false, the block named in both", key, code, out, errs)
		}
	}
}

// get --json prints export --json's objects for the ordinals asked, in
// their order; a bad ordinal prints nothing (exit 2).
func TestCatalogGetJSON(t *testing.T) {
	dir := catalogDir(t)
	_, export, _ := run(t, "", "catalog", "export", dir, "--groups", "3539", "--json")
	want := strings.Split(export, "\n")
	code, out, errs := run(t, "", "catalog", "get", dir, "--groups", "3539", "--json", "17", "1", "17")
	if code != 0 || out != want[16]+"\n"+want[0]+"\n"+want[16]+"\n" {
		t.Fatalf("get --json 17 1 17: exit %d, %q, stderr %q; want export --json's lines 17, 1, 17", code, out, errs)
	}
	m := jsonLines(t, "get --json", out)[0]
	if str(m, "group") != "3539" || str(m, "ordinal") != "17" || len(str(m, "grid")) != 81 {
		t.Errorf("get --json: %v", m)
	}
	for _, bad := range []string{"18", "0", "x"} {
		if code, out, _ := run(t, "", "catalog", "get", dir, "--groups", "3539", "--json", "1", bad); code != exitUsage || out != "" {
			t.Errorf("get --json 1 %s: exit %d, stdout %q; want exit 2 and nothing printed", bad, code, out)
		}
	}
}

// index --json reports the groups the new index lists.
func TestCatalogIndexJSON(t *testing.T) {
	dir := catalogDir(t)
	os.Remove(filepath.Join(dir, storage.IndexName))
	code, out, errs := run(t, "", "catalog", "index", dir, "--json")
	m := jsonLines(t, "index --json", out)[0]
	if code != 0 || strings.Count(out, "\n") != 1 || str(m, "dir") != dir || str(m, "groups") != "3539-3541" || str(m, "files") != "3" ||
		str(m, "grids") != "21" || str(m, "index") != filepath.Join(dir, storage.IndexName) {
		t.Fatalf("index --json: exit %d, %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, storage.IndexName)); err != nil {
		t.Errorf("index --json wrote no index: %v", err)
	}
}
