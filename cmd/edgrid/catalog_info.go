package main

import (
	"bufio"
	"context"
	"fmt"
)

// runCatalogInfo prints a line per group and a total. It reads each file's
// header, footer and block index (not its blocks): a group whose file fails
// those checks is reported on stderr and left out of the lines and total.
func runCatalogInfo(_ context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	gs, err := t.groups(o)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(s.out)
	fmt.Fprintln(w, "# group grids blocks bytes bits/grid codec")
	var grids, size int64
	good, damaged := 0, 0
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			fmt.Fprintf(s.err, "edgrid catalog info: %v\n", err)
			damaged++
			continue
		}
		h := f.Header()
		fmt.Fprintf(w, "%d %d %d %d %.3f %v\n", h.Group, h.Count, h.Blocks, f.Size(), bitsPerGrid(f.Size(), h.Count), h.Codec)
		grids += h.Count
		size += f.Size()
		good++
		f.Close()
	}
	fmt.Fprintf(w, "# total: %d groups, %d grids, %d bytes, %.3f bits/grid\n", good, grids, size, bitsPerGrid(size, grids))
	if err := w.Flush(); err != nil {
		return err
	}
	if damaged > 0 {
		return damagedError(damaged, "left out")
	}
	return nil
}

// bitsPerGrid is the size of a file or catalog per grid, 0 for no grids.
func bitsPerGrid(bytes, grids int64) float64 {
	if grids == 0 {
		return 0
	}
	return 8 * float64(bytes) / float64(grids)
}
