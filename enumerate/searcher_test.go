package enumerate_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit/gridkit"
)

// Running every bucket of a group, and every one-cell extension of some
// buckets, gives exactly the group's grids in the group's order.
func TestSearcherBuckets(t *testing.T) {
	groups := []int{2222, 3541}
	if !testing.Short() {
		groups = append(groups, 1)
	}
	for _, n := range groups {
		grp, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		want, wantAutos, _ := enumerate.GrpCollect(t, grp.Key, 2)
		q := gridkit.MustSearcher(t, grp.Key)
		var got []canon.Grid
		var autos []int
		collect := func(g *canon.Grid, a int) error {
			got = append(got, *g)
			autos = append(autos, a)
			return nil
		}
		for i, r4 := range q.Row4s() {
			prefix := r4[:]
			if i%50 == 7 {
				// Split this bucket once more, by the next open cell (r5c2).
				for a := q.Next(prefix); a != 0; a &= a - 1 {
					p := append(append([]uint8{}, prefix...), uint8(bits.TrailingZeros16(a)))
					if _, err := q.Run(context.Background(), p, collect); err != nil {
						t.Fatal(err)
					}
				}
				continue
			}
			if _, err := q.Run(context.Background(), prefix, collect); err != nil {
				t.Fatal(err)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("group %d: buckets give %d grids, Group %d", n, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] || autos[i] != wantAutos[i] {
				t.Fatalf("group %d: grid %d differs: %s (%d) vs %s (%d)", n, i+1, got[i].String(), autos[i], want[i].String(), wantAutos[i])
			}
		}
	}
}

// RunDesc gives each bucket's grids, and those of one-cell extensions, in
// exactly the reverse order of Run, and stops where told.
func TestSearcherRunDesc(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{2222, 3541, 700} {
		grp, err := band.ByNumber(n)
		if err != nil {
			t.Fatal(err)
		}
		q := gridkit.MustSearcher(t, grp.Key)
		row4s := q.Row4s()
		total := 0
		for i, r4 := range row4s {
			if testing.Short() && n == 700 && i%10 != 3 {
				continue
			}
			prefixes := [][]uint8{r4[:]}
			if i%20 == 5 {
				for a := q.Next(r4[:]); a != 0; a &= a - 1 {
					prefixes = append(prefixes, append(append([]uint8{}, r4[:]...), uint8(bits.TrailingZeros16(a))))
				}
			}
			for _, p := range prefixes {
				var up, down []canon.Grid
				var upA, downA []int
				if _, err := q.Run(ctx, p, func(g *canon.Grid, a int) error { up, upA = append(up, *g), append(upA, a); return nil }); err != nil {
					t.Fatal(err)
				}
				if _, err := q.RunDesc(ctx, p, func(g *canon.Grid, a int) error { down, downA = append(down, *g), append(downA, a); return nil }); err != nil {
					t.Fatal(err)
				}
				if len(up) != len(down) {
					t.Fatalf("group %d prefix %v: Run %d grids, RunDesc %d", n, p, len(up), len(down))
				}
				for j := range up {
					k := len(up) - 1 - j
					if up[j] != down[k] || upA[j] != downA[k] {
						t.Fatalf("group %d prefix %v: grid %d of Run is not grid %d of RunDesc", n, p, j+1, k+1)
					}
				}
				total += len(up)
				if len(up) > 2 {
					seen := 0
					if _, err := q.RunDesc(ctx, p, func(*canon.Grid, int) error { seen++; return enumerate.ErrStop }); err != nil || seen != 1 {
						t.Fatalf("group %d: RunDesc did not stop at enumerate.ErrStop (%d grids, %v)", n, seen, err)
					}
				}
			}
		}
		if total == 0 {
			t.Fatalf("group %d: no grids compared", n)
		}
		// Run after RunDesc is ascending again.
		var prev canon.Grid
		if _, err := q.Run(ctx, row4s[0][:], func(g *canon.Grid, _ int) error {
			if prev != (canon.Grid{}) && string(g[:]) <= string(prev[:]) {
				t.Fatalf("group %d: Run after RunDesc is not ascending", n)
			}
			prev = *g
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSearcherStopAndErrors(t *testing.T) {
	grp, _ := band.ByNumber(1000)
	q := gridkit.MustSearcher(t, grp.Key)
	r4 := q.Row4s()[0]
	var all int64
	st, err := q.Run(context.Background(), r4[:], func(*canon.Grid, int) error { all++; return nil })
	if err != nil || st.Grids != all || all < 3 {
		t.Fatalf("bucket 0: %v, %+v, %d grids", err, st, all)
	}
	seen := 0
	st, err = q.Run(context.Background(), r4[:], func(*canon.Grid, int) error {
		seen++
		if seen == 2 {
			return enumerate.ErrStop
		}
		return nil
	})
	if err != nil || seen != 2 || st.Grids != 2 {
		t.Fatalf("enumerate.ErrStop after 2 grids: %v, %d emitted, %+v", err, seen, st)
	}
	// The Searcher is clean after a stop: the bucket again gives all grids.
	var again int64
	if _, err := q.Run(context.Background(), r4[:], func(*canon.Grid, int) error { again++; return nil }); err != nil || again != all {
		t.Fatalf("after a stop: %v, %d grids, want %d", err, again, all)
	}
	bad := r4
	bad[1] = bad[0] // a row with a repeated digit
	if _, err := q.Run(context.Background(), bad[:], func(*canon.Grid, int) error { return nil }); err == nil {
		t.Error("a prefix with a repeated digit was accepted")
	}
	if q.Next(bad[:]) != 0 {
		t.Error("Next after a bad prefix is not 0")
	}
	if _, err := q.Run(context.Background(), make([]uint8, enumerate.MaxPrefix+1), nil); err == nil {
		t.Error("an over-long prefix was accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := q.Run(ctx, nil, func(*canon.Grid, int) error { return nil }); err != context.Canceled {
		t.Errorf("cancelled context: %v", err)
	}
}

// RunWithin gives exactly the group's grids that keep to the allowed
// digits, ascending, for restrictions on cells of every row (band 3's too).
func TestSearcherRunWithin(t *testing.T) {
	grp, err := band.ByNumber(2222)
	if err != nil {
		t.Fatal(err)
	}
	all, _, _ := enumerate.GrpCollect(t, grp.Key, 2)
	q := gridkit.MustSearcher(t, grp.Key)
	rng := rand.New(rand.NewPCG(5, 9))
	partial := 0
	for trial := range 40 {
		var allowed [81]uint16
		for c := range allowed {
			allowed[c] = 0x3FE
		}
		g := all[rng.IntN(len(all))]
		for range 1 + rng.IntN(12) {
			c := int(enumerate.FreeCells[rng.IntN(band.OpenCells)])
			switch rng.IntN(3) {
			case 0: // the chosen grid's digit: a dancing-links placement
				allowed[c] = 1 << g[c]
			case 1: // some other single digit
				allowed[c] = 1 << (1 + rng.IntN(9))
			default:
				allowed[c] = uint16(rng.IntN(1<<9)) << 1
			}
		}
		var want []canon.Grid
		for _, h := range all {
			ok := true
			for c, a := range allowed {
				if a&(1<<h[c]) == 0 && c >= 27 && c%9 != 0 {
					ok = false
				}
			}
			if ok {
				want = append(want, h)
			}
		}
		var got []canon.Grid
		st, err := q.RunWithin(context.Background(), &allowed, func(h *canon.Grid, _ int) error {
			got = append(got, *h)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || st.Grids != int64(len(got)) {
			t.Fatalf("trial %d: %d grids (stats %d), want %d", trial, len(got), st.Grids, len(want))
		}
		// CountWithin meets the same completions and bands 2, checks none.
		cs, err := q.CountWithin(context.Background(), &allowed)
		if err != nil || cs.Grids != 0 || cs.Completions != st.Completions || cs.Band2Kept != st.Band2Kept || cs.Band2Pruned != st.Band2Pruned {
			t.Fatalf("trial %d: CountWithin %d grids, %d completions, %d+%d bands 2 (%v); RunWithin %d, %d+%d", trial,
				cs.Grids, cs.Completions, cs.Band2Kept, cs.Band2Pruned, err, st.Completions, st.Band2Kept, st.Band2Pruned)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("trial %d: grid %d is %s, want %s", trial, i, got[i].String(), want[i].String())
			}
		}
		if len(got) > 0 && len(got) < len(all) {
			partial++
		}
	}
	if partial < 10 {
		t.Fatalf("only %d of 40 restrictions kept some grids but not all", partial)
	}
	// The restriction is gone afterwards: a prefix run gives its whole bucket.
	r4 := q.Row4s()[0]
	n := 0
	if _, err := q.Run(context.Background(), r4[:], func(*canon.Grid, int) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	m := 0
	for _, h := range all {
		if [8]uint8(h[28:36]) == r4 {
			m++
		}
	}
	if n != m {
		t.Fatalf("after RunWithin, bucket 0 gives %d grids, want %d", n, m)
	}
}
