package main

import (
	"fmt"
	"os"
	"path/filepath"

	"edgrid/storage"
)

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
	fmt.Fprintf(s.out, "%s: %d group files, %d grids, index %s\n", o.target, len(c.Entries), c.Total(), filepath.Join(o.target, storage.IndexName))
	return nil
}
