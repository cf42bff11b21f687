package scan

import (
	"math/bits"
	"slices"
	"testing"

	"edgrid/canon"
)

// TestValidSets checks the valid clue sets of bands against every set of
// up to five cells of the band tested against the band's unavoidable
// sets, with some cells disallowed, and the sizes counted against the
// sets listed.
func TestValidSets(t *testing.T) {
	total := 0
	for _, line := range []string{
		"123456789456789123789123456214365897365897214897214365531642978642978531978531642",
		"123456789457189236896723514264875193531294867789361452318647925675912348942538671",
	} {
		g, err := canon.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range []bool{false, true} {
			for b := range 3 {
				f := makeFrame((*[81]uint8)(&g), cols, [3]int{b, (b + 1) % 3, (b + 2) % 3})
				band := f.band(0)
				uas := bandUAs(&band)
				for _, allowed := range []uint32{1<<27 - 1, (1<<27 - 1) &^ (1<<4 | 1<<13 | 1<<26)} {
					got := validSets(uas, allowed, 2, 5, nil)
					var want []uint32
					eachSubset(allowed, 5, func(x uint32) {
						if bits.OnesCount32(x) < 2 {
							return
						}
						for _, u := range uas {
							if u&x == 0 {
								return
							}
						}
						want = append(want, x)
					})
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%s cols %v band %d allowed %x: %d valid sets, brute force %d", line, cols, b, allowed, len(got), len(want))
					}
					total += len(got)
				}
			}
		}
	}
	if total == 0 {
		t.Fatal("no valid set of 2-5 clues in any band")
	}
}

// eachSubset calls fn with every subset of m of at most k cells.
func eachSubset(m uint32, k int, fn func(uint32)) {
	var rec func(rest, x uint32, n int)
	rec = func(rest, x uint32, n int) {
		fn(x)
		if n == k {
			return
		}
		for r := rest; r != 0; r &= r - 1 {
			c := r & -r
			rec(r&^c, x|c, n+1)
		}
	}
	rec(m, 0, 0)
}

// TestExtensions checks the count of the sets extend makes against
// listing them.
func TestExtensions(t *testing.T) {
	for f := 0; f <= 9; f++ {
		for k := 0; k <= 4; k++ {
			for lo := 0; lo <= 8; lo++ {
				for hi := k; hi <= 9; hi++ {
					v := validSearch{lo: lo, hi: hi}
					v.extend(0, 1<<f-1, k)
					if got := extensions(f, k, lo, hi); got != len(v.out) {
						t.Fatalf("f %d k %d lo %d hi %d: %d, listed %d", f, k, lo, hi, got, len(v.out))
					}
				}
			}
		}
	}
}
