// Package solve solves Sudoku puzzles and their variants (other sizes,
// irregular regions, boards that are not rectangles, latin squares) as
// exact covers with the dancing-links engine of package dlx
// (docs/design/method.md, "Puzzles and variants"). Puzzles come as 81-character lines
// or as rules files that give the board and its regions as data.
package solve
