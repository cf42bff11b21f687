package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
)

// TestPlacedFileSame: a group file written with the enumerator's Places is
// byte for byte the one Add writes, and so is one where some Places are
// unknown (those runs are coded the long way).
func TestPlacedFileSame(t *testing.T) {
	for _, group := range []int{3150, 1800} {
		gg := enumerated(t, group)
		want, err := os.ReadFile(writeGroupWith(t, t.TempDir(), gg, WriterOptions{}, false))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(writeGroupWith(t, t.TempDir(), gg, WriterOptions{}, true))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("group %d: the file written with Places differs from Add's", group)
		}
		mixed := *gg
		mixed.places = append([]enumerate.Place(nil), gg.places...)
		for i := 0; i < len(mixed.places); i += 3 {
			mixed.places[i] = enumerate.Place{}
		}
		got, err = os.ReadFile(writeGroupWith(t, t.TempDir(), &mixed, WriterOptions{}, true))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("group %d: the file written with some Places unknown differs from Add's", group)
		}
		// Batches.
		{
			path := filepath.Join(t.TempDir(), "g.edg")
			w, err := Create(path, group, WriterOptions{})
			if err != nil {
				t.Fatal(err)
			}
			grp, _ := band.ByNumber(group)
			if _, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error { return w.AddBatch(b) }); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if got, err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("group %d: the file written by batches differs from Add's", group)
			}
		}
	}
}

// TestBatchBlockCuts: with small blocks, which end inside runs and inside
// rows 7, files written by batches are still byte for byte Add's; the test
// counts the cuts of each kind so that it cannot pass without them.
func TestBatchBlockCuts(t *testing.T) {
	const group = 3150
	gg := enumerated(t, group)
	grp, _ := band.ByNumber(group)
	runCuts, rowCuts := 0, 0
	for _, work := range []int{5, 9, 40} {
		opt := WriterOptions{BlockWork: work}
		want, err := os.ReadFile(writeGroup(t, t.TempDir(), gg, opt))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "g.edg")
		w, err := Create(path, group, opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error { return w.AddBatch(b) }); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("block work %d: the file written by batches differs from Add's", work)
		}
		// Where the blocks end: between two grids of one run, and of one
		// row 7 (same rows 4-7).
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		inRun, inRow := 0, 0
		for _, e := range f.entries[1:] {
			a, b := &gg.grids[e.first-2], &gg.grids[e.first-1]
			if eq27(bandOf(a, 1), bandOf(b, 1)) {
				inRun++
				if [9]uint8(a[54:63]) == [9]uint8(b[54:63]) {
					inRow++
				}
			}
		}
		f.Close()
		t.Logf("block work %d: %d blocks, %d end inside a run, %d inside a row 7", work, len(f.entries), inRun, inRow)
		runCuts, rowCuts = runCuts+inRun, rowCuts+inRow
	}
	if runCuts == 0 || rowCuts == 0 {
		t.Fatalf("%d blocks end inside a run, %d inside a row 7: the cuts were not tested", runCuts, rowCuts)
	}
}

// TestBatchErrors: a batch of another group, or one not above the grids
// before, is refused, naming the grid.
func TestBatchErrors(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "g.edg"), 3150, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	add := func(group int) error {
		grp, _ := band.ByNumber(group)
		_, err := enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error { return w.AddBatch(b) })
		return err
	}
	if err := add(3151); err == nil || !strings.Contains(err.Error(), "grid 1 (") || !strings.Contains(err.Error(), "not in group 3150") {
		t.Errorf("a batch of group 3151: %v", err)
	}
	if err := add(3150); err != nil {
		t.Fatal(err)
	}
	n := len(enumerated(t, 3150).grids)
	want := fmt.Sprintf("grid %d (", n+1)
	if err := add(3150); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "not above") {
		t.Errorf("the group's batches again: %v, want %q ... not above", err, want)
	}

	// A batch after single grids is checked against the last of them,
	// which is still in the open block.
	w2, err := Create(filepath.Join(t.TempDir(), "g.edg"), 3150, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Abort()
	grp, _ := band.ByNumber(3150)
	batches := 0
	_, err = enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error {
		batches++
		for i, g := range b.Grids() {
			if err := w2.Add(&g, int(b.Autos()[i])); err != nil {
				return err
			}
		}
		return w2.AddBatch(b) // the same grids again
	})
	if err == nil || !strings.Contains(err.Error(), "not above") || batches != 1 {
		t.Errorf("a batch below the grids added one by one: %v after %d batches", err, batches)
	}
}

// TestPlacedErrors: a Place passed with another grid is refused by the
// writer, and Places out of order are refused by the coder.
func TestPlacedErrors(t *testing.T) {
	gg := enumerated(t, 3150)
	// The first run (grids sharing a band 2) with two grids.
	i := 0
	for i+1 < len(gg.grids) && !eq27(bandOf(&gg.grids[i], 1), bandOf(&gg.grids[i+1], 1)) {
		i++
	}
	if i+1 == len(gg.grids) {
		t.Fatal("no run of two grids")
	}
	w, err := Create(t.TempDir()+"/g.edg", gg.group, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	err = w.AddPlaced(&gg.grids[i], gg.autos[i], gg.places[i+1])
	if err == nil || !strings.Contains(err.Error(), "grid 1 (") || !strings.Contains(err.Error(), "Place") {
		t.Errorf("a Place passed with another grid: %v", err)
	}
	// Swapped inside a run: the coder finds them out of order.
	grids := gg.grids[i : i+2]
	places := []enumerate.Place{gg.places[i+1], gg.places[i]}
	if _, err := encodeSorted(grids, places, nil, nil); !errors.Is(err, errPlaces) {
		t.Errorf("Places out of order: %v, want %v", err, errPlaces)
	}
}

// TestEq27Cmp27 compares the word-wise band comparisons with bytes.Equal and
// bytes.Compare on bands that differ in one byte, at each position.
func TestEq27Cmp27(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var a [27]uint8
		for i := range a {
			a[i] = uint8(rng.IntN(10))
		}
		if !eq27(&a, &a) || cmp27(&a, &a) != 0 {
			t.Fatal("a band differs from itself")
		}
		for i := range a {
			b := a
			b[i] = uint8(rng.IntN(256))
			if eq27(&a, &b) != bytes.Equal(a[:], b[:]) || cmp27(&a, &b) != bytes.Compare(a[:], b[:]) ||
				cmp27(&b, &a) != bytes.Compare(b[:], a[:]) {
				t.Fatalf("%v and %v: eq27 %v, cmp27 %d", a, b, eq27(&a, &b), cmp27(&a, &b))
			}
		}
	}
}

// TestCompression: both levels write files that read back to the same grids,
// the small one smaller; an unknown level is refused.
func TestCompression(t *testing.T) {
	gg := enumerated(t, 1800)
	var sizes [2]int64
	for _, level := range []Compression{CompressFast, CompressSmall} {
		path := writeGroup(t, t.TempDir(), gg, WriterOptions{Compression: level})
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		err = f.Scan(func(_ int64, g *canon.Grid) error {
			if *g != gg.grids[k] {
				return fmt.Errorf("grid %d differs", k+1)
			}
			k++
			return nil
		})
		if err != nil || k != len(gg.grids) {
			t.Fatalf("%v: %d of %d grids read back: %v", level, k, len(gg.grids), err)
		}
		sizes[level] = f.Size()
		f.Close()
		if c, err := ParseCompression(level.String()); err != nil || c != level {
			t.Errorf("ParseCompression(%q) = %v, %v", level.String(), c, err)
		}
	}
	if sizes[CompressSmall] >= sizes[CompressFast] {
		t.Errorf("small file %d bytes, fast %d", sizes[CompressSmall], sizes[CompressFast])
	}
	if _, err := Create(filepath.Join(t.TempDir(), "g.edg"), 1800, WriterOptions{Compression: 7}); err == nil {
		t.Error("compression 7 accepted")
	}
	if _, err := ParseCompression("best"); err == nil {
		t.Error(`ParseCompression("best") accepted`)
	}
}

// TestBatchAndAddMixed: a writer fed batches and single grids in turn (a
// block holds one kind, so each switch closes one) writes a file that reads
// back to the group's grids.
func TestBatchAndAddMixed(t *testing.T) {
	gg := enumerated(t, 1800)
	grp, _ := band.ByNumber(1800)
	path := filepath.Join(t.TempDir(), "g.edg")
	w, err := Create(path, 1800, WriterOptions{BlockWork: 1000})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_, err = enumerate.GroupBatches(context.Background(), grp.Key, enumerate.Options{}, func(b enumerate.Batch) error {
		if n++; n%3 != 0 {
			return w.AddBatch(b)
		}
		for i, g := range b.Grids() {
			if err := w.Add(&g, int(b.Autos()[i])); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	k := 0
	err = f.Scan(func(_ int64, g *canon.Grid) error {
		if k >= len(gg.grids) || *g != gg.grids[k] {
			return fmt.Errorf("grid %d differs", k+1)
		}
		k++
		return nil
	})
	if err != nil || k != len(gg.grids) || f.Header().Autos != writtenAutos(gg) {
		t.Fatalf("%d of %d grids read back, %v; or the histogram differs", k, len(gg.grids), err)
	}
}

// writtenAutos is the automorphism histogram of gg.
func writtenAutos(gg *groupGrids) (h [canon.MaxAutomorphisms + 1]int64) {
	for _, a := range gg.autos {
		h[a]++
	}
	return
}

// The search's batches are what a Writer codes from their runs.
var _ Batch = enumerate.Batch{}
