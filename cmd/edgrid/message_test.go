package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/storage"
)

func TestMessageDropsLibraryPrefixes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"storage: group-0001.edg: footer at byte 596: no footer magic", "group-0001.edg: footer at byte 596: no footer magic"},
		{"rank: grid 3 of the batch: storage: grid not found", "grid 3 of the batch: grid not found"},
		{"argument 1: storage: grid not found: its group 6 is not in catalog x", "argument 1: grid not found: its group 6 is not in catalog x"},
		{"the scan: 5 cells", "the scan: 5 cells"},
		{"no prefix at all", "no prefix at all"},
	} {
		if got := message(errors.New(c.in)); got != c.want {
			t.Errorf("message(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	wrapped := fmt.Errorf("jobs: %w", errors.New("storage: bad"))
	if got := message(wrapped); got != "bad" {
		t.Errorf("message(%q) = %q", wrapped, got)
	}
}

func TestCatalogMessagesNameTheCommand(t *testing.T) {
	dir := catalogDir(t)
	f, err := os.OpenFile(filepath.Join(dir, storage.FileName(3540)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0})
	f.Close()
	for _, act := range []string{"verify", "info", "export"} {
		code, _, errs := run(t, "", "catalog", act, dir)
		if code == 0 || !strings.HasPrefix(errs, "edgrid catalog "+act+": ") || strings.Contains(errs, "storage:") {
			t.Errorf("%s of a damaged catalog: exit %d, %q", act, code, errs)
		}
	}
}
