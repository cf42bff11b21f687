package storage

import (
	"fmt"
	"os"

	"edgrid/internal/fsutil"
)

// OpenRegular opens the file at path for reading and checks that it is a
// regular file, so that a FIFO, a device or a socket planted where a group
// file or a part is expected is refused at once rather than read: the
// open does not block (O_NONBLOCK, which a regular file ignores) and, unless
// follow, does not follow a symbolic link (fsutil.Open). The error of a
// file that is not regular says so, and wraps ErrNotRegular.
func OpenRegular(path string, follow bool) (*os.File, error) {
	f, err := fsutil.Open(path, os.O_RDONLY, follow)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return f, nil
}

// ErrNotRegular is wrapped by the errors of OpenRegular and ReadRegular for
// a path that is not a regular file.
var ErrNotRegular = fsutil.ErrNotRegular

// ReadRegular reads the whole regular file at path, not following a
// symbolic link, and refuses one of more than max bytes.
func ReadRegular(path string, max int64) ([]byte, error) {
	data, err := fsutil.ReadRegular(path, max)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return data, nil
}
