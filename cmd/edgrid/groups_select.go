package main

import (
	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/internal/ranges"
	"edgrid/query"
	"edgrid/storage"
)

// selectGroups is the choice of groups that query and scan make from
// --groups, --band and --catalog, in ascending order: the range given, the
// groups of a first band, or else all the catalog's groups (gaps and all),
// or else all 3,541. A catalog given must hold every group chosen; it is
// returned open.
func selectGroups(cmd *cobra.Command, groups string, bandN int, catalog string) ([]int, *storage.Catalog, error) {
	if groups != "" && changed(cmd, "band") {
		return nil, nil, usagef("give --groups or --band, not both")
	}
	var cat *storage.Catalog
	if catalog != "" {
		var err error
		if cat, err = storage.OpenCatalog(catalog); err != nil {
			return nil, nil, usagef("--catalog: %v", err)
		}
	}
	var list []int
	switch {
	case changed(cmd, "band"):
		if bandN < 1 || bandN > band.NumFirstBands {
			return nil, nil, usagef("--band %d: want a first band 1..%d, as in --band 1", bandN, band.NumFirstBands)
		}
		gs, _ := band.GroupsOfBand(bandN)
		list = span(gs[0].Number, gs[len(gs)-1].Number)
	case groups != "":
		a, b, err := ranges.ParseRange(groups, band.NumGroups)
		if err != nil {
			return nil, nil, usagef("--groups %s: %v", groups, err)
		}
		list = span(a, b)
	case cat != nil:
		for _, e := range cat.Entries {
			list = append(list, e.Group)
		}
		if len(list) == 0 {
			return nil, nil, usagef("--catalog %s holds no groups", catalog)
		}
	default:
		list = span(1, band.NumGroups)
	}
	if cat != nil {
		var missing []int
		for _, g := range list {
			if _, ok := cat.Entry(g); !ok {
				missing = append(missing, g)
			}
		}
		if len(missing) > 0 {
			return nil, nil, usagef("--catalog %s lacks groups %s (give --groups within what it holds)", catalog, query.GroupSpan(missing))
		}
	}
	return list, cat, nil
}
