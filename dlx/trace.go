package dlx

// TraceKind says what a TraceEvent reports.
type TraceKind uint8

// The kinds of TraceEvent.
const (
	TracePlace     TraceKind = iota // Option was placed
	TraceBacktrack                  // Option is taken back
	TraceDeadEnd                    // Item has no option left
)

// TraceEvent is one step of a traced search. Depth 0 is the first choice of
// the search (options chosen with Choose are not traced).
type TraceEvent struct {
	Kind    TraceKind
	Depth   int
	Item    int // the item branched on (or the dead item)
	Option  int // the option placed or taken back; -1 for a dead end
	Choice  int // Option is alternative Choice (1-based) ...
	Choices int // ... of the Choices options Item had when branched on
}

// tracePlace reports placing or taking back node x's option at level.
func (s *Solver) tracePlace(kind TraceKind, level int, x int32) {
	i := s.nodes[idx(x)].top
	choice, choices := 0, 0
	for p := s.nodes[idx(i)].down; p != i; p = s.nodes[idx(p)].down {
		choices++
		if p == x {
			choice = choices
		}
	}
	s.Trace(TraceEvent{Kind: kind, Depth: level, Item: int(idx(i) - 1), Option: s.optionOf(x), Choice: choice, Choices: choices})
}
