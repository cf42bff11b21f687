// Package storage writes and reads catalog files: the minlex grids of one
// group (docs/design/method.md, "Enumerating a group") in ascending order, in
// zstd-compressed blocks with a block index for random access by ordinal or
// by grid. The byte layout and the two record codecs are specified in
// FORMAT.md.
package storage
