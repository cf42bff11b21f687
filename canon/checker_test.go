package canon

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// completeRandomly fills the empty cells of p by randomized backtracking.
func completeRandomly(r *rand.Rand, p Grid) (Grid, bool) {
	var fill func(c int) bool
	fill = func(c int) bool {
		for c < 81 && p[c] != 0 {
			c++
		}
		if c == 81 {
			return true
		}
		var used [10]bool
		i, j := c/9, c%9
		for k := range 9 {
			used[p[i*9+k]] = true
			used[p[k*9+j]] = true
			used[p[(i/3*3+k/3)*9+j/3*3+k%3]] = true
		}
		start := r.IntN(9)
		for k := range 9 {
			d := uint8((start+k)%9 + 1)
			if used[d] {
				continue
			}
			p[c] = d
			if fill(c + 1) {
				return true
			}
		}
		p[c] = 0
		return false
	}
	ok := fill(0)
	return p, ok
}

// sortColumn1 reorders rows 4-9 the way every minlex grid has them: rows
// ascending by column 1 inside bands 2 and 3, band 2 holding the smaller.
func sortColumn1(g *Grid) {
	rows := [2][3][9]uint8{}
	for b := range 2 {
		for i := range 3 {
			copy(rows[b][i][:], g[(3+3*b+i)*9:])
		}
		sort.Slice(rows[b][:], func(x, y int) bool { return rows[b][x][0] < rows[b][y][0] })
	}
	if rows[1][0][0] < rows[0][0][0] {
		rows[0], rows[1] = rows[1], rows[0]
	}
	for b := range 2 {
		for i := range 3 {
			copy(g[(3+3*b+i)*9:], rows[b][i][:])
		}
	}
}

func TestCheckerAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	minlexSeen := 0
	for range 300 {
		g := RandomGrid(r)
		m, _, _ := Minlex(&g)
		b1 := [27]uint8(m[:27])
		ck, err := NewChecker(&b1)
		if err != nil {
			t.Fatal(err)
		}
		var p Grid
		copy(p[:27], m[:27])
		for k := range 20 {
			h := m
			if k > 0 {
				var ok bool
				if h, ok = completeRandomly(r, p); !ok {
					continue
				}
				sortColumn1(&h)
			}
			e, ok := ck.Band2((*[27]uint8)(h[27:54]))
			want, wantAutos := CheckMinlex(&h)
			if !ok {
				if want {
					t.Fatalf("Band2 rejected band 2 of minlex grid %s", h.String())
				}
				continue
			}
			got, autos := ck.Check(&h, e)
			if got != want || autos != wantAutos {
				t.Fatalf("Checker.Check(%s) = %v, %d; CheckMinlex = %v, %d", h.String(), got, autos, want, wantAutos)
			}
			if got {
				minlexSeen++
			}
		}
	}
	if minlexSeen < 300 {
		t.Errorf("only %d minlex grids checked", minlexSeen)
	}
	for _, bad := range []string{"123456789789123456456789123", "123456789456789123789123455", "023456789456789123789123456"} {
		var b [27]uint8
		for i := range b {
			b[i] = bad[i] - '0'
		}
		if _, err := NewChecker(&b); err == nil {
			t.Errorf("NewChecker accepted %s, which is not a minimal band form", bad)
		}
	}
}
