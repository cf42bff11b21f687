package lines

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"edgrid/cells"
)

// batchOrErr is what the reading goroutine hands on.
type batchOrErr struct {
	lines []Input
	mem   *batchMem // the memory lines live in, when it may be recycled
	err   error
}

// inputBatches yields the inputs of args, or else of in, in batches on the
// returned channel, which holds at most depth of them: the input read ahead
// is bounded. An argument that names a file, or "-" for in, is read as a
// file of lines (argSource). Reading stops when stop is closed; a read
// blocked on in is left behind (a signal cannot interrupt it), so the
// caller does not wait for it.
func inputBatches(args []string, in io.Reader, cells bool, depth int, stop <-chan struct{}) <-chan batchOrErr {
	ch := make(chan batchOrErr, depth)
	go func() {
		defer close(ch)
		send := func(b batchOrErr) bool {
			select {
			case ch <- b:
				return true
			case <-stop:
				return false
			}
		}
		if len(args) == 0 {
			readLines(newLineReader(in, cells), send)
			return
		}
		for i := 0; i < len(args); {
			name := ArgFile(args[i], cells)
			if name == "" {
				j := i + 1
				for j < len(args) && ArgFile(args[j], cells) == "" {
					j++
				}
				b := Args(args[i:j], cells)
				for k := range b {
					b[k].Num += i
				}
				if !send(batchOrErr{lines: b}) {
					return
				}
				i = j
				continue
			}
			var r io.Reader = in
			if name != "-" {
				f, err := os.Open(name)
				if err != nil {
					if !send(batchOrErr{lines: []Input{{Num: i + 1, Arg: true, Err: fmt.Errorf("%q names a file that cannot be read: %w", name, err)}}}) {
						return
					}
					i++
					continue
				}
				r = f
			}
			lr := newLineReader(r, cells)
			lr.file = name
			more := readLines(lr, send)
			if f, ok := r.(*os.File); ok && name != "-" {
				f.Close()
			}
			if !more {
				return
			}
			i++
		}
	}()
	return ch
}

// readLines sends the batches of lr; it reports whether the reading may go
// on (stop was not closed and lr could be read).
func readLines(lr *lineReader, send func(batchOrErr) bool) bool {
	for {
		b, _, err := lr.next()
		if err != nil {
			send(batchOrErr{err: err})
			return false
		}
		if b == nil {
			return true
		}
		if !send(batchOrErr{lines: b, mem: lr.last}) {
			return false
		}
	}
}

// ArgFile returns the file of lines that argument a names, "-" for
// standard input, or "" when a is an input itself: "-", or the name of an
// existing file or pipe that is not an input as written (81 cells for
// grids and puzzles, a number of digits otherwise), is read line by line as
// standard input is.
func ArgFile(a string, isCells bool) string {
	if a == "-" {
		return a
	}
	if literalInput(a, isCells) {
		return ""
	}
	if fi, err := os.Stat(a); err == nil && !fi.IsDir() {
		return a
	}
	return ""
}

// literalInput reports whether a reads as an input rather than a file name:
// for grids and puzzles a first field of 81 or more bytes, for numbers
// digits only.
func literalInput(a string, isCells bool) bool {
	input, _ := cells.Input(a, isCells)
	if isCells {
		return len(input) >= 81
	}
	if input == "" {
		return false
	}
	for i := range len(input) {
		if input[i] < '0' || input[i] > '9' {
			return false
		}
	}
	return true
}

// Source hands out the batches of inputs of args or of a reader, in
// order; batches read ahead to decide something (bulk answering) are put
// back in front with Unread.
type Source struct {
	ch      <-chan batchOrErr
	stop    chan struct{}
	pending [][]Input
	mem     *batchMem // the memory of the batch next returned last, or nil
	// Recycle: Answer releases each batch's memory once its answers are
	// written, for a later batch to reuse; the work function keeps no
	// string of it.
	Recycle bool
	// Stopped, when set, is the error Next returns when ctx is done
	// first; else ctx's cause.
	Stopped func(ctx context.Context) error
}

// Open starts reading the inputs of args, or else of in (isCells: grids
// and puzzles, read as the cells package reads them); Close stops it. Arguments that are all inputs themselves are at hand at once:
// a signal that comes before their answers leaves them unfinished, not
// unread.
func Open(args []string, in io.Reader, isCells bool) *Source {
	stop := make(chan struct{})
	if len(args) > 0 && !slices.ContainsFunc(args, func(a string) bool { return ArgFile(a, isCells) != "" }) {
		done := make(chan batchOrErr)
		close(done)
		return &Source{ch: done, stop: stop, pending: [][]Input{Args(args, isCells)}}
	}
	return &Source{ch: inputBatches(args, in, isCells, 2, stop), stop: stop}
}

// Close stops the reading.
func (bs *Source) Close() { close(bs.stop) }

// Unread puts batches back in front of the source, in their order.
func (bs *Source) Unread(b ...[]Input) { bs.pending = append(b, bs.pending...) }

// Next returns the next batch, nil at the end, and idle true when no
// further batch is waiting. When ctx is done first it returns the error of
// Stopped: a signal ends the wait for input.
func (bs *Source) Next(ctx context.Context) ([]Input, bool, error) {
	bs.mem = nil
	if len(bs.pending) > 0 {
		b := bs.pending[0]
		bs.pending = bs.pending[1:]
		return b, len(bs.pending) == 0 && len(bs.ch) == 0, nil
	}
	select {
	case <-ctx.Done():
		return nil, false, bs.stopped(ctx)
	case b, ok := <-bs.ch:
		if !ok {
			return nil, false, nil
		}
		if b.err != nil {
			return nil, false, b.err
		}
		bs.mem = b.mem
		return b.lines, len(bs.ch) == 0, nil
	}
}

// NextWithin is Next waiting at most d for a batch; late reports that
// none came in that time (and nothing was taken).
func (bs *Source) NextWithin(ctx context.Context, d time.Duration) (b []Input, late bool, err error) {
	bs.mem = nil
	if len(bs.pending) > 0 {
		b, _, err = bs.Next(ctx)
		return b, false, err
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil, true, nil
	case <-ctx.Done():
		return nil, false, bs.stopped(ctx)
	case x, ok := <-bs.ch:
		if !ok {
			return nil, false, nil
		}
		return x.lines, false, x.err
	}
}

// Each calls fn with each remaining batch in order, and idle true when no
// further batch is waiting (a time to flush output). It returns fn's first
// error, a read error, or, when ctx is done first, the error of Stopped: a
// signal ends the wait for input.
func (bs *Source) Each(ctx context.Context, fn func(b []Input, idle bool) error) error {
	for {
		b, idle, err := bs.Next(ctx)
		if err != nil || b == nil {
			return err
		}
		if err := fn(b, idle); err != nil {
			return err
		}
	}
}

// stopped is the error of a wait for input that ctx ended.
func (bs *Source) stopped(ctx context.Context) error {
	if bs.Stopped != nil {
		return bs.Stopped(ctx)
	}
	return context.Cause(ctx)
}

// Pending returns the batches put back with Unread and not yet taken.
func (bs *Source) Pending() [][]Input { return bs.pending }
