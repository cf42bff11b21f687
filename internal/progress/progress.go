// Package progress draws the one progress line that edgrid's long commands
// keep on a terminal: a ticker goroutine reads counters the work updates
// atomically and draws the line anew, and every other write to the terminal
// (a message, an answer) goes through the line, which clears itself first,
// so that progress never mixes with what the command prints.
package progress

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Period is how often the line is drawn, and Delay how long a command runs
// before it is first drawn: a command done sooner shows none.
const (
	Period = 500 * time.Millisecond
	Delay  = time.Second
)

// clearLine returns to the start of the line and erases it.
const clearLine = "\r\033[K"

// Line is a progress line on a terminal. Every method does nothing on a
// nil *Line (no terminal, or progress turned off), but Println and Write,
// which then write straight through.
type Line struct {
	w     io.Writer
	text  func(elapsed time.Duration) string
	start time.Time

	mu    sync.Mutex // the terminal: drawn by the ticker, cleared for other writes
	shown bool
	quit  chan struct{}
	ended chan struct{}
	once  sync.Once // Stop's
}

// Start draws the line text returns on w every period, the first time
// after delay (a delay of 0 or less: at once, before Start returns), until
// Stop; text is called with the time since Start.
func Start(w io.Writer, delay, period time.Duration, text func(elapsed time.Duration) string) *Line {
	l := &Line{w: w, text: text, start: time.Now(), quit: make(chan struct{}), ended: make(chan struct{})}
	if delay <= 0 {
		l.Draw()
		delay = period
	}
	go l.run(delay, period)
	return l
}

func (l *Line) run(delay, period time.Duration) {
	defer close(l.ended)
	wait := time.NewTimer(delay)
	defer wait.Stop()
	select {
	case <-wait.C:
	case <-l.quit:
		return
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		l.Draw()
		select {
		case <-tick.C:
		case <-l.quit:
			return
		}
	}
}

// Draw draws the line now.
func (l *Line) Draw() {
	if l == nil {
		return
	}
	s := l.text(time.Since(l.start))
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprint(l.w, clearLine+s)
	l.shown = true
}

// clear erases the line; l.mu is held.
func (l *Line) clear() {
	if l.shown {
		fmt.Fprint(l.w, clearLine)
		l.shown = false
	}
}

// Println writes the line msg to w (standard error, say), erasing the
// progress line first; the next tick draws it again.
func (l *Line) Println(w io.Writer, msg string) {
	if l == nil {
		fmt.Fprintln(w, msg)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
	fmt.Fprintln(w, msg)
}

// Write writes p to w (standard output, say), erasing the progress line
// first: answers printed on the terminal the line is on start at the start
// of a line of their own.
func (l *Line) Write(w io.Writer, p []byte) (int, error) {
	if l == nil {
		return w.Write(p)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
	return w.Write(p)
}

// Stop ends the line and erases it; a second Stop does nothing.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	l.once.Do(func() {
		close(l.quit)
		<-l.ended
		l.mu.Lock()
		l.clear()
		l.mu.Unlock()
	})
}

// Writer is w with every write going through l's Write.
func (l *Line) Writer(w io.Writer) io.Writer {
	if l == nil {
		return w
	}
	return lineWriter{l, w}
}

type lineWriter struct {
	l *Line
	w io.Writer
}

func (lw lineWriter) Write(p []byte) (int, error) { return lw.l.Write(lw.w, p) }

// Counter counts work done out of a total, for a line's text; its methods
// may be called from any goroutine.
type Counter struct {
	done, total atomic.Int64
}

// Add counts n more done.
func (c *Counter) Add(n int64) { c.done.Add(n) }

// SetTotal sets the total; 0 or less: not known.
func (c *Counter) SetTotal(n int64) { c.total.Store(n) }

// Done is the work counted so far.
func (c *Counter) Done() int64 { return c.done.Load() }

// Total is the total set, or 0.
func (c *Counter) Total() int64 { return max(0, c.total.Load()) }

// Text returns a line's text function: "<what>: 1,234 of 5,678 <unit>
// (21.7%), 7s", or without " of ..." while the total is not known.
func (c *Counter) Text(what, unit string) func(time.Duration) string {
	return func(elapsed time.Duration) string {
		d, t := c.done.Load(), c.total.Load()
		el := elapsed.Round(time.Second)
		if t > 0 {
			return fmt.Sprintf("%s: %s of %s %s (%.1f%%), %s", what, Group(d), Group(t), unit, 100*float64(d)/float64(t), el)
		}
		return fmt.Sprintf("%s: %s %s, %s", what, Group(d), unit, el)
	}
}

// Group writes n in decimal with a comma between groups of three digits.
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}
