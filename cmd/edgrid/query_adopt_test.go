package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/jobs"
)

// A whole query part the manifest does not record (a stopped run's, or one
// copied in) is adopted, not made again; a damaged one or one of another
// query is made again.
func TestQueryAdoptsUnrecordedParts(t *testing.T) {
	args := []string{"query", "--groups", "3540-3541", "--where", "autos > 1"}
	src := t.TempDir()
	if code, _, errs := run(t, "", append(args, "--out", src)...); code != 0 {
		t.Fatal(errs)
	}
	part, err := os.ReadFile(filepath.Join(src, partFile(3541)))
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := run(t, "", "query", "merge", src)

	for _, tc := range []struct {
		name    string
		data    []byte
		args    []string
		adopted bool
	}{
		{"whole", part, args, true},
		{"damaged", append(append([]byte(nil), part[:len(part)/2]...), part[len(part)/2+1:]...), args, false},
		{"another query", part, []string{"query", "--groups", "3540-3541", "--where", "autos > 2"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, partFile(3541)), tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := run(t, "", append(tc.args, "--out", dir)...)
			if code != 0 {
				t.Fatalf("%s: exit %d, %s", tc.name, code, errs)
			}
			m, err := jobs.ReadPartsManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			rec, ok := m.Records[3541]
			if !ok || rec.Adopted != tc.adopted || m.Records[3540].Adopted {
				t.Errorf("%s: record %+v (recorded %v), want adopted %v; stderr %q", tc.name, rec, ok, tc.adopted, errs)
			}
			if tc.adopted != strings.Contains(errs, "adopt") {
				t.Errorf("%s: stderr %q", tc.name, errs)
			}
			if tc.name == "whole" {
				if _, got, _ := run(t, "", "query", "merge", dir); got != want {
					t.Errorf("merge after adoption:\n%s\nwant\n%s", got, want)
				}
			}
		})
	}
}
