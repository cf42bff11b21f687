package fsutil

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// TempFile is what an atomic write needs of its temporary file.
type TempFile interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// CreateTemp makes the temporary file of an atomic write, in the directory
// of the final file so that the rename cannot cross file systems. Tests
// replace it to inject write failures such as ENOSPC.
var CreateTemp = func(dir, pattern string) (TempFile, error) {
	return os.CreateTemp(dir, pattern)
}

// tempMark separates a temporary file's final name from its random tail:
// the temporary file of path dir/name is dir/.name.tmp-<random>.
const tempMark = ".tmp-"

// TempOf returns the name of the file an atomic write's temporary file
// name is for, or "" when name is not such a temporary file.
func TempOf(name string) string {
	i := strings.LastIndex(name, tempMark)
	if !strings.HasPrefix(name, ".") || i < 1 {
		return ""
	}
	return name[1:i]
}

// WriteAtomic creates or replaces path with the bytes write produces: in a
// temporary file in the same directory (named for TempOf), checked for
// size and synced, made readable by all (0644), renamed over path, and the
// directory synced. On any error the temporary file is removed and path is
// untouched.
func WriteAtomic(path string, write func(w io.Writer) (int64, error)) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := CreateTemp(dir, "."+base+tempMark+"*")
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
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
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", path, err)
	}
	fi, err := os.Stat(tmp)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if fi.Size() != n {
		err = fmt.Errorf("writing %s: %d bytes on disk, %d written", path, fi.Size(), n)
		return err
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("closing %s: %w", path, err)
	}
	// CreateTemp makes the file private; edgrid's files are for reading.
	if err = os.Chmod(tmp, 0o644); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	return SyncDir(dir)
}

// WriteFile is WriteAtomic of data.
func WriteFile(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) (int64, error) {
		n, err := w.Write(data)
		return int64(n), err
	})
}

// SyncDir makes a rename in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	return nil
}
