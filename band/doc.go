// Package band holds the first bands and the groups of method.md ("Pruning 1",
// "Pruning 2", "Numbering"): the 416 minimal band forms, the 401 that start a
// minlex grid, the 4,010 column-1 candidates and the 3,541 of them that hold
// minlex grids, numbered in the paper's order.
package band
