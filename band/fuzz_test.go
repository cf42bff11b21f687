package band

import (
	"testing"

	"edgrid/canon"
)

// FuzzGroupOf passes arbitrary grids, keys and indexes to the functions
// that take them: none may panic; GroupOf must find a minlex grid's group,
// whose key is the grid's, and reject everything else.
func FuzzGroupOf(f *testing.F) {
	f.Add([]byte("123456789456789123789123456214835697367291845598647312632918574845372961971564238"), 0, 0)
	f.Add([]byte("123456789457893612986217354274538196531964827698721435342685971715349268869172543"), 415, 9)
	f.Add(make([]byte, 81), -1, 10)
	f.Fuzz(func(t *testing.T, data []byte, form, cand int) {
		var g canon.Grid
		copy(g[:], data)
		for i, d := range g {
			if d >= '0' && d <= '9' {
				g[i] = d - '0'
			}
		}
		grp, err := GroupOf(&g)
		if minlex := canon.IsMinlex(&g); (err == nil) != minlex {
			t.Fatalf("GroupOf(%v): %v; minlex %v", g, err, minlex)
		}
		if err == nil && grp.Key != KeyOf(&g) {
			t.Fatalf("GroupOf(%v) = group %d, key %v", g, grp.Number, grp.Key)
		}
		k := KeyOf(&g)
		if h, ok := Find(k); ok && h.Key != k {
			t.Fatalf("Find(%v) = %v", k, h)
		}
		if k2, err := ParseKey(string(data)); err == nil && k2.String() != string(data) {
			t.Fatalf("ParseKey(%q) = %v", data, k2)
		}
		keys := CandidateKeys([27]uint8(g[:27]))
		if len(keys) != 10 {
			t.Fatalf("CandidateKeys: %d keys", len(keys))
		}
		if IsGroupCandidate(form, cand) && (!CanStart(form) || cand < 0 || cand > 9) {
			t.Fatalf("IsGroupCandidate(%d, %d) but CanStart %v", form, cand, CanStart(form))
		}
		var tri, allow [9]uint16
		for c := range 9 {
			tri[c] = uint16(g[c])<<8 | uint16(g[9+c])
			allow[c] = uint16(g[18+c])<<8 | uint16(g[27+c])
		}
		var masks [MaxRows7]uint32
		var digits [MaxRows7]uint64
		if n := Rows7(&tri, &allow, g[36], &masks, &digits); n < 0 {
			t.Fatalf("Rows7 = %d", n)
		}
	})
}
