package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"edgrid/internal/progress"
)

// bulkProgress shows the phase of bulk answering and the inputs it has
// done on standard error when that is a terminal and --quiet was not
// given, through the progress line of internal/progress; elsewhere it shows
// nothing. Messages written meanwhile go through println, which clears the
// progress line first.
type bulkProgress struct {
	w     io.Writer
	line  *progress.Line // nil: no terminal
	done  atomic.Int64
	total atomic.Int64 // -1: unknown
	name  atomic.Pointer[string]
}

// bulkTerminal reports whether progress is shown on w (a variable for the
// tests).
var bulkTerminal = isTerminal

// newBulkProgress starts showing progress on w if it is a terminal and
// quiet (--quiet) is false.
func newBulkProgress(w io.Writer, quiet bool) *bulkProgress {
	p := &bulkProgress{w: w}
	p.Phase("reading", -1)
	if quiet || !bulkTerminal(w) {
		return p
	}
	p.line = progress.Start(w, progress.Period, progress.Period, p.text)
	return p
}

// Phase starts a phase of total inputs (-1: not known yet), shown at once.
func (p *bulkProgress) Phase(name string, total int64) {
	p.name.Store(&name)
	p.total.Store(total)
	p.done.Store(0)
	p.line.Draw()
}

// Add counts n inputs done in the current phase.
func (p *bulkProgress) Add(n int64) { p.done.Add(n) }

// text is the progress line's text.
func (p *bulkProgress) text(time.Duration) string {
	d, t := p.done.Load(), p.total.Load()
	if t > 0 {
		return fmt.Sprintf("%s: %d of %d inputs (%.1f%%)", *p.name.Load(), d, t, 100*float64(d)/float64(t))
	}
	return fmt.Sprintf("%s: %d inputs", *p.name.Load(), d)
}

// show draws the progress line now.
func (p *bulkProgress) show() { p.line.Draw() }

// println writes a message line, on a terminal with the progress line
// cleared first (the next tick draws it again).
func (p *bulkProgress) println(msg string) { p.line.Println(p.w, msg) }

// stop ends the display and clears the line.
func (p *bulkProgress) stop() { p.line.Stop() }
