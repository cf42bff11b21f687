package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"

	"edgrid/generate"
)

// statsRun is what --stats prints: the tally of a run (or of runs merged),
// the grids it drew from and the seeds of its runs.
type statsRun struct {
	tally generate.Tally
	over  generate.Over
	seeds []uint64
}

// writeStats prints the estimate of r: '<clues> <share> <error>' a line
// after a comment line, or one JSON object that also holds what --merge
// needs to add the run to others (its counts, grids and seeds).
func writeStats(w *bufio.Writer, r *statsRun, json bool) {
	e := r.tally.Estimate()
	if json {
		j := beginJSON(nil)
		j.int("n", e.Puzzles)
		j.int("attempts", e.Attempts)
		j.str("over", r.over.String())
		seeds := []byte{'['}
		for i, s := range r.seeds {
			if i > 0 {
				seeds = append(seeds, ',')
			}
			seeds = strconv.AppendUint(seeds, s, 10)
		}
		j.raw("seeds", append(seeds, ']'))
		for _, key := range []string{"counts", "shares", "errors"} {
			m := []byte{'{'}
			for n := range e.Share {
				if e.Share[n] == 0 {
					continue
				}
				if len(m) > 1 {
					m = append(m, ',')
				}
				m = append(strconv.AppendInt(append(m, '"'), int64(n), 10), `":`...)
				switch key {
				case "counts":
					m = strconv.AppendInt(m, r.tally.Counts[n], 10)
				case "shares":
					m = strconv.AppendFloat(m, e.Share[n], 'g', 6, 64)
				default:
					m = strconv.AppendFloat(m, e.Error[n], 'g', 6, 64)
				}
			}
			j.raw(key, append(m, '}'))
		}
		w.Write(j.end())
		return
	}
	fmt.Fprintf(w, "# %d controlled-bias puzzles, %d attempts: clues, share of all minimal puzzles, standard error\n", e.Puzzles, e.Attempts)
	for n := range e.Share {
		if e.Share[n] > 0 {
			fmt.Fprintf(w, "%d %.6g %.2g\n", n, e.Share[n], e.Error[n])
		}
	}
}

// statsPart is a --stats --json object as read back by --merge.
type statsPart struct {
	N        int64              `json:"n"`
	Attempts int64              `json:"attempts"`
	Over     string             `json:"over"`
	Seeds    []uint64           `json:"seeds"`
	Counts   map[string]int64   `json:"counts"`
	Shares   map[string]float64 `json:"shares"`
	Errors   map[string]float64 `json:"errors"`
}

// readStatsPart reads the --stats --json output in data and checks it:
// counts of clue counts 17..81 adding up to n, attempts no fewer than the
// puzzles, grids uniform, seeds given, and the shares those of the counts
// (a file damaged or edited by hand is refused, not merged).
func readStatsPart(data []byte) (*statsRun, error) {
	var p statsPart
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&p); err != nil {
		return nil, fmt.Errorf("not the JSON object of edgrid generate --stats --json: %v", err)
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON object (want the output of one edgrid generate --stats --json)")
	}
	r := &statsRun{seeds: p.Seeds}
	var err error
	if r.over, err = generate.ParseOver(p.Over); err != nil || r.over == generate.OverBacktrack {
		return nil, fmt.Errorf("over %q: want grids or classes", p.Over)
	}
	if len(p.Seeds) == 0 {
		return nil, fmt.Errorf("no seeds: the file predates --merge or was edited; rerun it")
	}
	if p.N < 1 || p.Attempts < p.N || p.Attempts > math.MaxInt64/2 {
		return nil, fmt.Errorf("n %d, attempts %d: want 1 <= n <= attempts", p.N, p.Attempts)
	}
	for k, c := range p.Counts {
		n, err := strconv.Atoi(k)
		if err != nil || n < 17 || n > 81 || c < 1 || c > p.N {
			return nil, fmt.Errorf("counts %q: %d: want clue counts 17..81 with 1..n puzzles each", k, c)
		}
		r.tally.Counts[n] = c
		r.tally.Puzzles += c
	}
	if r.tally.Puzzles != p.N {
		return nil, fmt.Errorf("counts add up to %d puzzles, n is %d", r.tally.Puzzles, p.N)
	}
	r.tally.Attempts = p.Attempts
	e := r.tally.Estimate()
	for k, c := range p.Counts {
		n, _ := strconv.Atoi(k)
		if s, ok := p.Shares[k]; !ok || math.Abs(s-e.Share[n]) > 1e-5*e.Share[n]+1e-12 {
			return nil, fmt.Errorf("shares %q: %v, but %d puzzles of %d clues give %.6g: the file is damaged", k, p.Shares[k], c, n, e.Share[n])
		}
	}
	if len(p.Shares) != len(p.Counts) {
		return nil, fmt.Errorf("%d shares for %d counts: the file is damaged", len(p.Shares), len(p.Counts))
	}
	return r, nil
}

// maxMergeFile bounds the size of one file --merge reads: its object is a
// few hundred bytes.
const maxMergeFile = 1 << 20

// runStatsMerge prints the estimate of the --stats --json files named:
// the runs' counts added, as one run over all their puzzles. Every file is
// checked; a bad one is reported with its name and left out, and the
// others are merged; runs of different grids (--over) or of a seed already
// seen are refused, since their samples are not independent draws of one
// distribution.
func runStatsMerge(o generateOptions, files []string, s streams) error {
	var all *statsRun
	var first string // the file all began with
	seen := map[uint64]string{}
	bad := 0
	for _, f := range files {
		r, err := readMergeFile(f)
		if err == nil && all != nil && r.over != all.over {
			err = fmt.Errorf("over %s, but %s drew over %s: merge runs of one kind of grid", r.over, first, all.over)
		}
		if err == nil {
			for _, sd := range r.seeds {
				if g, dup := seen[sd]; dup {
					err = fmt.Errorf("seed %d is also in %s: the same seed gives the same puzzles", sd, g)
					break
				}
			}
		}
		if err != nil {
			fmt.Fprintf(s.err, "edgrid generate: %s: %v\n", f, err)
			bad++
			continue
		}
		for _, sd := range r.seeds {
			seen[sd] = f
		}
		if all == nil {
			all, first = r, f
			continue
		}
		all.tally.Merge(&r.tally)
		all.seeds = append(all.seeds, r.seeds...)
	}
	if all == nil {
		return errReported
	}
	slices.Sort(all.seeds)
	w := bufio.NewWriter(s.out)
	writeStats(w, all, o.json)
	if err := w.Flush(); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("the estimate printed is of %d of %d files", len(files)-bad, len(files))
	}
	return nil
}

// readMergeFile reads and checks one file of --merge.
func readMergeFile(name string) (*statsRun, error) {
	f, err := os.Open(name)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, pe.Err // the name is printed once, by the caller
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	if n, err := b.ReadFrom(io.LimitReader(f, maxMergeFile+1)); err != nil {
		return nil, err
	} else if n > maxMergeFile {
		return nil, fmt.Errorf("larger than %d bytes: not the output of edgrid generate --stats --json", maxMergeFile)
	}
	return readStatsPart(b.Bytes())
}
