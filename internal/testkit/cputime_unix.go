//go:build unix

package testkit

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process has used, so that benchmarks on a
// shared machine can report work per CPU-second as well as per second; 0
// when it cannot be read.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
