package jobs

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/enumerate"
	"edgrid/storage"
)

// clusterWrite writes groups first..last into dir the way a cluster job
// does (edgrid enumerate --group N --out DIR): a group file each, an index,
// no manifest and no task files.
func clusterWrite(t *testing.T, dir string, first, last int, codec storage.Codec) {
	t.Helper()
	for g := first; g <= last; g++ {
		grp, err := band.ByNumber(g)
		if err != nil {
			t.Fatal(err)
		}
		w, err := storage.Create(filepath.Join(dir, storage.FileName(g)), g, storage.WriterOptions{Codec: codec})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{Workers: 1}, func(b enumerate.Batch) error { return w.AddBatch(b) }); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := storage.BuildIndex(dir); err != nil {
		t.Fatal(err)
	}
}

// Files written by cluster jobs are whole group files: status does not call
// them damaged, and run verifies them once and adopts them instead of
// enumerating them again.
func TestClusterFilesAdopted(t *testing.T) {
	dir := t.TempDir()
	clusterWrite(t, dir, testFirst, testLast, storage.DefaultCodec)
	before := catalogFiles(t, dir)
	rep, err := Status(dir, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Damaged) != 0 || len(rep.Adoptable) != 12 || rep.Done != 0 || rep.Pending != 12 || rep.First != testFirst || rep.Last != testLast {
		t.Fatalf("status of cluster files: %+v; want 12 adoptable, none damaged, groups %d-%d", rep, testFirst, testLast)
	}
	if rep.IndexProblem != "" {
		t.Errorf("index problem %q on a directory whose index is current", rep.IndexProblem)
	}
	// One unrecorded file is damaged: it is redone, not adopted.
	path := filepath.Join(dir, storage.FileName(3534))
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0x08
	os.WriteFile(path, data, 0o644)
	var notes []string
	s, err := Run(context.Background(), Options{Dir: dir, First: testFirst, Last: testLast, Workers: 1,
		Notify: func(m string) { notes = append(notes, m) }})
	if err != nil {
		t.Fatal(err)
	}
	if s.Adopted != 11 || s.Written != 1 || s.Done != 12 || s.Grids != 102 || len(s.Redone) != 1 || s.Redone[0].Group != 3534 {
		t.Fatalf("run over cluster files: %+v (notes %q); want 11 adopted, group 3534 redone, 102 grids", s, notes)
	}
	after := catalogFiles(t, dir)
	for name, b := range before {
		if name != storage.FileName(3534) && name != storage.IndexName && !bytes.Equal(after[name], b) {
			t.Errorf("%s changed: an adopted file is kept as it is", name)
		}
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for g := testFirst; g <= testLast; g++ {
		r, ok := m.Records[g]
		if !ok || r.Adopted != (g != 3534) {
			t.Errorf("group %d: record %+v (recorded %v); want adopted %v", g, r, ok, g != 3534)
		}
	}
	again := mustRun(t, dir, testFirst, testLast)
	if again.Adopted != 0 || again.Written != 0 || again.Done != 12 {
		t.Fatalf("second run: %+v; want nothing adopted or written", again)
	}
	rep, err = Status(dir, 0, 0)
	if err != nil || rep.Done != 12 || rep.Pending != 0 || len(rep.Damaged) != 0 || len(rep.Adoptable) != 0 || rep.IndexProblem != "" {
		t.Fatalf("status after adoption: %+v, %v", rep, err)
	}
	if _, err := storage.VerifyCatalog(dir, storage.VerifyOptions{}); err != nil {
		t.Fatal(err)
	}
	// A recorded adopted file that is damaged later is redone like any other.
	os.Truncate(filepath.Join(dir, storage.FileName(3540)), 600)
	rep, _ = Status(dir, 0, 0)
	if len(rep.Damaged) != 1 || rep.Damaged[0].Group != 3540 {
		t.Fatalf("status over a truncated adopted file: %+v", rep)
	}
}

// A file a run wrote but did not record (it stopped between the two) is
// adopted with its task file: the directory ends as an uninterrupted run's.
func TestStoppedRunFileAdopted(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, testFirst, testLast)
	m, _ := ReadManifest(dir)
	delete(m.Records, 3535)
	rewriteManifest(t, dir, m)
	s := mustRun(t, dir, testFirst, testLast)
	if s.Adopted != 1 || s.Written != 0 {
		t.Fatalf("run: %+v; want group 3535 adopted", s)
	}
	m, _ = ReadManifest(dir)
	if r := m.Records[3535]; !r.Adopted || !r.Tasks {
		t.Errorf("record of 3535: %+v; want adopted with its task file", r)
	}
	sameCatalog(t, dir, testFirst, testLast)
	// Its task file is part of the record: damaging it is damage.
	tf, _ := os.ReadFile(TasksPath(dir, 3535))
	os.WriteFile(TasksPath(dir, 3535), tf[:len(tf)-3], 0o644)
	rep, _ := Status(dir, 0, 0)
	if len(rep.Damaged) != 1 || rep.Damaged[0].Group != 3535 || !strings.Contains(rep.Damaged[0].Reason, "task file") {
		t.Fatalf("status over a cut task file: %+v", rep)
	}
}

// A run refuses a directory whose group files have another codec, naming
// both; without a codec it takes the directory's.
func TestCodecMixRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), Options{Dir: dir, First: testLast - 1, Last: testLast, Workers: 1, Codec: storage.CodecPacked}); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Options{Dir: dir, First: testLast - 3, Last: testLast, Workers: 1, Codec: storage.CodecSorted})
	var ce *CodecError
	if !errors.As(err, &ce) || ce.Have != storage.CodecPacked || ce.Want != storage.CodecSorted ||
		!strings.Contains(err.Error(), "packed") || !strings.Contains(err.Error(), "sorted") {
		t.Fatalf("sorted run over packed files: %v; want a CodecError naming both", err)
	}
	if _, err := os.Stat(filepath.Join(dir, storage.FileName(testLast-3))); err == nil {
		t.Fatal("the refused run wrote a group file")
	}
	s, err := Run(context.Background(), Options{Dir: dir, First: testLast - 3, Last: testLast, Workers: 1})
	if err != nil || s.Written != 2 {
		t.Fatalf("run without a codec: %+v, %v", s, err)
	}
	f, err := storage.Open(filepath.Join(dir, storage.FileName(testLast-3)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if c := f.Header().Codec; c != storage.CodecPacked {
		t.Errorf("run without a codec wrote %v into a packed directory", c)
	}
	// Cluster files of another codec are refused the same way.
	dir2 := t.TempDir()
	clusterWrite(t, dir2, testLast, testLast, storage.CodecPacked)
	if _, err := Run(context.Background(), Options{Dir: dir2, First: testLast, Last: testLast, Codec: storage.CodecSorted}); !errors.As(err, &ce) {
		t.Fatalf("sorted run over packed cluster files: %v", err)
	}
}
