package generate

import (
	"context"
	"runtime"
	"sync"

	"edgrid/rank"
)

// chunk is how many consecutive top-down units a worker makes at a time;
// a controlled-bias unit (a grid's attempts) is a chunk of its own.
const chunk = 16

// Run makes the puzzles of units 0, 1, 2, ... under opt on workers
// goroutines (0: one per core) and calls emit with each in index order,
// so that the output does not depend on workers (a unit's error comes
// after the puzzles of the units before it), until emit returns
// false or an error (returned). The ranker is shared by the workers (nil:
// one is made). A cancelled ctx stops the run with ctx.Err().
func Run(ctx context.Context, opt Options, ranker *rank.Ranker, workers int, emit func(p *Puzzle) (bool, error)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if ranker == nil && opt.Over != OverBacktrack {
		var err error
		if ranker, err = rank.New(nil, nil); err != nil {
			return err
		}
	}
	gens := make([]*Generator, workers)
	for i := range gens {
		var err error
		if gens[i], err = New(opt, ranker); err != nil {
			return err
		}
	}
	size := uint64(chunk)
	if opt.Method == ControlledBias {
		size = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		k   uint64 // the chunk: units k*size ..
		ps  []Puzzle
		err error
	}
	jobs := make(chan uint64)
	results := make(chan result, 2*workers)
	window := make(chan struct{}, 2*workers) // chunks handed out and not yet emitted
	var wg sync.WaitGroup
	for _, g := range gens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				r := result{k: k}
				for i := k * size; i < (k+1)*size && r.err == nil; i++ {
					r.ps, r.err = g.Unit(ctx, i, r.ps)
				}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := uint64(0); ; k++ {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer wg.Wait()
	defer cancel()

	// At the top of the loop the chunks below next are emitted and
	// pending holds the ones done above it. A chunk's error comes after
	// its puzzles, where a lone worker would meet it.
	pending := map[uint64]result{}
	var next uint64
	for {
		select {
		case r := <-results:
			pending[r.k] = r
		case <-ctx.Done():
			return ctx.Err()
		}
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			for i := range r.ps {
				more, err := emit(&r.ps[i])
				if err != nil || !more {
					return err
				}
			}
			if r.err != nil {
				return r.err
			}
			next++
			<-window
		}
	}
}
