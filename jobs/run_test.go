package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"edgrid/storage"
)

func TestRunAndResume(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat") // created by Run
	s := mustRun(t, dir, testFirst, testLast)
	if s.Written != 12 || s.Done != 12 || s.Grids != 102 {
		t.Fatalf("first run: %+v, want 12 groups written, 102 grids", s)
	}
	sameCatalog(t, dir, testFirst, testLast)
	// The manifest's checksums tell files apart (a CRC-32C of a whole group
	// file would not: it is a constant, the file ending with its own CRC-32C).
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]int{}
	for g, r := range m.Records {
		if h, dup := seen[r.Sum]; dup {
			t.Errorf("groups %d and %d have the same checksum %016x", h, g, r.Sum)
		}
		seen[r.Sum] = g
	}
	again := mustRun(t, dir, testFirst, testLast)
	if again.Written != 0 || again.Done != 12 || again.Grids != 102 {
		t.Fatalf("second run: %+v, want nothing written, 12 done, 102 grids", again)
	}
	// The catalog the run leaves is complete and checks out.
	if _, err := storage.VerifyCatalog(dir, storage.VerifyOptions{}); err != nil {
		t.Fatal(err)
	}
	rep, err := Status(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rep.First != testFirst || rep.Last != testLast || rep.Done != 12 || rep.Pending != 0 || rep.Grids != 102 || rep.BitsPerGrid <= 0 {
		t.Fatalf("status: %+v", rep)
	}
	// A wider range keeps what is done and adds the rest.
	wide := mustRun(t, dir, testFirst-2, testLast)
	if wide.Written != 2 || wide.Done != 14 {
		t.Fatalf("wider run: %+v, want 2 written, 14 done", wide)
	}
}

// Damage of every kind is found by Status and redone by Run.
func TestDamagedFilesRedone(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testFirst, testLast)
	file := func(g int) string { return filepath.Join(dir, storage.FileName(g)) }
	flip := func(g int, at int64) {
		f, err := os.OpenFile(file(g), os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b := make([]byte, 1)
		f.ReadAt(b, at)
		b[0] ^= 0x10
		f.WriteAt(b, at)
	}
	fi, _ := os.Stat(file(3531))
	flip(3531, fi.Size()/2)              // a byte inside the blocks
	os.Truncate(file(3532), fi.Size()/3) // truncated
	os.Truncate(file(3533), 0)           // zero length
	os.Remove(file(3534))                // gone
	// A file the manifest does not know: its line is lost.
	m, _ := ReadManifest(dir)
	delete(m.Records, 3535)
	stray := filepath.Join(dir, ".group-3536.edg.tmp-123")
	os.WriteFile(stray, []byte("half a file"), 0o644)
	rewriteManifest(t, dir, m)
	os.Remove(TasksPath(dir, 3537))
	tf, _ := os.ReadFile(TasksPath(dir, 3538))
	tf[len(tf)/2] ^= 1
	os.WriteFile(TasksPath(dir, 3538), tf, 0o644)
	os.WriteFile(filepath.Join(dir, TasksDir, ".group-3539.tasks.tmp-9"), nil, 0o644)

	rep, err := Status(dir, testFirst, testLast)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{3531: "checksum", 3532: "bytes", 3533: "empty", 3534: "missing",
		3537: "task file", 3538: "task file"}
	// The unrecorded file is whole: adopted, not redone.
	if rep.Done != 5 || rep.Pending != 7 || len(rep.Damaged) != 6 || len(rep.Adoptable) != 1 || rep.Adoptable[0] != 3535 {
		t.Fatalf("status: %+v, want 5 done, 7 pending, 6 damaged, 3535 adoptable", rep)
	}
	for _, p := range rep.Damaged {
		if !strings.Contains(p.Reason, want[p.Group]) {
			t.Errorf("group %d: reason %q, want it to mention %q", p.Group, p.Reason, want[p.Group])
		}
	}
	var notes []string
	s, err := Run(context.Background(), Options{Dir: dir, First: testFirst, Last: testLast, Workers: 1,
		Notify: func(m string) { notes = append(notes, m) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 8 || notes[0] != "removed 2 temporary files of a stopped run" || !strings.HasPrefix(notes[1], "redoing group 3531: file checksum") ||
		notes[7] != "verifying group 3535's file, which the manifest does not record, to adopt it" {
		t.Errorf("notes %q: want the temporary files, then each group redone, then 3535 verified to adopt it", notes)
	}
	if s.Written != 6 || len(s.Redone) != 6 || s.Adopted != 1 || s.TempsGone != 2 {
		t.Fatalf("run over damage: %+v, want 6 redone, 1 adopted, 2 temps removed", s)
	}
	sameCatalog(t, dir, testFirst, testLast)
}

// rewriteManifest writes m's records as a fresh manifest.
func rewriteManifest(t *testing.T, dir string, m *Manifest) {
	t.Helper()
	os.Remove(filepath.Join(dir, ManifestName))
	w, err := openDirManifest(catalogKind, dir, &dirManifest{}, "")
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	w.append(fmt.Sprintf("run %d-%d %v", testFirst, testLast, storage.DefaultCodec))
	for g := testFirst; g <= testLast; g++ {
		if r, ok := m.Records[g]; ok {
			if err := w.append(r.line()); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A torn last line (a crash while appending) is dropped and cut off; a
// damaged line in the middle is reported and its group's file, whole,
// verified and adopted.
func TestManifestDamage(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testFirst, testLast)
	path := filepath.Join(dir, ManifestName)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	// lines: magic, run, done 3530, done 3531, ...
	if !strings.HasPrefix(lines[3], "done 3531 ") {
		t.Fatalf("line 4 is %q", lines[3])
	}
	lines[3] = strings.Replace(lines[3], "done 3531 ", "done 3531  ", 1)
	torn := "done 3541 1 2 3"
	os.WriteFile(path, []byte(strings.Join(lines, "")+torn), 0o644)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Damaged) != 1 || !strings.HasPrefix(m.Damaged[0], "line 4: checksum") {
		t.Fatalf("damaged lines %q, want line 4's checksum", m.Damaged)
	}
	if _, ok := m.Records[3531]; ok {
		t.Fatal("the damaged line's record was kept")
	}
	// Group 3531's file is whole: verified and adopted again.
	s := mustRun(t, dir, testFirst, testLast)
	if s.Written != 0 || s.Adopted != 1 {
		t.Fatalf("run: %+v, want group 3531 adopted", s)
	}
	if m, _ := ReadManifest(dir); !m.Records[3531].Adopted {
		t.Errorf("group 3531's record %+v: want it adopted", m.Records[3531])
	}
	after, _ := os.ReadFile(path)
	if strings.Contains(string(after), torn) {
		t.Error("the torn line is still in the manifest")
	}
	if m, _ := ReadManifest(dir); len(m.Records) != 12 {
		t.Errorf("%d groups recorded after the run, want 12", len(m.Records))
	}
	os.WriteFile(path, []byte("something else\n"), 0o644)
	if _, err := Run(context.Background(), Options{Dir: dir, First: testFirst, Last: testLast}); err == nil ||
		!strings.Contains(err.Error(), "not a run directory's manifest") {
		t.Errorf("foreign manifest: %v", err)
	}
}

func TestSecondRunRefused(t *testing.T) {
	dir := t.TempDir()
	l, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Options{Dir: dir, First: testLast, Last: testLast})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "pid ") {
		t.Fatalf("second run: %v, want ErrLocked naming the holder", err)
	}
	if _, err := os.Stat(filepath.Join(dir, storage.FileName(testLast))); err == nil {
		t.Fatal("the refused run wrote a group file")
	}
	l.Unlock()
	mustRun(t, dir, testLast, testLast)
}

// failingWriter makes Close fail as a full disk would, after the real
// writer's work: the real writer is aborted, so no file appears.
type failingWriter struct{ groupWriter }

func (w failingWriter) Close() error {
	w.groupWriter.Abort()
	return &os.PathError{Op: "write", Path: "group file", Err: syscall.ENOSPC}
}

func TestOutOfDisk(t *testing.T) {
	dir := t.TempDir()
	real := newWriter
	t.Cleanup(func() { newWriter = real })
	newWriter = func(path string, group int, opt storage.WriterOptions) (groupWriter, error) {
		w, err := real(path, group, opt)
		if err != nil || group != 3533 {
			return w, err
		}
		return failingWriter{w}, nil
	}
	s, err := Run(context.Background(), Options{Dir: dir, First: testFirst, Last: testLast, Workers: 1})
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "group 3533") {
		t.Fatalf("run on a full disk: %v, want ENOSPC naming group 3533", err)
	}
	if s.Done != 3 {
		t.Errorf("%d groups done before the failure, want 3", s.Done)
	}
	if _, err := os.Stat(filepath.Join(dir, storage.FileName(3533))); err == nil {
		t.Error("the failed group's file exists")
	}
	if tmp := temps(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	rep, err := Status(dir, testFirst, testLast)
	if err != nil || rep.Done != 3 || len(rep.Damaged) != 0 {
		t.Fatalf("status after the failure: %+v, %v", rep, err)
	}
	newWriter = real
	mustRun(t, dir, testFirst, testLast)
	sameCatalog(t, dir, testFirst, testLast)
}

func TestBadRange(t *testing.T) {
	for _, r := range [][2]int{{0, 5}, {5, 3}, {3541, 3542}} {
		if _, err := Run(context.Background(), Options{Dir: t.TempDir(), First: r[0], Last: r[1]}); err == nil {
			t.Errorf("range %v accepted", r)
		}
	}
}

// Progress adds up the weights of finished groups, earlier runs' included.
func TestProgressWeights(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testLast-1, testLast)
	var last Progress
	calls := 0
	_, err := Run(context.Background(), Options{Dir: dir, First: testLast - 3, Last: testLast, Workers: 1,
		Weight: func(g int) int64 { return int64(g - 3530) },
		Progress: func(p Progress) {
			if calls == 0 && (p.WorkDone != 10+11 || p.Done != 2) {
				t.Errorf("first report %+v: want the two done groups' work, 21", p)
			}
			calls++
			last = p
		}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 3 || last.WorkTotal != 8+9+10+11 || last.WorkDone != last.WorkTotal || last.Done != 4 {
		t.Fatalf("%d reports, last %+v", calls, last)
	}
}
