package serve

import (
	"context"
)

// pool bounds the expensive work: at most cap(run) calls compute at once
// and at most cap(admit) are admitted (running or waiting for a place), so
// that a flood of expensive requests is refused at once with 429 rather
// than queued without bound, and the cheap calls, which never enter the
// pool, keep their cores and their latency.
type pool struct {
	admit chan struct{} // a token per admitted call
	run   chan struct{} // a token per running call
	m     *metrics      // nil in tests that do not look
}

// newPool returns a pool of workers running calls and queue waiting ones.
func newPool(workers, queue int, m *metrics) *pool {
	return &pool{admit: make(chan struct{}, workers+queue), run: make(chan struct{}, workers), m: m}
}

// acquire takes a place to run in, waiting while all workers are busy; it
// fails with errQueueFull when the queue is full too, and with ctx's error
// when ctx ends first. A nil error must be followed by release.
func (p *pool) acquire(ctx context.Context) error {
	select {
	case p.admit <- struct{}{}:
	default:
		if p.m != nil {
			p.m.rejected.Inc()
		}
		return errQueueFull
	}
	if p.m != nil {
		p.m.queued.Inc()
	}
	select {
	case p.run <- struct{}{}:
		if p.m != nil {
			p.m.queued.Dec()
			p.m.working.Inc()
		}
		return nil
	case <-ctx.Done():
		<-p.admit
		if p.m != nil {
			p.m.queued.Dec()
		}
		return ctx.Err()
	}
}

// release gives back the place acquire took.
func (p *pool) release() {
	<-p.run
	<-p.admit
	if p.m != nil {
		p.m.working.Dec()
	}
}
