package enumerate

import (
	"context"
	"runtime"
	"sync"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/ordered"
)

// Options control the enumeration of a group.
type Options struct {
	// Workers is the number of goroutines searching; 0 means one per core.
	Workers int
	// FirstOnly stops at the first minlex grid; Stats.Grids is then 0 or 1.
	FirstOnly bool
	// Progress, if set, is called from the emitting goroutine after each
	// unit of work (one filling of row 4) with the units done and in all.
	Progress func(done, total int)
	// TaskDone, if set, is called from the emitting goroutine after the
	// grids of each unit of work (one filling of row 4, in ascending order:
	// task 0, 1, ...) were emitted, with that unit's grids and completions
	// checked. Rank tables are built from these.
	TaskDone func(task int, grids, completions int64)
}

// Stats describe one enumeration.
type Stats struct {
	Grids       int64                             // minlex grids emitted
	Autos       [canon.MaxAutomorphisms + 1]int64 // Autos[a] grids with a automorphisms
	Completions int64                             // completions checked with CheckMinlex (candidates)
	Band2Pruned int64                             // finished bands 2 dropped because their form was smaller than band 1's
	Band2Kept   int64                             // finished bands 2 kept: their band 3 searched
	Seconds     float64
}

// Add accumulates o into s.
func (s *Stats) Add(o *Stats) {
	s.Grids += o.Grids
	for i, n := range o.Autos {
		s.Autos[i] += n
	}
	s.Completions += o.Completions
	s.Band2Pruned += o.Band2Pruned
	s.Band2Kept += o.Band2Kept
	s.Seconds += o.Seconds
}

// Histogram returns the automorphism counts that occur, as count -> grids.
func (s *Stats) Histogram() map[int]int64 {
	h := map[int]int64{}
	for a, n := range s.Autos {
		if n > 0 {
			h[a] = n
		}
	}
	return h
}

// Emit receives the minlex grids of a group in ascending order with their
// automorphism counts; the grid is only valid during the call. Returning an
// error stops the enumeration with that error.
type Emit func(g *canon.Grid, autos int) error

// PlacedEmit is an Emit that also receives each grid's Place.
type PlacedEmit func(g *canon.Grid, autos int, p Place) error

// taskResult is the output of one row-4 filling, kept until its turn to be emitted.
type taskResult struct {
	grids  []canon.Grid // none for GroupBatches: Batch.Grids rebuilds them
	autos  []uint16
	base   canon.Grid // GroupBatches: the group's key as a partial grid
	places []Place    // GroupPlaced: one for each grid
	runs   []Run      // GroupBatches: the runs of grids sharing rows 4-6
	rows   []UsedRow7 // and their rows 7
	starts []int32    // GroupRuns: the index of each run's first grid
	stats  Stats
}

// collect says what a task keeps beside its grids and automorphism counts.
type collect int

const (
	collectGrids   collect = iota // nothing more (Group)
	collectPlaces                 // each grid's Place (GroupPlaced)
	collectBatches                // runs and rows 7 (GroupBatches)
	collectRuns                   // grids and where each run starts (GroupRuns)
)

// resultPool recycles task results, so that their buffers, once grown to a
// group's typical task, are not allocated again for every task.
var resultPool = sync.Pool{New: func() any { return new(taskResult) }}

func getResult() *taskResult {
	r := resultPool.Get().(*taskResult)
	r.grids, r.autos, r.places, r.runs, r.rows, r.stats = r.grids[:0], r.autos[:0], r.places[:0], r.runs[:0], r.rows[:0], Stats{}
	r.starts = r.starts[:0]
	return r
}

// Group enumerates the minlex completions of the group with the given key and
// passes them to emit in ascending order, from one goroutine. A key that is
// no group candidate (band.CandidateKeys of a minimal band form) is an
// error; a candidate that is no group has no grids. The work is split
// by the fillings of row 4, searched in parallel and merged back in order.
func Group(ctx context.Context, key band.Key, opt Options, emit Emit) (Stats, error) {
	return groupRun(ctx, key, opt, collectGrids, func(r *taskResult, n int) (int, error) {
		for k := range n {
			if err := emit(&r.grids[k], int(r.autos[k])); err != nil {
				return k, err
			}
		}
		return n, nil
	})
}

// GroupPlaced is Group passing each grid's Place too, which spares a
// storage.Writer finding it again.
func GroupPlaced(ctx context.Context, key band.Key, opt Options, emit PlacedEmit) (Stats, error) {
	return groupRun(ctx, key, opt, collectPlaces, func(r *taskResult, n int) (int, error) {
		for k := range n {
			var p Place
			if k < len(r.places) {
				p = r.places[k].withPrint(&r.grids[k])
			}
			if err := emit(&r.grids[k], int(r.autos[k]), p); err != nil {
				return k, err
			}
		}
		return n, nil
	})
}

// GroupBatches is Group passing the grids a unit of work found (one filling
// of row 4) at once, as a Batch, instead of one by one: a storage.Writer
// takes them so (AddBatch) at a fraction of the cost. Units without grids
// are not passed on. After an error from emit, Stats count the grids of the
// batches before.
func GroupBatches(ctx context.Context, key band.Key, opt Options, emit func(b Batch) error) (Stats, error) {
	return groupRun(ctx, key, opt, collectBatches, func(r *taskResult, n int) (int, error) {
		if err := emit(Batch{r: r, n: n}); err != nil {
			return 0, err
		}
		return n, nil
	})
}

// GroupRuns is Group passing the grids that share rows 4-6 (a run, as the
// search finds them together) at once, with their automorphism counts,
// without copying them again: a consumer that works run by run (a query)
// is spared gathering them. The runs come in ascending order, none empty;
// the slices are valid only during the call. After an error from emit,
// Stats count the grids of the runs before.
func GroupRuns(ctx context.Context, key band.Key, opt Options, emit func(grids []canon.Grid, autos []uint16) error) (Stats, error) {
	return groupRun(ctx, key, opt, collectRuns, func(r *taskResult, n int) (int, error) {
		for j, a := range r.starts {
			b := len(r.grids)
			if j+1 < len(r.starts) {
				b = int(r.starts[j+1])
			}
			a, b := int(a), min(b, n)
			if a >= b {
				break
			}
			if err := emit(r.grids[a:b], r.autos[a:b]); err != nil {
				return a, err
			}
		}
		return n, nil
	})
}

// groupRun enumerates a group and passes each unit's first n grids (all of
// them, or one with opt.FirstOnly; n > 0) to emit, in order, from one
// goroutine; emit returns how many it passed on before an error. What each
// task keeps beside its grids is what c says.
func groupRun(ctx context.Context, key band.Key, opt Options, c collect, emit func(r *taskResult, n int) (int, error)) (Stats, error) {
	if err := checkKey(key); err != nil {
		return Stats{}, err
	}
	start := time.Now()
	canon.Prepare()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	tasks := newBitSearch(key).row4s()
	if opt.FirstOnly {
		workers = 1
	}
	var total Stats
	var emitErr error
	// The look-ahead window (twice the workers) bounds the tasks searched
	// ahead of the one being emitted, and with it the memory held in
	// finished but unemitted results.
	job := ordered.Job[int, *taskResult, taskRunner]{
		Workers:  workers,
		NewState: func(int) taskRunner { return newTaskRunner(key, opt, c) },
		Work: func(ctx context.Context, run taskRunner, i int) (*taskResult, error) {
			return run(ctx, &tasks[i])
		},
		Emit: func(i int, r *taskResult, _ bool) error {
			before := total.Grids
			total.Completions += r.stats.Completions
			total.Band2Pruned += r.stats.Band2Pruned
			total.Band2Kept += r.stats.Band2Kept
			n := len(r.autos)
			if opt.FirstOnly {
				n = min(n, 1)
			}
			if n > 0 {
				var done int
				done, emitErr = emit(r, n)
				total.Grids += int64(done)
				for _, a := range r.autos[:done] {
					total.Autos[a]++
				}
			}
			if opt.TaskDone != nil && emitErr == nil && !opt.FirstOnly {
				opt.TaskDone(i, total.Grids-before, r.stats.Completions)
			}
			resultPool.Put(r)
			if opt.Progress != nil {
				opt.Progress(i+1, len(tasks))
			}
			if emitErr != nil || (opt.FirstOnly && total.Grids > 0) {
				return ordered.ErrStop
			}
			return nil
		},
	}
	err := job.Run(ctx, ordered.Range(len(tasks)))
	total.Seconds = time.Since(start).Seconds()
	switch {
	case emitErr != nil:
		return total, emitErr
	case ctx.Err() != nil:
		return total, ctx.Err()
	case opt.FirstOnly && total.Grids > 0:
		return total, nil
	case err != nil && err != context.Canceled:
		return total, err
	}
	return total, nil
}

// taskRunner searches one row-4 task until ctx is done.
type taskRunner func(ctx context.Context, r4 *[8]uint8) (*taskResult, error)

// newTaskRunner returns a function that searches one row-4 task, keeping
// what c says; each worker has its own.
func newTaskRunner(key band.Key, opt Options, c collect) taskRunner {
	s := newBitSearch(key)
	s.firstOnly = opt.FirstOnly
	base := key.Partial()
	return func(ctx context.Context, r4 *[8]uint8) (*taskResult, error) {
		s.ctx = ctx
		r := getResult()
		kept := int64(-1)
		switch c {
		case collectGrids:
			s.emit = func(g *canon.Grid, autos int) error {
				r.grids = append(r.grids, *g)
				r.autos = append(r.autos, uint16(autos))
				return nil
			}
		case collectPlaces:
			s.emit = func(g *canon.Grid, autos int) error {
				r.grids = append(r.grids, *g)
				r.autos = append(r.autos, uint16(autos))
				r.places = append(r.places, s.curPlace())
				return nil
			}
		case collectRuns:
			s.emit = func(g *canon.Grid, autos int) error {
				if s.band2Kept != kept {
					kept = s.band2Kept
					r.starts = append(r.starts, int32(len(r.grids)))
				}
				r.grids = append(r.grids, *g)
				r.autos = append(r.autos, uint16(autos))
				return nil
			}
		case collectBatches:
			r.base = base
			s.usedRows = r.rows
			s.emit = func(g *canon.Grid, autos int) error {
				if s.band2Kept != kept {
					// The first grid of this band 2: a run starts.
					kept = s.band2Kept
					r.runs = append(r.runs, Run{Start: int32(len(r.autos)), Row: int32(len(s.usedRows)),
						Rows456: [27]uint8(g[27:54]), Cands: s.cands})
				}
				// The grid is not copied: Batch.Grid rebuilds it from its
				// run and row 7 if asked.
				r.autos = append(r.autos, uint16(autos))
				s.markUsed()
				return nil
			}
		}
		c0, p0, k0 := s.completions, s.band2Pruned, s.band2Kept
		s.run(r4)
		if c == collectBatches {
			r.rows, s.usedRows = s.usedRows, nil
		}
		r.stats.Completions = s.completions - c0
		r.stats.Band2Pruned = s.band2Pruned - p0
		r.stats.Band2Kept = s.band2Kept - k0
		return r, s.stopErr
	}
}
