package uniform

import "sync"

// Partitions is the number of ways to split the nine digits into three
// unordered triples.
const Partitions = 280

// The number of fillings of a band depends only on how each stack's columns
// split the digits: three partitions into triples, up to a renaming of the
// digits. Renaming so that stack 1's is {1,2,3} {4,5,6} {7,8,9} leaves a pair
// of partitions, and fillTable holds the fillings of every pair.
var (
	tableOnce sync.Once
	// partIndex[code] is the partition (0..279) whose triples the digits'
	// labels spell, code being the sum of label(d) * 3^d, for every
	// labelling of the triples 0, 1, 2.
	partIndex [19683]uint16
	// fillTable[i*Partitions+j] is the number of fillings of a band whose
	// stacks split the digits as {1,2,3} {4,5,6} {7,8,9}, partition i and
	// partition j.
	fillTable [Partitions * Partitions]uint16
)

// pow3 are the powers of 3 up to 3^8.
var pow3 = [9]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561}

// buildTables fills partIndex and fillTable.
func buildTables() {
	var parts [Partitions][9]uint8 // each partition as the labels of its digits
	n := 0
	var label [9]uint8
	var sizes [3]int
	var walk func(d, used int)
	walk = func(d, used int) {
		if d == 9 {
			parts[n] = label
			n++
			return
		}
		// Canonical labels: a new triple takes the next label.
		for l := 0; l <= used && l < 3; l++ {
			if sizes[l] == 3 {
				continue
			}
			label[d] = uint8(l)
			sizes[l]++
			walk(d+1, max(used, l+1))
			sizes[l]--
		}
	}
	walk(0, 0)
	if n != Partitions {
		panic("uniform: the partitions into triples are not 280")
	}
	for i, p := range parts {
		for _, q := range perms3 {
			code := 0
			for d, l := range p {
				code += int(q[l]) * pow3[d]
			}
			partIndex[code] = uint16(i)
		}
	}
	// The renamings that keep {0,1,2} {3,4,5} {6,7,8} keep the count, so
	// one count serves a whole orbit of pairs under them: a few hundred
	// counts fill the table.
	moves := stackMoves(&parts)
	var done [Partitions * Partitions]bool
	for i := range Partitions {
		for j := range Partitions {
			if done[i*Partitions+j] {
				continue
			}
			var g graph
			for d := range 9 {
				g[d/3] |= 1 << d
				g[3+parts[i][d]] |= 1 << d
				g[6+parts[j][d]] |= 1 << d
			}
			t, _ := colourings(&g)
			for _, mv := range moves {
				for _, k := range [2]int{int(mv[i])*Partitions + int(mv[j]), int(mv[j])*Partitions + int(mv[i])} {
					fillTable[k] = uint16(t)
					done[k] = true
				}
			}
		}
	}
}

// stackMoves returns, for each of the 1,296 renamings of the digits that keep
// the triples {0,1,2} {3,4,5} {6,7,8}, where it takes each partition.
func stackMoves(parts *[Partitions][9]uint8) [][Partitions]uint16 {
	moves := make([][Partitions]uint16, 0, 1296)
	for _, blocks := range perms3 {
		for _, p0 := range perms3 {
			for _, p1 := range perms3 {
				for _, p2 := range perms3 {
					in := [3][3]uint8{p0, p1, p2}
					var name [9]int
					for d := range 9 {
						name[d] = 3*int(blocks[d/3]) + int(in[d/3][d%3])
					}
					var mv [Partitions]uint16
					for i, p := range parts {
						code := 0
						for d, l := range p {
							code += int(l) * pow3[name[d]]
						}
						mv[i] = partIndex[code]
					}
					moves = append(moves, mv)
				}
			}
		}
	}
	return moves
}

// fillings returns the number of fillings of a band whose stacks give the
// digits d the columns lab[s][d] (0-2 inside stack s): colourings' count,
// from the table.
func fillings(lab *[3][9]uint8) int64 {
	// Rename the digits so that stack 1's triples are 0-2, 3-5, 6-8.
	var next [3]int
	next[1], next[2] = 3, 6
	var name [9]int
	for d := range 9 {
		l := lab[0][d]
		name[d] = next[l]
		next[l]++
	}
	c1, c2 := 0, 0
	for d := range 9 {
		c1 += int(lab[1][d]) * pow3[name[d]]
		c2 += int(lab[2][d]) * pow3[name[d]]
	}
	return int64(fillTable[int(partIndex[c1])*Partitions+int(partIndex[c2])])
}
