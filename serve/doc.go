// Package serve is edgrid's web service: a page and a versioned JSON API
// (/api/v1/...) that answer one grid, number, puzzle or ID at a time, or a
// batch of them as JSON lines, with the same answers as the command line
// (docs/guide/api.md). Inputs are read by package cells, as the CLI reads them.
//
// Every answer has one shape (response): a status, the data or an error,
// and in a batch the line answered. Cheap calls (minlex) run at once, a
// few forms a core, and the forms of very symmetric puzzles one at a time;
// the expensive ones (numbering, solving, IDs, random grids, batches) take
// a place in a bounded pool first and are refused with 429 when it is full.
package serve
