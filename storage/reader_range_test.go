package storage

import (
	"bytes"
	"math/rand/v2"
	"sort"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// Below agrees with counting the grids below, for the file's own grids,
// for grids between them, and for grids of other groups of the same first
// band; ScanFrom gives the grids from any ordinal on and stops when told.
func TestBelowAndScanFrom(t *testing.T) {
	gg := enumerated(t, 2900)
	for _, c := range []Codec{CodecSorted, CodecPacked} {
		f, err := Open(writeGroup(t, t.TempDir(), gg, WriterOptions{Codec: c, BlockWork: 200}))
		if err != nil {
			t.Fatal(err)
		}
		below := func(g *canon.Grid) (int64, bool) {
			i := sort.Search(len(gg.grids), func(i int) bool { return bytes.Compare(gg.grids[i][:], g[:]) >= 0 })
			return int64(i), i < len(gg.grids) && gg.grids[i] == *g
		}
		var probes []canon.Grid
		rng := rand.New(rand.NewPCG(4, 5))
		for range 200 {
			probes = append(probes, gg.grids[rng.IntN(len(gg.grids))])
		}
		probes = append(probes, gg.grids[0], gg.grids[len(gg.grids)-1])
		// Grids of other groups of the same first band, and the first and
		// last completions of the band: not in the file.
		grp, _ := band.ByNumber(2900)
		others, _ := band.GroupsOfBand(grp.Band)
		for _, o := range others {
			if o.Number != 2900 {
				og := enumerated(t, o.Number)
				probes = append(probes, og.grids[0], og.grids[len(og.grids)/2], og.grids[len(og.grids)-1])
			}
		}
		lowest := canon.Grid(grp.Key.Partial())
		highest := lowest
		for i := 27; i < 81; i++ {
			if highest[i] == 0 {
				highest[i] = 9
			}
		}
		probes = append(probes, lowest, highest)
		for _, g := range probes {
			n, found, err := f.Below(&g)
			wn, wf := below(&g)
			if err != nil || n != wn || found != wf {
				t.Fatalf("codec %v: Below(%s) = %d, %v, %v; want %d, %v", c, g.String(), n, found, err, wn, wf)
			}
		}
		for _, ord := range []int64{1, 2, 63, 64, 65, int64(len(gg.grids)) - 1, int64(len(gg.grids))} {
			next := ord
			if err := f.ScanFrom(ord, func(o int64, g *canon.Grid) error {
				if o != next || *g != gg.grids[o-1] {
					t.Fatalf("codec %v: ScanFrom(%d) gave ordinal %d, want %d", c, ord, o, next)
				}
				next++
				if next == ord+70 {
					return ErrStopScan
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if want := min(ord+70, int64(len(gg.grids))+1); next != want {
				t.Fatalf("codec %v: ScanFrom(%d) stopped before %d, want %d", c, ord, next, want)
			}
		}
		for _, ord := range []int64{0, int64(len(gg.grids)) + 1} {
			if err := f.ScanFrom(ord, func(int64, *canon.Grid) error { return nil }); err == nil {
				t.Fatalf("ScanFrom(%d) accepted", ord)
			}
		}
		f.Close()
	}
}
