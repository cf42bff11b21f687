package enumerate

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/searchorder"
)

const (
	grpPaper1    = "123456789456789123789123456214835697367291845598647312632918574845372961971564238"
	grpBand1     = "123456789456789123789123456"
	grpBand13332 = "123456789457189623968327145"
)

// grpCollect enumerates a group and returns its grids and stats.
func grpCollect(t *testing.T, key band.Key, workers int) ([]canon.Grid, []int, Stats) {
	t.Helper()
	var gs []canon.Grid
	var autos []int
	st, err := Group(context.Background(), key, Options{Workers: workers}, func(g *canon.Grid, a int) error {
		gs = append(gs, *g)
		autos = append(autos, a)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return gs, autos, st
}

// grpCheck asserts what every group's output must satisfy: ascending, valid,
// minlex, with the group's key and the right automorphism counts.
func grpCheck(t *testing.T, key band.Key, gs []canon.Grid, autos []int, st Stats) {
	t.Helper()
	if int64(len(gs)) != st.Grids {
		t.Fatalf("emitted %d grids, stats say %d", len(gs), st.Grids)
	}
	var hist int64
	for _, n := range st.Autos {
		hist += n
	}
	if hist != st.Grids {
		t.Fatalf("automorphism histogram sums to %d, want %d", hist, st.Grids)
	}
	for i := range gs {
		g := &gs[i]
		if i > 0 && !canon.Less(&gs[i-1], g) {
			t.Fatalf("grid %d not above grid %d (ascending, no duplicates):\n%s\n%s", i+1, i, gs[i-1].String(), g.String())
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("grid %d %s: %v", i+1, g.String(), err)
		}
		if band.KeyOf(g) != key {
			t.Fatalf("grid %d %s is not in group %s", i+1, g.String(), key)
		}
		// Every 97th grid gets the independent full Minlex (cheaper than all).
		if i%97 == 0 || autos[i] > 1 {
			m, a, _ := canon.Minlex(g)
			if m != *g || a != autos[i] {
				t.Fatalf("grid %d %s: Minlex %s with %d automorphisms; emitted with %d", i+1, g.String(), m.String(), a, autos[i])
			}
		}
	}
}

// TestGroupSmall enumerates the last group with one and two workers.
func TestGroupSmall(t *testing.T) {
	g := band.Groups()[band.NumGroups-1]
	gs1, a1, st1 := grpCollect(t, g.Key, 1)
	grpCheck(t, g.Key, gs1, a1, st1)
	if len(gs1) == 0 {
		t.Fatal("group 3541 is empty")
	}
	gs2, _, st2 := grpCollect(t, g.Key, 2)
	if len(gs2) != len(gs1) || st2.Completions != st1.Completions {
		t.Fatalf("2 workers: %d grids, %d completions; 1 worker: %d, %d", len(gs2), st2.Completions, len(gs1), st1.Completions)
	}
	for i := range gs1 {
		if gs1[i] != gs2[i] {
			t.Fatalf("grid %d differs between 1 and 2 workers", i+1)
		}
	}
}

func TestGroupFirstOnly(t *testing.T) {
	g := band.Groups()[band.NumGroups-1]
	all, _, _ := grpCollect(t, g.Key, 1)
	var first canon.Grid
	st, err := Group(context.Background(), g.Key, Options{FirstOnly: true}, func(x *canon.Grid, _ int) error { first = *x; return nil })
	if err != nil || st.Grids != 1 || first != all[0] {
		t.Fatalf("FirstOnly: %d grids (%v), first %s; want %s", st.Grids, err, first.String(), all[0].String())
	}
}

func TestGroupCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Group(ctx, band.Groups()[0].Key, Options{}, func(*canon.Grid, int) error { return nil })
	if err == nil {
		t.Fatal("a cancelled enumeration returned no error")
	}
}

// grpBandStats enumerates every group of a first band.
func grpBandStats(t *testing.T, first string) (int64, int64) {
	t.Helper()
	var count, multi int64
	n := 0
	for _, g := range band.Groups() {
		b1 := g.Key.Band1()
		if string(digits27(b1)) != first {
			continue
		}
		n++
		gs, autos, st := grpCollect(t, g.Key, 0)
		grpCheck(t, g.Key, gs, autos, st)
		count += st.Grids
		multi += st.Grids - st.Autos[1]
	}
	if n == 0 {
		t.Fatalf("no groups for band %s", first)
	}
	return count, multi
}

func digits27(b [27]uint8) []byte {
	out := make([]byte, 27)
	for i, d := range b {
		out[i] = '0' + d
	}
	return out
}

// TestBandCounts checks docs/design/method.md's two band facts. It takes minutes: long only.
func TestBandCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates two whole bands; run without -short")
	}
	if n, multi := grpBandStats(t, grpBand13332); n != 133302 || multi != 97 {
		t.Errorf("band %s: %d grids, %d with more than one automorphism; want 133302, 97", grpBand13332, n, multi)
	}
	if n, _ := grpBandStats(t, grpBand1); n != 1007170 {
		t.Errorf("band %s: %d grids; want 1007170", grpBand1, n)
	}
}

// TestPaperGrid1InGroup1: the paper's grid 1 is a minlex grid of group 1.
// (It is not group 1's smallest grid in row-major order; see docs/design/numbering.md.)
func TestPaperGrid1InGroup1(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates group 1 (11 million completions); run without -short")
	}
	p, _ := canon.Parse(grpPaper1)
	gs, _, _ := grpCollect(t, band.Groups()[0].Key, 0)
	found := false
	for i := range gs {
		if gs[i] == p {
			found = true
		}
	}
	if !found {
		t.Fatalf("paper's grid 1 is not among the %d grids of group 1", len(gs))
	}
}

// TestEnginesAgree: the bit-mask search, which prunes, and the
// dancing-links search of internal/searchorder, which checks every
// completion, find the same grids with the same automorphism counts.
func TestEnginesAgree(t *testing.T) {
	groups := []int{3541, 3400}
	if !testing.Short() {
		groups = append(groups, 3520, 3480, 3300, 3000)
	}
	for _, n := range groups {
		g, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		gs, autos, st := grpCollect(t, g.Key, 2)
		grpCheck(t, g.Key, gs, autos, st)
		type ga struct {
			g canon.Grid
			a int
		}
		var dl []ga
		grids, comps, err := searchorder.Group(context.Background(), g.Key, func(x *canon.Grid, a int) error {
			dl = append(dl, ga{*x, a})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if grids != st.Grids || int64(len(dl)) != grids || comps < st.Completions {
			t.Fatalf("group %d: bits %d grids, %d candidates; dlx %d grids, %d completions", n, st.Grids, st.Completions, grids, comps)
		}
		slices.SortFunc(dl, func(x, y ga) int { return bytes.Compare(x.g[:], y.g[:]) })
		for i := range dl {
			if dl[i].g != gs[i] || dl[i].a != autos[i] {
				t.Fatalf("group %d grid %d: bits %s (%d), dlx %s (%d)", n, i+1, gs[i].String(), autos[i], dl[i].g.String(), dl[i].a)
			}
		}
	}
}

// TaskDone reports every row-4 task once, in order, and its figures add up
// to the group's, for any worker count.
func TestTaskDone(t *testing.T) {
	g, err := band.ByNumber(3000)
	if err != nil {
		t.Fatal(err)
	}
	var first []int64
	for _, workers := range []int{1, 2, 3} {
		var grids, comps []int64
		st, err := Group(context.Background(), g.Key, Options{Workers: workers, TaskDone: func(task int, n, c int64) {
			if task != len(grids) {
				t.Fatalf("task %d reported after %d tasks", task, len(grids))
			}
			grids, comps = append(grids, n), append(comps, c)
		}}, func(*canon.Grid, int) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if want := len(newBitSearch(g.Key).row4s()); len(grids) != want {
			t.Fatalf("%d tasks reported, the group has %d", len(grids), want)
		}
		var sg, sc int64
		for i := range grids {
			sg += grids[i]
			sc += comps[i]
		}
		if sg != st.Grids || sc != st.Completions || st.Grids == 0 {
			t.Fatalf("tasks add up to %d grids, %d completions; stats say %d, %d", sg, sc, st.Grids, st.Completions)
		}
		if first == nil {
			first = grids
		}
		for i := range grids {
			if grids[i] != first[i] {
				t.Fatalf("%d workers: task %d has %d grids, with 1 worker %d", workers, i, grids[i], first[i])
			}
		}
	}
}
