package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/lines"
	"edgrid/storage"
)

// runCatalogFind answers each grid with its minlex form's group and
// ordinals (a grid need not be minlex: it is canonicalized as rank does),
// one grid at a time or, for a large input, all together (runBulk, with
// findJob); grids that are not in the catalog are reported on stderr and the
// others answered. Damage in the catalog ends the command.
func runCatalogFind(ctx context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	if t.cat == nil {
		f, err := storage.Open(t.file)
		if err != nil {
			return err
		}
		defer f.Close()
		t.f = f
	}
	go canon.Prepare()
	a := answerer{cmd: "catalog find", json: o.json}
	bs := openBatches(o.args, s.in, true)
	defer bs.Close()
	if done, err := answerBulk(ctx, &o.bulk, findJob(t, a), bs, s); done || err != nil {
		return err
	}
	w := bufio.NewWriter(s.out)
	failed := 0
	var corrupt error
	err = bs.Each(ctx, func(b []lines.Input, idle bool) error {
		var r lines.Result
		a.answerEach(b, &r, func(l *lines.Input, out []byte) ([]byte, error) {
			m, err := findQuery(l)
			if err != nil {
				return out, err
			}
			group, ord, num, err := t.locate(&m)
			var ce *storage.CorruptError
			if errors.As(err, &ce) {
				corrupt = err
				return out, context.Canceled // not answered: the command ends
			}
			if err != nil {
				return out, err
			}
			return appendFound(out, a.json, &m, group, ord, num), nil
		})
		for _, e := range r.Errs {
			fmt.Fprintln(s.err, e)
		}
		failed += len(r.Errs)
		w.Write(r.Out)
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
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// findQuery reads a line's grid, checks it and returns its minlex form.
func findQuery(l *lines.Input) (canon.Grid, error) {
	g, err := cells.ReadGrid(l.Text)
	if err != nil {
		return g, err
	}
	if err := g.Validate(); err != nil {
		return g, err
	}
	m, _, _ := canon.Minlex(&g)
	return m, nil
}

// appendFound appends a found grid's answer: its minlex form m, group,
// ordinal in the group and ordinal in the catalog.
func appendFound(out []byte, json bool, m *canon.Grid, group int, ord, num int64) []byte {
	if json {
		out = append(m.AppendText(append(out, `,"minlex":"`...)), '"')
		return fmt.Appendf(out, `,"group":%d,"ordinal":%d,"catalog_ordinal":%d`, group, ord, num)
	}
	return fmt.Appendf(m.AppendText(out), " %d %d %d", group, ord, num)
}

// locate finds a minlex grid in the catalog, or in the single file (whose
// catalog ordinal is then its ordinal in the group).
func (t *catalogTarget) locate(g *canon.Grid) (int, int64, int64, error) {
	if t.cat != nil {
		return t.cat.Locate(g)
	}
	ord, err := t.f.Ordinal(g)
	return t.f.Header().Group, ord, ord, err
}
