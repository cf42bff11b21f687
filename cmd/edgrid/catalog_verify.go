package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"edgrid/canon"
	"edgrid/internal/progress"
	"edgrid/storage"
)

// verifyFile is catalog verify --json's line for one group file.
type verifyFile struct {
	File   string `json:"file"`
	OK     bool   `json:"ok"`
	Group  int    `json:"group"`
	Grids  int64  `json:"grids"`
	Blocks int    `json:"blocks"`
	Codec  string `json:"codec"`
}

// verifyDir is catalog verify --json's line for a catalog directory. The
// Burnside sum is a decimal string: for the whole catalog it exceeds 64
// bits, and JSON readers that hold numbers as doubles would round it.
type verifyDir struct {
	Dir      string     `json:"dir"`
	OK       bool       `json:"ok"`
	Groups   string     `json:"groups"`
	Files    int        `json:"files"`
	Grids    int64      `json:"grids"`
	Autos    autoCounts `json:"automorphisms"`
	Burnside string     `json:"burnside"`
}

// verifyFailed is catalog verify --json's line when the check fails.
type verifyFailed struct {
	File  string `json:"file,omitempty"`
	Dir   string `json:"dir,omitempty"`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// runCatalogVerify checks everything and prints a summary: with --json one
// object, "ok" false and the error in it when the check fails (the error
// also goes to stderr, exit 1). A signal stops the check (exit 1), saying
// how many grids were checked; on a terminal a progress line counts them.
func runCatalogVerify(ctx context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	var count progress.Counter
	if t.cat != nil {
		count.SetTotal(t.cat.Total())
	} else if f, err := storage.Open(t.file); err == nil {
		count.SetTotal(f.Header().Count)
		f.Close()
	}
	line := s.startProgress(count.Text("edgrid catalog verify", "grids checked"))
	opt := storage.VerifyOptions{Workers: o.workers, Context: ctx, Progress: func(n int) { count.Add(int64(n)) }}
	err = verifyTarget(t, opt, o, s)
	line.Stop()
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		return stoppedWith(ctx, fmt.Sprintf("%s of %s grids checked, the check is not finished", progress.Group(count.Done()), progress.Group(count.Total())))
	}
	return err
}

// verifyTarget checks the catalog or file of t and prints the summary.
func verifyTarget(t *catalogTarget, opt storage.VerifyOptions, o catalogOptions, s streams) error {
	if t.cat == nil {
		h, err := storage.Verify(t.file, opt)
		switch {
		case err != nil && o.json:
			return errors.Join(writeJSONLine(s.out, verifyFailed{File: t.file, Error: message(err)}), err)
		case err != nil:
			return err
		case o.json:
			return writeJSONLine(s.out, verifyFile{t.file, true, h.Group, h.Count, h.Blocks, h.Codec.String()})
		}
		_, err = fmt.Fprintf(s.out, "ok: %s: group %d, %d grids, %d blocks, codec %v\n", t.file, h.Group, h.Count, h.Blocks, h.Codec)
		return err
	}
	c, err := storage.VerifyCatalog(t.cat.Dir, opt)
	var autos [canon.MaxAutomorphisms + 1]int64
	var sum *big.Int
	if err == nil {
		autos, err = c.Automorphisms()
	}
	if err == nil {
		sum, err = canon.Burnside(&autos)
	}
	switch {
	case err != nil && o.json:
		return errors.Join(writeJSONLine(s.out, verifyFailed{Dir: t.cat.Dir, Error: message(err)}), err)
	case err != nil:
		return err
	case o.json:
		h := autoCounts{}
		for a, n := range autos {
			if n > 0 {
				h[a] = n
			}
		}
		return writeJSONLine(s.out, verifyDir{c.Dir, true, heldGroups(c), len(c.Entries), c.Total(), h, sum.String()})
	}
	fmt.Fprintf(s.out, "ok: %s: %d groups, %d grids\n", c.Dir, len(c.Entries), c.Total())
	fmt.Fprintf(s.out, "grids by automorphisms (automorphisms:grids):%s\n", histogramText(&autos))
	_, err = fmt.Fprintf(s.out, "Burnside sum (grids x 1,218,998,108,160 / automorphisms): %s\n", sum.String())
	return err
}

// histogramText lists the automorphism counts that occur as " autos:grids",
// as docs/design/method.md does.
func histogramText(autos *[canon.MaxAutomorphisms + 1]int64) string {
	var b strings.Builder
	for a, n := range autos {
		if n > 0 {
			fmt.Fprintf(&b, " %d:%d", a, n)
		}
	}
	return b.String()
}
