package jobs

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// LockName is the lock file of a run's directory. The lock is an flock(2) on
// it, which the kernel drops when the process ends however it ends, so a
// killed run never leaves the directory locked.
const LockName = ".edgrid-run.lock"

// ErrLocked is returned (wrapped, with who holds it) when another run holds
// the directory's lock.
var ErrLocked = errors.New("another edgrid run is writing this directory")

// dirLock is a held lock on a directory.
type dirLock struct{ f *os.File }

// lockDir takes dir's lock without waiting, and writes who holds it into
// the lock file for the message a second run prints. A lock file that is a
// symbolic link is refused: it would have the run truncate its target.
func lockDir(dir string) (*dirLock, error) {
	path := filepath.Join(dir, LockName)
	f, err := openNoFollow(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := io.ReadAll(io.NewSectionReader(f, 0, 200))
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			who := strings.TrimSpace(string(holder))
			if who == "" {
				who = "holder unknown"
			}
			return nil, fmt.Errorf("%s: %w (%s); wait for it to finish or stop it", dir, ErrLocked, who)
		}
		return nil, fmt.Errorf("jobs: locking %s: %w", path, err)
	}
	host, _ := os.Hostname()
	who := fmt.Sprintf("pid %d on %s since %s", os.Getpid(), host, time.Now().Format(time.DateTime))
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(who+"\n"), 0)
	}
	return &dirLock{f: f}, nil
}

// unlock releases the lock; the file stays, empty, for the next run.
func (l *dirLock) unlock() {
	l.f.Truncate(0)
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	l.f.Close()
}
