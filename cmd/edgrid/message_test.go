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

// message prints an error as it was wrapped: every part, package prefixes
// and all.
func TestMessageAsWrapped(t *testing.T) {
	for _, in := range []string{
		"storage: group-0001.edg: footer at byte 596: no footer magic",
		"rank: grid 3 of the batch: storage: grid not found",
		"no prefix at all",
	} {
		if got := message(errors.New(in)); got != in {
			t.Errorf("message(%q) = %q", in, got)
		}
	}
	wrapped := fmt.Errorf("jobs: %w", errors.New("storage: bad"))
	if got := message(wrapped); got != "jobs: storage: bad" {
		t.Errorf("message(%q) = %q", wrapped, got)
	}
}

// A damaged file's message names the command, then the package and the
// file.
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
		want := "edgrid catalog " + act + ": storage: " + storage.FileName(3540) + ": "
		if code == 0 || !strings.HasPrefix(errs, want) {
			t.Errorf("%s of a damaged catalog: exit %d, %q", act, code, errs)
		}
	}
}
