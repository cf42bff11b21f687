package jobs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"edgrid/storage"
)

// A testKind runs and checks one kind of result directory, so that the
// fault tests run over every kind: catalogs (real enumeration) and parts
// (a small payload per group, made slowly enough to be killed mid-run).
type testKind struct {
	name     string
	manifest string
	fileName func(group int) string
	// header is the start of a valid, empty manifest of the kind.
	header string
	// killRange is the range of the kill -9 test: a few seconds of work.
	killRange [2]int
	run       func(ctx context.Context, dir string, first, last int, notify func(string)) (*Summary, error)
	// status returns the groups done, damaged and pending among
	// first..last, and the manifest's problems.
	status func(dir string, first, last int) (done int, damaged []Problem, pending int, manifestProblems []string, err error)
	// same fails unless dir holds what an uninterrupted run of first..last
	// leaves, byte for byte.
	same func(t *testing.T, dir string, first, last int)
}

// slowPartDelay is how long the test parts take to make, each.
const slowPartDelay = 15 * time.Millisecond

// slowParts are the PartOptions of the parts kind's tests.
func slowParts(dir string, first, last int, notify func(string)) PartOptions {
	return PartOptions{Dir: dir, First: first, Last: last, Label: "test parts", FileName: partName, Workers: 2, Notify: notify,
		Make: func(ctx context.Context, g int, path string) (int64, error) {
			select {
			case <-time.After(slowPartDelay):
			case <-ctx.Done():
				return 0, ctx.Err()
			}
			return int64(g), storage.WriteFileAtomic(path, fmt.Appendf(nil, "test parts group %d\n", g))
		},
		Verify: verifyTestPart}
}

// verifyTestPart checks a part file of slowParts.
func verifyTestPart(path string, g int, kind string) (int64, string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err.Error()
	}
	if want := fmt.Sprintf("%s group %d\n", kind, g); string(b) != want {
		return 0, fmt.Sprintf("holds %q, not %q", b, want)
	}
	return int64(g), ""
}

var kinds = []testKind{
	{
		name: "catalog", manifest: ManifestName, fileName: storage.FileName, header: sealLine(manifestMagic),
		killRange: [2]int{killFirst, testLast},
		run: func(ctx context.Context, dir string, first, last int, notify func(string)) (*Summary, error) {
			return Run(ctx, Options{Dir: dir, First: first, Last: last, Workers: 1, Notify: notify})
		},
		status: func(dir string, first, last int) (int, []Problem, int, []string, error) {
			rep, err := Status(dir, first, last)
			if err != nil {
				return 0, nil, 0, nil, err
			}
			return rep.Done, rep.Damaged, rep.Pending, rep.ManifestProblems, nil
		},
		same: sameCatalog,
	},
	{
		name: "parts", manifest: PartsManifestName, fileName: partName, header: sealLine(partsMagic) + sealLine("kind test parts"),
		killRange: [2]int{3400, testLast},
		run: func(ctx context.Context, dir string, first, last int, notify func(string)) (*Summary, error) {
			return RunParts(ctx, slowParts(dir, first, last, notify))
		},
		status: func(dir string, first, last int) (int, []Problem, int, []string, error) {
			rep, err := PartsStatusVerify(dir, partName, verifyTestPart)
			if err != nil {
				return 0, nil, 0, nil, err
			}
			done := 0
			for _, g := range rep.Done {
				if g >= first && g <= last {
					done++
				}
			}
			return done, rep.Damaged, len(rep.Missing), rep.ManifestProblems, nil
		},
		same: func(t *testing.T, dir string, first, last int) {
			t.Helper()
			for g := first; g <= last; g++ {
				b, err := os.ReadFile(filepath.Join(dir, partName(g)))
				if want := fmt.Sprintf("test parts group %d\n", g); err != nil || string(b) != want {
					t.Errorf("%s: part %d holds %q, %v; want %q", dir, g, b, err, want)
				}
			}
		},
	},
}

// kindByName returns the test kind named name.
func kindByName(name string) *testKind {
	for i := range kinds {
		if kinds[i].name == name {
			return &kinds[i]
		}
	}
	return nil
}
