package query

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/crc32c"
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

// Enumerator is the Source that enumerates each group, with the
// enumerator's automorphism counts; it needs no catalog.
type Enumerator struct{}

// Runs enumerates group n with workers goroutines searching, passing the
// enumerator's runs (enumerate.GroupRuns) as they are, without copying
// their grids; a run longer than runCap is passed in pieces.
func (Enumerator) Runs(ctx context.Context, n, workers int, fn func(r *Run) error) error {
	grp, err := band.ByNumber(n)
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	r := Run{Group: n, First: 1}
	_, err = enumerate.GroupRuns(ctx, grp.Key, enumerate.Options{Workers: workers}, func(grids []canon.Grid, autos []uint16) error {
		for len(grids) > 0 {
			k := min(len(grids), runCap)
			r.Grids, r.Autos = grids[:k], autos[:k]
			if err := fn(&r); err != nil {
				return err
			}
			r.First += int64(k)
			grids, autos = grids[k:], autos[k:]
		}
		return nil
	})
	return err
}

// runBuffer gathers grids, in order, into runs of grids sharing rows 1-6
// (at most runCap a run) and passes each to fn.
type runBuffer struct {
	fn    func(r *Run) error
	r     Run
	grids []canon.Grid
	ord   int64 // ordinal of the next grid
}

// runCap bounds the grids of a run passed on at once.
const runCap = 4096

func newRunBuffer(group int, fn func(r *Run) error) *runBuffer {
	return &runBuffer{fn: fn, r: Run{Group: group}, grids: make([]canon.Grid, 0, runCap), ord: 1}
}

// add appends grid g, the next of the group.
func (b *runBuffer) add(g *canon.Grid) error {
	if len(b.grids) > 0 && (len(b.grids) == runCap || !sameRows456(g, &b.grids[0])) {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.grids = append(b.grids, *g)
	return nil
}

// sameRows456 reports whether g and h have the same rows 4-6, as three
// words and three bytes.
func sameRows456(g, h *canon.Grid) bool {
	le := binary.LittleEndian
	return le.Uint64(g[27:35]) == le.Uint64(h[27:35]) && le.Uint64(g[35:43]) == le.Uint64(h[35:43]) &&
		le.Uint64(g[43:51]) == le.Uint64(h[43:51]) && g[51] == h[51] && g[52] == h[52] && g[53] == h[53]
}

// flush passes on the grids gathered, if any.
func (b *runBuffer) flush() error {
	if len(b.grids) == 0 {
		return nil
	}
	b.r.First, b.r.Grids = b.ord, b.grids
	err := b.fn(&b.r)
	b.ord += int64(len(b.grids))
	b.grids = b.grids[:0]
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
	b := newRunBuffer(n, func(r *Run) error {
		if err := fn(r); err != nil {
			return err
		}
		return ctx.Err()
	})
	err = f.Scan(func(ord int64, g *canon.Grid) error {
		return b.add(g)
	})
	if err == nil {
		err = b.flush()
	}
	return f.Header(), err
}

// checkFileSum compares the CRC-32C of the whole file (all but the footer's
// last 12 bytes) with the one its footer records (storage/FORMAT.md).
func checkFileSum(f *storage.File) error {
	h, err := storage.OpenRegular(f.Path(), true)
	if err != nil {
		return fmt.Errorf("query: %w", err)
	}
	defer h.Close()
	sum := crc32c.New()
	if _, err := io.Copy(sum, io.NewSectionReader(h, 0, f.Size()-12)); err != nil {
		return fmt.Errorf("query: %s: %w", f.Path(), err)
	}
	if got := sum.Sum32(); got != f.Checksum() {
		return &storage.CorruptError{Path: f.Path(), Section: "file", Block: -1, Offset: 0, Ordinal: 0,
			Msg: fmt.Sprintf("file checksum %08x, footer says %08x", got, f.Checksum())}
	}
	return nil
}
