package fsutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// ErrNotRegular is wrapped by the errors of Open and ReadRegular for a path
// that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is a path that is not a regular file: a symbolic link
// not followed, a FIFO, a device, a socket or a directory.
type NotRegularError struct {
	Path string
	Link bool        // a symbolic link, not followed
	Mode os.FileMode // the file's type otherwise
}

// What names the file's type for messages: "a symbolic link", "a FIFO".
func (e *NotRegularError) What() string {
	m := e.Mode
	switch {
	case e.Link:
		return "a symbolic link"
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

// Error says what the path is instead.
func (e *NotRegularError) Error() string { return e.Path + " is " + e.What() + ", not a regular file" }

// Unwrap makes the error ErrNotRegular.
func (e *NotRegularError) Unwrap() error { return ErrNotRegular }

// Open opens the file at path with flag (os.O_RDONLY, os.O_RDWR, with
// os.O_CREATE a file of mode 0644) and checks that it is a regular file,
// so that a FIFO, a device or a socket planted where a file is expected is
// refused at once: the open does not block (O_NONBLOCK, which a regular
// file ignores) and, unless follow, does not follow a symbolic link, so
// that a link planted there cannot make a writer truncate or append to a
// file elsewhere. A path that is not a regular file gives a
// *NotRegularError; other errors are the *os.PathError of the open.
func Open(path string, flag int, follow bool) (*os.File, error) {
	flag |= syscall.O_NONBLOCK
	if !follow {
		flag |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		if !follow && errors.Is(err, syscall.ELOOP) {
			return nil, &NotRegularError{Path: path, Link: true}
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadRegular reads the whole regular file at path, not following a
// symbolic link (Open), and refuses one of more than max bytes.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := Open(path, os.O_RDONLY, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > max {
		return nil, fmt.Errorf("%s has %d bytes, more than the %d a file of its kind may have", path, fi.Size(), max)
	}
	// Read at most max+1 bytes: a file that grows meanwhile is refused too.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s has more than the %d bytes a file of its kind may have", path, max)
	}
	return data, nil
}
