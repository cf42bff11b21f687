// Package scan finds the puzzles a solution grid has: its minimal unavoidable
// sets (Unavoidable) and every k-clue puzzle among the k-cell sets that hit
// them all (Scanner), the computation of the minimum-clue search
// (docs/design/scan.md). It reads grids as package canon writes them and checks
// candidates with solve.Fast.
//
// # A map of the files
//
// The API: options.go (Options, Minimality, Method, the bounds a scan
// checks), scanner.go (Scanner, its buffers, the unavoidable sets it holds
// and learns), cells.go (the package's cell sets; canon.Mask is the
// API's), forms.go (PuzzleForms: the puzzles found, each class once).
//
// Unavoidable sets, where every scan starts: ua.go (Unavoidable, the
// minimal sets up to a size), ua_search.go (the search over the digits'
// templates that finds them), ua_cost.go (its bound: the cells a digit
// must take when it moves).
//
// The hitting-set search (MethodHitting; docs/design/scan.md, "The
// hitting-set search"): search.go (a node: branch on the unhit set with
// the fewest open cells), labels.go (the cells numbered by how many small
// sets hold them, the order clues are tried in), deep.go (the last clues,
// on the unhit sets' open cells gathered once), words.go, words_narrow.go
// and words_simd.go (the bit-vector step on sets of sets, eight words at a
// time with AVX-512), transpose.go (the 64x64 bit transpose that deep.go
// and families.go build their vectors with).
//
// The search's bounds, which end nodes before their clues run out:
// families.go (unions of pairwise disjoint sets, each needing its own
// clue), fresh.go (families of four sets listed afresh from a node's unhit
// sets), within.go (with as many clues left as a family has sets, every
// clue lies in its union), outside.go (with one clue more, at most one
// lies outside it).
//
// Many clues (docs/design/scan.md, "Many clues: the removed cells"):
// removal.go (the walk over the cells left out, decided by the unavoidable
// sets alone), atleast.go (PuzzlesAtLeast, a lower bound on a scan's
// puzzles).
//
// The band method (MethodBands; docs/design/scan.md, "The band method"):
// bands.go (the scanner and its sizes), bands_passes.go (the passes: which
// band or stack holds the most clues, and how many), bands_frame.go (a
// frame: the grid seen with one band or stack as band 3), bands_pass.go
// (one pass of a frame), bands_valid.go (the valid clue sets of a band),
// bands_gangster.go (the unavoidable sets inside one band, from the bands
// with the same digits in each column), bands_ua12.go (the sets of bands
// 1+2 that meet both bands), bands_pairs.go, bands_pairs_narrow.go and
// bands_pairs_simd.go (pairs of band 1 and band 2 clue sets that hit them
// all), bands_minirow.go and bands_third.go (band 3's clues: by minirow,
// then by search), bands_check.go (a candidate solved; a second solution
// learned as a set), bands_absorb.go (learned sets joining the vectors),
// bands_share.go (ScanBatch: grids with the same rows 1-6 through one pair
// loop of the frame with rows 7-9 as band 3).
//
// Scans over groups: part.go (Part, the per-group file of a scan's
// findings, WritePart and ReadPart, and the puzzle lines AppendPuzzle
// writes), totals.go (Totals, what a merge of parts adds up).
package scan
