package bulk

import (
	"errors"
	"math"
	"runtime/debug"
	"syscall"
)

// MinFree is the room a bulk run chosen by itself wants in its temporary
// directory before it starts: the spill files take about 250 bytes an
// input.
const MinFree = 64 << 20

// BaseMem is the memory a bulk run takes besides its bound on queries and
// answers in memory: tables, a catalog's index, buffers, the goroutines.
const BaseMem = 128 << 20

// Free returns the bytes free for this user on the file system of dir.
func Free(dir string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * st.Bsize, nil
}

// LimitMemory sets the Go runtime's soft memory limit for a bulk run of at
// most mem bytes of queries and answers in memory, unless a limit is set
// already (GOMEMLIMIT): mem and a half (the queries, answers and chunks
// held take mem) and BaseMem for the rest, so that the collector runs
// before the heap doubles and the memory of one phase is returned before
// the next takes its own. It returns the function that restores the limit.
func LimitMemory(mem int64) (restore func()) {
	if old := debug.SetMemoryLimit(-1); old != math.MaxInt64 {
		return func() {}
	}
	debug.SetMemoryLimit(mem + mem/2 + BaseMem)
	return func() { debug.SetMemoryLimit(math.MaxInt64) }
}

// IsFull reports whether err is a want of room on disk: the file system
// is full (ENOSPC) or the user's quota is used up (EDQUOT).
func IsFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
