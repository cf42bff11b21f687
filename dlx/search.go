package dlx

import (
	"context"
	"math"
)

// ctxEvery is how many search nodes pass between two looks at the context.
const ctxEvery = 1 << 14

// Search looks for the ways to complete the chosen options to an exact
// cover and returns how many it found. It stops after limit solutions
// (limit <= 0: find all), when visit returns false, or when ctx is done
// (then err is ctx.Err() and count the solutions found so far). visit, if
// not nil, gets each solution as option numbers, the chosen ones first; the
// slice is only valid during the call. With visit nil only counting is done,
// with shortcuts that never build a solution. Whatever the outcome, the
// solver is left as it was before Search, chosen options still in place.
func (s *Solver) Search(ctx context.Context, limit int64, visit func(options []int) bool) (count int64, err error) {
	if limit <= 0 {
		limit = math.MaxInt64
	}
	done := ctx.Done()
	if done != nil && ctx.Err() != nil {
		return 0, ctx.Err()
	}
	st := runState{limit: limit, tick: ctxEvery, visit: visit != nil, watch: s.Trace != nil}
	if !st.visit && !st.watch && !s.hasSecond {
		// The shortcut "every uncovered item has one option left: that is
		// one solution" needs no secondary items (their options might
		// clash) and no caller watching the path.
		st.scan = scanShortcut
	}
	resume := resumeForward
	for {
		ev := s.run(&st, resume)
		if sanity {
			s.mustCheck()
		}
		switch ev {
		case evDone:
			s.updates += st.updates
			return st.count, err
		case evSolution:
			st.count++
			if !visit(s.solution(st.level)) || st.count >= limit {
				st.stop = true
			}
			resume = resumeBackup
		case evTick:
			st.tick = ctxEvery
			resume = resumeForward
			if done != nil {
				select {
				case <-done:
					err = ctx.Err()
					st.stop = true
					resume = resumeBackup
				default:
				}
			}
		case evPlace:
			s.tracePlace(TracePlace, st.level, abs32(st.x))
			resume = resumePlaced
		case evBacktrack:
			s.tracePlace(TraceBacktrack, st.level, abs32(st.x))
			resume = resumeUncover
		case evDeadEnd:
			s.Trace(TraceEvent{Kind: TraceDeadEnd, Depth: st.level, Item: int(idx(st.i) - 1), Option: -1})
			resume = resumeBackup
		}
	}
}

// solution fills s.sol with the chosen options and the search path of
// the given depth.
func (s *Solver) solution(depth int) []int {
	s.sol = s.sol[:0]
	for _, o := range s.forced {
		s.sol = append(s.sol, int(o))
	}
	for l := 0; l < depth; l++ {
		s.sol = append(s.sol, s.optionOf(abs32(s.xs[l])))
	}
	return s.sol
}

// abs32 turns a level's node (negative at a forced level) into the node.
func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
