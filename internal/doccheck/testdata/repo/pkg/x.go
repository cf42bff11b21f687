// Package pkg cites its guide (docs/guide.md,
// "Files"), a section that is gone (docs/guide.md, "Gone"), a page of its
// own (local.md) and one it lacks (notes.md).
package pkg

// Help names a page ("see docs/guide.md") and one that is missing.
const Help = "docs/guide.md, docs/old.md, plain.md"
