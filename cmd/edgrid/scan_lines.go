package main

import (
	"context"
	"fmt"
	"runtime"

	"edgrid/internal/lines"
	"edgrid/scan"
)

// runScanLines answers each grid of args or of the lines of s.in (the line
// contract, package lines) with its puzzles or unavoidable sets, o.workers grids
// at a time, in input order (lines.AnswerEach). A grid takes from
// milliseconds to minutes, so the grids, not batches of lines, go to the
// workers.
func runScanLines(ctx context.Context, o scanOptions, args []string, s streams) error {
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	a := answerer{cmd: "scan", json: o.json}
	status := startScanStatus(s, workers)
	failed := 0
	var unfinished []string
	// A worker: its scanner, its index in the status line, and its note
	// of why a scan will be long.
	type scanWorker struct {
		i        int
		sc       *scan.Scanner
		progress func(int64)
		note     func(msg func() string)
	}
	bs := openBatches(args, s.in, true)
	defer bs.Close()
	err := lines.AnswerEach(ctx, bs, status.writer(s.out), lines.EachJob[scanWorker]{
		Workers: workers,
		NewState: func(i int) scanWorker {
			return scanWorker{i: i, sc: scan.NewScanner(), progress: status.progress(i), note: status.noteOnce()}
		},
		Work: func(sw scanWorker, l lines.Input, r *lines.Result) {
			status.begin(sw.i)
			a.answerEach([]lines.Input{l}, r, func(l *lines.Input, out []byte) ([]byte, error) {
				return o.answer(ctx, sw.sc, l, out, sw.progress, sw.note)
			})
			status.end(sw.i)
		},
		Done: func(r *lines.Result) {
			for _, e := range r.Errs {
				status.println(s.err, e)
				failed++
			}
			unfinished = append(unfinished, r.Unfinished...)
		},
	})
	status.stop()
	err = stoppedInputs(ctx, err, unfinished)
	switch {
	case err != nil:
		return err
	case failed > 0:
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}
