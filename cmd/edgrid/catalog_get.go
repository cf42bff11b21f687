package main

import (
	"bufio"
	"context"
	"strconv"
)

// runCatalogGet prints the grid at each ordinal of one group; with --json
// as catalog export --json does, {"group","ordinal","grid"} a line. Every
// ordinal is checked before the first grid is printed.
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
	h := f.Header()
	ords := make([]int64, len(o.args))
	for i, a := range o.args {
		k, err := strconv.ParseInt(a, 10, 64)
		if err != nil || k < 1 || k > h.Count {
			return usagef("ordinal %q: want 1..%d", a, h.Count)
		}
		ords[i] = k
	}
	w := bufio.NewWriter(s.out)
	line := make([]byte, 0, 128)
	for _, k := range ords {
		g, err := f.Grid(k)
		if err != nil {
			w.Flush()
			return err
		}
		if o.json {
			j := beginJSON(line[:0])
			j.int("group", int64(h.Group))
			j.int("ordinal", k)
			j.key("grid")
			j.b = append(g.AppendText(append(j.b, '"')), '"')
			line = j.end()
		} else {
			line = append(g.AppendText(line[:0]), '\n')
		}
		w.Write(line)
	}
	return w.Flush()
}
