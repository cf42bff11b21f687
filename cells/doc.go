// Package cells reads solution grids and puzzles leniently, as other tools
// print them: 81 cells row by row, a digit 1-9 or an empty cell written any
// of the usual ways (EmptyChars), with white space, '|', '+' and '=' between
// cells skipped, and box-rule lines (------+-------+------) on lines of their
// own skipped. The command line and the web service read their inputs here,
// so that one input is read, and one fault worded, the same way everywhere.
package cells
