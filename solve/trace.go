package solve

import (
	"fmt"
	"io"
	"strings"

	"edgrid/dlx"
)

// SetTrace makes every later Solve write its search to w, one line a step,
// indented one space a level: each placement (which alternative of how many, for
// which cell or region), each backtrack, each dead end. Once a search
// stops (at its limit) the way back is not shown. nil turns it off.
// Tracing is for teaching; it slows the search down.
func (s *Solver) SetTrace(w io.Writer) {
	if w == nil {
		s.trace = nil
		return
	}
	s.trace = func(e dlx.TraceEvent) {
		indent := strings.Repeat(" ", e.Depth)
		switch e.Kind {
		case dlx.TracePlace:
			fmt.Fprintf(w, "%splace %s  (%d of %d for %s)\n", indent, s.Describe(e.Option), e.Choice, e.Choices, s.ItemName(e.Item))
		case dlx.TraceBacktrack:
			fmt.Fprintf(w, "%sundo  %s\n", indent, s.Describe(e.Option))
		case dlx.TraceDeadEnd:
			fmt.Fprintf(w, "%sdead end: nothing left for %s\n", indent, s.ItemName(e.Item))
		}
	}
}
