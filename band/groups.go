package band

import (
	"fmt"
	"sort"
	"sync"

	"edgrid/canon"
)

// Group is one of the 3,541 groups: a first band and a column-1 setting that
// hold at least one minlex grid.
type Group struct {
	Number int // 1..NumGroups in the paper's order
	Band   int // 1..NumFirstBands: the position of its first band among the first bands
	Key    Key
}

// Counts docs/design/method.md states; the tests check that the derivation reproduces them.
const (
	NumFirstBands = 401
	NumGroups     = 3541
	NumCandidates = 4010 // column-1 settings of the 401 first bands, 10 each
)

type tables struct {
	first  []int   // form index of each first band
	groups []Group // ascending by key
	starts []int   // starts[b] = index in groups of first band b's first group; starts[len] = len(groups)
}

var (
	once sync.Once
	tab  *tables
)

func get() *tables {
	once.Do(func() {
		t := &tables{}
		forms := Forms()
		for f := range forms {
			if groupMasks[f] == 0 {
				continue
			}
			t.first = append(t.first, f)
			t.starts = append(t.starts, len(t.groups))
			for i, k := range CandidateKeys(forms[f]) {
				if groupMasks[f]&(1<<i) != 0 {
					t.groups = append(t.groups, Group{Number: len(t.groups) + 1, Band: len(t.first), Key: k})
				}
			}
		}
		t.starts = append(t.starts, len(t.groups))
		tab = t
	})
	return tab
}

// CanStart reports whether the band form with index f (0..415) is the first
// band of some minlex grid; false for any other f.
func CanStart(f int) bool { return f >= 0 && f < len(groupMasks) && groupMasks[f] != 0 }

// FirstBands returns the 401 first bands, ascending.
func FirstBands() [][27]uint8 {
	t := get()
	out := make([][27]uint8, len(t.first))
	for i, f := range t.first {
		out[i] = Forms()[f]
	}
	return out
}

// Groups returns all groups in the paper's order. The slice is shared: do not modify it.
func Groups() []Group { return get().groups }

// GroupsOfBand returns the groups whose first band is first band b (1..401).
func GroupsOfBand(b int) ([]Group, error) {
	t := get()
	if b < 1 || b > len(t.first) {
		return nil, fmt.Errorf("band: first band %d out of range 1..%d", b, len(t.first))
	}
	return t.groups[t.starts[b-1]:t.starts[b]], nil
}

// ByNumber returns group n (1..3,541).
func ByNumber(n int) (Group, error) {
	t := get()
	if n < 1 || n > len(t.groups) {
		return Group{}, fmt.Errorf("band: group %d out of range 1..%d", n, len(t.groups))
	}
	return t.groups[n-1], nil
}

// Find returns the group with the given key, or false if the key is not a group.
func Find(k Key) (Group, bool) {
	gs := get().groups
	i := sort.Search(len(gs), func(i int) bool { return gs[i].Key.Compare(k) >= 0 })
	if i < len(gs) && gs[i].Key == k {
		return gs[i], true
	}
	return Group{}, false
}

// GroupOf returns the group of a minlex grid. It fails when g is not minlex
// (or not a solution grid at all).
func GroupOf(g *canon.Grid) (Group, error) {
	if !canon.IsMinlex(g) {
		return Group{}, fmt.Errorf("band: grid %s is not minlex", g.String())
	}
	grp, ok := Find(KeyOf(g))
	if !ok {
		return Group{}, fmt.Errorf("band: minlex grid %s has key %s, which is no group (the group table is wrong)", g.String(), KeyOf(g))
	}
	return grp, nil
}

// IsGroupCandidate reports whether candidate i (0..9, CandidateKeys order) of
// band form f (0..415) holds a minlex grid, according to the committed
// table; false when f or i is out of range.
func IsGroupCandidate(f, i int) bool {
	return f >= 0 && f < len(groupMasks) && i >= 0 && i < 10 && groupMasks[f]&(1<<i) != 0
}
