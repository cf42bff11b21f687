package storage

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// OpenRegular opens the file at path for reading and checks that it is a
// regular file, so that a FIFO, a device or a socket planted where a group
// file or a part is expected is refused at once rather than read: the
// open does not block (O_NONBLOCK, which a regular file ignores) and, unless
// follow, does not follow a symbolic link. The error of a file that is not
// regular says so, and wraps ErrNotRegular.
func OpenRegular(path string, follow bool) (*os.File, error) {
	flag := os.O_RDONLY | syscall.O_NONBLOCK
	if !follow {
		flag |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		if !follow && isLoop(err) {
			return nil, fmt.Errorf("storage: %s is a symbolic link, %w", path, ErrNotRegular)
		}
		return nil, fmt.Errorf("storage: %w", err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("storage: %s is %v, %w", path, kindOf(fi.Mode()), ErrNotRegular)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ErrNotRegular is wrapped by the errors of OpenRegular and ReadRegular for
// a path that is not a regular file.
var ErrNotRegular = errNotRegular{}

type errNotRegular struct{}

func (errNotRegular) Error() string { return "not a regular file" }

// ReadRegular reads the whole regular file at path, not following a
// symbolic link, and refuses one of more than max bytes.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("storage: %s has %d bytes, more than the %d a file of its kind may have", path, fi.Size(), max)
	}
	// Read at most max+1 bytes: a file that grows meanwhile is refused too.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("storage: %s has more than the %d bytes a file of its kind may have", path, max)
	}
	return data, nil
}

// isLoop reports whether err is the ELOOP of O_NOFOLLOW on a link.
func isLoop(err error) bool {
	pe, ok := err.(*os.PathError)
	return ok && pe.Err == syscall.ELOOP
}

// kindOf names a file mode's type for messages.
func kindOf(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "not a plain file (" + m.Type().String() + ")"
}
