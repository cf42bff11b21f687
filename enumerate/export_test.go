package enumerate

// The names the external tests (package enumerate_test, which can use the
// shared helpers of internal/testkit) need of the package's insides.
var (
	// FreeCells are the open cells of a group's grids (freeCells).
	FreeCells = freeCells
	// GrpCollect is grpCollect: a group's grids, automorphisms and stats.
	GrpCollect = grpCollect
)
