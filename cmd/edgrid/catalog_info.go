package main

import (
	"bufio"
	"context"
	"fmt"

	"edgrid/internal/ranges"
)

// infoGroup is one group's line of catalog info --json.
type infoGroup struct {
	Group       int     `json:"group"`
	Grids       int64   `json:"grids"`
	Blocks      int     `json:"blocks"`
	Bytes       int64   `json:"bytes"`
	BitsPerGrid float64 `json:"bits_per_grid"`
	Codec       string  `json:"codec"`
}

// infoTotal is the last line of catalog info --json: the groups it counted
// as ranges ("" for none), how many, and their sums.
type infoTotal struct {
	Groups      string  `json:"groups"`
	Files       int     `json:"files"`
	Grids       int64   `json:"grids"`
	Bytes       int64   `json:"bytes"`
	BitsPerGrid float64 `json:"bits_per_grid"`
}

// infoDamaged is the line of catalog info --json for a group whose file
// fails the checks.
type infoDamaged struct {
	Group int    `json:"group"`
	Error string `json:"error"`
}

// runCatalogInfo prints a line per group and a total. It reads each file's
// header, footer and block index (not its blocks): a group whose file fails
// those checks is reported on stderr (and with --json as an object with its
// error) and left out of the lines and total.
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
	if !o.json {
		fmt.Fprintln(w, "# group grids blocks bytes bits/grid codec")
	}
	var good []int
	var grids, size int64
	damaged := 0
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			fmt.Fprintf(s.err, "edgrid catalog info: %s\n", message(err))
			if o.json {
				writeJSONLine(w, infoDamaged{g, message(err)})
			}
			damaged++
			continue
		}
		h := f.Header()
		if o.json {
			writeJSONLine(w, infoGroup{h.Group, h.Count, h.Blocks, f.Size(), bitsPerGrid(f.Size(), h.Count), h.Codec.String()})
		} else {
			fmt.Fprintf(w, "%d %d %d %d %.3f %v\n", h.Group, h.Count, h.Blocks, f.Size(), bitsPerGrid(f.Size(), h.Count), h.Codec)
		}
		grids += h.Count
		size += f.Size()
		good = append(good, h.Group)
		f.Close()
	}
	if o.json {
		writeJSONLine(w, infoTotal{ranges.Format(good), len(good), grids, size, bitsPerGrid(size, grids)})
	} else {
		fmt.Fprintf(w, "# total: %d groups, %d grids, %d bytes, %.3f bits/grid\n", len(good), grids, size, bitsPerGrid(size, grids))
	}
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
