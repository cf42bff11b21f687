package main

import (
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

// catalog find in bulk prints what one grid at a time prints, byte for
// byte on both streams: over a catalog that lacks most groups (the first
// and last grids of all are not in it), over a single group file, in text
// and JSON, in memory and with runs spilled. (TestBulkDamagedCatalog has
// the damaged catalog.)
func TestCatalogFindBulkMatchesOneByOne(t *testing.T) {
	cat := bulkCatalog(t)
	in := bulkInput(t, 600)
	for _, target := range []string{cat, filepath.Join(cat, storage.FileName(3536))} {
		for _, extra := range [][]string{nil, {"--json"}} {
			args := append([]string{"catalog", "find", target}, extra...)
			code, want, wantErr := sameInBulk(t, in, args, "1G", "64K")
			if code != exitFailed || !strings.Contains(wantErr, "not in catalog") && target == cat {
				t.Fatalf("%q one at a time: exit %d, stderr %q", args, code, wantErr)
			}
			if n := strings.Count(want, "\n"); n < 10 || target == cat && n < 400 {
				t.Fatalf("%q one at a time: %d answers", args, n)
			}
		}
	}
}
