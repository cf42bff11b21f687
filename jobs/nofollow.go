package jobs

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// openNoFollow opens one of the files a run keeps in its directory (the
// lock, the manifest) without following a symbolic link, so that a link
// planted there cannot make a run truncate or append to a file elsewhere,
// and refuses anything but a regular file.
func openNoFollow(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o644)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("jobs: %s is a symbolic link; a run's own files must be plain files (remove it)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("jobs: %s is not a regular file (%v); remove it", path, fi.Mode().Type())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
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
