package main

import (
	"fmt"
	"os"
	"path/filepath"

	"edgrid/storage"
)

// indexReport is catalog index --json's line: the directory, the groups its
// index now lists (as ranges), how many, their grids and the index file.
type indexReport struct {
	Dir    string `json:"dir"`
	Groups string `json:"groups"`
	Files  int    `json:"files"`
	Grids  int64  `json:"grids"`
	Index  string `json:"index"`
}

// runCatalogIndex writes the index of a directory of group files and
// reports what it lists.
func runCatalogIndex(o catalogOptions, s streams) error {
	fi, err := os.Stat(o.target)
	if err != nil {
		return usagef("%v", err)
	}
	if !fi.IsDir() {
		return usagef("%s: catalog index needs a directory", o.target)
	}
	c, err := storage.BuildIndex(o.target)
	if err != nil {
		return err
	}
	if len(c.Entries) == 0 {
		return fmt.Errorf("%s: no group files (group-NNNN.edg)", o.target)
	}
	index := filepath.Join(o.target, storage.IndexName)
	if o.json {
		return writeJSONLine(s.out, indexReport{o.target, heldGroups(c), len(c.Entries), c.Total(), index})
	}
	_, err = fmt.Fprintf(s.out, "%s: %d group files, %d grids, index %s\n", o.target, len(c.Entries), c.Total(), index)
	return err
}
