package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// CorruptError reports a catalog file, or a catalog index, that fails a
// check: a checksum, a count, the order of the grids, a field out of range,
// a grid that is not minlex or not of the file's group. It says where:
// the file, the section, and the block, byte offset and grid ordinal when
// they are known.
type CorruptError struct {
	Path    string // the file
	Section string // "header", "block", "index", "footer", "file" or "catalog index"
	Block   int    // 0-based block number, or -1
	Offset  int64  // byte offset in the file of the section or block, or -1
	Ordinal int64  // 1-based ordinal in the group of the grid concerned, or 0
	Msg     string
}

// Error formats the error as "storage: FILE: block B at byte O, grid K: what".
func (e *CorruptError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "storage: %s: ", filepath.Base(e.Path))
	if e.Block >= 0 {
		fmt.Fprintf(&b, "block %d", e.Block)
	} else {
		b.WriteString(e.Section)
	}
	if e.Offset >= 0 {
		fmt.Fprintf(&b, " at byte %d", e.Offset)
	}
	if e.Ordinal > 0 {
		fmt.Fprintf(&b, ", grid %d", e.Ordinal)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// corrupt builds a CorruptError about a section that is not a block.
func corrupt(path, section string, offset int64, format string, a ...any) *CorruptError {
	return &CorruptError{Path: path, Section: section, Block: -1, Offset: offset, Msg: fmt.Sprintf(format, a...)}
}

// ErrNotFound is returned (wrapped) when a grid is not in a file or catalog:
// it is not minlex, belongs to another group, or is missing.
var ErrNotFound = errors.New("grid not found")
