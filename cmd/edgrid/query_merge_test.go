package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"edgrid/jobs"
	"edgrid/query"
)

// A damaged part outside the groups asked for does not stop --out from
// printing the groups asked for.
func TestQueryOutIgnoresOtherGroupsDamage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "q")
	if code, _, errs := run(t, "", "query", "--groups", "3536-3541", "--out", dir); code != 0 {
		t.Fatal(errs)
	}
	os.WriteFile(filepath.Join(dir, partFile(3541)), []byte("damaged\n"), 0o644)
	_, want, _ := run(t, "", "query", "--groups", "3536-3540")
	code, got, errs := run(t, "", "query", "--groups", "3536-3540", "--out", dir)
	if code != 0 || got != want {
		t.Fatalf("--out over a damaged part of another group: exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, got, want)
	}
}

// A damaged record line of the manifest is repaired by running the query
// again: merge then prints the whole answer and says nothing is missing.
func TestQueryOutRepairsDamagedRecordLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "q")
	args := []string{"query", "--groups", "3536-3541", "--out", dir}
	if code, _, errs := run(t, "", args...); code != 0 {
		t.Fatal(errs)
	}
	path := filepath.Join(dir, jobs.PartsManifestName)
	data, _ := os.ReadFile(path)
	i := bytes.Index(data, []byte("\npart 3538 "))
	data[i+len("\npart 3538 ")] ^= 1 // the group number: 3538 becomes 2538
	os.WriteFile(path, data, 0o644)
	_, want, _ := run(t, "", "query", "--groups", "3536-3541")
	if code, got, errs := run(t, "", args...); code != 0 || got != want {
		t.Fatalf("query again over a damaged record line: exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, got, want)
	}
	if code, got, errs := run(t, "", "query", "merge", dir); code != 0 || got != want || errs != "" {
		t.Fatalf("merge after the repair: exit %d, stderr %q, stdout\n%s", code, errs, got)
	}
}

// heapProbe is an output that measures the live heap at every write.
type heapProbe struct{ peak uint64 }

func (h *heapProbe) Write(p []byte) (int, error) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.peak = max(h.peak, ms.HeapAlloc)
	return len(p), nil
}

// Merge holds one group's part at a time: over 12 parts of 3 MB, the live
// heap stays far below their sum.
func TestQueryMergeStreams(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	if code, _, errs := run(t, "", "query", "--groups", "3530-3541", "--where", "autos > 0", "--out", src); code != 0 {
		t.Fatal(errs)
	}
	m, err := jobs.ReadPartsManifest(src)
	if err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(t.TempDir(), "big")
	const partBytes = 3 << 20
	_, err = queryParts.Run(context.Background(), jobs.PartsRun[*query.Part]{Dir: big, Groups: span(3530, 3541), Label: m.Label,
		Make: func(ctx context.Context, g, _ int) (*query.Part, error) {
			data, err := os.ReadFile(filepath.Join(src, partFile(g)))
			if err != nil {
				return nil, err
			}
			p, err := queryParts.Codec.Decode(data)
			if err != nil {
				return nil, err
			}
			p.Lines = bytes.Repeat(p.Lines, partBytes/len(p.Lines)+1)
			return p, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	probe := &heapProbe{}
	var errb strings.Builder
	if err := mergeAndPrint(false, []string{big}, nil, false, streams{out: probe, err: &errb}); err != nil {
		t.Fatalf("merge: %v, %s", err, errb.String())
	}
	grew := int64(probe.peak) - int64(before.HeapAlloc)
	if limit := int64(12 * partBytes / 3); grew > limit {
		t.Errorf("merge of 12 parts of %d bytes: live heap grew by %d bytes; want at most %d (a few parts)", partBytes, grew, limit)
	}
}
