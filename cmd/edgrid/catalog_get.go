package main

import (
	"bufio"
	"context"
	"strconv"
)

// runCatalogGet prints the grid at each ordinal of one group.
func runCatalogGet(_ context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	if t.cat != nil && o.groupN == 0 {
		return usagef("give --groups N for a catalog directory")
	}
	f, err := t.open(o.groupN)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(s.out)
	for _, a := range o.args {
		k, err := strconv.ParseInt(a, 10, 64)
		if err != nil || k < 1 || k > f.Header().Count {
			return usagef("ordinal %q: want 1..%d", a, f.Header().Count)
		}
		g, err := f.Grid(k)
		if err != nil {
			return err
		}
		w.Write(append(g.AppendText(nil), '\n'))
	}
	return w.Flush()
}
