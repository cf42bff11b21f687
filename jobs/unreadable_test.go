package jobs

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"edgrid/storage"
)

// A part that cannot be read (here: no read permission) is not damage: the
// run reports it, leaves it as it is, answers the other groups and fails;
// once it can be read again it is adopted as before.
func TestUnreadablePartLeftAlone(t *testing.T) {
	dir := t.TempDir()
	if _, err := RunParts(context.Background(), slowParts(dir, 3539, 3541, nil)); err != nil {
		t.Fatal(err)
	}
	// Groups 3540 (recorded) and 3541 (its record dropped: unrecorded)
	// cannot be read, as a disk's EIO or a file's permissions make them.
	m, _ := os.ReadFile(filepath.Join(dir, PartsManifestName))
	var kept []string
	for _, l := range strings.SplitAfter(string(m), "\n") {
		if !strings.Contains(l, " 3541 ") {
			kept = append(kept, l)
		}
	}
	os.WriteFile(filepath.Join(dir, PartsManifestName), []byte(strings.Join(kept, "")), 0o644)
	bad := map[string]bool{filepath.Join(dir, partName(3540)): true, filepath.Join(dir, partName(3541)): true}
	openRegular = func(path string, follow bool) (*os.File, error) {
		if bad[path] {
			return nil, &os.PathError{Op: "open", Path: path, Err: syscall.EIO}
		}
		return storage.OpenRegular(path, follow)
	}
	defer func() { openRegular = storage.OpenRegular }()
	var notes []string
	sum, err := RunParts(context.Background(), slowParts(dir, 3539, 3541, func(s string) { notes = append(notes, s) }))
	if err == nil || !strings.Contains(err.Error(), "cannot be read") {
		t.Fatalf("run with unreadable parts: %+v, %v; want an error saying they cannot be read", sum, err)
	}
	for p := range bad {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("an unreadable part was removed: %v", err)
		}
	}
	all := strings.Join(notes, "\n")
	if !strings.Contains(all, "group 3540: cannot be read (input/output error)") || !strings.Contains(all, "group 3541: file not in the manifest, and cannot be read") {
		t.Errorf("notes %q; want groups 3540 and 3541 reported", notes)
	}
	openRegular = storage.OpenRegular
	if sum, err := RunParts(context.Background(), slowParts(dir, 3539, 3541, nil)); err != nil || sum.Done != 3 || len(sum.Redone) != 0 || sum.Adopted != 1 {
		t.Fatalf("run once readable: %+v, %v; want all 3 done, 3541 adopted, none redone", sum, err)
	}
}

// A FIFO or a link to /dev/zero in place of a part is refused at once as
// not a regular file (it used to hang the run or exhaust its memory), and
// the group is made anew.
func TestSpecialFileParts(t *testing.T) {
	for what, mk := range map[string]func(string) error{
		"fifo":      func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"/dev/zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		dir := t.TempDir()
		if _, err := RunParts(context.Background(), slowParts(dir, 3539, 3539, nil)); err != nil {
			t.Fatal(err)
		}
		if err := mk(filepath.Join(dir, partName(3540))); err != nil {
			t.Fatal(err)
		}
		var notes []string
		sum, err := RunParts(context.Background(), slowParts(dir, 3539, 3540, func(msg string) { notes = append(notes, msg) }))
		if err != nil || sum.Done != 2 || len(sum.Redone) != 1 {
			t.Fatalf("%s: %+v, %v; want group 3540 redone", what, sum, err)
		}
		want := "redoing group 3540: file not in the manifest, and " + filepath.Join(dir, partName(3540)) + " is "
		if !slices.ContainsFunc(notes, func(n string) bool {
			return strings.HasPrefix(n, want) && strings.HasSuffix(n, ", not a regular file")
		}) {
			t.Errorf("%s: notes %q; want one beginning %q, saying it is not a regular file", what, notes, want)
		}
		if fi, err := os.Lstat(filepath.Join(dir, partName(3540))); err != nil || !fi.Mode().IsRegular() {
			t.Fatalf("%s: the part is not a regular file after the run: %v", what, err)
		}
	}
}
