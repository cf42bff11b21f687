// Package rank numbers the essentially different Sudoku grids: Rank gives a
// grid's number 1..5,472,730,538 and Unrank the grid with a number, in the
// groups order (the paper's groups in the paper's order, ascending inside a
// group: method.md's rule as written) or in plain lexicographic order. The
// paper itself orders the grids inside a group as its dancing-links search
// meets them (docs/numbering.md); that order is not available yet.
//
// Neither needs a catalog. Embedded tables give the number of grids of
// every bucket (the grids of one group with one filling of row 4, about
// 1,260 buckets a group); a query finds its bucket from the tables and
// regenerates that bucket alone with the enumerator. With a catalog the
// grid is read from the stored files instead.
//
// The tables are derived from a full run (edgrid run) by gen_tables.go;
// see the comment there for the command.
//
// Data flows canon <- band <- enumerate <- storage <- rank <- cmd.
package rank
