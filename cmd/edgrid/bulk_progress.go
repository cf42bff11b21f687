package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// bulkProgress shows the phase of bulk answering and the inputs it has
// done on standard error when that is a terminal, from a ticker goroutine
// reading atomic counters; elsewhere it shows nothing. Messages written
// meanwhile go through println, which clears the progress line first and
// draws it again after.
type bulkProgress struct {
	w     io.Writer
	tty   bool
	done  atomic.Int64
	total atomic.Int64 // -1: unknown
	name  atomic.Pointer[string]
	quit  chan struct{}
	wg    sync.WaitGroup

	mu    sync.Mutex // w
	shown string     // the progress line on the terminal, or ""
}

// bulkTerminal reports whether progress is shown on w (a variable for the
// tests).
var bulkTerminal = isTerminal

// newBulkProgress starts showing progress on w if it is a terminal and
// quiet (--quiet) is false.
func newBulkProgress(w io.Writer, quiet bool) *bulkProgress {
	p := &bulkProgress{w: w, quit: make(chan struct{})}
	p.phase("reading", -1)
	if quiet || !bulkTerminal(w) {
		return p
	}
	p.tty = true
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
				p.mu.Lock()
				fmt.Fprintln(p.w)
				p.shown = ""
				p.mu.Unlock()
				return
			}
		}
	}()
	return p
}

// phase starts a phase of total inputs (-1: not known yet), shown at once.
func (p *bulkProgress) phase(name string, total int64) {
	p.name.Store(&name)
	p.total.Store(total)
	p.done.Store(0)
	if p.tty {
		p.show()
	}
}

// add counts n inputs done in the current phase.
func (p *bulkProgress) add(n int64) { p.done.Add(n) }

// show draws the progress line over the one shown before.
func (p *bulkProgress) show() {
	d, t := p.done.Load(), p.total.Load()
	var line string
	if t > 0 {
		line = fmt.Sprintf("%s: %d of %d inputs (%.1f%%)", *p.name.Load(), d, t, 100*float64(d)/float64(t))
	} else {
		line = fmt.Sprintf("%s: %d inputs", *p.name.Load(), d)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pad := max(0, len(p.shown)-len(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	if pad > 0 {
		fmt.Fprintf(p.w, "\r%s", line)
	}
	p.shown = line
}

// println writes a message line: on a terminal, the progress line is
// cleared first and drawn again after it.
func (p *bulkProgress) println(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown == "" {
		fmt.Fprintln(p.w, msg)
		return
	}
	fmt.Fprintf(p.w, "\r%s\r%s\n%s", strings.Repeat(" ", len(p.shown)), msg, p.shown)
}

// stop ends the display.
func (p *bulkProgress) stop() {
	if p.tty {
		close(p.quit)
		p.wg.Wait()
	}
}
