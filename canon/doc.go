// Package canon holds the solution grid type, its validation, the symmetry
// group of docs/design/method.md ("Solution grids and when two are the same") and
// the minlex representative with the automorphism count ("One grid for each
// class: minlex").
//
// Minlex works band by band: every band (three rows, or three columns read as
// rows) is reduced to one of the 416 minimal band forms through a table derived
// at first use by orbit enumeration; only the bands whose form ties for the
// smallest can become band 1, and for each way of putting one there the rest of
// the grid is forced, so a grid has few candidates to compare.
//
// Puzzles (a Grid with 0 for empty cells) have forms too, over the same group:
// PuzzleCanon finds them in plain order or clue pattern first, with their
// automorphism counts, and the minlex form of a clue pattern; PuzzleKey names
// a puzzle by its solution's minlex grid and a clue mask. The searches are
// described in docs/guide/puzzles.md.
package canon
