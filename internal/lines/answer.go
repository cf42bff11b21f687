package lines

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"edgrid/internal/ordered"
)

// outBuffers recycles the batches' output buffers: answers cost no
// allocation once the first batches have grown them.
var outBuffers = sync.Pool{New: func() any { return []byte(nil) }}

// Result is what the work makes of a piece of a batch: the text for the
// output and the error lines for the error stream.
type Result struct {
	Out  []byte
	Errs []string
	// Unfinished names the inputs a signal stopped before they were
	// answered ("argument 2"): they are left out of Out.
	Unfinished []string
}

// Answer runs work on the batches of bs with one worker per core and
// writes each batch's output to out in input order, flushing whenever the
// workers wait for input; work answers every line, those that could not be
// read too (Input.Err). Each batch is cut into pieces (a few thousand
// lines, or the arguments, of expensive lines keep every core busy too);
// done is called with each piece's number of inputs and its result, in
// order, before its output is written. When ctx is done the reading stops
// (Each), and the inputs read are answered (work sees its own context)
// and written. Answer returns the error of the reading, else of writing.
func (bs *Source) Answer(ctx context.Context, out io.Writer, work func(b []Input, r *Result), done func(n int, r *Result)) error {
	workers := runtime.GOMAXPROCS(0)
	// piece is a part of a batch; mem, of a batch's last piece, is released
	// once it is written.
	type piece struct {
		in  []Input
		mem *batchMem
	}
	w := newOrderedWriter(out)
	job := ordered.Job[piece, *Result, struct{}]{
		Workers: workers,
		Work: func(_ context.Context, _ struct{}, p piece) (*Result, error) {
			r := &Result{Out: outBuffers.Get().([]byte)[:0]}
			work(p.in, r)
			return r, nil
		},
		Emit: func(p piece, r *Result, more bool) error {
			done(len(p.in), r)
			w.write(r.Out, more) // flushed while the next input is awaited
			outBuffers.Put(r.Out[:0])
			if p.mem != nil {
				p.mem.release()
			}
			return nil
		},
	}
	// The map is not stopped by ctx: a signal ends the reading, and the
	// inputs read are answered and written.
	err := job.Run(context.WithoutCancel(ctx), func(send func(piece) bool) error {
		return bs.Each(ctx, func(b []Input, _ bool) error {
			var mem *batchMem
			if bs.Recycle {
				mem = bs.mem
			}
			pieces := split(b, workers)
			for i, in := range pieces {
				p := piece{in: in}
				if i == len(pieces)-1 {
					p.mem = mem
				}
				send(p)
			}
			return nil
		})
	})
	return w.close(err)
}

// orderedWriter writes the answers of a run in order, buffered, flushing
// whenever no later answer is ready; it keeps the first write error.
type orderedWriter struct {
	w   *bufio.Writer
	err error
}

func newOrderedWriter(out io.Writer) *orderedWriter {
	return &orderedWriter{w: bufio.NewWriterSize(out, 1<<16)}
}

// write writes p, and flushes unless more (a later answer is ready).
func (o *orderedWriter) write(p []byte, more bool) {
	if o.err == nil {
		_, o.err = o.w.Write(p)
	}
	if o.err == nil && !more {
		o.err = o.w.Flush()
	}
}

// close flushes what is left and returns err, the run's error, else the
// first write error.
func (o *orderedWriter) close(err error) error {
	if o.err == nil {
		o.err = o.w.Flush()
	}
	if err == nil && o.err != nil {
		err = fmt.Errorf("writing output: %w", o.err)
	}
	return err
}

// minPiece is the fewest lines split gives a worker.
const minPiece = 16

// split cuts a batch into up to workers pieces of at least minPiece lines,
// in order.
func split(b []Input, workers int) [][]Input {
	n := max(minPiece, (len(b)+workers-1)/workers)
	var out [][]Input
	for len(b) > n {
		out = append(out, b[:n:n])
		b = b[n:]
	}
	return append(out, b)
}
