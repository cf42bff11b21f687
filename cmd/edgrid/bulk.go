package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"

	"edgrid/canon"
	"edgrid/internal/bulk"
	"edgrid/internal/lines"
	"edgrid/internal/tempdir"
)

// Bulk answering of rank, id and catalog find (package bulk): the inputs
// are read, prepared, sorted and answered a first band at a time, and only
// then printed, in input order, each after its input's fields as
// one-at-a-time answering prints it. Nothing is printed before every
// answer is known, so a run stopped before that prints nothing; one stopped
// while printing ends its output with a line that says so (stoppedLine),
// and says it on standard error too.

// bulkJob is what a command brings to bulk answering: the engine's job,
// with S the state of one preparing goroutine, and the command's output.
type bulkJob[S any] struct {
	bulk.Job[S]
	a     answerer
	cells bool
	// format appends a good input's answer (fields as answerEach's fn).
	format func(out []byte, payload []byte, a bulk.Answer) ([]byte, error)
}

// answerBulk answers the inputs of bs in bulk when o chooses to (choose),
// and reports whether it did. Bulk answering needs a temporary directory:
// without one, bulk chosen by itself gives way to one-at-a-time answering,
// with a note on standard error; --bulk fails.
func answerBulk[S any](ctx context.Context, o *bulkOptions, job bulkJob[S], bs *lines.Source, s streams) (bool, error) {
	use, err := o.choose(ctx, bs)
	if err != nil || !use {
		return false, err
	}
	// The directories of bulk runs killed before they could remove theirs
	// are removed first (tempdir.Sweep).
	tmp, err := tempdir.Make("", "edgrid-bulk-")
	if err != nil {
		err = fmt.Errorf("bulk answering needs a temporary directory ($TMPDIR): %w", err)
		if o.forced {
			return true, err
		}
		fmt.Fprintf(s.err, "edgrid %s: %s; answering one at a time\n", job.a.cmd, message(err))
		return false, nil
	}
	defer tmp.Remove()
	if free, err := tempFree(tmp.Path); err == nil && free < bulk.MinFree && !o.forced {
		// One at a time needs no disk: a nearly full $TMPDIR is not worth
		// a bulk run that would fail before printing anything.
		fmt.Fprintf(s.err, "edgrid %s: bulk answering needs room in $TMPDIR (%s free, %s wanted); answering one at a time\n",
			job.a.cmd, humanBytes(free), humanBytes(bulk.MinFree))
		return false, nil
	}
	restore := bulk.LimitMemory(o.mem)
	err = runBulk(ctx, job, tmp.Path, o.mem, bs, s)
	restore()
	var full *tempFullError
	if errors.As(err, &full) {
		// Nothing is printed yet: bulk chosen by itself gives way to one
		// at a time, which needs no disk, where the inputs can be read
		// again.
		if !o.forced && bs.Rewind() {
			fmt.Fprintf(s.err, "edgrid %s: $TMPDIR %s filled up during bulk answering (%s); answering one at a time\n",
				job.a.cmd, os.TempDir(), message(full.err))
			return false, nil
		}
		err = fmt.Errorf("%w ($TMPDIR %s is full: answer with --bulk=false, which needs no disk, or set TMPDIR to a larger disk)", full.err, os.TempDir())
	}
	return true, err
}

// tempFullError is a bulk run's failure for want of room in $TMPDIR
// before anything was printed.
type tempFullError struct{ err error }

func (e *tempFullError) Error() string { return e.err.Error() }
func (e *tempFullError) Unwrap() error { return e.err }

// bulkFault, when set, is the error every answering pass of a bulk run
// fails with, once every input is read (a variable for the tests).
var bulkFault error

// tempFree returns the bytes free for this user on the file system of dir
// (bulk.Free; a variable for the tests).
var tempFree = bulk.Free

// bulkSpills is told how many runs of queries and of answers a bulk run
// spilled (a variable for the tests).
var bulkSpills = func(queries, answers int) {}

// runBulk answers the inputs of bs in bulk, with at most mem bytes of
// queries and answers in memory and the rest in the directory dir.
func runBulk[S any](ctx context.Context, job bulkJob[S], dir string, mem int64, bs *lines.Source, s streams) (err error) {
	prog := newBulkProgress(s.err, s.quiet)
	defer prog.stop()
	if bulkFault != nil {
		job.Answer = func(context.Context, []canon.Grid) ([]bulk.Answer, error) { return nil, bulkFault }
	}
	answers, err := bulk.Run(ctx, &job.Job, dir, mem, bs, prog)
	if err != nil {
		// Stopped before printing, bulk answering has printed nothing.
		if ctx.Err() != nil {
			return stoppedWith(ctx, "nothing is printed (bulk answering prints once every input is answered)")
		}
		if bulk.IsFull(err) {
			return &tempFullError{err}
		}
		return err
	}
	bulkSpills(answers.Spills())
	prog.Phase("writing", answers.Total())
	failed, err := bulkWrite(ctx, job, answers, s, prog)
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// stoppedLine is the last line of the output of bulk answering stopped
// while printing, which no answer can be mistaken for: in text
// "edgrid CMD: stopped: answers to the first N of M inputs only", in JSON
// {"error":"...","stopped":true,"answered":N,"inputs":M}.
func stoppedLine(a answerer, n, total int64, err error) []byte {
	if a.json {
		j := beginJSON(nil)
		j.str("error", message(err))
		j.raw("stopped", []byte("true"))
		j.int("answered", n)
		j.int("inputs", total)
		return j.end()
	}
	return fmt.Appendf(nil, "edgrid %s: stopped: answers to the first %d of %d inputs only\n", a.cmd, n, total)
}

// bulkWrite prints every input's answer, or its error, in input order, and
// returns the number of bad inputs. Stopped before the last of the total
// inputs, it ends the output with stoppedLine.
func bulkWrite[S any](ctx context.Context, job bulkJob[S], answers *bulk.Answers, s streams, prog *bulkProgress) (int, error) {
	out := bufio.NewWriterSize(prog.line.Writer(s.out), 1<<16) // the progress line cleared before answers
	var res lines.Result
	failed := 0
	total := answers.Total()
	err := answers.Each(func(seq int64, r *bulk.Result) error {
		res.Out, res.Errs = res.Out[:0], res.Errs[:0]
		job.a.answerEach([]lines.Input{r.Input}, &res, func(_ *lines.Input, o []byte) ([]byte, error) {
			if r.Err != nil {
				return o, r.Err
			}
			return job.format(o, r.Payload, r.Answer)
		})
		for _, e := range res.Errs {
			prog.println(e)
			failed++
		}
		if _, err := out.Write(res.Out); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		prog.Add(1)
		if ctx.Err() != nil && seq+1 < total {
			err := stoppedWith(ctx, fmt.Sprintf("only the answers to the first %d of %d inputs are printed", seq+1, total))
			out.Write(stoppedLine(job.a, seq+1, total, err))
			out.Flush()
			return err
		}
		return nil
	})
	if err != nil {
		return failed, err
	}
	if err := out.Flush(); err != nil {
		return failed, fmt.Errorf("writing output: %w", err)
	}
	return failed, nil
}
