package query

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit/catalogkit"
	"edgrid/storage"
)

var (
	catMu    sync.Mutex
	catCache = map[string]*storage.Catalog{}
)

// testCatalog returns a catalog of the groups, written once per test binary.
func testCatalog(t testing.TB, groups []int) *storage.Catalog {
	t.Helper()
	key := strings.Trim(strings.ReplaceAll(strings.Join(strings.Fields(strings.Trim(itoaList(groups), "[]")), ","), " ", ""), ",")
	catMu.Lock()
	defer catMu.Unlock()
	if c, ok := catCache[key]; ok {
		return c
	}
	dir, err := os.MkdirTemp("", "edgrid-query-cat-")
	if err != nil {
		t.Fatal(err)
	}
	tempDirs = append(tempDirs, dir)
	c := catalogkit.WriteCatalog(t, dir, groups)
	catCache[key] = c
	return c
}

var tempDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

func itoaList(gs []int) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(itoa(g))
		b.WriteByte(' ')
	}
	return b.String()
}

func span(a, b int) []int {
	var gs []int
	for g := a; g <= b; g++ {
		gs = append(gs, g)
	}
	return gs
}

// allInvariants are every built-in but ua2 (slow) and a user's.
func allInvariants() []Invariant {
	var out []Invariant
	for _, inv := range builtins {
		if inv != UA2 {
			out = append(out, inv)
		}
	}
	return append(out, diagonal)
}

// diagonal is an invariant of the kind a user adds: 1 when the main
// diagonal holds nine different digits. It is not a class invariant, which
// the engine does not need.
var diagonal = Func("diag9", "1 when the main diagonal holds nine different digits", func(g *canon.Grid) int {
	var seen uint16
	for i := range 9 {
		seen |= 1 << g[i*10]
	}
	if seen == 0x3FE {
		return 1
	}
	return 0
})

func mustRun(t *testing.T, opt Options, src Source, groups []int) (*Result, string) {
	t.Helper()
	q, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res, err := q.Run(context.Background(), src, groups, &out)
	if err != nil {
		t.Fatalf("Run %v: %v", groups, err)
	}
	return res, out.String()
}

// quickGroups are groups the tests run over quickly: small groups whose
// first bands have stabilizers of 54, 18, 3, 6, 2 and 1 maps, and the last
// ones.
func quickGroups() []int {
	return []int{157, 296, 2141, 2743, 3203, 3293, 3530, 3531, 3532, 3533, 3534, 3535, 3536, 3537, 3538, 3539, 3540, 3541}
}

// The same groups give the same result enumerated and read from a catalog,
// and the automorphism histogram is the enumerator's.
func TestEnumerateAndCatalogAgree(t *testing.T) {
	groups := quickGroups()
	if !testing.Short() {
		// First band 1: docs/design/method.md's 1,007,170 grids.
		gs, _ := band.GroupsOfBand(1)
		groups = nil
		for _, g := range gs {
			groups = append(groups, g.Number)
		}
	}
	cat := testCatalog(t, groups)
	opt := Options{Invariants: allInvariants()}
	fromEnum, _ := mustRun(t, opt, Enumerator{}, groups)
	fromCat, _ := mustRun(t, opt, CatalogSource{cat}, groups)
	if !reflect.DeepEqual(fromEnum, fromCat) {
		t.Fatalf("enumerated and catalog results differ:\n%+v\n%+v", fromEnum.Stats[0], fromCat.Stats[0])
	}
	// From the enumerator, autos are the enumerator's own counts; from the
	// catalog they are computed: the histograms agree.
	if fromEnum.Stats[0].Name != "autos" || len(fromEnum.Stats[0].Hist) < 2 {
		t.Fatalf("first invariant %s, histogram %v", fromEnum.Stats[0].Name, fromEnum.Stats[0].Hist)
	}
	var n int64
	for _, g := range groups {
		e, _ := cat.Entry(g)
		n += e.Count
	}
	if fromEnum.Grids != n || fromEnum.Matched != n {
		t.Fatalf("%d grids, %d matched; the catalog holds %d", fromEnum.Grids, fromEnum.Matched, n)
	}
	if !testing.Short() && n != 1007170 {
		t.Fatalf("band 1: %d grids; docs/design/method.md says 1,007,170", n)
	}
}

// Results of split ranges, merged in any order, equal the one run's.
func TestSplitMergeEqualsOneRun(t *testing.T) {
	groups := []int{2743, 3203, 3293, 3530, 3531, 3532, 3533, 3534, 3535, 3536, 3537, 3538, 3539, 3540, 3541}
	opt := Options{Invariants: allInvariants()}
	whole, _ := mustRun(t, opt, Enumerator{}, groups)
	var parts []*Result
	for _, g := range groups {
		r, _ := mustRun(t, opt, Enumerator{}, []int{g})
		parts = append(parts, r)
	}
	for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}} {
		// Three uneven pieces, merged in two orders.
		cut := [][]*Result{parts[:2], parts[2:11], parts[11:]}
		var pieces []*Result
		for _, c := range cut {
			p := newResult(opt.Invariants, "")
			for _, r := range c {
				if err := p.Merge(r); err != nil {
					t.Fatal(err)
				}
			}
			pieces = append(pieces, p)
		}
		total := newResult(opt.Invariants, "")
		for _, i := range order {
			if err := total.Merge(pieces[i]); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(total, whole) {
			t.Fatalf("merged in order %v: %+v\nwant %+v", order, total, whole)
		}
	}
	if err := whole.Merge(parts[0]); err == nil {
		t.Error("merging a group twice: no error")
	}
}

// Where selects exactly the grids the expression holds for, in order, and
// the statistics are over them.
func TestWhere(t *testing.T) {
	groups := []int{2976, 3535, 3536, 3537, 3538, 3539, 3540, 3541}
	var want []string
	var wantUA4 = map[int]int64{}
	for _, n := range groups {
		gg := enumerated(t, n, 0)
		for i := range gg.grids {
			g := &gg.grids[i]
			if ua4, a := UA4.Value(g), int(gg.autos[i]); ua4 <= 3 && a == 1 || Intercalates.Value(g) > 20 {
				want = append(want, g.String())
				wantUA4[ua4]++
			}
		}
	}
	opt := Options{Invariants: []Invariant{UA4}, Where: "ua4 <= 3 && autos == 1 || intercalates > 20", Workers: 2,
		Line: func(dst []byte, p *Position) ([]byte, error) { return append(p.Grid.AppendText(dst), '\n'), nil }}
	res, out := mustRun(t, opt, Enumerator{}, groups)
	if got := strings.Fields(out); !reflect.DeepEqual(got, want) {
		t.Fatalf("%d grids printed; want %d", len(got), len(want))
	}
	if res.Matched != int64(len(want)) || !reflect.DeepEqual(res.Stats[0].Hist, wantUA4) || res.Where != opt.Where {
		t.Fatalf("matched %d, ua4 %v; want %d, %v", res.Matched, res.Stats[0].Hist, len(want), wantUA4)
	}
	if len(want) == 0 {
		t.Fatal("the test selects no grid")
	}
}

// A damaged file is named, and no result comes back.
func TestDamagedCatalogFile(t *testing.T) {
	dir := t.TempDir()
	groups := []int{3539, 3540, 3541}
	cat := catalogkit.WriteCatalog(t, dir, groups)
	path := filepath.Join(dir, storage.FileName(3540))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40 // inside a block: Open does not see it
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	q, _ := New(Options{Line: func(dst []byte, p *Position) ([]byte, error) { return append(p.Grid.AppendText(dst), '\n'), nil }})
	var out bytes.Buffer
	res, err := q.Run(context.Background(), CatalogSource{cat}, groups, &out)
	var ce *storage.CorruptError
	if res != nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), storage.FileName(3540)) {
		t.Fatalf("result %v, error %v; want none and an error naming %s", res, err, storage.FileName(3540))
	}
	// Only group 3539's lines can have been written, whole.
	if n := strings.Count(out.String(), "\n"); n != 0 && n != len(enumerated(t, 3539, 0).grids) {
		t.Fatalf("%d lines written before the damaged group", n)
	}
	if _, err := q.Group(context.Background(), CatalogSource{cat}, 3540, 1, &out); err == nil {
		t.Fatal("Group over the damaged file: no error")
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Options{Where: "ua5 > 1"}); err == nil || !strings.Contains(err.Error(), "known: autos") {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := New(Options{Invariants: []Invariant{Autos, Autos}}); err == nil {
		t.Error("an invariant twice: no error")
	}
	q, _ := New(Options{})
	if _, err := q.Run(context.Background(), Enumerator{}, []int{3542}, nil); err == nil {
		t.Error("group 3542: no error")
	}
	if _, err := q.Run(context.Background(), Enumerator{}, []int{5, 5}, nil); err == nil {
		t.Error("a group twice: no error")
	}
	if got := q.Invariants(); len(got) != 3 || got[0] != Autos || got[1] != UA4 || got[2] != Intercalates {
		t.Errorf("default invariants %v", got)
	}
}

// Runs hold grids sharing rows 1-6, in order, with their ordinals.
func TestRunBuffer(t *testing.T) {
	gg := enumerated(t, 2976, 0)
	runs := runsOf(2976, gg, true)
	k := 0
	for _, r := range runs {
		if r.First != int64(k+1) || r.Group != 2976 || len(r.Grids) == 0 || len(r.Grids) > runCap || len(r.Autos) != len(r.Grids) {
			t.Fatalf("run at ordinal %d of %d grids; want ordinal %d", r.First, len(r.Grids), k+1)
		}
		for i := range r.Grids {
			if r.Grids[i] != gg.grids[k] || r.Autos[i] != gg.autos[k] || [27]uint8(r.Grids[i][27:54]) != [27]uint8(r.Grids[0][27:54]) {
				t.Fatalf("grid %d: not the enumerator's, or not rows 4-6 of its run", k+1)
			}
			k++
		}
	}
	if k != len(gg.grids) || len(runs) < 2 {
		t.Fatalf("%d grids in %d runs; want %d", k, len(runs), len(gg.grids))
	}
}

// A --where whose arithmetic overflows on some grid stops the query with
// the expression and a caret, rather than counting wrapped values.
func TestWhereOverflow(t *testing.T) {
	q, err := New(Options{Where: "autos * 9223372036854775807 > 0"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = q.Run(context.Background(), Enumerator{}, []int{3541}, nil)
	var ee *ExprError
	if !errors.As(err, &ee) || ee.Col != 7 || !strings.Contains(err.Error(), "overflow") {
		t.Fatalf("overflowing --where: %v; want an ExprError at column 7", err)
	}
}
