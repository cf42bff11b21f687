package dlx

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"
)

// bruteCovers returns every set of options (as sorted indexes) that covers
// each primary item exactly once and each secondary item at most once,
// trying all 2^k subsets; must lists options every set has to contain.
func bruteCovers(opts [][]int, primary, secondary int, must []int) [][]int {
	var out [][]int
	for set := 0; set < 1<<len(opts); set++ {
		ok := true
		for _, m := range must {
			ok = ok && set&(1<<m) != 0
		}
		seen := make([]int, primary+secondary)
		var sol []int
		for k := 0; ok && k < len(opts); k++ {
			if set&(1<<k) == 0 {
				continue
			}
			sol = append(sol, k)
			for _, it := range opts[k] {
				seen[it]++
			}
		}
		for it, c := range seen {
			ok = ok && c <= 1 && (it >= primary || c == 1)
		}
		if ok {
			out = append(out, sol)
		}
	}
	return out
}

// TestRandomAgainstBruteForce compares the solver with bruteCovers on many
// small random matrices, with and without a chosen option.
func TestRandomAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		primary, secondary := 1+rng.IntN(6), rng.IntN(3)
		m := NewMatrix(primary, secondary)
		var opts [][]int
		for k := 2 + rng.IntN(11); k > 0; k-- {
			perm := rng.Perm(primary + secondary)
			o := perm[:1+rng.IntN(min(3, len(perm)))]
			if o[0] >= primary {
				o[0] = rng.IntN(primary) // every option needs a primary item
				for _, it := range o[1:] {
					if it == o[0] {
						o = o[:1]
					}
				}
			}
			if _, err := m.AddOption(o...); err != nil {
				t.Fatal(err)
			}
			opts = append(opts, o)
		}
		s := NewSolver(m)
		var must []int
		if trial%3 == 0 {
			k := rng.IntN(len(opts))
			if err := s.Choose(k); err != nil {
				t.Fatal(err)
			}
			must = []int{k}
		}
		want := bruteCovers(opts, primary, secondary, must)
		got := allSolutions(t, s)
		sort.Slice(got, func(a, b int) bool { return less(got[a], got[b]) })
		sort.Slice(want, func(a, b int) bool { return less(want[a], want[b]) })
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("trial %d: %d primary, %d secondary, options %v, chosen %v:\ngot  %v\nwant %v", trial, primary, secondary, opts, must, got, want)
		}
		if n, _ := s.Search(context.Background(), 0, nil); n != int64(len(want)) {
			t.Fatalf("trial %d: count %d; want %d", trial, n, len(want))
		}
		s.Reset()
		if err := s.checkLinks(); err != nil {
			t.Fatalf("trial %d after Reset: %v", trial, err)
		}
	}
}

func less(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}
