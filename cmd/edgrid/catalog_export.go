package main

import (
	"bufio"
	"context"

	"edgrid/canon"
)

// runCatalogExport streams the grids as `edgrid enumerate` prints them.
func runCatalogExport(ctx context.Context, t *catalogTarget, o catalogOptions, s streams) error {
	gs, err := t.groups(o.lo, o.hi)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(s.out, 1<<20)
	line := make([]byte, 0, 82)
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			return err
		}
		err = f.Scan(func(ord int64, g *canon.Grid) error {
			if ord&0xFFFF == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			line = append(g.AppendText(line[:0]), '\n')
			_, err := w.Write(line)
			return err
		})
		f.Close()
		if err != nil {
			return err
		}
	}
	return w.Flush()
}
