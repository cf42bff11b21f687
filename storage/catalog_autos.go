package storage

import "edgrid/canon"

// Automorphisms returns the catalog's grids counted by their number of
// automorphisms (autos[a] grids with a automorphisms), added up from its
// files' headers: VerifyCatalog checks each header's counts against the
// file's grids.
func (c *Catalog) Automorphisms() (autos [canon.MaxAutomorphisms + 1]int64, err error) {
	for _, e := range c.Entries {
		f, err := c.Open(e.Group)
		if err != nil {
			return autos, err
		}
		h := f.Header()
		f.Close()
		for a, n := range h.Autos {
			autos[a] += n
		}
	}
	return autos, nil
}
