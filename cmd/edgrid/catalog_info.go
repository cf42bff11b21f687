package main

import (
	"bufio"
	"fmt"
)

// runCatalogInfo prints a line per group and a total.
func runCatalogInfo(t *catalogTarget, o catalogOptions, s streams) error {
	gs, err := t.groups(o.lo, o.hi)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(s.out)
	fmt.Fprintln(w, "# group grids blocks bytes bits/grid codec")
	var grids, size int64
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			return err
		}
		h := f.Header()
		fmt.Fprintf(w, "%d %d %d %d %.3f %v\n", h.Group, h.Count, h.Blocks, f.Size(), bitsPerGrid(f.Size(), h.Count), h.Codec)
		grids += h.Count
		size += f.Size()
		f.Close()
	}
	fmt.Fprintf(w, "# total: %d groups, %d grids, %d bytes, %.3f bits/grid\n", len(gs), grids, size, bitsPerGrid(size, grids))
	return w.Flush()
}

// bitsPerGrid is the size of a file or catalog per grid, 0 for no grids.
func bitsPerGrid(bytes, grids int64) float64 {
	if grids == 0 {
		return 0
	}
	return 8 * float64(bytes) / float64(grids)
}
