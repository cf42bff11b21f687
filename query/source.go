package query

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/storage"
)

// Source yields the minlex grids of groups as runs.
type Source interface {
	// Runs passes the grids of group n to fn, in ascending order, as runs
	// of grids sharing rows 1-6 (a run need not hold all of them), using
	// up to workers goroutines. It stops at fn's first error and returns
	// it. A Run is valid only during the call.
	Runs(ctx context.Context, n, workers int, fn func(r *Run) error) error
}

// Enumerator is the Source that enumerates each group (enumerate.GroupBatches),
// with the enumerator's automorphism counts; it needs no catalog.
type Enumerator struct{}

// Runs enumerates group n with workers goroutines searching.
func (Enumerator) Runs(ctx context.Context, n, workers int, fn func(r *Run) error) error {
	grp, err := band.ByNumber(n)
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	rb := newRebuilder(grp.Key)
	var ord int64 = 1
	_, err = enumerate.GroupBatches(ctx, grp.Key, enumerate.Options{Workers: workers}, func(b enumerate.Batch) error {
		err := rb.runs(b, n, ord, fn)
		ord += int64(b.Len())
		return err
	})
	return err
}

// CatalogSource reads the groups from a catalog's files. Before a file's
// first grid is passed on, its whole-file checksum is checked, so a damaged
// file is reported before anything from it is counted; blocks are checked
// again as they are decoded. The automorphism counts come from the runner
// (the files hold the group's histogram, not each grid's), and the query
// checks their histogram against the file's header.
type CatalogSource struct {
	Catalog *storage.Catalog
}

// runCap bounds the grids of a run a CatalogSource passes on at once.
const runCap = 4096

// Runs scans group n's file; workers is not used (a file is decoded by one
// goroutine; queries run groups in parallel).
func (c CatalogSource) Runs(ctx context.Context, n, workers int, fn func(r *Run) error) error {
	_, err := c.scan(ctx, n, fn)
	return err
}

// scan is Runs that also returns the file's header.
func (c CatalogSource) scan(ctx context.Context, n int, fn func(r *Run) error) (storage.Header, error) {
	f, err := c.Catalog.Open(n)
	if err != nil {
		return storage.Header{}, err
	}
	defer f.Close()
	if err := checkFileSum(f); err != nil {
		return f.Header(), err
	}
	buf := make([]canon.Grid, 0, runCap)
	var first int64
	flush := func() error {
		if len(buf) == 0 {
			return nil
		}
		r := Run{Group: n, First: first, Grids: buf}
		err := fn(&r)
		buf = buf[:0]
		if err == nil {
			err = ctx.Err()
		}
		return err
	}
	err = f.Scan(func(ord int64, g *canon.Grid) error {
		if len(buf) > 0 && (len(buf) == runCap || [27]uint8(g[27:54]) != [27]uint8(buf[0][27:54])) {
			if err := flush(); err != nil {
				return err
			}
		}
		if len(buf) == 0 {
			first = ord
		}
		buf = append(buf, *g)
		return nil
	})
	if err == nil {
		err = flush()
	}
	return f.Header(), err
}

// checkFileSum compares the CRC-32C of the whole file (all but the footer's
// last 12 bytes) with the one its footer records (storage/FORMAT.md).
func checkFileSum(f *storage.File) error {
	h, err := os.Open(f.Path())
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	defer h.Close()
	sum := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	if _, err := io.Copy(sum, io.NewSectionReader(h, 0, f.Size()-12)); err != nil {
		return fmt.Errorf("query: %s: %w", f.Path(), err)
	}
	if got := sum.Sum32(); got != f.Checksum() {
		return &storage.CorruptError{Path: f.Path(), Section: "file", Block: -1, Offset: 0, Ordinal: 0,
			Msg: fmt.Sprintf("file checksum %08x, footer says %08x", got, f.Checksum())}
	}
	return nil
}
