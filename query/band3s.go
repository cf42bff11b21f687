package query

import "edgrid/canon"

// Band3s is the number of orbits of a grid's automorphisms on its three
// bands and three stacks, 1..6: the ways, up to the grid's symmetry, of
// taking one band or stack as the band method's band 3 with the other two
// as bands 1+2. Summed over all grids it is the number of bands 3 the
// method's pass with a band of seven or more clues attaches to its entries
// (docs/design/scan.md, "Entries: what a group run shares").
var Band3s RunInvariant = band3sInv{}

type band3sInv struct{}

func (band3sInv) Name() string { return "band3s" }
func (band3sInv) Definition() string {
	return "orbits of the automorphisms on the 3 bands and 3 stacks: the band method's (bands 1+2, band 3) entries of the grid"
}

func (band3sInv) Value(g *canon.Grid) int {
	auts, err := canon.Automorphisms(g)
	if err != nil {
		return 0
	}
	return canon.PositionOrbits(auts)
}

func (band3sInv) NewRunner() Runner { return &band3sRunner{} }

// band3sRunner answers 6 for the grids without automorphisms but the
// identity, nearly all of them, from the run's counts or autos' runner, and
// works the others out.
type band3sRunner struct {
	autos Runner
	buf   []int
}

func (x *band3sRunner) Values(r *Run, out []int) {
	if r.Autos == nil {
		if x.autos == nil {
			x.autos = Autos.NewRunner()
		}
		x.buf = resizedInts(x.buf, len(r.Grids))
		x.autos.Values(r, x.buf)
	}
	for i := range r.Grids {
		if r.Autos != nil && r.Autos[i] == 1 || r.Autos == nil && x.buf[i] == 1 {
			out[i] = 6
			continue
		}
		out[i] = band3sInv{}.Value(&r.Grids[i])
	}
}

// resizedInts returns s with length n, reusing its storage when it can.
func resizedInts(s []int, n int) []int {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]int, n)
}
