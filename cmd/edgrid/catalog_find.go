package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/storage"
)

// runCatalogFind answers each grid with its group and ordinals; grids that
// are not in the catalog are reported on stderr and the others answered.
func runCatalogFind(ctx context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	var file *storage.File
	if t.cat == nil {
		f, err := storage.Open(t.file)
		if err != nil {
			return err
		}
		defer f.Close()
		file = f
	}
	w := bufio.NewWriter(s.out)
	failed := 0
	err = readInputs(o.args, s.in, 256, func(b []inputLine) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, l := range b {
			err := l.err
			var g canon.Grid
			if err == nil {
				g, err = canon.Parse(l.text)
			}
			var group int
			var ord, num int64
			if err == nil {
				group, ord, num, err = locate(t, file, &g)
			}
			if err != nil {
				var ce *storage.CorruptError
				if errors.As(err, &ce) {
					return err
				}
				fmt.Fprintln(s.err, lineError("catalog find", l, err))
				failed++
				continue
			}
			out := fmt.Appendf(nil, "%s %d %d %d", g.String(), group, ord, num)
			w.Write(append(l.appendRest(out), '\n'))
		}
		return nil
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d grid(s) not found", failed)}
	}
	return nil
}

// locate finds a grid in a catalog, or in a single file (whose catalog
// ordinal is then its ordinal in the group).
func locate(t *catalogTarget, f *storage.File, g *canon.Grid) (int, int64, int64, error) {
	if t.cat != nil {
		return t.cat.Locate(g)
	}
	ord, err := f.Ordinal(g)
	return f.Header().Group, ord, ord, err
}
