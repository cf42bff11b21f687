package storage

import (
	"errors"
	"path/filepath"
	"testing"

	"edgrid/canon"
)

// FuzzGridArgs passes arbitrary grids to the functions that take one:
// File.Ordinal, File.Below, Catalog.Locate and Writer.Add. None may panic.
// A grid the file holds is found at its ordinal by all of them; any other
// is not found, and Below still counts the grids under it.
func FuzzGridArgs(f *testing.F) {
	gg := enumerated(f, 3150)
	dir := f.TempDir()
	writeGroup(f, dir, gg, WriterOptions{BlockWork: 200})
	cat, err := BuildIndex(dir)
	if err != nil {
		f.Fatal(err)
	}
	file, err := cat.Open(3150)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { file.Close() })
	for _, i := range []int{0, 500, len(gg.grids) - 1} {
		f.Add(gg.grids[i][:], uint16(1))
	}
	f.Add(make([]byte, 81), uint16(0))
	f.Add([]byte("123456789456789123789123456214835697367291845598647312632918574845372961971564238"), uint16(648))
	f.Fuzz(func(t *testing.T, data []byte, autos uint16) {
		var g canon.Grid
		copy(g[:], data)
		for i, d := range g {
			if d >= '0' && d <= '9' {
				g[i] = d - '0'
			}
		}
		want := int64(0) // the grid's ordinal, 0 if the file lacks it
		below := int64(0)
		for i := range gg.grids {
			if c := string(gg.grids[i][:]); c == string(g[:]) {
				want = int64(i + 1)
			} else if c < string(g[:]) {
				below++
			}
		}
		ord, err := file.Ordinal(&g)
		if ord != want || (want == 0) != errors.Is(err, ErrNotFound) {
			t.Fatalf("Ordinal(%v) = %d, %v; want %d", g, ord, err, want)
		}
		n, found, err := file.Below(&g)
		if err != nil || n != below || found != (want > 0) {
			t.Fatalf("Below(%v) = %d, %v, %v; want %d, %v", g, n, found, err, below, want > 0)
		}
		grp, o, _, err := cat.Locate(&g)
		if want > 0 && (err != nil || grp != 3150 || o != want) || want == 0 && err == nil {
			t.Fatalf("Locate(%v) = %d %d, %v; want ordinal %d", g, grp, o, err, want)
		}
		for _, c := range []Codec{CodecSorted, CodecPacked} {
			w, err := Create(filepath.Join(t.TempDir(), "g.edg"), 3150, WriterOptions{Codec: c})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Add(&g, int(autos)); err == nil {
				// Taken: then the file must hold exactly that grid, or
				// Close must fail.
				if err := w.Close(); err == nil {
					got, rerr := readAll(w.path)
					if rerr != nil || len(got) != 1 || got[0] != g {
						t.Fatalf("%v: Add(%v) then Close: the file reads %v, %v", c, g, got, rerr)
					}
				}
				continue
			}
			w.Abort()
		}
	})
}
