package query

import (
	"fmt"
	"sort"
	"strings"

	"edgrid/canon"
)

// Invariant is a number every solution grid has, equal for all the grids of
// a class (docs/design/method.md, "Solution grids and when two are the same").
type Invariant interface {
	// Name is the invariant's name in expressions and output: a letter,
	// then letters, digits or '_'.
	Name() string
	// Definition says in one line what the value counts.
	Definition() string
	// Value returns the invariant of any valid solution grid g. It must be
	// safe to call from several goroutines at once.
	Value(g *canon.Grid) int
}

// A Run is grids of one group that share rows 1-6, ascending, as the
// enumerator finds them and a catalog stores them. Runners rely on its
// grids being the group's minlex grids (autos does, for one).
type Run struct {
	Group int          // the group, 1..3541
	First int64        // ordinal (1-based, ascending order inside the group) of Grids[0]
	Grids []canon.Grid // minlex grids, ascending, all with the same rows 1-6
	// Autos holds each grid's automorphism count when the source knows it
	// (the enumerator does), else it is nil.
	Autos []uint16

	cache *runCache // what a query's runners share over the run, or nil
}

// Runner computes an invariant over runs, faster than calling Value for
// each grid. One goroutine uses a Runner at a time; it may keep state
// between runs (what it knows of the current group).
type Runner interface {
	// Values sets out[i] to the invariant of r.Grids[i]; len(out) ==
	// len(r.Grids).
	Values(r *Run, out []int)
}

// RunInvariant is an Invariant with a fast path over runs.
type RunInvariant interface {
	Invariant
	// NewRunner returns a Runner for one goroutine.
	NewRunner() Runner
}

// NewRunner returns inv's Runner when it has one (RunInvariant), else one
// that calls Value grid by grid.
func NewRunner(inv Invariant) Runner {
	if ri, ok := inv.(RunInvariant); ok {
		return ri.NewRunner()
	}
	return gridRunner{inv}
}

// gridRunner is the Runner of an invariant without a fast path.
type gridRunner struct{ inv Invariant }

func (r gridRunner) Values(run *Run, out []int) {
	for i := range run.Grids {
		out[i] = r.inv.Value(&run.Grids[i])
	}
}

// Func returns an Invariant named name, defined by def, whose value is
// value(g). value must be safe for concurrent use, and should be a class
// invariant for the statistics to describe classes (a query reads the
// classes' minlex grids); Func checks neither.
func Func(name, def string, value func(g *canon.Grid) int) Invariant {
	return funcInvariant{name, def, value}
}

type funcInvariant struct {
	name, def string
	value     func(g *canon.Grid) int
}

func (f funcInvariant) Name() string            { return f.name }
func (f funcInvariant) Definition() string      { return f.def }
func (f funcInvariant) Value(g *canon.Grid) int { return f.value(g) }

// builtins are the invariants the package defines, in the order Builtins
// lists them.
var builtins = []Invariant{
	Autos, UA4, Intercalates, UA2,
	bandInvariant{0}, bandInvariant{1}, bandInvariant{2},
	bandInvariant{3}, bandInvariant{4}, bandInvariant{5}, Band3s,
}

// DefaultNames are the invariants a query computes when none are named: the
// cheap ones.
var DefaultNames = []string{"autos", "ua4", "intercalates"}

// Builtins returns the built-in invariants, those of package scan last.
// The slice is new; the invariants are shared.
func Builtins() []Invariant { return append(append([]Invariant(nil), builtins...), scanInvariants...) }

// Cheap returns the built-in invariants that cost microseconds a grid: all
// but those of package scan (unavoidable sets by size, milliseconds; puzzle
// counts, a whole scan). The slice is new; the invariants are shared.
func Cheap() []Invariant { return append([]Invariant(nil), builtins...) }

// Lookup returns the invariant with the given name among invs (the
// built-ins when invs is nil). An unknown name gives an error that lists
// the known ones.
func Lookup(name string, invs []Invariant) (Invariant, error) {
	if invs == nil {
		invs = Builtins()
	}
	for _, inv := range invs {
		if inv.Name() == name {
			return inv, nil
		}
	}
	return nil, &UnknownError{Name: name, Known: names(invs)}
}

// UnknownError is a name that is no invariant, with the names that are.
type UnknownError struct {
	Name  string
	Known []string
}

// Error names the unknown name and lists the known ones.
func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown invariant %q (known: %s)", e.Name, strings.Join(e.Known, ", "))
}

func names(invs []Invariant) []string {
	out := make([]string, len(invs))
	for i, inv := range invs {
		out[i] = inv.Name()
	}
	return out
}

// checkNames reports the first invariant whose name is not an identifier,
// or a name used twice.
func checkNames(invs []Invariant) error {
	seen := map[string]bool{}
	for _, inv := range invs {
		n := inv.Name()
		if !isIdent(n) {
			return fmt.Errorf("query: invariant name %q: want a letter, then letters, digits or '_'", n)
		}
		if seen[n] {
			return fmt.Errorf("query: invariant %q named twice", n)
		}
		seen[n] = true
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c != '_' && (c < '0' || c > '9')) {
			return false
		}
	}
	return true
}

// sortedKeys returns the keys of a histogram, ascending.
func sortedKeys(h map[int]int64) []int {
	ks := make([]int, 0, len(h))
	for k := range h {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}
