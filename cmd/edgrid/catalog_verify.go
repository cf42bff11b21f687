package main

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"edgrid/canon"
	"edgrid/storage"
)

// runCatalogVerify checks everything and prints one summary line.
func runCatalogVerify(_ context.Context, o catalogOptions, s streams) error {
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	opt := storage.VerifyOptions{Workers: o.workers}
	if t.cat == nil {
		h, err := storage.Verify(t.file, opt)
		if err != nil {
			return err
		}
		fmt.Fprintf(s.out, "ok: %s: group %d, %d grids, %d blocks, codec %v\n", t.file, h.Group, h.Count, h.Blocks, h.Codec)
		return nil
	}
	c, err := storage.VerifyCatalog(t.cat.Dir, opt)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "ok: %s: %d groups, %d grids\n", c.Dir, len(c.Entries), c.Total())
	// The headers' histograms were just checked against the grids.
	var autos [canon.MaxAutomorphisms + 1]int64
	for _, e := range c.Entries {
		f, err := c.Open(e.Group)
		if err != nil {
			return err
		}
		h := f.Header()
		f.Close()
		for a, n := range h.Autos {
			autos[a] += n
		}
	}
	fmt.Fprintf(s.out, "grids by automorphisms (automorphisms:grids):%s\n", histogramText(&autos))
	fmt.Fprintf(s.out, "Burnside sum (grids x 1,218,998,108,160 / automorphisms): %s\n", burnside(&autos))
	return nil
}

// histogramText lists the automorphism counts that occur as " autos:grids",
// as docs/method.md does.
func histogramText(autos *[canon.MaxAutomorphisms + 1]int64) string {
	var b strings.Builder
	for a, n := range autos {
		if n > 0 {
			fmt.Fprintf(&b, " %d:%d", a, n)
		}
	}
	return b.String()
}

// groupOrder is the size of the symmetry group with relabelling (docs/method.md).
const groupOrder = 1218998108160

// burnside returns the sum over classes of groupOrder / automorphisms: the
// number of all solution grids when the classes are all of them. Every
// automorphism count divides the group order, so the sum is exact.
func burnside(autos *[canon.MaxAutomorphisms + 1]int64) string {
	sum, term := new(big.Int), new(big.Int)
	for a, n := range autos {
		if n > 0 {
			term.SetInt64(groupOrder / int64(a))
			sum.Add(sum, term.Mul(term, big.NewInt(n)))
		}
	}
	return sum.String()
}
