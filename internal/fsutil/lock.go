package fsutil

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
)

// ErrHeld is wrapped by the error of TryLock when another holds the lock.
var ErrHeld = errors.New("lock held")

// HeldError is a lock another process holds, with the note its holder
// wrote into the lock file ("" when it wrote none).
type HeldError struct {
	Path   string
	Holder string
}

// Error names the lock file and its holder.
func (e *HeldError) Error() string { return e.Path + ": lock held by " + e.Holder }

// Unwrap makes the error ErrHeld.
func (e *HeldError) Unwrap() error { return ErrHeld }

// A Lock is an exclusive flock(2) held on a file, which the kernel drops
// when the process ends however it ends: a killed holder never leaves it
// held.
type Lock struct{ f *os.File }

// TryLock takes the lock of the file at path without waiting, creating
// the file if needed, and writes note (who holds it) into it for the
// message another taker gets. The file is opened as Open does, without
// following a symbolic link: a link there would have the lock truncate its
// target. Another holder gives a *HeldError.
func TryLock(path, note string) (*Lock, error) {
	f, err := Open(path, os.O_RDWR|os.O_CREATE, false)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := io.ReadAll(io.NewSectionReader(f, 0, 200))
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &HeldError{Path: path, Holder: strings.TrimSpace(string(holder))}
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(note+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// Unlock releases the lock; the file stays, empty, for the next taker.
func (l *Lock) Unlock() {
	l.f.Truncate(0)
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	l.f.Close()
}
