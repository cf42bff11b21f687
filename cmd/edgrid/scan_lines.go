package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/lines"
	"edgrid/internal/ordered"
	"edgrid/scan"
)

// runScanLines answers each grid of args or of the lines of s.in (the line
// contract, package lines) with its puzzles or unavoidable sets, o.workers grids
// at a time, in input order. A grid takes from milliseconds to minutes, so
// the grids, not batches of lines, go to the workers.
func runScanLines(ctx context.Context, o scanOptions, args []string, s streams) error {
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	a := answerer{cmd: "scan", json: o.json}
	status := startScanStatus(s, workers)
	failed := 0
	var unfinished []string
	w := bufio.NewWriterSize(status.writer(s.out), 1<<16)
	var werr error
	// A worker: its scanner, its index in the status line, and its note
	// of why a scan will be long.
	type scanWorker struct {
		i        int
		sc       *scan.Scanner
		progress func(int64)
		note     func(msg func() string)
	}
	job := ordered.Job[lines.Input, *lines.Result, scanWorker]{
		Workers: workers,
		NewState: func(i int) scanWorker {
			return scanWorker{i: i, sc: scan.NewScanner(), progress: status.progress(i), note: status.noteOnce()}
		},
		Work: func(_ context.Context, sw scanWorker, l lines.Input) (*lines.Result, error) {
			r := &lines.Result{}
			status.begin(sw.i)
			a.answerEach([]lines.Input{l}, r, func(l *lines.Input, out []byte) ([]byte, error) {
				return o.answer(ctx, sw.sc, l, out, sw.progress, sw.note)
			})
			status.end(sw.i)
			return r, nil
		},
		Emit: func(_ lines.Input, r *lines.Result, more bool) error {
			for _, e := range r.Errs {
				status.println(s.err, e)
				failed++
			}
			unfinished = append(unfinished, r.Unfinished...)
			if werr == nil {
				_, werr = w.Write(r.Out)
			}
			if werr == nil && !more {
				werr = w.Flush() // each grid's answer as soon as it is in order
			}
			return nil
		},
	}
	// A signal ends the reading; the grids read are answered (the work
	// sees ctx) and printed.
	err := job.Run(context.WithoutCancel(ctx), func(send func(lines.Input) bool) error {
		return forEachBatch(ctx, args, s.in, true, func(b []lines.Input, _ bool) error {
			for i := range b {
				send(b[i])
			}
			return nil
		})
	})
	if werr == nil {
		werr = w.Flush()
	}
	status.stop()
	if err == nil && werr != nil {
		err = fmt.Errorf("writing output: %w", werr)
	}
	err = stoppedInputs(ctx, err, unfinished)
	switch {
	case err != nil:
		return err
	case failed > 0:
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// answer appends the answer to one grid to out (answerer's contract: in
// text the lines, the last without its line end; in JSON the members).
// note, when not nil, is told why the scan will be long (scan_long.go).
func (o *scanOptions) answer(ctx context.Context, sc *scan.Scanner, l *lines.Input, out []byte, progress func(int64), note func(msg func() string)) ([]byte, error) {
	g, err := cells.ReadGrid(l.Text)
	if err != nil {
		return out, err
	}
	if o.ua {
		return o.answerUA(&g, out)
	}
	var found []canon.Mask
	var n int64
	opt := o.scanOpts()
	opt.Progress = progress
	if note != nil {
		note(func() string { return longNote(ctx, &g, &opt) })
	}
	// A count keeps no puzzles: a scan of many clues not restricted to
	// minimal puzzles has millions a grid.
	keep := !o.count
	if opt.NoneMinimal() {
		// No minimal puzzle has so many clues: nothing to search.
	} else if _, err := sc.Scan(ctx, &g, opt, func(m canon.Mask) error {
		n++
		if keep {
			found = append(found, m)
		}
		return nil
	}); err != nil {
		return out, err
	}
	sortMasks(found)
	switch {
	case o.json:
		out = append(out, `,"clues":`...)
		out = strconv.AppendInt(out, int64(o.clues), 10)
		out = strconv.AppendInt(append(out, `,"count":`...), n, 10)
		if !o.count {
			out = appendPuzzleArray(append(out, `,"puzzles":`...), &g, found)
		}
		return out, nil
	case o.count:
		return strconv.AppendInt(append(g.AppendText(out), ' '), n, 10), nil
	case o.canon:
		forms := canonForms(&g, found)
		for _, f := range forms {
			out = append(append(out, f...), '\n')
		}
		out = append(g.AppendText(append(out, "# "...)), " puzzles "...)
		out = strconv.AppendInt(out, n, 10)
		return strconv.AppendInt(append(out, " classes "...), int64(len(forms)), 10), nil
	}
	for _, m := range found {
		out = append(scan.AppendPuzzle(out, &g, m), '\n')
	}
	out = append(g.AppendText(append(out, "# "...)), " puzzles "...)
	return strconv.AppendInt(out, n, 10), nil
}

// answerUA appends g's minimal unavoidable sets and their numbers by size.
func (o *scanOptions) answerUA(g *canon.Grid, out []byte) ([]byte, error) {
	size := o.maxSize
	if size == 0 {
		size = scan.DefaultUASize
	}
	sets, err := scan.Unavoidable(g, size)
	if err != nil {
		return out, err
	}
	bySize := map[int]int{}
	var sizes []int
	for _, m := range sets {
		k := m.Count()
		if bySize[k] == 0 {
			sizes = append(sizes, k)
		}
		bySize[k]++
	}
	n := int64(len(sets))
	if o.json {
		out = strconv.AppendInt(append(out, `,"count":`...), n, 10)
		out = append(out, `,"sizes":{`...)
		for i, k := range sizes {
			if i > 0 {
				out = append(out, ',')
			}
			out = strconv.AppendInt(append(out, '"'), int64(k), 10)
			out = strconv.AppendInt(append(out, `":`...), int64(bySize[k]), 10)
		}
		out = append(out, '}')
		if !o.count {
			out = appendPuzzleArray(append(out, `,"sets":`...), g, sets)
		}
		return out, nil
	}
	if !o.count {
		for _, m := range sets {
			out = append(scan.AppendPuzzle(out, g, m), '\n')
		}
		out = append(out, "# "...)
	}
	out = g.AppendText(out)
	if !o.count {
		out = append(out, " sets"...)
	}
	out = strconv.AppendInt(append(out, ' '), n, 10)
	for _, k := range sizes {
		out = strconv.AppendInt(append(out, ' '), int64(k), 10)
		out = strconv.AppendInt(append(out, ':'), int64(bySize[k]), 10)
	}
	return out, nil
}

// appendPuzzleArray appends the cells ms of g as a JSON array of puzzle
// strings.
func appendPuzzleArray(out []byte, g *canon.Grid, ms []canon.Mask) []byte {
	out = append(out, '[')
	for i, m := range ms {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(scan.AppendPuzzle(append(out, '"'), g, m), '"')
	}
	return append(out, ']')
}

// canonForms returns the minlex forms of the puzzles of g with clues ms,
// sorted, each once: puzzles that g's automorphisms map onto each other
// have one form.
func canonForms(g *canon.Grid, ms []canon.Mask) [][]byte {
	forms := make([][]byte, 0, len(ms))
	for _, m := range ms {
		var p canon.Grid
		for c := range 81 {
			if m.Has(c) {
				p[c] = g[c]
			}
		}
		// The cells are 0..9 by construction, so PuzzleMinlex cannot fail.
		f, _, _, _ := canon.PuzzleMinlex(&p, canon.PlainOrder)
		forms = append(forms, canon.AppendPuzzle(nil, &f, '.'))
	}
	slices.SortFunc(forms, bytes.Compare)
	return slices.CompactFunc(forms, bytes.Equal)
}

// sortMasks sorts cell sets as their 0/1 strings sort.
func sortMasks(ms []canon.Mask) {
	slices.SortFunc(ms, canon.Mask.Compare)
}
