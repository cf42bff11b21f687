// Package generate makes Sudoku puzzles from solution grids drawn at random
// (docs/guide/generate.md): minimal puzzles top-down, Berthier's controlled-bias
// generator, whose bias is known so that the distribution of minimal
// puzzles by clue count can be estimated from its output (Estimate), and
// puzzles of a given number of clues. Each puzzle is rated (package rate).
// The puzzle with index i comes from a random stream seeded with the seed
// and i alone, so that a run gives the same puzzles whatever the number of
// workers.
package generate
