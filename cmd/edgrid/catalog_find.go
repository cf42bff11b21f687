package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/storage"
)

// runCatalogFind answers each grid with its minlex form's group and
// ordinals (a grid need not be minlex: it is canonicalized as rank does);
// grids that are not in the catalog are reported on stderr and the others
// answered. Damage in the catalog ends the command.
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
	go canon.Prepare()
	w := bufio.NewWriter(s.out)
	failed := 0
	a := answerer{cmd: "catalog find", json: o.json}
	var corrupt error
	err = forEachBatch(ctx, o.args, s.in, true, func(b []inputLine, idle bool) error {
		var r batchResult
		a.answerEach(b, &r, func(l *inputLine, out []byte) ([]byte, error) {
			g, err := cells.ReadGrid(l.text)
			if err != nil {
				return out, err
			}
			m, _, _ := canon.Minlex(&g)
			group, ord, num, err := locate(t, file, &m)
			var ce *storage.CorruptError
			if errors.As(err, &ce) {
				corrupt = err
				return out, context.Canceled // not answered: the command ends
			}
			if err != nil {
				return out, err
			}
			if o.json {
				out = append(m.AppendText(append(out, `,"minlex":"`...)), '"')
				return fmt.Appendf(out, `,"group":%d,"ordinal":%d,"number":%d`, group, ord, num), nil
			}
			return fmt.Appendf(m.AppendText(out), " %d %d %d", group, ord, num), nil
		})
		for _, e := range r.errs {
			fmt.Fprintln(s.err, e)
		}
		failed += len(r.errs)
		w.Write(r.out)
		if corrupt != nil {
			return corrupt
		}
		if idle {
			return w.Flush()
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
