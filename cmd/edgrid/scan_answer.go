package main

import (
	"context"
	"math"
	"slices"
	"strconv"
	"time"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/lines"
	"edgrid/scan"
)

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
	start := time.Now()
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
	took := time.Since(start)
	sortMasks(found)
	switch {
	case o.json:
		out = append(out, `,"clues":`...)
		out = strconv.AppendInt(out, int64(o.clues), 10)
		out = strconv.AppendInt(append(out, `,"count":`...), n, 10)
		if o.seconds {
			out = appendSeconds(append(out, `,"seconds":`...), took)
		}
		if !o.count {
			out = appendPuzzleArray(append(out, `,"puzzles":`...), &g, found)
		}
		return out, nil
	case o.count:
		out = strconv.AppendInt(append(g.AppendText(out), ' '), n, 10)
		return o.appendSeconds(out, " ", took), nil
	case o.canon:
		forms, err := scan.PuzzleForms(&g, found)
		if err != nil {
			return out, err
		}
		for _, f := range forms {
			out = append(append(out, f...), '\n')
		}
		out = append(g.AppendText(append(out, "# "...)), " puzzles "...)
		out = strconv.AppendInt(out, n, 10)
		out = strconv.AppendInt(append(out, " classes "...), int64(len(forms)), 10)
		return o.appendSeconds(out, " seconds ", took), nil
	}
	for _, m := range found {
		out = append(scan.AppendPuzzle(out, &g, m), '\n')
	}
	out = append(g.AppendText(append(out, "# "...)), " puzzles "...)
	out = strconv.AppendInt(out, n, 10)
	return o.appendSeconds(out, " seconds ", took), nil
}

// appendSeconds appends, with --seconds, label and the seconds of d.
func (o *scanOptions) appendSeconds(out []byte, label string, d time.Duration) []byte {
	if !o.seconds {
		return out
	}
	return appendSeconds(append(out, label...), d)
}

// appendSeconds appends the seconds of d to the microsecond.
func appendSeconds(out []byte, d time.Duration) []byte {
	return strconv.AppendFloat(out, math.Round(d.Seconds()*1e6)/1e6, 'f', 6, 64)
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

// sortMasks sorts cell sets as their 0/1 strings sort.
func sortMasks(ms []canon.Mask) {
	slices.SortFunc(ms, canon.Mask.Compare)
}
