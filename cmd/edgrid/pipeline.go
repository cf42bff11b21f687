package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"edgrid/internal/ordered"
	"edgrid/internal/progress"
)

// batchOrErr is what the reading goroutine hands on.
type batchOrErr struct {
	lines []inputLine
	mem   *batchMem // the memory lines live in, when it may be recycled
	err   error
}

// batchMem is the memory of a batch read from standard input: its inputs
// and the bytes their strings point into. A consumer that knows that no
// string of the batch is in use any more may give it back with release,
// for a later batch to reuse without allocating and zeroing it again;
// one that does not leaves it to the garbage collector.
type batchMem struct {
	buf   []byte
	lines []inputLine
}

// batchMems holds the memory of released batches.
var batchMems = sync.Pool{New: func() any {
	return &batchMem{buf: make([]byte, 0, batchBytes+batchLines), lines: make([]inputLine, 0, batchLines)}
}}

// newBatchMem returns empty memory for a batch.
func newBatchMem() *batchMem { return batchMems.Get().(*batchMem) }

// release gives m back for reuse.
func (m *batchMem) release() {
	if cap(m.buf) <= 2*maxLine {
		batchMems.Put(m)
	}
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
			name := argFile(args[i], cells)
			if name == "" {
				j := i + 1
				for j < len(args) && argFile(args[j], cells) == "" {
					j++
				}
				b := argInputs(args[i:j], cells)
				for k := range b {
					b[k].num += i
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
					if !send(batchOrErr{lines: []inputLine{{num: i + 1, arg: true, err: fmt.Errorf("%q names a file that cannot be read: %w", name, err)}}}) {
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

// argFile returns the file of lines that argument a names, "-" for
// standard input, or "" when a is an input itself: "-", or the name of an
// existing file or pipe that is not an input as written (81 cells for
// grids and puzzles, a number of digits otherwise), is read line by line as
// standard input is.
func argFile(a string, cells bool) string {
	if a == "-" {
		return a
	}
	if literalInput(a, cells) {
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
func literalInput(a string, cells bool) bool {
	input, _ := cellsInput(a, cells)
	if cells {
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

// batchSource hands out the batches of inputs of args or of a reader, in
// order; batches read ahead to decide something (bulk answering) are put
// back in front with unread.
type batchSource struct {
	ch      <-chan batchOrErr
	stop    chan struct{}
	pending [][]inputLine
	mem     *batchMem // the memory of the batch next returned last, or nil
	// recycle: orderedMapFrom releases each batch's memory once its
	// answers are written; the work function keeps no string of it.
	recycle bool
}

// openBatches starts reading the inputs of args, or else of in; close
// stops it. Arguments that are all inputs themselves are at hand at once:
// a signal that comes before their answers leaves them unfinished, not
// unread.
func openBatches(args []string, in io.Reader, cells bool) *batchSource {
	stop := make(chan struct{})
	if len(args) > 0 && !slices.ContainsFunc(args, func(a string) bool { return argFile(a, cells) != "" }) {
		done := make(chan batchOrErr)
		close(done)
		return &batchSource{ch: done, stop: stop, pending: [][]inputLine{argInputs(args, cells)}}
	}
	return &batchSource{ch: inputBatches(args, in, cells, 2, stop), stop: stop}
}

// close stops the reading.
func (bs *batchSource) close() { close(bs.stop) }

// unread puts batches back in front of the source, in their order.
func (bs *batchSource) unread(b ...[]inputLine) { bs.pending = append(b, bs.pending...) }

// next returns the next batch, nil at the end, and idle true when no
// further batch is waiting. When ctx is done first it returns the error of
// stopped: a signal ends the wait for input.
func (bs *batchSource) next(ctx context.Context) ([]inputLine, bool, error) {
	bs.mem = nil
	if len(bs.pending) > 0 {
		b := bs.pending[0]
		bs.pending = bs.pending[1:]
		return b, len(bs.pending) == 0 && len(bs.ch) == 0, nil
	}
	select {
	case <-ctx.Done():
		return nil, false, stopped(ctx)
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

// nextWithin is next waiting at most d for a batch; late reports that
// none came in that time (and nothing was taken).
func (bs *batchSource) nextWithin(ctx context.Context, d time.Duration) (b []inputLine, late bool, err error) {
	bs.mem = nil
	if len(bs.pending) > 0 {
		b, _, err = bs.next(ctx)
		return b, false, err
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil, true, nil
	case <-ctx.Done():
		return nil, false, stopped(ctx)
	case x, ok := <-bs.ch:
		if !ok {
			return nil, false, nil
		}
		return x.lines, false, x.err
	}
}

// forEachBatch calls fn with each batch of inputs in order, and idle true
// when no further batch is waiting (a time to flush output). It returns
// fn's first error, a read error, or, when ctx is done first, an error
// saying the command was stopped: a signal ends the wait for input.
func forEachBatch(ctx context.Context, args []string, in io.Reader, cells bool, fn func(b []inputLine, idle bool) error) error {
	bs := openBatches(args, in, cells)
	defer bs.close()
	return bs.each(ctx, fn)
}

// each calls fn with each remaining batch, as forEachBatch does.
func (bs *batchSource) each(ctx context.Context, fn func(b []inputLine, idle bool) error) error {
	for {
		b, idle, err := bs.next(ctx)
		if err != nil || b == nil {
			return err
		}
		if err := fn(b, idle); err != nil {
			return err
		}
	}
}

// outBuffers recycles the batches' output buffers: answers cost no
// allocation once the first batches have grown them.
var outBuffers = sync.Pool{New: func() any { return []byte(nil) }}

// result of processing one batch: the text for stdout and the error lines for stderr.
type batchResult struct {
	out  []byte
	errs []string
	// unfinished names the inputs a signal stopped before they were
	// answered ("argument 2"): they are left out of out.
	unfinished []string
}

// orderedMap runs work on batches of input with one worker per core and
// writes each batch's output in input order, flushing whenever the workers
// wait for input; work answers every line, those that could not be read
// too (see answerEach). It reports how many inputs failed. When ctx
// is done it stops reading, prints what was answered and returns the error
// of stopped.
func orderedMap(ctx context.Context, args []string, s streams, cells bool, work func(b []inputLine, r *batchResult)) (failed int, err error) {
	bs := openBatches(args, s.in, cells)
	defer bs.close()
	return orderedMapFrom(ctx, bs, s, "", work)
}

// orderedMapFrom is orderedMap over the batches of bs. When name is not ""
// and the inputs are not typed at a terminal, the progress line (if
// any: streams.progressOn) says "edgrid NAME: N inputs answered".
func orderedMapFrom(ctx context.Context, bs *batchSource, s streams, name string, work func(b []inputLine, r *batchResult)) (failed int, err error) {
	var count progress.Counter
	var line *progress.Line
	if name != "" && !terminal(s.in) {
		line = s.startProgress(count.Text("edgrid "+name, "inputs answered"))
	}
	defer line.Stop()
	workers := runtime.GOMAXPROCS(0)
	// piece is a part of a batch; mem, of a batch's last piece, is released
	// once it is written.
	type piece struct {
		lines []inputLine
		mem   *batchMem
	}
	out := bufio.NewWriterSize(line.Writer(s.out), 1<<16)
	var werr error
	var unfinished []string
	job := ordered.Job[piece, *batchResult, struct{}]{
		Workers: workers,
		Work: func(_ context.Context, _ struct{}, p piece) (*batchResult, error) {
			r := &batchResult{out: outBuffers.Get().([]byte)[:0]}
			work(p.lines, r)
			return r, nil
		},
		Emit: func(p piece, r *batchResult, more bool) error {
			for _, e := range r.errs {
				line.Println(s.err, e)
				failed++
			}
			count.Add(int64(len(p.lines) - len(r.unfinished)))
			unfinished = append(unfinished, r.unfinished...)
			if werr == nil {
				_, werr = out.Write(r.out)
			}
			outBuffers.Put(r.out[:0])
			if p.mem != nil {
				p.mem.release()
			}
			if werr == nil && !more {
				werr = out.Flush() // the answers so far, while the next input is awaited
			}
			return nil
		},
	}
	// The map is not stopped by ctx: a signal ends the reading (bs.each),
	// and the inputs read are answered (the work sees ctx) and printed.
	err = job.Run(context.WithoutCancel(ctx), func(send func(piece) bool) error {
		return bs.each(ctx, func(b []inputLine, _ bool) error {
			// A batch is shared among the workers, so that an input of one
			// batch (a few thousand lines, or the arguments) of expensive
			// lines (rank, id) keeps every core busy too.
			var mem *batchMem
			if bs.recycle {
				mem = bs.mem
			}
			pieces := split(b, workers)
			for i, lines := range pieces {
				p := piece{lines: lines}
				if i == len(pieces)-1 {
					p.mem = mem
				}
				send(p)
			}
			return nil
		})
	})
	if werr == nil {
		werr = out.Flush()
	}
	if err == nil && werr != nil {
		err = fmt.Errorf("writing output: %w", werr)
	}
	return failed, stoppedInputs(ctx, err, unfinished)
}

// stoppedInputs is the error of a line command whose work ended with err:
// when a signal stopped it, the stop, naming the inputs it left
// unfinished; else err.
func stoppedInputs(ctx context.Context, err error, unfinished []string) error {
	if ctx.Err() == nil || err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	done := "the inputs answered so far are printed"
	if n := len(unfinished); n > 0 {
		const shown = 5
		done += "; not finished: " + strings.Join(unfinished[:min(n, shown)], ", ")
		if n > shown {
			done += fmt.Sprintf(" and %d more", n-shown)
		}
	}
	return stoppedWith(ctx, done)
}

// minPiece is the fewest lines split gives a worker.
const minPiece = 16

// split cuts a batch into up to workers pieces of at least minPiece lines,
// in order.
func split(b []inputLine, workers int) [][]inputLine {
	n := max(minPiece, (len(b)+workers-1)/workers)
	var out [][]inputLine
	for len(b) > n {
		out = append(out, b[:n:n])
		b = b[n:]
	}
	return append(out, b)
}
