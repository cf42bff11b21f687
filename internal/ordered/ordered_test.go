package ordered

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// square is a job whose work sleeps a random few microseconds, so that
// the workers finish out of order.
func square(workers, ahead int, emit func(in, out int, more bool) error) *Job[int, int, *rand.Rand] {
	return &Job[int, int, *rand.Rand]{
		Workers:  workers,
		Ahead:    ahead,
		NewState: func(w int) *rand.Rand { return rand.New(rand.NewPCG(uint64(w), 7)) },
		Work: func(_ context.Context, r *rand.Rand, in int) (int, error) {
			time.Sleep(time.Duration(r.IntN(50)) * time.Microsecond)
			return in * in, nil
		},
		Emit: emit,
	}
}

func TestOrderUnderRandomDelays(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		for _, ahead := range []int{0, 1, 3, 64} {
			const n = 500
			next := 0
			job := square(workers, ahead, func(in, out int, _ bool) error {
				if in != next || out != in*in {
					t.Fatalf("workers %d ahead %d: got item %d (%d); want %d", workers, ahead, in, out, next)
				}
				next++
				return nil
			})
			if err := job.Run(context.Background(), Range(n)); err != nil {
				t.Fatal(err)
			}
			if next != n {
				t.Fatalf("workers %d ahead %d: %d items emitted; want %d", workers, ahead, next, n)
			}
		}
	}
}

// The items fed and not yet emitted never exceed Ahead, nor do the items
// being worked exceed Workers.
func TestBoundedInFlight(t *testing.T) {
	for _, c := range []struct{ workers, ahead int }{{1, 1}, {2, 3}, {4, 4}, {3, 0}} {
		var fed, emitted, working, maxWorking atomic.Int64
		limit := int64(c.ahead)
		if limit <= 0 {
			limit = int64(2 * c.workers)
		}
		job := &Job[int, int, struct{}]{
			Workers: c.workers,
			Ahead:   c.ahead,
			Work: func(_ context.Context, _ struct{}, in int) (int, error) {
				w := working.Add(1)
				for {
					m := maxWorking.Load()
					if w <= m || maxWorking.CompareAndSwap(m, w) {
						break
					}
				}
				time.Sleep(time.Duration(in%7) * 10 * time.Microsecond)
				working.Add(-1)
				return in, nil
			},
			Emit: func(in, _ int, _ bool) error {
				if f := fed.Load() - emitted.Load(); f > limit {
					t.Errorf("workers %d ahead %d: %d items in flight", c.workers, c.ahead, f)
				}
				if in%5 == 0 {
					time.Sleep(100 * time.Microsecond) // a slow consumer: the workers get ahead
				}
				emitted.Add(1)
				return nil
			},
		}
		err := job.Run(context.Background(), func(send func(int) bool) error {
			for i := range 300 {
				if !send(i) {
					return nil
				}
				fed.Add(1)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if m := maxWorking.Load(); m > int64(c.workers) {
			t.Errorf("workers %d: %d items worked at once", c.workers, m)
		}
	}
}

// In flight is checked exactly: with a consumer that blocks, the feed can
// hand on Ahead items and no more.
func TestFeedBlocksAtWindow(t *testing.T) {
	release := make(chan struct{})
	var sent atomic.Int64
	job := &Job[int, int, struct{}]{
		Workers: 2,
		Ahead:   5,
		Work:    func(_ context.Context, _ struct{}, in int) (int, error) { return in, nil },
		Emit: func(in, _ int, _ bool) error {
			if in == 0 {
				<-release
			}
			return nil
		},
	}
	done := make(chan error)
	go func() {
		done <- job.Run(context.Background(), func(send func(int) bool) error {
			for i := range 20 {
				if !send(i) {
					return nil
				}
				sent.Add(1)
			}
			return nil
		})
	}()
	deadline := time.Now().Add(5 * time.Second)
	for sent.Load() < 5 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	if n := sent.Load(); n != 5 {
		t.Errorf("%d items sent while the first is being emitted; want the window, 5", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// An item's work error is returned once every item before it is emitted;
// with several failures, the lowest one's.
func TestWorkErrorInOrder(t *testing.T) {
	bad := map[int]bool{900: true, 400: true, 777: true}
	for _, workers := range []int{1, 2, 5} {
		var emitted []int
		var worked sync.Map
		job := &Job[int, int, struct{}]{
			Workers: workers,
			Work: func(_ context.Context, _ struct{}, in int) (int, error) {
				worked.Store(in, true)
				if bad[in] {
					return 0, &itemError{in}
				}
				return in, nil
			},
			Emit: func(in, _ int, _ bool) error { emitted = append(emitted, in); return nil },
		}
		err := job.Run(context.Background(), Range(1000))
		var ie *itemError
		if !errors.As(err, &ie) || ie.n != 400 {
			t.Fatalf("workers %d: got %v; want item 400's error", workers, err)
		}
		if len(emitted) != 400 {
			t.Fatalf("workers %d: %d items emitted; want the 400 before the failure", workers, len(emitted))
		}
		for i, in := range emitted {
			if in != i {
				t.Fatalf("workers %d: item %d emitted at %d", workers, in, i)
			}
		}
	}
}

type itemError struct{ n int }

func (e *itemError) Error() string { return "bad item" }

// Emit's error ends the run with it; the results worked and not emitted
// are dropped, each once, and every goroutine has ended.
func TestEmitErrorDrops(t *testing.T) {
	before := runtime.NumGoroutine()
	boom := errors.New("boom")
	var dropped []int
	var mu sync.Mutex
	emitted := 0
	job := &Job[int, int, struct{}]{
		Workers: 3,
		Ahead:   6,
		Work:    func(_ context.Context, _ struct{}, in int) (int, error) { return in, nil },
		Emit: func(in, _ int, _ bool) error {
			emitted++
			if in == 10 {
				return boom
			}
			return nil
		},
		Drop: func(in, _ int) { mu.Lock(); dropped = append(dropped, in); mu.Unlock() },
	}
	if err := job.Run(context.Background(), Range(1000)); err != boom {
		t.Fatalf("got %v; want Emit's error", err)
	}
	if emitted != 11 {
		t.Errorf("%d emitted; want 11", emitted)
	}
	seen := map[int]bool{}
	for _, d := range dropped {
		if d <= 10 || seen[d] || d > 10+6 {
			t.Errorf("dropped item %d (after emitting 0..10, window 6)", d)
		}
		seen[d] = true
	}
	waitGoroutines(t, before)
}

func TestErrStopEndsCleanly(t *testing.T) {
	n := 0
	job := square(2, 0, func(in, _ int, _ bool) error {
		n++
		if in == 3 {
			return ErrStop
		}
		return nil
	})
	if err := job.Run(context.Background(), Range(100)); err != nil {
		t.Fatalf("got %v; want nil", err)
	}
	if n != 4 {
		t.Errorf("%d emitted; want 4", n)
	}
}

// Cancelling the context stops the feed and the emitting; Run returns the
// context's error and waits for its goroutines.
func TestCancellation(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	var stateFreed atomic.Int64
	job := &Job[int, int, struct{}]{
		Workers:   4,
		FreeState: func(struct{}) { stateFreed.Add(1) },
		Work: func(ctx context.Context, _ struct{}, in int) (int, error) {
			if in == 50 {
				cancel()
			}
			select {
			case <-ctx.Done():
				return 0, ctx.Err()
			case <-time.After(10 * time.Microsecond):
			}
			return in, nil
		},
		Emit: func(in, _ int, _ bool) error {
			if in >= 50+8 {
				t.Errorf("item %d emitted after the cancellation at 50", in)
			}
			return nil
		},
	}
	fedAll := false
	err := job.Run(ctx, func(send func(int) bool) error {
		for i := range 1_000_000 {
			if !send(i) {
				return nil
			}
		}
		fedAll = true
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v; want context.Canceled", err)
	}
	if fedAll {
		t.Error("the feed was not stopped")
	}
	if stateFreed.Load() != 4 {
		t.Errorf("%d states freed; want 4", stateFreed.Load())
	}
	waitGoroutines(t, before)
}

// A context done before the run feeds nothing.
func TestCancelledBefore(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	job := square(2, 0, func(in, _ int, _ bool) error { t.Errorf("item %d emitted", in); return nil })
	if err := job.Run(ctx, Range(10)); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v; want context.Canceled", err)
	}
}

// The feed's error comes after the items fed before it.
func TestFeedError(t *testing.T) {
	bad := errors.New("unreadable")
	n := 0
	job := square(3, 0, func(in, _ int, _ bool) error { n++; return nil })
	err := job.Run(context.Background(), func(send func(int) bool) error {
		for i := range 25 {
			send(i)
		}
		return bad
	})
	if err != bad || n != 25 {
		t.Fatalf("got %v after %d items; want the feed's error after 25", err, n)
	}
}

// more is false for the last item, and whenever the feed waits.
func TestMore(t *testing.T) {
	gate := make(chan struct{})
	var mores []bool
	job := &Job[int, int, struct{}]{
		Workers: 2,
		Work:    func(_ context.Context, _ struct{}, in int) (int, error) { return in, nil },
		Emit: func(in, _ int, more bool) error {
			mores = append(mores, more)
			if in == 0 {
				close(gate)
			}
			return nil
		},
	}
	err := job.Run(context.Background(), func(send func(int) bool) error {
		send(0)
		<-gate // item 0 is emitted with nothing after it
		send(1)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(mores) != 2 || mores[0] || mores[1] {
		t.Errorf("more: got %v; want [false false]", mores)
	}
}

// Each worker has its own state, made once with its index.
func TestStatePerWorker(t *testing.T) {
	const workers = 4
	var made [workers]atomic.Int64
	job := &Job[int, int, *int]{
		Workers:  workers,
		NewState: func(w int) *int { made[w].Add(1); return new(int) },
		Work: func(_ context.Context, s *int, in int) (int, error) {
			*s++ // racy if two workers shared a state (go test -race)
			return in, nil
		},
	}
	if err := job.Run(context.Background(), Range(1000)); err != nil {
		t.Fatal(err)
	}
	for w := range workers {
		if made[w].Load() != 1 {
			t.Errorf("worker %d: %d states made; want 1", w, made[w].Load())
		}
	}
}

func TestEmptyFeed(t *testing.T) {
	job := square(2, 0, func(in, _ int, _ bool) error { t.Errorf("item %d emitted", in); return nil })
	if err := job.Run(context.Background(), Range(0)); err != nil {
		t.Fatal(err)
	}
}

// Handing an item on allocates nothing: a run of many items allocates
// what a run of a few does.
func TestNoAllocationPerItem(t *testing.T) {
	job := &Job[int, int, struct{}]{
		Workers: 2,
		Work:    func(_ context.Context, _ struct{}, in int) (int, error) { return in, nil },
		Emit:    func(int, int, bool) error { return nil },
	}
	ctx := context.Background()
	few := testing.AllocsPerRun(20, func() { job.Run(ctx, Range(10)) })
	many := testing.AllocsPerRun(20, func() { job.Run(ctx, Range(10_000)) })
	if many > few+2 {
		t.Errorf("%v allocations for 10,000 items, %v for 10", many, few)
	}
}

// waitGoroutines fails unless the goroutines are back to n soon.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > n && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > n {
		t.Errorf("%d goroutines left running; want %d", g, n)
	}
}
