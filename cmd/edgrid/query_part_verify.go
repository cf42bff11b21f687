package main

import (
	"fmt"

	"edgrid/query"
)

// verifyQueryPart checks a query part file the manifest does not record,
// for jobs.PartOptions.Verify: the whole file (query.ReadPart checks its
// checksum and structure), of query kind and of group g alone. It returns
// the grids the part covers, or why it cannot be adopted.
func verifyQueryPart(path string, g int, kind string) (int64, string) {
	data, err := readPartFile(path)
	if err != nil {
		return 0, err.Error()
	}
	desc, res, _, err := query.ReadPart(data)
	switch {
	case err != nil:
		return 0, message(err)
	case desc != kind:
		return 0, fmt.Sprintf("a part of another query (%q)", desc)
	case len(res.Groups) != 1 || res.Groups[0] != g:
		return 0, fmt.Sprintf("a part of groups %v, not of group %d", res.Groups, g)
	}
	return res.Grids, ""
}
