package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// scanStatus is the status line edgrid scan keeps on a terminal while it
// answers grids one by one: a grid can take minutes, so the line says how
// many grids are answered and how far the scans in progress are. Every
// method does nothing on a nil *scanStatus (standard error is not a
// terminal).
type scanStatus struct {
	w        io.Writer
	start    time.Time
	answered atomic.Int64
	nodes    []atomic.Int64 // per worker: the search nodes of its grid, -1 when idle

	mu      sync.Mutex // the line: drawn by the ticker, cleared for messages
	shown   bool
	done    chan struct{}
	stopped chan struct{}
}

// startScanStatus starts the status line on w for the given number of
// workers when w is a terminal, and returns nil otherwise.
func startScanStatus(w io.Writer, workers int) *scanStatus {
	if !isTerminal(w) {
		return nil
	}
	return newScanStatus(w, workers, 500*time.Millisecond)
}

// newScanStatus starts a status line on w, drawn every period.
func newScanStatus(w io.Writer, workers int, period time.Duration) *scanStatus {
	st := &scanStatus{w: w, start: time.Now(), nodes: make([]atomic.Int64, workers),
		done: make(chan struct{}), stopped: make(chan struct{})}
	for i := range st.nodes {
		st.nodes[i].Store(-1)
	}
	go st.run(period)
	return st
}

func (st *scanStatus) run(period time.Duration) {
	defer close(st.stopped)
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			st.draw()
		case <-st.done:
			return
		}
	}
}

// draw writes the line anew.
func (st *scanStatus) draw() {
	busy, nodes := 0, int64(0)
	for i := range st.nodes {
		if n := st.nodes[i].Load(); n >= 0 {
			busy++
			nodes += n
		}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	fmt.Fprintf(st.w, "\r\033[Kedgrid scan: %d grids answered, %d in progress (%s search nodes so far), %s",
		st.answered.Load(), busy, humanRate(float64(nodes)), time.Since(st.start).Round(time.Second))
	st.shown = true
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
	st.mu.Lock()
	defer st.mu.Unlock()
	st.clear()
	fmt.Fprintln(w, msg)
}

// clear removes the line; st.mu is held.
func (st *scanStatus) clear() {
	if st.shown {
		fmt.Fprint(st.w, "\r\033[K")
		st.shown = false
	}
}

// stop removes the line for good.
func (st *scanStatus) stop() {
	if st == nil {
		return
	}
	close(st.done)
	<-st.stopped
	st.mu.Lock()
	st.clear()
	st.mu.Unlock()
}
