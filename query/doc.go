// Package query computes invariants of the essentially different grids
// (docs/design/method.md) over ranges of groups: statistics per invariant (histogram,
// mean, minimum and maximum with the first grid reaching each) and searches
// for the grids an expression over invariants selects.
//
// An Invariant is a number every solution grid has, the same for every grid
// of a class. Each one has a Value for a single grid and a Runner that is
// faster over a Run, grids of one group that share rows 1-6 as the
// enumerator finds them and the catalog stores them: what depends on rows
// 1-6 is computed once a run. The built-in invariants are listed by
// Builtins; Func makes one from a function.
//
// Grids come from enumerating groups on the fly (Enumerator) or from a
// catalog (CatalogSource), in the catalog's order: groups ascending, grids
// ascending inside a group. Results of disjoint sets of groups merge
// exactly (Result.Merge), so a range split into parts and merged gives what
// one run over the range gives.
//
// Data flows canon <- band <- enumerate <- storage <- query <- cmd.
package query

//go:generate go run ../internal/gen/expand -in intercalates.go.tmpl -out intercalates_gen.go
