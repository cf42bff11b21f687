// Package rate rates Sudoku puzzles two ways (docs/generate.md, "Rating"):
// the hardest technique of a fixed ladder that a solver applying the
// easiest technique first needs (Ladder, with qqwing's grade names for the
// low end), and the number of guesses a search that applies the whole
// ladder at every node makes before it has proved the solution unique.
// The guess count is 0 exactly when the ladder alone solves the puzzle.
package rate
