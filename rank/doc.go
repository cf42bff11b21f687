// Package rank numbers the essentially different Sudoku grids: Rank gives a
// grid's number 1..5,472,730,538 and Unrank the grid with a number, in one of
// three orders:
//
//   - Paper (the default): the paper's. The groups in the paper's order, and
//     inside a group the order in which a textbook dancing-links search
//     meets the grids (docs/design/numbering.md). Grid 1 is docs/design/method.md's grid 1.
//   - Groups: the same groups, ascending inside each (docs/design/method.md's text).
//   - Lex: plain lexicographic order of the 81-digit grids.
//
// None needs a catalog. Embedded tables give the number of grids of every
// group and every bucket (the grids of one group with one filling of row 4,
// about 1,260 buckets a group), and each group's search tree (paper.bin):
// how many grids lie under each option of each branching of the search, down
// to leaves of at most 2,000 grids that are cheap to regenerate. A query walks
// the tables to its bucket or leaf and regenerates that alone with the
// enumerator; in the paper's order it then replays the search over the leaf's
// grids (dlx.go). With a catalog the groups and lex orders read the stored
// files instead.
//
// The tables are generated from a full run (edgrid run) and the enumerator
// by this package's tests (generate_test.go, make tables), which also check
// that the committed files are what generation gives.
//
// Data flows canon <- band <- enumerate <- storage <- rank <- cmd.
package rank
