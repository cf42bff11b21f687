// Package scan finds the puzzles a solution grid has: its minimal unavoidable
// sets (Unavoidable) and every k-clue puzzle among the k-cell sets that hit
// them all (Scanner), the computation of the minimum-clue search
// (docs/design/scan.md). It reads grids as package canon writes them and checks
// candidates with solve.Fast.
package scan
