package canon

import "fmt"

// PuzzleKey returns, for a puzzle p and a solution grid s of it, the minlex
// grid m of s and the smallest mask of p's clue cells carried into m's frame:
// the smallest (as a Mask) over every transform that maps s onto m, that is
// one such transform followed by each automorphism of m. Puzzles that are
// equivalent, with their solutions moved along, get the same grid and mask;
// so the pair (m, mask) names a puzzle up to the symmetry group once its
// solution is known. p need not have s as its only solution. It fails when s
// is not a valid grid or a clue of p differs from s.
func PuzzleKey(p, s *Grid) (m Grid, mask Mask, err error) {
	if err := s.Validate(); err != nil {
		return Grid{}, Mask{}, err
	}
	for i, d := range p {
		if d != 0 && d != s[i] {
			return Grid{}, Mask{}, fmt.Errorf("canon: cell %d (%s) of the puzzle holds %d, the grid %d", i+1, CellName(i), d, s[i])
		}
	}
	var all []Transform
	sc := scan{g: s, all: &all}
	sc.run()
	m = sc.win.Apply(s)
	clues := MaskOf(p)
	for i := range all {
		x := all[i].ApplyMask(clues)
		if i == 0 || x.Less(mask) {
			mask = x
		}
	}
	return m, mask, nil
}
