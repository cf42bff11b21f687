// Package tempdir makes the temporary directories that edgrid's bulk
// answering spills to, and removes the ones their owner left behind: each
// holds a lock file its process keeps locked (flock(2), which the kernel
// drops however the process ends, kill -9 included), so that a directory
// whose lock can be taken belongs to no live process.
package tempdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"edgrid/internal/fsutil"
)

// LockName is the lock file in each directory.
const LockName = "owner.lock"

// unlockedAge is how old a directory without a lock file (one made by an
// older edgrid, or one whose lock is being created this instant) must be
// before Sweep removes it.
const unlockedAge = 24 * time.Hour

// Dir is a temporary directory held by this process.
type Dir struct {
	Path string
	lock *os.File
}

// Make sweeps the directories of prefix in parent ("" for os.TempDir)
// that their owners left (Sweep), then makes a new one, locked, and
// returns it; Remove removes it.
func Make(parent, prefix string) (*Dir, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	Sweep(parent, prefix)
	path, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(path, LockName), os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		os.RemoveAll(path)
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return &Dir{Path: path, lock: f}, nil
}

// Remove removes the directory and everything in it.
func (d *Dir) Remove() error {
	err := os.RemoveAll(d.Path)
	d.lock.Close()
	return err
}

// Sweep removes the directories parent/prefix* that belong to this user
// and to no live process: their lock file can be locked, or they have none
// and are older than a day. It reports how many it removed; what it cannot
// remove it leaves.
func Sweep(parent, prefix string) int {
	names, err := filepath.Glob(filepath.Join(parent, prefix+"*"))
	if err != nil {
		return 0
	}
	n := 0
	for _, p := range names {
		if stale(p) && os.RemoveAll(p) == nil {
			n++
		}
	}
	return n
}

// stale reports whether p is a directory of this user that no live
// process holds.
func stale(p string) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.IsDir() {
		return false
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
		return false
	}
	f, err := fsutil.Open(filepath.Join(p, LockName), os.O_RDONLY, false)
	if errors.Is(err, os.ErrNotExist) {
		return time.Since(fi.ModTime()) > unlockedAge
	}
	if err != nil {
		return false
	}
	defer f.Close()
	// Taken, the lock is released when f is closed: the directory is
	// removed by then or left.
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
