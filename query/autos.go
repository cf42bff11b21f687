package query

import (
	"edgrid/band"
	"edgrid/canon"
)

// Autos is the number of automorphisms of a grid: the elements of the
// symmetry group (relabelling included) that map it to itself, 1..648
// (docs/design/method.md, "One grid for each class: minlex").
var Autos RunInvariant = autosInv{}

type autosInv struct{}

func (autosInv) Name() string { return "autos" }
func (autosInv) Definition() string {
	return "automorphisms: transforms of the symmetry group, relabelling included, that map the grid to itself"
}

func (autosInv) Value(g *canon.Grid) int {
	_, a, _ := canon.Minlex(g)
	return a
}

func (autosInv) NewRunner() Runner { return &autosRunner{} }

// autosRunner counts the automorphisms of minlex grids without canon's
// full search in nearly every case.
//
// A minlex grid's first band has the smallest class among its six bands and
// stacks, and its automorphisms are the ways of putting a band or stack of
// that class on top, each followed by a map of the class's stabilizer, that
// give the grid back (canon's scan). When no other band or stack has band
// 1's class, the only candidates are band 1 itself under each map of its
// stabilizer: the identity, always an automorphism, and the others, which
// leave band 1 as it is and move rows 4-9. Then
//
//	autos = 1 + the maps of the stabilizer other than the identity that give rows 4-9 back.
//
// Otherwise (about 1% of grids) canon.CheckMinlex counts them. Whether a
// band is of band 1's class is decided by the group's orbitSet. Most groups'
// first bands have no stabilizer but the identity; for the others each map
// is tried on rows 4-6 once a run (stabRun), which usually rules it out for
// the whole run.
type autosRunner struct {
	group int
	band1 [27]uint8 // the first band orbit, stab and ck are of
	orbit *orbitSet
	stab  []stabMap
	// at[v] is the row (3..8, 0-based) whose column-1 digit is v, or 0
	// when no row below band 1 has v there: the group's key fixes them.
	at     [16]uint8
	live   []stabRun
	stacks stackPatterns
	// ck checks the grids where another band or stack ties with band 1,
	// band 2 looked up once a run (entry, when have2).
	ck    *canon.Checker
	entry uint32
	have2 bool
}

// stabRun is a map of the stabilizer as it acts on a run: where it sends
// rows 4-6 (to rows 4-6 or to rows 7-9 of the grid, in order of column-1
// digits) and those rows as it makes them.
type stabRun struct {
	m      *stabMap
	toBand uint8       // 1: rows 4-6 go to rows 4-6 (and match); 2: to rows 7-9
	at     [3]uint8    // rows of the grid the moved rows 4, 5, 6 must equal
	rows   [3][9]uint8 // rows 4-6 moved
}

// setGroup prepares for the grids of group n. It reports false for a
// number that is no group (a Run that breaks its contract).
func (x *autosRunner) setGroup(n int) bool {
	grp, err := band.ByNumber(n)
	if err != nil {
		return false
	}
	// Consecutive groups often share their first band (a first band has
	// up to ten): what depends on it alone is kept.
	if b1 := grp.Key.Band1(); x.orbit == nil || b1 != x.band1 {
		ck, err := canon.NewChecker(&b1) // a group's first band is a minimal form
		if err != nil {
			return false
		}
		x.band1, x.ck = b1, ck
		x.orbit = newOrbitSet(&b1)
		x.stab = stabilizer(&b1)
	}
	x.at = [16]uint8{}
	for i, v := range grp.Key.Column1() {
		x.at[v&15] = uint8(3 + i)
	}
	x.group = n
	return true
}

// move sets out to row r of g under m: out[j] = digits[g[r][cols[j]]].
func move(m *stabMap, g *canon.Grid, r int, out *[9]uint8) {
	row := (*[9]uint8)(g[r*9 : r*9+9])
	for j, c := range m.cols {
		out[j] = m.digits[row[c%9]&15]
	}
}

// startRun works out which maps of the stabilizer can give back grids of
// the run whose first grid is g.
func (x *autosRunner) startRun(g *canon.Grid) {
	x.live = x.live[:0]
	for k := range x.stab {
		s := stabRun{m: &x.stab[k]}
		for i := range 3 {
			move(s.m, g, 3+i, &s.rows[i])
			s.at[i] = x.at[s.rows[i][0]&15]
		}
		switch lo := s.at[0]; {
		case lo == 0 || s.at[1] == 0 || s.at[2] == 0:
			continue
		case lo < 6 && s.at[1] < 6 && s.at[2] < 6:
			s.toBand = 1
			ok := true
			for i := range 3 {
				ok = ok && s.rows[i] == [9]uint8(g[int(s.at[i])*9:int(s.at[i])*9+9])
			}
			if !ok {
				continue
			}
		case lo >= 6 && s.at[1] >= 6 && s.at[2] >= 6:
			s.toBand = 2
		default:
			continue // rows 4-6 split between two bands: no candidate is the grid
		}
		x.live = append(x.live, s)
	}
}

// fixes reports whether the map s of a run gives g back.
func (s *stabRun) fixes(g *canon.Grid, at *[16]uint8) bool {
	if s.toBand == 2 {
		for i := range 3 {
			r := int(s.at[i]) * 9
			if s.rows[i] != [9]uint8(g[r:r+9]) {
				return false
			}
		}
	}
	// Rows 7-9 must go where rows 4-6 did not, and match.
	var out [9]uint8
	for i := range 3 {
		move(s.m, g, 6+i, &out)
		t := int(at[out[0]&15])
		if t == 0 || (t < 6) != (s.toBand == 2) || out != [9]uint8(g[t*9:t*9+9]) {
			return false
		}
	}
	return true
}

func (x *autosRunner) Values(r *Run, out []int) {
	if r.Autos != nil {
		for i, a := range r.Autos {
			out[i] = int(a)
		}
		return
	}
	if len(r.Grids) == 0 {
		return
	}
	if (x.group == 0 || r.Group != x.group) && !x.setGroup(r.Group) {
		for i := range r.Grids {
			_, out[i], _ = canon.Minlex(&r.Grids[i])
		}
		return
	}
	o := x.orbit
	tie2 := o.has(rowsPattern(&r.Grids[0], 3))
	x.have2 = false
	if len(x.stab) > 0 {
		x.startRun(&r.Grids[0])
	}
	x.stacks.start(&r.Grids[0])
	sp := &x.stacks
	for i := range r.Grids {
		g := &r.Grids[i]
		if tie2 || o.has(rowsPattern(g, 6)) || o.has(sp.pattern(g, 0)) || o.has(sp.pattern(g, 1)) || o.has(sp.pattern(g, 2)) {
			out[i] = x.slowAutos(g)
			continue
		}
		a := 1
		for k := range x.live {
			if x.live[k].fixes(g, &x.at) {
				a++
			}
		}
		out[i] = a
	}
}

// slowAutos counts the automorphisms of g, a grid of the run, with canon's
// search.
func (x *autosRunner) slowAutos(g *canon.Grid) int {
	if !x.have2 {
		x.entry, x.have2 = x.ck.Band2((*[27]uint8)(g[27:54]))
	}
	if x.have2 {
		if ok, a := x.ck.Check(g, x.entry); ok {
			return a
		}
	}
	// Not a minlex grid of the group: the run broke its contract, but the
	// count can still be right.
	_, a, _ := canon.Minlex(g)
	return a
}
