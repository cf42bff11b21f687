package enumerate

import (
	"fmt"

	"edgrid/band"
	"edgrid/canon"
)

// checkKey reports why key is not one a search can take: the functions
// that take a key accept the column-1 candidates of docs/design/method.md's pruning 2
// (band.CandidateKeys) of a minimal band form, the 3,541 groups among them.
func checkKey(key band.Key) error {
	first := key.Band1()
	if _, err := canon.NewChecker(&first); err != nil {
		return fmt.Errorf("enumerate: key %s: band 1 is not a minimal band form: %w", key, err)
	}
	for _, k := range band.CandidateKeys(first) {
		if k == key {
			return nil
		}
	}
	return fmt.Errorf("enumerate: key %s: column 1 (cells 28, 37, 46, 55, 64, 73) is not one of band 1's ten settings (band.CandidateKeys)", key)
}
