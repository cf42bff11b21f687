//go:build unix

package query

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, so that benchmarks on a
// shared machine can report work per CPU-second as well as per second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
