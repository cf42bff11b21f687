package bulk

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
)

func TestFree(t *testing.T) {
	n, err := Free(t.TempDir())
	if err != nil || n <= 0 {
		t.Errorf("Free of a temporary directory: %d, %v; want some room", n, err)
	}
	if _, err := Free(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Free of a missing directory: %v; want ENOENT", err)
	}
}

// LimitMemory sets a limit only where none is set, and restores it.
func TestLimitMemory(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(math.MaxInt64)
	restore := LimitMemory(1 << 30)
	if got, want := debug.SetMemoryLimit(-1), int64(1<<30+1<<29+BaseMem); got != want {
		t.Errorf("limit for 1 GiB: %d, want %d", got, want)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit restored: %d, want none", got)
	}
	debug.SetMemoryLimit(3 << 30) // as GOMEMLIMIT sets it
	restore = LimitMemory(1 << 30)
	if got := debug.SetMemoryLimit(-1); got != 3<<30 {
		t.Errorf("limit under GOMEMLIMIT: %d, want it kept at %d", got, 3<<30)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != 3<<30 {
		t.Errorf("limit under GOMEMLIMIT after restore: %d, want %d", got, 3<<30)
	}
}

func TestIsFull(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"ENOSPC", syscall.ENOSPC, true},
		{"EDQUOT wrapped", fmt.Errorf("writing a run: %w", &os.PathError{Op: "write", Path: "x", Err: syscall.EDQUOT}), true},
		{"EIO", syscall.EIO, false},
		{"nil", nil, false},
		{"text alone", errors.New("no space left on device"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := IsFull(c.err); got != c.want {
				t.Errorf("IsFull(%v) = %v, want %v", c.err, got, c.want)
			}
		})
	}
}
