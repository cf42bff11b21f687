// Package doccheck checks the repository's cross-references: every file
// path that the docs, the README, Go comments and strings, scripts and
// manifests cite exists, and every section they cite by name is a heading
// of the page they name.
//
// A cited path is a run of path characters that starts with one of the
// repository's top-level directories (docs/design/method.md,
// scan/bands*.go, internal/gen/...), or, in a comment, a script or a page,
// a bare name ending in .md (for the citing file's own directory, or
// README.md at the root). A markdown link's target is a path relative to
// its page, and a #fragment must be one of the target's headings. A cited
// section is a quoted name after a page: docs/guide/scan.md, "Options";
// storage/FORMAT.md "Header"; docs/design/method.md ("Enumerating a
// group"); the README's "Generated files". The name is the heading's text,
// or its text before " (". After a possessive (docs/design/method.md's
// "every row, column and 3x3 box") or "says", a quote may instead be a
// phrase of the page's text.
//
// The repository's own test, run by go test ./..., fails on the first
// citation that points nowhere.
package doccheck
