package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

// catalog find in bulk prints what one grid at a time prints, byte for
// byte on both streams: over a catalog that lacks most groups (the first
// and last grids of all are not in it), over a single group file, in text
// and JSON, in memory and with runs spilled.
func TestCatalogFindBulkMatchesOneByOne(t *testing.T) {
	cat := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", itoa(bulkLo)+"-"+itoa(bulkHi), "--out", cat); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	in := bulkInput(t, 600)
	for _, target := range []string{cat, filepath.Join(cat, storage.FileName(3536))} {
		for _, extra := range [][]string{nil, {"--json"}} {
			args := append([]string{"catalog", "find", target}, extra...)
			code, want, wantErr := run(t, in, append(args, "--bulk=false")...)
			if code != exitFailed || !strings.Contains(wantErr, "not in catalog") && target == cat {
				t.Fatalf("%q one at a time: exit %d, stderr %q", args, code, wantErr)
			}
			if n := strings.Count(want, "\n"); n < 10 || target == cat && n < 400 {
				t.Fatalf("%q one at a time: %d answers", args, n)
			}
			for _, mem := range []string{"1G", "64K"} {
				c, got, gotErr := run(t, in, append(args, "--bulk", "--mem", mem)...)
				if c != code || got != want || gotErr != wantErr {
					t.Fatalf("%q --bulk --mem %s: exit %d, stderr %q; one at a time: exit %d, stderr %q; stdout equal: %v", args, mem, c, gotErr, code, wantErr, got == want)
				}
			}
		}
	}
}

// A damaged block ends catalog find in bulk with the file named and nothing
// printed.
func TestCatalogFindBulkDamagedCatalog(t *testing.T) {
	cat := filepath.Join(t.TempDir(), "cat")
	if code, _, errs := run(t, "", "enumerate", "--group", itoa(bulkLo)+"-"+itoa(bulkHi), "--out", cat); code != 0 {
		t.Fatalf("enumerate --out: %s", errs)
	}
	p := filepath.Join(cat, storage.FileName(3536))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b[513] ^= 0x40 // block 0, past the 512-byte header
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, bulkInput(t, 200), "catalog", "find", cat, "--bulk")
	if code != exitFailed || out != "" || !strings.Contains(errs, storage.FileName(3536)) {
		t.Fatalf("find over a damaged file: exit %d, %d bytes out, stderr %q; want exit 1, nothing printed, the file named", code, len(out), errs)
	}
}
