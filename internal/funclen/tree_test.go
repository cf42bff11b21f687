package funclen

import (
	"strings"
	"testing"
)

// maxLines bounds a hand-written function of edgrid: what a reader takes
// in at once.
const maxLines = 120

// allowed are the hand-written functions of edgrid that may be longer than
// maxLines, each with its reason. Generated files (dlx/run.go and the
// others internal/gen writes) are left out by Longer itself.
var allowed = map[string]string{
	// Hot kernels: one loop over the data with its state in locals.
	"storage/codec_sorted_decode.go decodeSorted": "the sorted codec's decoding loop, run for every grid read from a catalog",
}

// No hand-written function of the tree is longer than maxLines but those
// allowed, and every one allowed is still there and still long (so that
// the list does not outlive its reasons).
func TestTreeFunctions(t *testing.T) {
	long, err := Longer("../..", maxLines)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var report []string
	for _, f := range long {
		seen[f.Key()] = true
		if why, ok := allowed[f.Key()]; ok {
			report = append(report, f.String()+": "+why)
			continue
		}
		t.Errorf("%s: over %d lines; split it (or, for a hot kernel, allow it here with its reason)", f, maxLines)
	}
	for k := range allowed {
		if !seen[k] {
			t.Errorf("%s is allowed to be long but is not (or is gone): drop it from the list", k)
		}
	}
	t.Logf("allowed over %d lines:\n%s", maxLines, strings.Join(report, "\n"))
}
