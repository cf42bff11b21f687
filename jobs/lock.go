package jobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"edgrid/internal/fsutil"
)

// LockName is the lock file of a run's directory. The lock is an flock(2) on
// it, which the kernel drops when the process ends however it ends, so a
// killed run never leaves the directory locked.
const LockName = ".edgrid-run.lock"

// ErrLocked is returned (wrapped, with who holds it) when another run holds
// the directory's lock.
var ErrLocked = errors.New("another edgrid run is writing this directory")

// lockDir takes dir's lock without waiting (fsutil.TryLock), noting who
// holds it in the lock file for the message a second run prints. A lock
// file that is a symbolic link is refused: it would have the run truncate
// its target.
func lockDir(dir string) (*fsutil.Lock, error) {
	path := filepath.Join(dir, LockName)
	host, _ := os.Hostname()
	who := fmt.Sprintf("pid %d on %s since %s", os.Getpid(), host, time.Now().Format(time.DateTime))
	l, err := fsutil.TryLock(path, who)
	var held *fsutil.HeldError
	switch {
	case errors.As(err, &held):
		holder := held.Holder
		if holder == "" {
			holder = "holder unknown"
		}
		return nil, fmt.Errorf("%s: %w (%s); wait for it to finish or stop it", dir, ErrLocked, holder)
	case err != nil:
		return nil, ownFileError(path, err)
	}
	return l, nil
}
