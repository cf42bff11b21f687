package enumerate

import (
	"context"
	"testing"

	"edgrid/band"
	"edgrid/canon"
)

// FuzzGroupKey passes arbitrary keys and prefixes to the functions that
// take them. An invalid key must give an error and no panic; a valid one a
// Searcher whose Next and Run answer any prefix, and a Group that stops at
// once under a cancelled context. Each input costs little, so the fuzzer
// gets far on a small budget.
func FuzzGroupKey(f *testing.F) {
	for _, n := range []int{1, 1000, 3541} {
		g, _ := band.ByNumber(n)
		f.Add([]byte(g.Key.String()), []byte{2, 3, 5, 7, 8, 9, 6, 1})
	}
	f.Add(make([]byte, 33), []byte{})
	f.Add([]byte("12345678945678912378912345623"), []byte{9, 9})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	f.Fuzz(func(t *testing.T, data, prefix []byte) {
		var k band.Key
		copy(k[:], data)
		for i, d := range k {
			if d >= '0' && d <= '9' {
				k[i] = d - '0'
			}
		}
		valid := checkKey(k) == nil
		q, err := NewSearcher(k)
		if (err == nil) != valid {
			t.Fatalf("key %v: NewSearcher error %v, valid %v", k, err, valid)
		}
		_, gerr := Group(cancelled, k, Options{Workers: 1}, func(*canon.Grid, int) error { return nil })
		if gerr == nil {
			t.Fatalf("key %v: Group under a cancelled context returned no error", k)
		}
		if !valid {
			return
		}
		if len(prefix) > band.OpenCells+2 {
			prefix = prefix[:band.OpenCells+2]
		}
		a := q.Next(prefix)
		if a&^0x3FE != 0 {
			t.Fatalf("key %v, prefix %v: Next = %#x, not a set of digits 1-9", k, prefix, a)
		}
		if len(prefix) == MaxPrefix {
			// One band 2's completions: cheap.
			q.Run(context.Background(), prefix, func(g *canon.Grid, _ int) error {
				if !canon.IsMinlex(g) || band.KeyOf(g) != k {
					t.Fatalf("key %v: Run emitted %v", k, g)
				}
				return nil
			})
		} else if _, err := q.Run(cancelled, prefix, func(*canon.Grid, int) error { return nil }); err == nil && len(prefix) > MaxPrefix {
			t.Fatalf("key %v: Run with a prefix of %d cells: no error", k, len(prefix))
		}
	})
}
