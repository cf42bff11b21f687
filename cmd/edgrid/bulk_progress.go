package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// bulkProgress shows the phase of bulk answering and the inputs it has
// done on standard error when that is a terminal, from a ticker goroutine
// reading atomic counters; elsewhere it shows nothing.
type bulkProgress struct {
	w     io.Writer // nil: not a terminal
	done  atomic.Int64
	total atomic.Int64 // -1: unknown
	name  atomic.Pointer[string]
	quit  chan struct{}
	wg    sync.WaitGroup
}

// newBulkProgress starts showing progress on w if it is a terminal.
func newBulkProgress(w io.Writer) *bulkProgress {
	p := &bulkProgress{quit: make(chan struct{})}
	p.phase("reading", -1)
	if !isTerminal(w) {
		return p
	}
	p.w = w
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				p.show()
			case <-p.quit:
				p.show()
				fmt.Fprintln(p.w)
				return
			}
		}
	}()
	return p
}

// phase starts a phase of total inputs (-1: not known yet).
func (p *bulkProgress) phase(name string, total int64) {
	p.name.Store(&name)
	p.total.Store(total)
	p.done.Store(0)
}

// add counts n inputs done in the current phase.
func (p *bulkProgress) add(n int64) { p.done.Add(n) }

func (p *bulkProgress) show() {
	d, t := p.done.Load(), p.total.Load()
	if t > 0 {
		fmt.Fprintf(p.w, "\r%s: %d of %d inputs (%.1f%%)   ", *p.name.Load(), d, t, 100*float64(d)/float64(t))
		return
	}
	fmt.Fprintf(p.w, "\r%s: %d inputs   ", *p.name.Load(), d)
}

// stop ends the display.
func (p *bulkProgress) stop() {
	if p.w != nil {
		close(p.quit)
		p.wg.Wait()
	}
}
