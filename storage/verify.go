package storage

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"

	"edgrid/canon"
	"edgrid/internal/crc32c"
)

// VerifyOptions tune Verify.
type VerifyOptions struct {
	Workers int // goroutines checking blocks; 0 means one per core

	// Context, when not nil, stops the check once it is done: the
	// blocks in progress are finished and the error is Context's cause.
	Context context.Context

	// Progress, when not nil, is told the grids of each block checked,
	// from the goroutines checking them.
	Progress func(grids int)
}

// stopped returns the error of opt.Context when it is done, else nil.
func (opt *VerifyOptions) stopped() error {
	if opt.Context == nil || opt.Context.Err() == nil {
		return nil
	}
	return context.Cause(opt.Context)
}

// done is opt.Context's Done channel, or nil (never done).
func (opt *VerifyOptions) done() <-chan struct{} {
	if opt.Context == nil {
		return nil
	}
	return opt.Context.Done()
}

// blockCheck is what checking one block found; the automorphism counts are
// added up per worker, so that what is kept per block is small beside the
// block itself (the number of blocks comes from the file).
type blockCheck struct {
	err   error
	first canon.Grid
	last  canon.Grid
}

// Verify checks everything about the group file at path: header, footer
// and index (as Open does), every block's checksum and count, that the
// grids ascend across the whole file, that each is minlex and in the file's
// group, that their automorphism counts add up to the header's histogram,
// and the whole-file checksum. The error names the first problem in file
// order: a *CorruptError with the block and the grid's ordinal.
func Verify(path string, opt VerifyOptions) (Header, error) {
	f, err := Open(path)
	if err != nil {
		return Header{}, err
	}
	defer f.Close()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	checks := make([]blockCheck, len(f.entries))
	hists := make([][canon.MaxAutomorphisms + 1]int64, workers)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := buffers{cache: f.newCache()}
			ck := f.checker()
			for i := range next {
				checks[i] = f.checkBlock(i, &buf, ck, &hists[w])
				if opt.Progress != nil {
					opt.Progress(f.entries[i].count)
				}
			}
		}()
	}
feed:
	for i := range f.entries {
		select {
		case next <- i:
		case <-opt.done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := opt.stopped(); err != nil {
		return f.h, err
	}
	for i := range checks {
		c := &checks[i]
		if c.err != nil {
			return f.h, c.err
		}
		if i > 0 && bytes.Compare(checks[i-1].last[:], c.first[:]) >= 0 {
			return f.h, f.blockError(i, f.entries[i].first, "first grid not above the last grid of block %d", i-1)
		}
	}
	var autos [canon.MaxAutomorphisms + 1]int64
	for w := range hists {
		for a, n := range hists[w] {
			autos[a] += n
		}
	}
	if autos != f.h.Autos {
		return f.h, corrupt(path, "header", 0, "automorphism histogram differs from the grids' (%v)", histString(&autos))
	}
	if err := f.checkFileCRC(); err != nil {
		return f.h, err
	}
	return f.h, nil
}

// checker returns a canon.Checker for the file's first band. The header's
// key is the group's (Open checks it) and the decoders put it into every
// grid, so each grid has the band 1 and column 1 the Checker requires.
func (f *File) checker() *canon.Checker {
	b1 := f.h.Key.Band1()
	ck, err := canon.NewChecker(&b1)
	if err != nil {
		panic("storage: group key without a minimal first band: " + err.Error())
	}
	return ck
}

// checkBlock decodes block i and checks each grid is a minlex solution grid,
// adding its automorphism count to autos. Band 2 is looked up once for the
// grids that share it.
func (f *File) checkBlock(i int, buf *buffers, ck *canon.Checker, autos *[canon.MaxAutomorphisms + 1]int64) (c blockCheck) {
	n := 0
	var bad error
	var band2 [27]uint8
	var entry uint32
	band2ok := false
	err := f.decode(i, buf, func(ord int64, g *canon.Grid) error {
		if err := g.Validate(); err != nil {
			bad = f.blockError(i, ord, "grid %s is not a solution grid: %v", g.String(), err)
			return errStop
		}
		if n == 0 || [27]uint8(g[27:54]) != band2 {
			band2 = [27]uint8(g[27:54])
			entry, band2ok = ck.Band2(&band2)
		}
		ok, a := false, 0
		if band2ok {
			ok, a = ck.Check(g, entry)
		}
		if !ok {
			bad = f.blockError(i, ord, "grid %s is not minlex", g.String())
			return errStop
		}
		if n == 0 {
			c.first = *g
		}
		c.last = *g
		autos[a]++
		n++
		return nil
	})
	switch {
	case err != nil:
		c.err = err
	case bad != nil:
		c.err = bad
	case n != f.entries[i].count:
		c.err = f.blockError(i, 0, "%d grids, index says %d", n, f.entries[i].count)
	}
	return c
}

// checkFileCRC reads the whole file and compares its checksum with the footer's.
func (f *File) checkFileCRC() error {
	h := crc32c.New()
	if _, err := io.Copy(h, io.NewSectionReader(f.f, 0, f.size-12)); err != nil {
		return fmt.Errorf("storage: %s: %w", f.path, err)
	}
	if got := h.Sum32(); got != f.foot.fileCRC {
		return corrupt(f.path, "file", 0, "file checksum %08x, footer says %08x", got, f.foot.fileCRC)
	}
	return nil
}

func histString(a *[canon.MaxAutomorphisms + 1]int64) string {
	var b bytes.Buffer
	for k, n := range a {
		if n > 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d:%d", k, n)
		}
	}
	return b.String()
}
