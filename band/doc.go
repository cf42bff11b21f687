// Package band holds the first bands and the groups of docs/design/method.md
// ("Cutting the search down, first: band 1", "Second: column 1 below band 1", "Numbering"): the 416 minimal band forms, the 401 that start a
// minlex grid, the 4,010 column-1 candidates and the 3,541 of them that hold
// minlex grids, numbered in the paper's order. It also holds the bit kernels
// that complete band 3 of a grid from its rows 1-6 (Rows7, Stack1Lanes,
// Rows8Ways), which the enumeration and the catalog decoder share, and the
// count of the essentially different bands 1+2 (CountPairs, pairs.go), the
// band method's entries.
package band

//go:generate go run ../internal/gen/groups
