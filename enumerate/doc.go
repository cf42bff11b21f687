// Package enumerate enumerates the minlex grids of a group (docs/design/method.md,
// "Enumerating a group"): a bit-mask search over the completions of the
// group's 33 cells, split by the fillings of row 4 and run on all cores,
// that prunes finished bands 2 and checks each completion with canon's
// Checker. Grids come out ascending, one by one (Group), with where the
// search placed them (GroupPlaced), or a unit of work at a time as batches
// for the catalog writer (GroupBatches); a Searcher regenerates parts of a
// group for rank.
package enumerate

//go:generate go run ../internal/gen/expand -in search.go.tmpl -out search_gen.go
