// Package uniform draws Sudoku solution grids uniformly among all
// 6,670,903,752,021,072,936,960, in some tens of microseconds a grid and
// without a catalog.
//
// A grid is its band 1 (rows 1-3), then for each stack a split (which of the
// two other columns of the stack each digit takes in band 2; band 3 takes the
// third), then a filling of band 2 and one of band 3 that the splits leave.
// Once the splits are chosen the two bands are independent: each is a proper
// 3-edge-colouring, by the band's rows, of the graph of columns against the
// digits they must receive (colorings.go), and every such colouring is a
// filling. This is Felgenhauer and Jarvis's counting, turned into a draw:
//
//   - the band class (one of the 416, canon.BandForms) in proportion to the
//     grids over it, from a table of each class's completions
//     (completions_gen.go, checked against the number of all grids);
//   - three splits, each of the 56 of a stack uniformly, kept with
//     probability the product of the two bands' fillings over the largest
//     product of the class, or drawn again (stacks.go; the fillings come from
//     a table of the 280 x 280 pairs of partitions, table.go);
//   - each band's filling uniformly among its colourings;
//   - a uniformly random band transform (order of rows 1-3, columns,
//     digits), which takes the class's form to a uniform band of the class.
//
// Every grid is then equally likely (sample.go, Sampler.Grid).
//
//go:generate go run ../gen/completions
package uniform
