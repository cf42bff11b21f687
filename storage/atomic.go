package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// tempFile is what an atomic write needs of its temporary file.
type tempFile interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// createTemp makes the temporary file of an atomic write, in the directory
// of the final file so that the rename cannot cross file systems. Tests
// replace it to inject write failures such as ENOSPC.
var createTemp = func(dir, pattern string) (tempFile, error) {
	return os.CreateTemp(dir, pattern)
}

// writeAtomic creates path with the bytes write produces: in a temporary
// file in the same directory, checked for size and synced, then renamed over
// path and the directory synced. On any error the temporary file is removed
// and path is untouched.
func writeAtomic(path string, write func(w io.Writer) (int64, error)) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := createTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("storage: creating %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	n, err := write(f)
	if err != nil {
		return fmt.Errorf("storage: writing %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("storage: syncing %s: %w", path, err)
	}
	fi, err := os.Stat(tmp)
	if err != nil {
		return fmt.Errorf("storage: writing %s: %w", path, err)
	}
	if fi.Size() != n {
		err = fmt.Errorf("storage: writing %s: %d bytes on disk, %d written", path, fi.Size(), n)
		return err
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("storage: closing %s: %w", path, err)
	}
	// CreateTemp makes the file private; a catalog is for reading.
	if err = os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("storage: syncing directory %s: %w", dir, err)
	}
	return nil
}

// WriteFileAtomic creates or replaces path with data the way group files are
// written: a synced temporary file in the same directory, renamed over path,
// then the directory synced. On error path is untouched and no temporary
// file remains.
func WriteFileAtomic(path string, data []byte) error {
	return writeAtomic(path, func(w io.Writer) (int64, error) {
		n, err := w.Write(data)
		return int64(n), err
	})
}
