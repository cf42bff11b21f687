package generate

import "fmt"

// Method is how clues are taken away from a grid.
type Method uint8

const (
	// TopDown removes the clues in a random order, each unless the puzzle
	// would lose its unique solution: a minimal puzzle every time, but
	// one biased towards few clues (docs/guide/generate.md).
	TopDown Method = iota
	// ControlledBias is Berthier's generator: clues removed in a random
	// order while the solution stays unique; the puzzle is kept when no
	// clue can go, and the attempt is thrown away, with its grid, as soon
	// as a removal gives a second solution. A minimal puzzle of n clues of
	// a grid comes out of an attempt on that grid with probability
	// 1/C(81,n) exactly, which Estimate corrects for.
	ControlledBias
)

var methodNames = [...]string{"top-down", "controlled-bias"}

// String returns the name: top-down or controlled-bias.
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", m)
}

// ParseMethod reads top-down or controlled-bias.
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if n == s {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("generate: %q is not a method (want top-down or controlled-bias)", s)
}
