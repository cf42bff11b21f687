package tempdir

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A directory whose owner is gone (its lock free) is removed by the next
// Make; one a live owner holds, one without a lock made just now, and
// another name are kept.
func TestMakeSweepsStaleDirs(t *testing.T) {
	parent := t.TempDir()
	live, err := Make(parent, "edgrid-bulk-")
	if err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(parent, "edgrid-bulk-dead")
	os.MkdirAll(dead, 0o700)
	os.WriteFile(filepath.Join(dead, LockName), nil, 0o600)
	os.WriteFile(filepath.Join(dead, "queries-1"), make([]byte, 1000), 0o600)
	young := filepath.Join(parent, "edgrid-bulk-young")
	os.MkdirAll(young, 0o700)
	old := filepath.Join(parent, "edgrid-bulk-old")
	os.MkdirAll(old, 0o700)
	past := time.Now().Add(-48 * time.Hour)
	os.Chtimes(old, past, past)
	other := filepath.Join(parent, "other-dead")
	os.MkdirAll(other, 0o700)
	os.WriteFile(filepath.Join(other, LockName), nil, 0o600)

	next, err := Make(parent, "edgrid-bulk-")
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{live.Path: true, next.Path: true, dead: false, young: true, old: false, other: true} {
		_, err := os.Stat(p)
		if got := err == nil; got != want {
			t.Errorf("%s: there %v; want %v", filepath.Base(p), got, want)
		}
	}
	live.Remove()
	next.Remove()
	if _, err := os.Stat(live.Path); !os.IsNotExist(err) {
		t.Errorf("Remove left %s", live.Path)
	}
}
