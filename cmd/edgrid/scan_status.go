package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"edgrid/internal/progress"
)

// scanStatus is the progress line edgrid scan keeps on a terminal while it
// answers grids one by one: a grid can take minutes, so the line says how
// many grids are answered and how far the scans in progress are. Every
// method does nothing on a nil *scanStatus (no progress line: standard
// error is not a terminal, or --quiet), but println and writer, which then
// write straight through.
type scanStatus struct {
	line     *progress.Line
	answered atomic.Int64
	nodes    []atomic.Int64 // per worker: the search nodes of its grid, -1 when idle
	w        io.Writer      // where the line is drawn
	mu       sync.Mutex     // guards noted
	noted    bool           // the long-scan note is said
}

// startScanStatus starts the status line of s for the given number of
// workers when s shows progress, and returns nil otherwise.
func startScanStatus(s streams, workers int) *scanStatus {
	if !s.progressOn() {
		return nil
	}
	return newScanStatus(s.err, workers, progressDelay, progress.Period)
}

// newScanStatus starts a status line on w, drawn every period after delay.
func newScanStatus(w io.Writer, workers int, delay, period time.Duration) *scanStatus {
	st := &scanStatus{nodes: make([]atomic.Int64, workers), w: w}
	for i := range st.nodes {
		st.nodes[i].Store(-1)
	}
	st.line = progress.Start(w, delay, period, st.text)
	return st
}

// text is the line's text.
func (st *scanStatus) text(elapsed time.Duration) string {
	busy, nodes := 0, int64(0)
	for i := range st.nodes {
		if n := st.nodes[i].Load(); n >= 0 {
			busy++
			nodes += n
		}
	}
	return fmt.Sprintf("edgrid scan: %d grids answered, %d in progress (%s search nodes so far), %s",
		st.answered.Load(), busy, humanRate(float64(nodes)), elapsed.Round(time.Second))
}

// progress returns the scan.Options.Progress of worker i's grid.
func (st *scanStatus) progress(i int) func(int64) {
	if st == nil {
		return nil
	}
	return func(n int64) { st.nodes[i].Store(n) }
}

// begin and end mark worker i's grid started and answered.
func (st *scanStatus) begin(i int) {
	if st != nil {
		st.nodes[i].Store(0)
	}
}

func (st *scanStatus) end(i int) {
	if st != nil {
		st.nodes[i].Store(-1)
		st.answered.Add(1)
	}
}

// println writes a message line to w, clearing the status line first
// (the next tick draws it again).
func (st *scanStatus) println(w io.Writer, msg string) {
	if st == nil {
		fmt.Fprintln(w, msg)
		return
	}
	st.line.Println(w, msg)
}

// writer is w (standard output) with the status line cleared before each
// write: on a terminal, answers never follow the status line's text.
func (st *scanStatus) writer(w io.Writer) io.Writer {
	if st == nil {
		return w
	}
	return st.line.Writer(w)
}

// noteOnce returns a function that prints the message msg gives under the
// status line, until one is printed, or nil without a status line: a note
// on why a scan is long is said once, on a terminal, and not worked out
// again once said.
func (st *scanStatus) noteOnce() func(msg func() string) {
	if st == nil {
		return nil
	}
	return func(msg func() string) {
		st.mu.Lock()
		defer st.mu.Unlock()
		if st.noted {
			return // said once: not worked out again for each grid
		}
		if m := msg(); m != "" {
			st.noted = true
			st.line.Println(st.w, m)
		}
	}
}

// stop removes the line for good.
func (st *scanStatus) stop() {
	if st != nil {
		st.line.Stop()
	}
}
