package uniform

import (
	"math"
	"math/rand/v2"
	"testing"

	"edgrid/canon"
)

// bruteFill counts the fillings of rows 7-9 under the six rows of g by
// trying every digit in every cell.
func bruteFill(g *canon.Grid, first int) int64 {
	var rows, cols, boxes [9]uint16
	for cell := range first {
		i, j := cell/9, cell%9
		d := uint16(1) << g[cell]
		rows[i] |= d
		cols[j] |= d
		boxes[i/3*3+j/3] |= d
	}
	var walk func(cell int) int64
	walk = func(cell int) int64 {
		if cell == first+27 {
			return 1
		}
		i, j := cell/9, cell%9
		b := i/3*3 + j/3
		var n int64
		for d := 1; d <= 9; d++ {
			m := uint16(1) << d
			if (rows[i]|cols[j]|boxes[b])&m != 0 {
				continue
			}
			rows[i] |= m
			cols[j] |= m
			boxes[b] |= m
			n += walk(cell + 1)
			rows[i] &^= m
			cols[j] &^= m
			boxes[b] &^= m
		}
		return n
	}
	return walk(first)
}

// splitsOf returns the splits that rows 1-6 of g make.
func splitsOf(g *canon.Grid) [3]split {
	var sp [3]split
	for s := range 3 {
		for cell := range 9 {
			i, k := cell/3, cell%3
			d := g[9*i+3*s+k]
			for row := 3; row < 6; row++ {
				for kk := range 3 {
					if g[9*row+3*s+kk] == d && (kk-k+3)%3 == 2 {
						sp[s] |= 1 << cell
					}
				}
			}
		}
	}
	return sp
}

// The fillings of band 3 counted three ways agree on random grids: cell by
// cell, as colourings of the graph, and from the table of partitions; and
// the splits rows 4-6 make are among the 56.
func TestFillings(t *testing.T) {
	tableOnce.Do(buildTables)
	r := rand.New(rand.NewPCG(1, 2))
	valid := map[split]bool{}
	for _, p := range splits {
		valid[p] = true
	}
	seen := map[int64]bool{}
	for range 300 {
		g := canon.RandomGrid(r)
		sp := splitsOf(&g)
		for s := range 3 {
			if !valid[sp[s]] {
				t.Fatalf("grid %v: stack %d's split %09b is not among the 56", g, s+1, sp[s])
			}
		}
		band := (*[27]uint8)(g[:27])
		_, g3 := graphs(band, sp)
		_, l3 := labels(band, sp)
		want := bruteFill(&g, 54)
		got, n := colourings(&g3)
		if got != want || fillings(&l3) != want {
			t.Fatalf("grid %v: band 3 has %d fillings; colourings %d, table %d", g, want, got, fillings(&l3))
		}
		if n < 1 || n > maxMatchings {
			t.Fatalf("grid %v: %d matchings", g, n)
		}
		seen[want] = true
	}
	if len(seen) < 5 {
		t.Errorf("only %d different counts of fillings over 300 grids: %v", len(seen), seen)
	}
}

// A band's fillings drawn by fill are valid, and every one comes out about
// equally often.
func TestFill(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	g := canon.RandomGrid(r)
	band := (*[27]uint8)(g[:27])
	_, g3 := graphs(band, splitsOf(&g))
	total, _ := colourings(&g3)
	counts := map[[27]uint8]int{}
	draws := int(total) * 200
	for range draws {
		var rows [27]uint8
		fill(&g3, r, &rows)
		h := g
		copy(h[54:], rows[:])
		if err := h.Validate(); err != nil {
			t.Fatalf("filling %v: %v", rows, err)
		}
		counts[rows]++
	}
	if int64(len(counts)) != total {
		t.Fatalf("%d different fillings came out, want %d", len(counts), total)
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - 200
		chi += d * d / 200
	}
	// About total-1 degrees of freedom: the mean plus six deviations.
	if df := float64(total - 1); chi > df+6*math.Sqrt(2*df) {
		t.Errorf("chi-square %.0f over %d fillings", chi, total)
	}
}

// The table of fillings, filled an orbit at a time, holds the count of
// every pair of partitions (every 7th pair in short mode).
func TestFillTable(t *testing.T) {
	tableOnce.Do(buildTables)
	parts := map[int][9]uint8{}
	for code := range partIndex {
		var lab [9]uint8
		var sizes [3]int
		x, next := code, uint8(0)
		canonical := true
		for d := range 9 {
			lab[d] = uint8(x % 3)
			x /= 3
			sizes[lab[d]]++
			if lab[d] > next {
				canonical = false
			} else if lab[d] == next {
				next++
			}
		}
		// Each partition once: its triples labelled in order of their
		// first digits.
		if sizes != [3]int{3, 3, 3} || !canonical {
			continue
		}
		parts[int(partIndex[code])] = lab
	}
	if len(parts) != Partitions {
		t.Fatalf("%d partitions read back from the index, want %d", len(parts), Partitions)
	}
	step := 7
	if !testing.Short() {
		step = 1
	}
	for k := 0; k < Partitions*Partitions; k += step {
		i, j := k/Partitions, k%Partitions
		var g graph
		for d := range 9 {
			g[d/3] |= 1 << d
			g[3+parts[i][d]] |= 1 << d
			g[6+parts[j][d]] |= 1 << d
		}
		if want, _ := colourings(&g); int64(fillTable[k]) != want {
			t.Fatalf("partitions %d, %d: the table says %d fillings, the count %d", i, j, fillTable[k], want)
		}
	}
}
