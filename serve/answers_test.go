package serve

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/testkit"
	"edgrid/internal/testkit/gridkit"
	"edgrid/puzzleid"
	"edgrid/query"
	"edgrid/rank"
	"edgrid/solve"
)

// wantGrid is the answer for grid g computed straight from the library.
func wantGrid(t *testing.T, g *canon.Grid) GridAnswer {
	t.Helper()
	ctx := context.Background()
	m, autos, _ := canon.Minlex(g)
	w := GridAnswer{Grid: g.String(), Minlex: m.String(), Autos: autos, Invariants: map[string]int{}}
	var err error
	if w.Numbers.Paper, _, err = testRanker.Rank(ctx, g, rank.Paper); err != nil {
		t.Fatal(err)
	}
	w.Numbers.Groups, _, _ = testRanker.Rank(ctx, g, rank.Groups)
	w.Numbers.Lex, _, _ = testRanker.Rank(ctx, g, rank.Lex)
	grp, err := band.GroupOf(&m)
	if err != nil {
		t.Fatal(err)
	}
	w.Group, w.Band = grp.Number, grp.Band
	for _, inv := range query.Cheap() {
		w.Invariants[inv.Name()] = inv.Value(g) // of g itself: invariants do not change within a class
	}
	return w
}

func sameGrid(t *testing.T, what string, got, want GridAnswer) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\ngot  %+v\nwant %+v", what, got, want)
	}
}

func TestGridAnswers(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	tb, _ := rank.Embedded()
	for i, g := range gridkit.RandomGrids(6, 7, 11) {
		want := wantGrid(t, &g)
		// The group's numbers bracket the groups order's number.
		if first := tb.GroupFirst(want.Group); want.Numbers.Groups <= first || want.Numbers.Groups > first+tb.GroupCount(want.Group) {
			t.Errorf("grid %d: groups number %d outside group %d", i, want.Numbers.Groups, want.Group)
		}
		// As one line, and boxed as puzzle sites print grids.
		s := g.String()
		boxed := strings.Join([]string{s[:27], s[27:54], s[54:]}, "\n------+-------+------\n")
		for _, in := range []string{s, boxed} {
			var got GridAnswer
			get(t, ts.URL+"/api/v1/grid/"+url.PathEscape(in), &got)
			sameGrid(t, fmt.Sprintf("grid %d", i), got, want)
		}
		var m MinlexAnswer
		get(t, ts.URL+"/api/v1/minlex/"+s, &m)
		if m != (MinlexAnswer{Kind: "grid", Minlex: want.Minlex, Autos: want.Autos}) {
			t.Errorf("minlex %d: %+v; want %s %d", i, m, want.Minlex, want.Autos)
		}
		// Its numbers give its class back, in each order.
		for _, o := range []rank.Order{rank.Paper, rank.Groups, rank.Lex} {
			n := map[rank.Order]int64{rank.Paper: want.Numbers.Paper, rank.Groups: want.Numbers.Groups, rank.Lex: want.Numbers.Lex}[o]
			var got GridAnswer
			get(t, fmt.Sprintf("%s/api/v1/number/%d?order=%s", ts.URL, n, o), &got)
			w := want
			w.Grid = want.Minlex
			sameGrid(t, fmt.Sprintf("number %d %s", n, o), got, w)
		}
	}
	// The ends of the numbering.
	var first, last GridAnswer
	get(t, ts.URL+"/api/v1/number/1", &first)
	get(t, fmt.Sprintf("%s/api/v1/number/%d?order=lex", ts.URL, tb.Total()), &last)
	if first.Numbers.Paper != 1 || first.Group != 1 || last.Numbers.Lex != tb.Total() {
		t.Errorf("number 1: %+v; number %d: %+v", first, tb.Total(), last)
	}
}

// wantPuzzle is the answer for puzzle p computed straight from the library.
func wantPuzzle(t *testing.T, p *canon.Grid) PuzzleAnswer {
	t.Helper()
	ctx := context.Background()
	var pc canon.PuzzleCanon
	w := PuzzleAnswer{Puzzle: string(canon.AppendPuzzle(nil, p, '.'))}
	for _, v := range p {
		if v != 0 {
			w.Givens++
		}
	}
	f, autos, _, _ := pc.Minlex(p, canon.PlainOrder)
	w.Minlex, w.Autos = string(canon.AppendPuzzle(nil, &f, '.')), autos
	f, _, _, _ = pc.Minlex(p, canon.PatternFirst)
	w.PatternFirst = string(canon.AppendPuzzle(nil, &f, '.'))
	m, pa, _ := pc.Pattern(canon.MaskOf(p))
	w.Pattern, w.PatternAutos = patternText(m), pa
	fast := solve.NewFast()
	q := [81]uint8(*p)
	n, err := fast.Count(ctx, &q, 2)
	if err != nil {
		t.Fatal(err)
	}
	w.Solutions = int(n)
	var sol [81]uint8
	if ok, _ := fast.First(ctx, &q, &sol); ok {
		w.Solution = canon.Grid(sol).String()
	}
	if n == 1 {
		id, err := puzzleid.New(testRanker).ID(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		w.ID = id.String()
	}
	return w
}

func TestPuzzleAnswers(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	ps := append(testkit.PuzzleTexts(t, "puzzles2_17_clue", 8), testkit.PuzzleTexts(t, "puzzles6_forum_hardest_1106", 8)...)
	// Several solutions, and none (a clue removed; two clues that leave a
	// cell no digit).
	ps = append(ps, "."+ps[0][1:], "12345678."+strings.Repeat(".", 8)+"9"+strings.Repeat(".", 63))
	for _, in := range ps {
		p, err := canon.ParsePuzzle(in)
		if err != nil {
			t.Fatal(err)
		}
		want := wantPuzzle(t, &p)
		var got PuzzleAnswer
		get(t, ts.URL+"/api/v1/puzzle/"+in, &got)
		if got != want {
			t.Errorf("puzzle %s:\ngot  %+v\nwant %+v", in, got, want)
		}
		var m MinlexAnswer
		get(t, ts.URL+"/api/v1/minlex/"+in, &m)
		if m != (MinlexAnswer{Kind: "puzzle", Minlex: want.Minlex, Autos: want.Autos}) {
			t.Errorf("minlex %s: %+v", in, m)
		}
		if want.ID == "" {
			continue
		}
		// The ID gives an equivalent puzzle with the same answer up to the
		// puzzle itself.
		var back PuzzleAnswer
		get(t, ts.URL+"/api/v1/id/"+want.ID, &back)
		if back.ID != want.ID || back.Minlex != want.Minlex || back.PatternFirst != want.PatternFirst || back.Solutions != 1 {
			t.Errorf("id %s: %+v; want the class of %s", want.ID, back, in)
		}
		bp, _ := canon.ParsePuzzle(back.Puzzle)
		if w := wantPuzzle(t, &bp); w != back {
			t.Errorf("id %s:\ngot  %+v\nwant %+v", want.ID, back, w)
		}
	}
}

func TestRandom(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	var a, b, c GridAnswer
	get(t, ts.URL+"/api/v1/random?seed=42", &a)
	get(t, ts.URL+"/api/v1/random?seed=42&over=grids", &b)
	get(t, ts.URL+"/api/v1/random?seed=42&over=classes", &c)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("the same seed gave %s and %s", a.Grid, b.Grid)
	}
	if c.Grid != c.Minlex {
		t.Errorf("over=classes gave %s, not a minlex grid", c.Grid)
	}
	g, err := canon.Parse(a.Grid)
	if err != nil {
		t.Fatalf("random grid: %v", err)
	}
	sameGrid(t, "random", a, wantGrid(t, &g))
	// Over grids, a class comes out in proportion to its grids: the
	// transform is random, so the grid is seldom its class's minlex grid.
	var d GridAnswer
	get(t, ts.URL+"/api/v1/random?seed=43", &d)
	if d.Grid == a.Grid || a.Grid == a.Minlex && d.Grid == d.Minlex {
		t.Errorf("seeds 42, 43 gave %s, %s", a.Grid, d.Grid)
	}
}
