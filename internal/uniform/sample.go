package uniform

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"

	"edgrid/canon"
)

// bandMoves is the number of band transforms: row orders times column maps.
// Every band's stabilizer (canon.BandStabilizer) divides it.
const bandMoves = 6 * 1296

// AllGrids is the number of Sudoku solution grids (Felgenhauer and Jarvis).
const AllGrids = "6670903752021072936960"

// A Sampler draws solution grids uniformly among all of them. It does not
// change once made: goroutines may share one.
type Sampler struct {
	// cum[c] is the sum of the weights of band classes below c, the
	// weight of a class being the grids whose band 1 lies in it over 9!.
	cum   [canon.NumBandForms + 1]int64
	forms [][27]uint8
}

// New returns a Sampler, after checking the embedded table of completions:
// its classes, weighted by their sizes, must hold every grid.
func New() (*Sampler, error) {
	tableOnce.Do(buildTables)
	s := &Sampler{forms: canon.BandForms()}
	if err := checkTable(); err != nil {
		return nil, err
	}
	for c := range canon.NumBandForms {
		s.cum[c+1] = s.cum[c] + completions[c]*int64(bandMoves/canon.BandStabilizer(c))
	}
	return s, nil
}

// checkTable returns an error unless the classes' completions, each times
// the number of bands in its class, add up to all grids, and every class's
// largest product is positive.
func checkTable() error {
	sum, term := new(big.Int), new(big.Int)
	for c := range canon.NumBandForms {
		st := canon.BandStabilizer(c)
		if bandMoves%st != 0 || completions[c] <= 0 || maxProduct[c] <= 0 {
			return fmt.Errorf("uniform: the table of completions is corrupt at band class %d", c)
		}
		term.SetInt64(completions[c] * int64(bandMoves/st))
		sum.Add(sum, term)
	}
	sum.Mul(sum, big.NewInt(362880)) // the relabellings
	if sum.String() != AllGrids {
		return fmt.Errorf("uniform: the table of completions counts %v grids, not %s", sum, AllGrids)
	}
	return nil
}

// Grid returns a solution grid drawn from r, every one of the
// 6,670,903,752,021,072,936,960 equally likely.
//
// A grid is its band 1, a split of each stack (the columns of bands 2 and 3
// its digits go to) and a filling of each of bands 2 and 3 that the split
// leaves, a proper 3-edge-colouring of a graph (colourings). So the grids
// whose band 1 is a class's minimal form number completions[c], the sum over
// the 56^3 splits of the products of the two bands' fillings. Grid draws a
// class in proportion to the grids over it, then splits uniformly, each kept
// with probability its product over the class's largest (maxProduct[c]):
// splits come out in proportion to their grids. The bands are then filled
// uniformly and a uniformly random band transform (rows of band 1, columns,
// digits) moves band 1 to a uniform band of the class, carrying the rest.
func (s *Sampler) Grid(r *rand.Rand) canon.Grid {
	g, _ := s.Draw(r)
	return g
}

// Draw is Grid that also returns the number of splits drawn, the one kept
// and those thrown back: a measure of the rejection's cost.
func (s *Sampler) Draw(r *rand.Rand) (canon.Grid, int) {
	u := r.Int64N(s.cum[canon.NumBandForms])
	c := sort.Search(canon.NumBandForms, func(i int) bool { return s.cum[i+1] > u })
	band := &s.forms[c]
	var g2, g3 graph
	trials := 0
	for {
		trials++
		sp := [3]split{splits[r.IntN(Splits)], splits[r.IntN(Splits)], splits[r.IntN(Splits)]}
		l2, l3 := labels(band, sp)
		if r.Int64N(maxProduct[c]) < fillings(&l2)*fillings(&l3) {
			g2, g3 = graphs(band, sp)
			break
		}
	}
	var g canon.Grid
	copy(g[:27], band[:])
	fill(&g2, r, (*[27]uint8)(g[27:54]))
	fill(&g3, r, (*[27]uint8)(g[54:81]))
	t := bandTransform(r)
	return t.Apply(&g), trials
}

// bandTransform draws a uniformly random band transform: an order of rows
// 1-3, a column map and a relabelling, rows 4-9 left in place.
func bandTransform(r *rand.Rand) canon.Transform {
	t := canon.Identity()
	shuffle(r, t.Rows[:3])
	var stacks [3]uint8
	for i := range stacks {
		stacks[i] = uint8(i)
	}
	shuffle(r, stacks[:])
	for b, s := range stacks {
		var in [3]uint8
		for k := range in {
			in[k] = 3*s + uint8(k)
		}
		shuffle(r, in[:])
		copy(t.Cols[3*b:3*b+3], in[:])
	}
	shuffle(r, t.Digits[1:])
	return t
}

// shuffle permutes p uniformly (Fisher and Yates).
func shuffle(r *rand.Rand, p []uint8) {
	for i := len(p) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		p[i], p[j] = p[j], p[i]
	}
}
