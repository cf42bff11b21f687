// Package rate rates Sudoku puzzles two ways (docs/guide/generate.md, "Rating"):
// the hardest technique of a fixed ladder that a solver applying the
// easiest technique first needs (Ladder, with qqwing's grade names for the
// low end), and the number of guesses a search makes, from where the
// ladder is stuck and with singles at every node, to prove the solution
// unique.
// The guess count is 0 exactly when the ladder alone solves the puzzle.
package rate
