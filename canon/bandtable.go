package canon

import (
	"math/bits"
	"runtime"
	"sync"
)

// A band is three rows (or three columns read as rows). The operations that
// need nothing outside a band are the row orders (6), the column maps that keep
// stacks together (6^4 = 1296) and relabelling. Relabelling is always chosen
// so that the new first row reads 123456789, so a band transform is a row order
// and a column map: 7,776 of them, numbered t = rowOrder*1296 + colMap.
//
// A band whose first row is 123456789 is "normalized"; there are
// 12,096 * 216 = 2,612,736 of them (12,096 second rows, and in each box the
// third row's three digits in any of 6 orders). Each gets an index that follows
// their lexicographic order (Lehmer code of row 2, then the box orders of row
// 3), so scanning indexes upward meets every class at its minimal form first.

const (
	numBandTransforms = 7776
	numRow2           = 12096
	numNormBands      = numRow2 * 216
	noClass           = 0xFFFF
)

// bandTransform maps band X to Y with Y[i][j] = X[rows[i]][cols[j]] (then relabelled).
type bandTransform struct {
	rows [3]uint8
	cols [9]uint8
}

// perm3 lists the orders of three things in lexicographic order.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// bandTables is everything derived about bands; it is built once, on first use.
type bandTables struct {
	transforms [numBandTransforms]bandTransform
	inverse    [numBandTransforms]uint16
	// afterSwap[k] is transform k applied after swapping rows 2 and 3.
	afterSwap [numBandTransforms]uint16
	row2ID    []int16 // Lehmer code of a normalized row 2 -> 0..12095, or -1 when invalid
	row2      [numRow2][9]uint8
	// entry[idx] = class<<16 | transform taking the normalized band idx to its class's minimal form.
	entry []uint32
	forms [][27]uint8 // minimal form of each class, ascending
	// formIndex[c] is the normalized index of forms[c].
	formIndex []int32
	// stab[c] lists the band transforms that map forms[c] to itself.
	stab [][]uint16
}

var (
	bandOnce sync.Once
	bt       *bandTables
)

// tables returns the band tables, building them on first use from the
// committed minimal forms (bandforms_gen.go), one goroutine per core.
func tables() *bandTables {
	bandOnce.Do(func() { bt = loadOrBuild(generatedBandForms()) })
	return bt
}

// Prepare builds the band tables now rather than at the first Minlex call;
// commands and benchmarks call it to keep that cost out of the first query.
func Prepare() { tables() }

func newBandTables() *bandTables {
	t := &bandTables{}
	t.buildTransforms()
	t.buildRow2()
	t.entry = make([]uint32, numNormBands)
	return t
}

// DeriveBandForms derives the minimal forms of all bands from scratch: it scans
// the 2,612,736 normalized bands in ascending order, and each one that no
// earlier orbit reached is the minimal form of a new class, whose orbit under
// the 7,776 band transforms is then marked. It takes about a quarter of a
// second; go:generate stores its result in bandforms_gen.go.
func DeriveBandForms() [][27]uint8 { return deriveBandTables().forms }

func deriveBandTables() *bandTables {
	t := newBandTables()
	for i := range t.entry {
		t.entry[i] = noClass << 16
	}
	for idx := 0; idx < numNormBands; idx++ {
		if t.entry[idx]>>16 != noClass || !t.canonical(idx) {
			continue
		}
		// Every smaller index belongs to an earlier class, so idx is the
		// minimal form of a new one.
		t.forms = append(t.forms, t.form(idx))
		t.fillOrbit(len(t.forms)-1, idx)
	}
	return t
}

// loadOrBuild reads the tables from the cache file when it is there and
// sound, and otherwise fills them from the forms and tries to cache them.
func loadOrBuild(forms [][27]uint8) *bandTables {
	path, err := bandCachePath()
	if err == nil {
		t := newBandTables()
		t.forms = forms
		t.stab = make([][]uint16, len(forms))
		if readBandCache(t, path) == nil {
			t.setFormIndex()
			return t
		}
	}
	t := buildFromForms(forms)
	if err == nil {
		saveBandCache(t, path)
	}
	return t
}

func (t *bandTables) setFormIndex() {
	t.formIndex = make([]int32, len(t.forms))
	for c := range t.forms {
		f := &t.forms[c]
		idx, _ := t.index((*[9]uint8)(f[0:9]), (*[9]uint8)(f[9:18]), (*[9]uint8)(f[18:27]))
		t.formIndex[c] = int32(idx)
	}
}

// buildFromForms fills the tables from known minimal forms, orbits in parallel.
func buildFromForms(forms [][27]uint8) *bandTables {
	t := newBandTables()
	t.forms = forms
	t.stab = make([][]uint16, len(forms))
	t.setFormIndex()
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Orbits are disjoint, so workers never write the same entry.
			for c := w; c < len(forms); c += workers {
				t.fillOrbit(c, int(t.formIndex[c]))
			}
		}()
	}
	wg.Wait()
	return t
}

func (t *bandTables) form(idx int) [27]uint8 {
	m := t.decode(idx)
	var f [27]uint8
	for r := range 3 {
		copy(f[r*9:], m[r][:])
	}
	return f
}

// fillOrbit marks the orbit of the minimal form with index idx as class c,
// recording for each member a transform that takes it to the form, and the
// form's stabilizer. Row orders come in pairs that differ by swapping the last
// two rows; index puts those rows in canonical order, so one of each pair
// suffices and the other is the partner k+1296.
func (t *bandTables) fillOrbit(c, idx int) {
	m := t.decode(idx)
	var y [3][9]uint8
	var stab []uint16
	for ro := 0; ro < 6; ro += 2 {
		for k := ro * 1296; k < (ro+1)*1296; k++ {
			tr := &t.transforms[k]
			for i := range 3 {
				for j := range 9 {
					y[i][j] = m[tr.rows[i]][tr.cols[j]]
				}
			}
			yi, sw := t.index(&y[0], &y[1], &y[2])
			kk := k
			if sw {
				kk += 1296
			}
			if yi == idx {
				stab = append(stab, uint16(kk))
			}
			// The orbit is new, so yi has no class yet or already this one,
			// and any transform reaching the form will do: store without
			// loading first (that load was a cache miss each time).
			t.entry[yi] = uint32(c)<<16 | uint32(t.inverse[kk])
		}
	}
	if len(stab) == 0 || stab[0] != 0 {
		// Checker.Check relies on the identity coming first.
		panic("canon: band stabilizer does not start with the identity")
	}
	if c < len(t.stab) {
		t.stab[c] = stab
		t.formIndex[c] = int32(idx)
	} else {
		t.stab = append(t.stab, stab)
		t.formIndex = append(t.formIndex, int32(idx))
	}
}

func (t *bandTables) buildTransforms() {
	var stacks [6][3]uint8 = perm3
	for ro := range 6 {
		for sp := range 6 {
			for w := range 216 {
				k := ro*1296 + sp*216 + w
				tr := &t.transforms[k]
				tr.rows = perm3[ro]
				ws := [3]int{w / 36, w / 6 % 6, w % 6}
				for s := range 3 {
					for c := range 3 {
						tr.cols[s*3+c] = stacks[sp][s]*3 + perm3[ws[s]][c]
					}
				}
			}
		}
	}
	// Inverse by lookup: the transform whose maps undo these.
	pos := map[bandTransform]uint16{}
	for k := range t.transforms {
		pos[t.transforms[k]] = uint16(k)
	}
	for k := range t.transforms {
		var inv bandTransform
		for i, r := range t.transforms[k].rows {
			inv.rows[r] = uint8(i)
		}
		for j, c := range t.transforms[k].cols {
			inv.cols[c] = uint8(j)
		}
		t.inverse[k] = pos[inv]
		sw := t.transforms[k]
		for i, r := range sw.rows {
			sw.rows[i] = [3]uint8{0, 2, 1}[r]
		}
		t.afterSwap[k] = pos[sw]
	}
}

// buildRow2 numbers the valid second rows of a normalized band (each digit
// outside the row-1 digits of its own box) in lexicographic order.
func (t *bandTables) buildRow2() {
	t.row2ID = make([]int16, 362880)
	for i := range t.row2ID {
		t.row2ID[i] = -1
	}
	n := 0
	var p [9]uint8
	var used uint16
	var rec func(pos int)
	rec = func(pos int) {
		if pos == 9 {
			t.row2ID[lehmer(&p)] = int16(n)
			t.row2[n] = p
			n++
			return
		}
		for d := uint8(1); d <= 9; d++ {
			if used&(1<<d) != 0 || int(d-1)/3 == pos/3 {
				continue
			}
			used |= 1 << d
			p[pos] = d
			rec(pos + 1)
			used &^= 1 << d
		}
	}
	rec(0)
	if n != numRow2 {
		panic("canon: wrong number of second rows")
	}
}

// lehmer returns the lexicographic rank (0..9!-1) of a permutation of 1..9.
func lehmer(p *[9]uint8) int {
	var used uint16
	idx := 0
	for i, d := range p {
		less := bits.OnesCount16((uint16(1)<<d - 2) &^ used)
		idx = idx*(9-i) + less
		used |= 1 << d
	}
	return idx
}

// order3 is the lexicographic rank (0..5) of the order of three distinct values.
func order3(x, y, z uint8) int {
	r := 0
	if x > y {
		r++
	}
	if x > z {
		r++
	}
	r *= 2
	if y > z {
		r++
	}
	return r
}

// index returns the normalized index of the band with rows a, b, c after
// relabelling a to 123456789 and putting rows 2 and 3 in canonical order (the
// one with the smaller first digit as row 2); swapped says whether b and c
// traded places. The band must be valid.
func (t *bandTables) index(a, b, c *[9]uint8) (idx int, swapped bool) {
	// Hot: every band lookup runs this. lab has 16 entries and digits are
	// masked with &15 so that the compiler drops the bounds checks.
	var lab [16]uint8
	for j, d := range a {
		lab[d&15] = uint8(j + 1)
	}
	if lab[b[0]&15] > lab[c[0]&15] {
		b, c, swapped = c, b, true
	}
	// Lehmer code of the relabelled row 2, as in lehmer.
	var used uint16
	code := 0
	for i, d := range b {
		l := lab[d&15]
		code = code*(9-i) + bits.OnesCount16((uint16(1)<<l-2)&^used)
		used |= 1 << l
	}
	id := int(t.row2ID[code])
	o := order3(lab[c[0]&15], lab[c[1]&15], lab[c[2]&15])*36 +
		order3(lab[c[3]&15], lab[c[4]&15], lab[c[5]&15])*6 +
		order3(lab[c[6]&15], lab[c[7]&15], lab[c[8]&15])
	return id*216 + o, swapped
}

// lookup returns the table entry of the band with rows a, b, c: its class in
// the high 16 bits and, in the low 16, a band transform taking it to the
// class's minimal form.
func (t *bandTables) lookup(a, b, c *[9]uint8) uint32 {
	idx, sw := t.index(a, b, c)
	return t.swapped(t.entry[idx], sw)
}

// swapped returns entry e of an index that index found with rows 2 and 3
// swapped (sw), its transform then applied after the swap; e itself when
// not sw.
func (t *bandTables) swapped(e uint32, sw bool) uint32 {
	if sw {
		e = e&^0xFFFF | uint32(t.afterSwap[e&0xFFFF])
	}
	return e
}

// stackIndex is index for stack st (0..2) of g: its columns read top to
// bottom as the band's rows, without copying the grid.
func (t *bandTables) stackIndex(g *Grid, st int) (int, bool) {
	var a, b, c [9]uint8
	for i := range 9 {
		row := g[i*9+st*3 : i*9+st*3+3]
		a[i], b[i], c[i] = row[0], row[1], row[2]
	}
	return t.index(&a, &b, &c)
}

// lookupStack is lookup for stack st (0..2) of g.
func (t *bandTables) lookupStack(g *Grid, st int) uint32 {
	idx, sw := t.stackIndex(g, st)
	return t.swapped(t.entry[idx], sw)
}

// canonical reports whether normalized index idx has its rows 2 and 3 in
// canonical order; only those indexes are filled.
func (t *bandTables) canonical(idx int) bool {
	m := t.decode(idx)
	return m[1][0] < m[2][0]
}

// decode rebuilds the normalized band with the given index.
func (t *bandTables) decode(idx int) [3][9]uint8 {
	var m [3][9]uint8
	for j := range 9 {
		m[0][j] = uint8(j + 1)
	}
	m[1] = t.row2[idx/216]
	o := idx % 216
	os := [3]int{o / 36, o / 6 % 6, o % 6}
	for box := range 3 {
		var rest [3]uint8
		n := 0
		for d := uint8(1); d <= 9; d++ {
			if int(d-1)/3 == box {
				continue
			}
			if d != m[1][box*3] && d != m[1][box*3+1] && d != m[1][box*3+2] {
				rest[n] = d
				n++
			}
		}
		for k := range 3 {
			m[2][box*3+k] = rest[perm3[os[box]][k]]
		}
	}
	return m
}
