package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"edgrid/internal/lines"
	"edgrid/internal/progress"
)

// openBatches starts reading the inputs of args, or else of in (package
// lines); a signal that ends the wait for input is the error of stopped.
func openBatches(args []string, in io.Reader, cells bool) *lines.Source {
	bs := lines.Open(args, in, cells)
	bs.Stopped = stopped
	return bs
}

// forEachBatch calls fn with each batch of inputs of args or in, in order
// (lines.Source.Each).
func forEachBatch(ctx context.Context, args []string, in io.Reader, cells bool, fn func(b []lines.Input, idle bool) error) error {
	bs := openBatches(args, in, cells)
	defer bs.Close()
	return bs.Each(ctx, fn)
}

// orderedMapFrom answers the inputs of bs with work on every core, in
// input order (lines.Source.Answer), and reports how many inputs failed.
// When ctx is done it stops reading, prints what was answered and returns
// the error of stopped. When name is not "" and the inputs are not typed
// at a terminal, the progress line (if any: streams.progressOn) says
// "edgrid NAME: N inputs answered".
func orderedMapFrom(ctx context.Context, bs *lines.Source, s streams, name string, work func(b []lines.Input, r *lines.Result)) (failed int, err error) {
	var count progress.Counter
	var line *progress.Line
	if name != "" && !terminal(s.in) {
		line = s.startProgress(count.Text("edgrid "+name, "inputs answered"))
	}
	defer line.Stop()
	var unfinished []string
	err = bs.Answer(ctx, line.Writer(s.out), work, func(n int, r *lines.Result) {
		for _, e := range r.Errs {
			line.Println(s.err, e)
			failed++
		}
		count.Add(int64(n - len(r.Unfinished)))
		unfinished = append(unfinished, r.Unfinished...)
	})
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
