package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"

	"edgrid/canon"
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
	w := bufio.NewWriterSize(s.out, 1<<20)
	damaged := 0
	for _, g := range gs {
		err := exportGroup(ctx, t, g, o.json, w)
		var we *writeError
		switch {
		case errors.As(err, &we):
			return we.err
		case ctx.Err() != nil:
			w.Flush()
			return ctx.Err()
		case err != nil:
			fmt.Fprintf(s.err, "edgrid catalog export: %s\n", message(err))
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
func exportGroup(ctx context.Context, t *catalogTarget, group int, asJSON bool, w *bufio.Writer) error {
	f, err := t.open(group)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.CheckSums(); err != nil {
		return err
	}
	line := make([]byte, 0, 128)
	return f.Scan(func(ord int64, g *canon.Grid) error {
		if ord&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
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
		return nil
	})
}
