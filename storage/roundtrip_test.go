package storage

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// scanText exports a file as `edgrid enumerate` prints its grids.
func scanText(t *testing.T, path string) []byte {
	t.Helper()
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var text []byte
	err = f.Scan(func(ord int64, g *canon.Grid) error {
		if want := int64(len(text)/82 + 1); ord != want {
			t.Fatalf("ordinal %d; want %d", ord, want)
		}
		text = append(g.AppendText(text), '\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func TestRoundTrip(t *testing.T) {
	groups := []int{3541, 2900}
	if !testing.Short() {
		groups = append(groups, 1800)
	}
	for _, group := range groups {
		gg := enumerated(t, group)
		for _, c := range []Codec{CodecSorted, CodecPacked} {
			for _, work := range []int{0, 37} {
				path := writeGroup(t, t.TempDir(), gg, WriterOptions{Codec: c, BlockWork: work})
				if text := scanText(t, path); !bytes.Equal(text, gg.text) {
					t.Fatalf("group %d, %v, block work %d: export differs from the enumeration (%d bytes, want %d)", group, c, work, len(text), len(gg.text))
				}
				h, err := Verify(path, VerifyOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var autos [canon.MaxAutomorphisms + 1]int64
				for _, a := range gg.autos {
					autos[a]++
				}
				if h.Count != int64(len(gg.grids)) || h.Autos != autos || h.Codec != c || h.Group != group {
					t.Fatalf("header %+v does not describe group %d", h, group)
				}
			}
		}
	}
}

func TestRandomAccess(t *testing.T) {
	gg := enumerated(t, 2900)
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range []Codec{CodecSorted, CodecPacked} {
		path := writeGroup(t, t.TempDir(), gg, WriterOptions{Codec: c, BlockWork: 500})
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		n := int64(len(gg.grids))
		ords := []int64{1, 2, n - 1, n}
		for _, e := range f.entries {
			ords = append(ords, e.first, e.first+int64(e.count)-1)
		}
		for range 300 {
			ords = append(ords, 1+r.Int64N(n))
		}
		for _, k := range ords {
			g, err := f.Grid(k)
			if err != nil {
				t.Fatal(err)
			}
			if g != gg.grids[k-1] {
				t.Fatalf("%v: Grid(%d) = %s; want %s", c, k, g.String(), gg.grids[k-1].String())
			}
			o, err := f.Ordinal(&g)
			if err != nil || o != k {
				t.Fatalf("%v: Ordinal(grid %d) = %d, %v", c, k, o, err)
			}
		}
		for _, k := range []int64{0, -1, n + 1} {
			if _, err := f.Grid(k); err == nil {
				t.Errorf("Grid(%d) out of range gave no error", k)
			}
		}
		// Not in the file: a completion of a band 2 that is not minlex,
		// below the first grid, above the last, and a grid of another group.
		other := enumerated(t, 3541).grids[0]
		below := gg.grids[0]
		below[80], below[79] = below[79], below[80] // not a valid grid, but keyed
		for _, g := range []canon.Grid{nonMember(t, gg), below, other} {
			if o, err := f.Ordinal(&g); !errors.Is(err, ErrNotFound) {
				t.Errorf("%v: Ordinal(%s) = %d, %v; want ErrNotFound", c, g.String(), o, err)
			}
		}
		f.Close()
	}
}

// nonMember returns a completion of one of gg's bands 2 that is not one of
// its grids (so not minlex), with the group's key.
func nonMember(t *testing.T, gg *groupGrids) canon.Grid {
	t.Helper()
	in := map[canon.Grid]bool{}
	for _, g := range gg.grids {
		in[g] = true
	}
	for _, g := range gg.grids {
		for _, c := range fastBand3(&g) {
			h := g
			copy(h[54:], c[:])
			if !in[h] {
				if band.KeyOf(&h) != band.KeyOf(&g) {
					t.Fatal("completion changed the key")
				}
				return h
			}
		}
	}
	t.Fatal("every completion is a grid of the group")
	return canon.Grid{}
}

func TestWriterRejects(t *testing.T) {
	gg := enumerated(t, 2900)
	dir := t.TempDir()
	w, err := Create(dir+"/x.edg", 2900, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.Add(&gg.grids[1], 1); err != nil {
		t.Fatal(err)
	}
	other := enumerated(t, 3541).grids[0]
	for _, tc := range []struct {
		g     canon.Grid
		autos int
	}{
		{gg.grids[1], 1},   // repeated
		{gg.grids[0], 1},   // descending
		{gg.grids[2], 0},   // no automorphism count
		{gg.grids[2], 649}, // too many
		{other, 1},         // another group
	} {
		t.Run(fmt.Sprint(tc.autos), func(t *testing.T) {
			if err := w.Add(&tc.g, tc.autos); err == nil {
				t.Errorf("Add(%s, %d) accepted", tc.g.String(), tc.autos)
			}
		})
	}
	if _, err := Create(dir+"/y.edg", 0, WriterOptions{}); err == nil {
		t.Error("Create for group 0 accepted")
	}
	if _, err := Create(dir+"/y.edg", 1, WriterOptions{Codec: 9}); err == nil {
		t.Error("Create with codec 9 accepted")
	}
	if _, err := Create(dir+"/no/such/dir/y.edg", 1, WriterOptions{}); err == nil {
		t.Error("Create in a missing directory accepted")
	}
}

// TestWriterBackgroundError adds a grid that passes Add's checks (the
// group's key, above the one before) but is no solution: the coder rejects
// it, and that error comes back from the next call and from Close, which
// then leaves no file.
func TestWriterBackgroundError(t *testing.T) {
	gg := enumerated(t, 2900)
	path := t.TempDir() + "/x.edg"
	w, err := Create(path, 2900, WriterOptions{BlockWork: 8})
	if err != nil {
		t.Fatal(err)
	}
	bad := gg.grids[1]
	bad[80] = bad[79] // two equal digits in row 9
	if err := w.Add(&gg.grids[0], 1); err != nil {
		t.Fatal(err)
	}
	if err := w.Add(&bad, 1); err != nil {
		t.Fatalf("Add checks only key and order, got %v", err)
	}
	var addErr error
	for i := 2; i < len(gg.grids) && addErr == nil; i++ {
		addErr = w.Add(&gg.grids[i], 1) // blocks of a few grids: the bad one's is coded soon
	}
	err = w.Close()
	if err == nil || !strings.Contains(err.Error(), "grids 1-") {
		t.Fatalf("Close: %v, want the coder's error naming the block's grids", err)
	}
	if addErr != nil && addErr.Error() != err.Error() {
		t.Errorf("Add returned %v, Close %v: want the same first error", addErr, err)
	}
	if _, serr := os.Stat(path); !os.IsNotExist(serr) {
		t.Errorf("a file exists at %s after a failed Close (%v)", path, serr)
	}
}
