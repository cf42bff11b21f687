package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/jobs"
)

// partFile is the name of a group's part in a query's result directory.
func partFile(g int) string { return queryParts.Codec.FileName(g) }

// scanPartFile is the name of a group's part in a scan's result directory.
func scanPartFile(g int) string { return scanParts().Codec.FileName(g) }

// copyDir copies the files of dir into a new temporary directory.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.Mkdir(to, 0o755); err != nil {
		t.Fatal(err)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil {
			err = os.WriteFile(filepath.Join(to, e.Name()), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// The result directories of testdata/parts, written by an earlier edgrid
// (make testdata-parts), merge to what that edgrid printed, and a run of
// the same query or scan into them finds every group done and makes none.
// A part the manifest does not record is verified and adopted.
func TestPartsWrittenBeforeStayReadable(t *testing.T) {
	const parts = "testdata/parts"
	for _, c := range []struct {
		dir, out string
		merge    []string
		again    []string
	}{
		{"query-stats", "query-stats.json", []string{"query", "merge", "--json"}, []string{"query", "--groups", "3540-3541", "--inv", "autos,ua4"}},
		{"query-lines", "query-lines.out", []string{"query", "merge"}, []string{"query", "--groups", "3540-3541", "--where", "autos > 1", "--number", "--order", "groups"}},
		{"scan", "scan.out", []string{"scan", "merge"}, []string{"scan", "--clues", "25", "--all", "--first", "--groups", "3540-3541"}},
		{"scan", "scan.json", []string{"scan", "merge", "--json"}, nil},
	} {
		t.Run(c.out, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(parts, c.out))
			if err != nil {
				t.Fatal(err)
			}
			dir := copyDir(t, filepath.Join(parts, c.dir))
			code, got, errs := run(t, "", append(c.merge, dir)...)
			if code != 0 || got != string(want) {
				t.Fatalf("merge: exit %d, stderr %q\n%s\nwant\n%s", code, errs, got, want)
			}
			if c.again == nil {
				return
			}
			before, err := jobs.ReadPartsManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			// The manifest forgets group 3541: its part is adopted.
			mp := filepath.Join(dir, jobs.PartsManifestName)
			m, _ := os.ReadFile(mp)
			var kept []string
			for _, l := range strings.SplitAfter(string(m), "\n") {
				if !strings.HasPrefix(l, "part 3541 ") {
					kept = append(kept, l)
				}
			}
			os.WriteFile(mp, []byte(strings.Join(kept, "")), 0o644)
			code, _, errs = run(t, "", append(c.again, "--out", dir)...)
			after, err := jobs.ReadPartsManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			if code != 0 || !strings.Contains(errs, "adopt") || after.Records[3541].Size != before.Records[3541].Size ||
				!after.Records[3541].Adopted || after.Records[3540] != before.Records[3540] {
				t.Fatalf("run again: exit %d, stderr %q; records %+v, before %+v", code, errs, after.Records, before.Records)
			}
			if code, got, errs := run(t, "", append(c.merge, dir)...); code != 0 || got != string(want) {
				t.Fatalf("merge after the run: exit %d, stderr %q\n%s", code, errs, got)
			}
		})
	}
}
