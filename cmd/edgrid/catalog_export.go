package main

import (
	"bufio"
	"context"
	"errors"
	"strconv"

	"edgrid/canon"
	"edgrid/internal/progress"
)

// runCatalogExport streams the grids as `edgrid enumerate` prints them. A
// damaged group is reported on stderr and skipped, the others exported:
// each group's checksums are checked before its first line is written, and
// lines are only ever written whole.
func runCatalogExport(ctx context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	gs, err := t.groups(o)
	if err != nil {
		return err
	}
	var count progress.Counter
	if t.cat != nil {
		var total int64
		for _, g := range gs {
			if e, ok := t.cat.Entry(g); ok {
				total += e.Count
			}
		}
		count.SetTotal(total)
	}
	line := s.startProgress(count.Text("edgrid catalog export", "grids"))
	defer line.Stop()
	w := bufio.NewWriterSize(line.Writer(s.out), 1<<20)
	damaged := 0
	for _, g := range gs {
		err := exportGroup(ctx, t, g, o.json, w, &count)
		var we *writeError
		switch {
		case errors.As(err, &we):
			return we.err
		case ctx.Err() != nil:
			w.Flush()
			return ctx.Err()
		case err != nil:
			line.Println(s.err, "edgrid catalog export: "+message(err))
			damaged++
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if damaged > 0 {
		return damagedError(damaged, "not exported (the others were)")
	}
	return nil
}

// writeError is a failure to write the output, as opposed to a damaged group.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// exportGroup writes the lines of group g to w, flushing w only between
// lines, so that whatever stops the export leaves whole lines behind.
func exportGroup(ctx context.Context, t *catalogTarget, group int, asJSON bool, w *bufio.Writer, count *progress.Counter) error {
	f, err := t.open(group)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.CheckSums(); err != nil {
		return err
	}
	line := make([]byte, 0, 128)
	var last, counted int64 // the last ordinal written, and those counted
	defer func() { count.Add(last - counted) }()
	return f.Scan(func(ord int64, g *canon.Grid) error {
		last = ord - 1 // the grids before this one are written
		if ord&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			count.Add(last - counted)
			counted = last
		}
		if asJSON {
			line = append(strconv.AppendInt(append(line[:0], `{"group":`...), int64(group), 10), `,"ordinal":`...)
			line = append(g.AppendText(append(strconv.AppendInt(line, ord, 10), `,"grid":"`...)), "\"}\n"...)
		} else {
			line = append(g.AppendText(line[:0]), '\n')
		}
		if w.Available() < len(line) {
			if err := w.Flush(); err != nil {
				return &writeError{err}
			}
		}
		if _, err := w.Write(line); err != nil {
			return &writeError{err}
		}
		last = ord
		return nil
	})
}
