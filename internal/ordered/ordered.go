// Package ordered runs a work function over a sequence of items on several
// goroutines and hands the results on one at a time, in the sequence's
// order, with a bounded number of items in flight: the look-ahead, and with
// it the memory held in results worked but not yet handed on, stays within
// a window however far the workers get ahead of the slowest item.
//
// A Job names the work, the per-worker state, what is done with each result
// (Emit, on one goroutine) and what is done with results that a stop keeps
// from being emitted (Drop). Run feeds it items; an error of the work or of
// Emit, a cancelled context or Emit's ErrStop ends it. Errors are reported
// in order: an item's work error is returned once every item before it has
// been emitted, so items before a failed one always run, items after it may
// be skipped. Handing an item on allocates nothing.
package ordered

import (
	"context"
	"errors"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrStop is returned by Emit to end a run early with no error: the items
// in flight are dropped and Run returns nil.
var ErrStop = errors.New("ordered: stop")

// Job is an ordered parallel map from items In to results Out on workers
// with state S. Work is the only field that must be set.
type Job[In, Out, S any] struct {
	// Workers is the number of goroutines calling Work; 0 or less means
	// one per core (GOMAXPROCS).
	Workers int
	// Ahead is the most items fed and not yet emitted; 0 or less means
	// twice Workers.
	Ahead int
	// NewState returns the state of worker w (0 <= w < Workers), made
	// when the worker starts; nil gives every worker the zero S.
	NewState func(w int) S
	// FreeState, when set, is called with each worker's state when the
	// worker ends.
	FreeState func(s S)
	// Work turns one item into its result, with the worker's own state.
	// ctx is done once the run stops.
	Work func(ctx context.Context, s S, in In) (Out, error)
	// Emit is called with each item and its result in the items' order,
	// on the goroutine that called Run; more reports that a later item has
	// been fed already (a time not to flush output yet). An error ends the
	// run with that error, ErrStop without one. Nil emits nothing.
	Emit func(in In, out Out, more bool) error
	// Drop, when set, is called with the results worked but not emitted
	// because the run stopped (so that what they hold can be freed).
	Drop func(in In, out Out)
}

// Feed passes items to send one by one, in order, and returns when they
// are all passed or send reports false (the run has stopped: Feed then
// returns soon, passing nothing more). Its error ends the run after the
// items fed before it are emitted.
type Feed[In any] func(send func(In) bool) error

// Range feeds the items 0, 1, ..., n-1.
func Range(n int) Feed[int] {
	return func(send func(int) bool) error {
		for i := range n {
			if !send(i) {
				break
			}
		}
		return nil
	}
}

// slot holds one item in flight: the item, then its result.
type slot[In, Out any] struct {
	in      In
	out     Out
	err     error
	skipped bool          // not worked: the run had stopped, or an earlier item failed
	done    chan struct{} // signalled once the worker is done with the slot
}

// none is the failed mark when no item has failed.
const none = math.MaxInt64

// Run feeds the items of feed to the job's workers and emits their results
// in order. It returns the first error in the items' order (an item's work
// error or Emit's error), else feed's error, else ctx's error when ctx
// was done before every item was emitted, else nil. It returns once every
// goroutine it started has ended.
func (j *Job[In, Out, S]) Run(ctx context.Context, feed Feed[In]) error {
	workers := j.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ahead := j.Ahead
	if ahead <= 0 {
		ahead = 2 * workers
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := &run[In, Out, S]{job: j, ctx: ctx, slots: make([]slot[In, Out], ahead),
		window: make(chan struct{}, ahead), todo: make(chan int64, ahead), fedAll: make(chan struct{})}
	r.failed.Store(none)
	for i := range r.slots {
		r.slots[i].done = make(chan struct{}, 1)
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { r.work(w) })
	}
	var feedErr error
	go func() {
		feedErr = feed(r.send)
		close(r.todo)
		close(r.fedAll)
	}()
	stopped, err := r.emit()
	cancel()
	<-r.fedAll
	r.drain()
	wg.Wait()
	switch {
	case errors.Is(err, ErrStop):
		return nil
	case err != nil:
		return err
	case feedErr != nil:
		return feedErr
	case stopped || r.cut.Load():
		return parent.Err()
	}
	return nil
}

// run is the state of one Job.Run.
type run[In, Out, S any] struct {
	job    *Job[In, Out, S]
	ctx    context.Context
	slots  []slot[In, Out]
	window chan struct{} // a token for each item fed and not yet emitted
	todo   chan int64    // the sequence numbers of the items to work
	fedAll chan struct{} // closed once feed has returned
	fed    atomic.Int64  // the items fed
	failed atomic.Int64  // the lowest sequence number whose work failed, or none
	cut    atomic.Bool   // send has refused an item
	next   int64         // the next item to emit (or to drain)
}

// send hands one item on; it reports false once the run has stopped.
func (r *run[In, Out, S]) send(in In) bool {
	select {
	case r.window <- struct{}{}:
	case <-r.ctx.Done():
		r.cut.Store(true)
		return false
	}
	if r.ctx.Err() != nil || r.failed.Load() != none {
		<-r.window
		r.cut.Store(true)
		return false
	}
	seq := r.fed.Load()
	r.slots[seq%int64(len(r.slots))].in = in
	r.fed.Store(seq + 1)
	r.todo <- seq // never blocks: todo holds as many as the window
	return true
}

// work is worker w: it works the items of todo until there are no more.
func (r *run[In, Out, S]) work(w int) {
	j := r.job
	var s S
	if j.NewState != nil {
		s = j.NewState(w)
	}
	if j.FreeState != nil {
		defer j.FreeState(s)
	}
	for seq := range r.todo {
		sl := &r.slots[seq%int64(len(r.slots))]
		sl.skipped = seq > r.failed.Load() || r.ctx.Err() != nil
		if !sl.skipped {
			sl.out, sl.err = j.Work(r.ctx, s, sl.in)
			if sl.err != nil {
				r.fail(seq)
			}
		}
		sl.done <- struct{}{}
	}
}

// fail marks the work of item seq failed.
func (r *run[In, Out, S]) fail(seq int64) {
	for {
		f := r.failed.Load()
		if seq >= f || r.failed.CompareAndSwap(f, seq) {
			return
		}
	}
}

// wait waits for the next item's worker; it reports false when no item
// is left to emit (stopped: ctx was done first).
func (r *run[In, Out, S]) wait() (ok, stopped bool) {
	sl := &r.slots[r.next%int64(len(r.slots))]
	select {
	case <-sl.done:
		return true, false
	case <-r.ctx.Done():
		return false, true
	case <-r.fedAll:
		if r.next >= r.fed.Load() {
			return false, false
		}
		select {
		case <-sl.done:
			return true, false
		case <-r.ctx.Done():
			return false, true
		}
	}
}

// emit emits the results in order until the end, an error (of an item's
// work or of Emit) or a stop (ctx was done).
func (r *run[In, Out, S]) emit() (stopped bool, err error) {
	j := r.job
	for {
		ok, stopped := r.wait()
		if !ok {
			return stopped, nil
		}
		sl := &r.slots[r.next%int64(len(r.slots))]
		r.next++
		if sl.skipped {
			// Items are skipped once ctx is done, or after a failed one,
			// which comes first.
			return true, nil
		}
		if sl.err != nil {
			return false, sl.err
		}
		if j.Emit != nil {
			err = j.Emit(sl.in, sl.out, r.fed.Load() > r.next)
		}
		sl.out, sl.in = *new(Out), *new(In)
		<-r.window
		if err != nil {
			return false, err
		}
	}
}

// drain waits, once the run has stopped and feeding has ended, for the
// items fed and not emitted, dropping their results.
func (r *run[In, Out, S]) drain() {
	j := r.job
	for ; r.next < r.fed.Load(); r.next++ {
		sl := &r.slots[r.next%int64(len(r.slots))]
		<-sl.done
		if !sl.skipped && sl.err == nil && j.Drop != nil {
			j.Drop(sl.in, sl.out)
		}
		sl.out, sl.in = *new(Out), *new(In)
	}
}
