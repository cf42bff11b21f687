package jobs

import (
	"errors"
	"fmt"
	"io"
	"os"

	"edgrid/internal/fsutil"
)

// openNoFollow opens one of the files a run keeps in its directory (the
// lock, the manifest) as fsutil.Open does: without following a symbolic
// link, so that a link planted there cannot make a run truncate or append
// to a file elsewhere, and refusing anything but a regular file.
func openNoFollow(path string, flag int) (*os.File, error) {
	f, err := fsutil.Open(path, flag, false)
	if err != nil {
		return nil, ownFileError(path, err)
	}
	return f, nil
}

// ownFileError is the error of a run's own file at path that could not be
// opened: one that is a link or not a regular file is to be removed.
func ownFileError(path string, err error) error {
	var nr *fsutil.NotRegularError
	switch {
	case errors.As(err, &nr) && nr.Link:
		return fmt.Errorf("jobs: %s is a symbolic link; a run's own files must be plain files (remove it)", path)
	case errors.As(err, &nr):
		return fmt.Errorf("jobs: %s is not a regular file (%v); remove it", path, nr.Mode.Type())
	}
	return fmt.Errorf("jobs: %w", err)
}

// readNoFollow reads the whole file at path as openNoFollow opens it; a
// missing file gives an error wrapping os.ErrNotExist.
func readNoFollow(path string) ([]byte, error) {
	f, err := openNoFollow(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return data, nil
}
