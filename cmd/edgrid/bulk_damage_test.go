package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

// A damaged group file costs bulk answering only the inputs of that group,
// as one at a time: the others are answered, each input of the damaged
// group gets its error, and both print the same (bulk answered nothing).
func TestRankBulkDamagedGroup(t *testing.T) {
	cat := bulkCatalog(t)
	path := filepath.Join(cat, storage.FileName(3535))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A byte in the middle of the blocks: the checksum of a block fails.
	data[len(data)/2] ^= 0x5a
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	in := bulkInput(t, 300)
	code, out, errs := sameInBulk(t, in, []string{"rank", "--order", "lex", "--catalog", cat}, "1G", "64K")
	if code != exitFailed || strings.Count(out, "\n") < 200 || !strings.Contains(errs, "3535") {
		t.Fatalf("one at a time: exit %d, %d answers, stderr %.300q; want most inputs answered and group 3535's reported", code, strings.Count(out, "\n"), errs)
	}
}
