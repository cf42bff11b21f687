package storage

import (
	"fmt"
	"io"

	"edgrid/internal/fsutil"
)

// writeAtomic creates path with the bytes write produces, atomically
// (fsutil.WriteAtomic): on any error path is untouched and no temporary
// file remains.
func writeAtomic(path string, write func(w io.Writer) (int64, error)) error {
	if err := fsutil.WriteAtomic(path, write); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	return nil
}

// WriteFileAtomic creates or replaces path with data the way group files are
// written: a synced temporary file in the same directory, renamed over path,
// then the directory synced. On error path is untouched and no temporary
// file remains.
func WriteFileAtomic(path string, data []byte) error {
	if err := fsutil.WriteFile(path, data); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	return nil
}
