package serve

import (
	"os"
	"runtime/debug"
)

// MemoryLimit is the soft limit of the Go runtime's memory that LimitMemory
// sets. The caps on connections (MaxConns) and on the batch bodies held at
// once bound what is live; this bounds the rest, the garbage the collector
// lets grow by default to as much again as is live, so that the process
// stays under 200 MB at those caps.
const MemoryLimit = 150 << 20

// LimitMemory sets MemoryLimit as the process's soft memory limit
// (runtime/debug.SetMemoryLimit), unless the environment sets GOMEMLIMIT,
// which then stands; it returns the limit in force before, for a caller
// that restores it.
func LimitMemory() (previous int64) {
	previous = debug.SetMemoryLimit(-1)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
	return previous
}
