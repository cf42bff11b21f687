package band

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"runtime"
	"testing"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
)

// TestPairAutomorphisms checks the maps of each band form onto itself
// against canon's stabilizers, and that the identity comes first.
func TestPairAutomorphisms(t *testing.T) {
	for c, f := range canon.BandForms() {
		b := rowsOf(f[:])
		a := automorphisms(&b)
		if len(a) != canon.BandStabilizer(c) {
			t.Fatalf("class %d: %d automorphisms, canon.BandStabilizer %d", c, len(a), canon.BandStabilizer(c))
		}
		if a[0].cols != [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8} || a[0].lab != [10]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} {
			t.Fatalf("class %d: first map %+v is not the identity", c, a[0])
		}
	}
}

// rowsOf is 27 digits as a band's rows.
func rowsOf(d []uint8) bandRows {
	var b bandRows
	for i := range 27 {
		b[i/9][i%9] = d[i]
	}
	return b
}

// bruteStabilizer counts the maps of bands 1+2 (band swap or not, a column
// map, the row of the new first band that becomes row 1 and so the
// relabelling) that take the rectangle top+bottom onto itself, the bands'
// rows in any order: all 2 x 1,296 x 3 of them, tried one by one.
func bruteStabilizer(top, bottom *bandRows) uint64 {
	n := uint64(0)
	for swap := range 2 {
		u, v := top, bottom
		if swap == 1 {
			u, v = bottom, top
		}
		for _, c := range colMaps() {
			for r := range 3 {
				m := bandMap{cols: c}
				for j := range 9 {
					m.lab[u[r][c[j]]] = top[0][j]
				}
				iu, iv := m.image(u), m.image(v)
				if sameRows(&iu, top) && sameRows(&iv, bottom) {
					n++
				}
			}
		}
	}
	return n
}

// rectangle makes rows 1-6 of grid g the counter's rectangle: the lesser
// band's class as p.class, that band taken to its minimal form (its
// transform applied to both bands) as p.b, the other as p.x, its rows in
// the order of their first digits.
func rectangle(t *testing.T, g string) (*pairCounter, int) {
	t.Helper()
	var top, bottom [27]uint8
	for i := range 27 {
		top[i], bottom[i] = g[i]-'0', g[27+i]-'0'
	}
	c1, _ := canon.BandClass(&top)
	c2, _ := canon.BandClass(&bottom)
	if c2 < c1 {
		top, bottom, c1, c2 = bottom, top, c2, c1
	}
	_, rows, cols, err := canon.BandTransform(&top)
	if err != nil {
		t.Fatal(err)
	}
	var lab [10]uint8
	for j := range 9 {
		lab[top[int(rows[0])*9+int(cols[j])]] = uint8(j + 1)
	}
	var x bandRows
	for i := range 3 {
		for j := range 9 {
			x[i][j] = lab[bottom[i*9+int(cols[j])]]
		}
	}
	for i := range 2 { // sort the three rows by their first digits
		for k := 0; k < 2-i; k++ {
			if x[k][0] > x[k+1][0] {
				x[k], x[k+1] = x[k+1], x[k]
			}
		}
	}
	f := canon.BandForms()[c1]
	p := &pairCounter{class: c1, b: rowsOf(f[:]), x: x}
	p.autos = automorphisms(&p.b)
	return p, c2
}

// TestPairStabilizers compares the stabilizers the count uses with brute
// force: on rectangles of grids with many automorphisms (their bands 1+2
// map onto themselves in many ways, some swapping the bands) and of
// ordinary grids, and on completions of a symmetric band form wherever the
// count finds a stabilizer larger than 1, and on a sample of the rest.
func TestPairStabilizers(t *testing.T) {
	grids := []string{
		"123456789456789123789123456231564897564897231897231564312645978645978312978312645", // 648 automorphisms
		"123456789456789123789123456214365897367891245598247361632514978875932614941678532",
		"123456789457189236896723514264875193531294867789361452318647925675912348942538671",
		"123456789456789132789123546237541698568937214941862375395614827614278953872395461",
		"123456789456789123789123456234567891567891234891234567345678912678912345912345678", // a shifted grid
	}
	big := 0
	for _, g := range grids {
		p, c2 := rectangle(t, g)
		var rows [27]uint8
		for i := range 27 {
			rows[i] = p.x[i/9][i%9]
		}
		_, tr, cols, err := canon.BandTransform(&rows)
		if err != nil {
			t.Fatal(err)
		}
		got, want := p.stabilizer(c2, &tr, &cols), bruteStabilizer(&p.b, &p.x)
		if got != want {
			t.Errorf("grid %s: stabilizer %d, brute force %d", g, got, want)
		}
		if want > 1 {
			big++
		}
	}
	if big < 2 {
		t.Errorf("only %d of the grids' rectangles have a stabilizer larger than 1: the check is weak", big)
	}

	// Completions of the form with the most automorphisms.
	c := 0
	for k := range canon.NumBandForms {
		if canon.BandStabilizer(k) > canon.BandStabilizer(c) {
			c = k
		}
	}
	checked, nontrivial := 0, 0
	p := newPairCounter(c)
	p.visit = func(c2 int, tr *[3]uint8, cols *[9]uint8) {
		got := p.stabilizer(c2, tr, cols)
		if got == 1 && p.leaves%4099 != 0 || got > 1 && p.leaves%23 != 0 {
			return
		}
		checked++
		if got > 1 {
			nontrivial++
		}
		if want := bruteStabilizer(&p.b, &p.x); got != want {
			t.Fatalf("class %d, band 2 %v: stabilizer %d, brute force %d", c, p.x, got, want)
		}
	}
	if err := p.fill(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if nontrivial == 0 {
		t.Errorf("class %d: no completion with a stabilizer larger than 1 among %d checked", c, checked)
	}
	t.Logf("class %d (%d automorphisms): %d completions checked, %d with a larger stabilizer", c, len(p.autos), checked, nontrivial)
}

// pairsResult is docs/results/pairs.json, edgrid bands --pairs --json over
// every band form.
type pairsResult struct {
	Forms   string
	Classes []struct {
		Class       int
		Autos       int `json:"automorphisms"`
		Completions uint64
		Pairs       uint64
	}
	Pairs      uint64
	Rectangles *big.Int
}

func readPairsResult(t *testing.T) *pairsResult {
	t.Helper()
	data, err := os.ReadFile("../docs/results/pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	var res pairsResult
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Forms != "1-416" || len(res.Classes) != canon.NumBandForms {
		t.Fatalf("docs/results/pairs.json: forms %q, %d classes; want 1-416, all %d", res.Forms, len(res.Classes), canon.NumBandForms)
	}
	return &res
}

// TestPairsResult checks docs/results/pairs.json: its pairs add up to the
// band method's published count, its automorphisms are canon's
// stabilizers, the bands its forms stand for are all 948,109,639,680
// bands, its rectangles follow from its completions; and a few forms
// counted again give its figures (TestCountPairs counts every form).
func TestPairsResult(t *testing.T) {
	res := readPairsResult(t)
	var sum uint64
	bands := new(big.Int)
	rects := new(big.Int)
	for i, c := range res.Classes {
		if c.Class != i+1 || c.Autos != canon.BandStabilizer(i) {
			t.Fatalf("class %d of the file: number %d, %d automorphisms; want %d and canon's %d", i+1, c.Class, c.Autos, i+1, canon.BandStabilizer(i))
		}
		sum += c.Pairs
		n := big.NewInt(int64(362880 * 7776 / c.Autos))
		bands.Add(bands, n)
		rects.Add(rects, n.Mul(n, new(big.Int).SetUint64(c.Completions)))
	}
	if sum != NumPairs || res.Pairs != NumPairs {
		t.Errorf("the file's pairs add up to %d (total %d), want %d", sum, res.Pairs, NumPairs)
	}
	// Bands: 9! x 56 x 6^6 (docs/design/method.md).
	if want := big.NewInt(948_109_639_680); bands.Cmp(want) != 0 {
		t.Errorf("the band forms stand for %v bands, want %v", bands, want)
	}
	if res.Rectangles == nil || rects.Cmp(res.Rectangles) != 0 {
		t.Errorf("rectangles %v, the completions give %v", res.Rectangles, rects)
	}
	for _, c := range []int{0, 207, canon.NumBandForms - 1} {
		pc, err := CountPairs(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		f := res.Classes[c]
		if pc.Class != c || pc.Autos != f.Autos || pc.Completions != f.Completions || pc.Pairs != f.Pairs {
			t.Errorf("form %d: counted %+v, the file has %+v", c+1, pc, f)
		}
	}
}

// TestCountPairs counts the essentially different bands 1+2 of every band
// form, a goroutine a core, and checks each form against
// docs/results/pairs.json and the sum against the band method's published
// 983,959,110. It takes about ten CPU-minutes, so it runs in make test-long
// (or with EDGRID_PAIRS=1).
func TestCountPairs(t *testing.T) {
	if testing.Short() && os.Getenv("EDGRID_PAIRS") == "" {
		t.Skip("all 416 band forms: minutes; make test-long or EDGRID_PAIRS=1")
	}
	res := readPairsResult(t)
	got := make([]PairClass, canon.NumBandForms)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for c := range canon.NumBandForms {
		g.Go(func() error {
			pc, err := CountPairs(context.Background(), c)
			got[c] = pc
			return err
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	var total uint64
	for c, pc := range got {
		total += pc.Pairs
		if f := res.Classes[c]; pc.Completions != f.Completions || pc.Pairs != f.Pairs {
			t.Errorf("form %d: counted %+v, the file has %+v", c+1, pc, f)
		}
	}
	if total != NumPairs {
		t.Errorf("bands 1+2: %d, want %d", total, NumPairs)
	}
}

// TestCountPairsBad checks the errors of a class out of range and of a
// stopped context.
func TestCountPairsBad(t *testing.T) {
	for _, c := range []int{-1, canon.NumBandForms} {
		if _, err := CountPairs(context.Background(), c); err == nil {
			t.Errorf("CountPairs(%d): no error", c)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CountPairs(ctx, 0); err != context.Canceled {
		t.Errorf("CountPairs with a stopped context: %v, want context.Canceled", err)
	}
}
