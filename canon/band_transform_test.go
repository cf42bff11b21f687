package canon

import (
	"math/rand/v2"
	"testing"
)

// TestBandTransform applies the transform BandTransform returns to bands of
// every class, their rows, stacks and columns shuffled and their digits
// relabelled at random, and checks that it gives the class's minimal form,
// the class BandClass's.
func TestBandTransform(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	forms := BandForms()
	for n := range 4 * NumBandForms {
		band := shuffledBand(r, &forms[n%NumBandForms])
		c, rows, cols, err := BandTransform(&band)
		if err != nil {
			t.Fatal(err)
		}
		if c != n%NumBandForms {
			t.Fatalf("band of form %d: BandTransform gives class %d", n%NumBandForms, c)
		}
		if want, _ := BandClass(&band); c != want {
			t.Fatalf("BandTransform class %d, BandClass %d", c, want)
		}
		var lab [10]uint8
		for j := range 9 {
			lab[band[int(rows[0])*9+int(cols[j])]] = uint8(j + 1)
		}
		var got [27]uint8
		for i := range 3 {
			for j := range 9 {
				got[i*9+j] = lab[band[int(rows[i])*9+int(cols[j])]]
			}
		}
		if got != forms[c] {
			t.Fatalf("band %v: transform rows %v cols %v gives %v, not form %d %v", band, rows, cols, got, c, forms[c])
		}
	}
	var zero [27]uint8
	if _, _, _, err := BandTransform(&zero); err == nil {
		t.Error("BandTransform of 27 zeros: no error")
	}
}

// shuffledBand is band f with its rows in a random order, its stacks and the
// columns within each in random orders and its digits relabelled at random.
func shuffledBand(r *rand.Rand, f *[27]uint8) [27]uint8 {
	rows := r.Perm(3)
	stacks := r.Perm(3)
	var cols [9]int
	for s := range 3 {
		in := r.Perm(3)
		for k := range 3 {
			cols[s*3+k] = stacks[s]*3 + in[k]
		}
	}
	lab := r.Perm(9)
	var b [27]uint8
	for i := range 3 {
		for j := range 9 {
			b[i*9+j] = uint8(lab[f[rows[i]*9+cols[j]]-1] + 1)
		}
	}
	return b
}
