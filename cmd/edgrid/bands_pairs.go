package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
)

// runBandsPairs counts the essentially different bands 1+2 of the band
// forms of --forms, o.workers forms at a time, and prints them in form order
// once all are counted, with their total and the number of 6x9 rectangles
// they stand for.
func runBandsPairs(ctx context.Context, o bandsOptions, s streams) error {
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := o.hi - o.lo
	workers = min(workers, n)
	var done atomic.Int64
	line := s.startProgress(func(time.Duration) string {
		return fmt.Sprintf("bands 1+2: %d of %d band forms counted", done.Load(), n)
	})
	res := make([]band.PairClass, n)
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for range workers {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return nil
				}
				pc, err := band.CountPairs(gctx, o.lo+i)
				if err != nil {
					return err
				}
				res[i] = pc
				done.Add(1)
			}
		})
	}
	err := g.Wait()
	if line != nil {
		line.Stop()
	}
	if err != nil {
		if ctx.Err() != nil {
			return stoppedWith(ctx, fmt.Sprintf("%d of %d band forms counted, nothing printed", done.Load(), n))
		}
		return err
	}
	var total uint64
	rects := new(big.Int)
	// Each form stands for 9! x 7,776 / automorphisms bands, each with
	// the form's completions under it.
	for _, pc := range res {
		total += pc.Pairs
		n := new(big.Int).SetUint64(362880 * 7776 / uint64(pc.Autos))
		rects.Add(rects, n.Mul(n, new(big.Int).SetUint64(pc.Completions)))
	}
	w := bufio.NewWriter(s.out)
	if o.json {
		type class struct {
			Class       int    `json:"class"`
			Autos       int    `json:"automorphisms"`
			Completions uint64 `json:"completions"`
			Pairs       uint64 `json:"pairs"`
		}
		out := struct {
			Forms      string   `json:"forms"`
			Classes    []class  `json:"classes"`
			Pairs      uint64   `json:"pairs"`
			Rectangles *big.Int `json:"rectangles"`
		}{Forms: fmt.Sprintf("%d-%d", o.lo+1, o.hi), Pairs: total, Rectangles: rects}
		for _, pc := range res {
			out.Classes = append(out.Classes, class{pc.Class + 1, pc.Autos, pc.Completions, pc.Pairs})
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		w.Write(append(b, '\n'))
		return w.Flush()
	}
	fmt.Fprintln(w, "# band form, its automorphisms, the ways to fill rows 4-6 under it, the bands 1+2 whose lesser band it is")
	for _, pc := range res {
		fmt.Fprintf(w, "%d %d %d %d\n", pc.Class+1, pc.Autos, pc.Completions, pc.Pairs)
	}
	fmt.Fprintf(w, "# bands 1+2 of band forms %d-%d: %d essentially different, %s filled 6x9 rectangles\n", o.lo+1, o.hi, total, rects)
	return w.Flush()
}
