//go:build !unix

package testkit

import "time"

// CPUTime is not measured here and is 0; benchmarks then report wall time
// only.
func CPUTime() time.Duration { return 0 }
