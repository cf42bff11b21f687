package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/storage"
)

func init() {
	register(command{name: "enumerate", summary: "write the minlex grids of groups, ascending", run: func(ctx context.Context, args []string, s streams) error {
		var o enumerateOptions
		fs := newFlagSet("enumerate", "edgrid enumerate (--group N | --group A-B | --band N) [--count | --stats] [--workers K] [--out FILE|DIR [--codec C] [--compress fast|small]]", s)
		fs.StringVar(&o.group, "group", "", "group number 1..3541, or a range A-B")
		fs.IntVar(&o.band, "band", 0, "every group of first band N (1..401)")
		fs.BoolVar(&o.count, "count", false, "print only the number of minlex grids")
		fs.BoolVar(&o.stats, "stats", false, "print only JSON, one line: count, automorphism histogram, candidates tried, seconds")
		fs.IntVar(&o.workers, "workers", 0, "goroutines searching (default: one per core)")
		fs.StringVar(&o.out, "out", "", "write group files instead of lines: FILE for one group; DIR (created if needed) for a range or --band, with a catalog index")
		fs.StringVar(&o.codecName, "codec", storage.DefaultCodec.String(), "record codec of --out files: sorted or packed (the paper's 24-byte record)")
		fs.StringVar(&o.compressName, "compress", storage.CompressFast.String(), "zstd level of --out files: fast (the default: least CPU) or small (6% smaller files, ~15% more CPU in dense groups)")
		if err := fs.parse(args); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		groups, err := o.validate(fs)
		if err != nil {
			return err
		}
		return runEnumerate(ctx, o, groups, s)
	}})
}

// enumerateOptions are the flags of edgrid enumerate.
type enumerateOptions struct {
	group   string
	band    int
	count   bool
	stats   bool
	workers int

	out          string                // --out: group file or catalog directory
	codecName    string                // --codec
	compressName string                // --compress
	writer       storage.WriterOptions // parsed from codecName and compressName
}

// validate checks the flags and returns the groups to enumerate.
func (o *enumerateOptions) validate(fs *flagSet) ([]band.Group, error) {
	hasBand := flagGiven(fs, "band")
	switch {
	case o.group == "" && !hasBand:
		return nil, usagef("give --group N, --group A-B or --band N")
	case o.group != "" && hasBand:
		return nil, usagef("give --group or --band, not both")
	case o.count && o.stats:
		return nil, usagef("give --count or --stats, not both (--stats holds the count)")
	case o.workers < 0:
		return nil, usagef("--workers %d: want 1 or more (0 or absent: one per core)", o.workers)
	case flagGiven(fs, "codec") && o.out == "":
		return nil, usagef("--codec needs --out")
	case flagGiven(fs, "compress") && o.out == "":
		return nil, usagef("--compress needs --out")
	}
	var err error
	if o.writer.Codec, err = storage.ParseCodec(o.codecName); err != nil {
		return nil, usagef("--codec %s: want sorted or packed", o.codecName)
	}
	if o.writer.Compression, err = storage.ParseCompression(o.compressName); err != nil {
		return nil, usagef("--compress %s: want fast or small", o.compressName)
	}
	if hasBand {
		if o.band < 1 || o.band > band.NumFirstBands {
			return nil, usagef("--band %d: want a first band 1..%d, as in --band 1", o.band, band.NumFirstBands)
		}
		return band.GroupsOfBand(o.band)
	}
	a, b, err := parseRange(o.group, band.NumGroups)
	if err != nil {
		return nil, usagef("--group %s: %v", o.group, err)
	}
	return band.Groups()[a-1 : b], nil
}

// parseRange reads "N" or "A-B" with 1 <= A <= B <= max.
func parseRange(s string, max int) (int, int, error) {
	want := fmt.Errorf("want a number 1..%d or a range A-B, as in 1-10", max)
	lo, hi, isRange := strings.Cut(s, "-")
	a, err := strconv.Atoi(lo)
	if err != nil {
		return 0, 0, want
	}
	b := a
	if isRange {
		if b, err = strconv.Atoi(hi); err != nil {
			return 0, 0, want
		}
	}
	if a < 1 || b > max || a > b {
		return 0, 0, want
	}
	return a, b, nil
}

// enumerateReport is the JSON that --stats prints, on one line.
type enumerateReport struct {
	Groups      string     `json:"groups"`
	Count       int64      `json:"count"`
	Autos       autoCounts `json:"automorphisms"`
	Candidates  int64      `json:"candidates"`
	Band2Pruned int64      `json:"band2_pruned"`
	Seconds     float64    `json:"seconds"`
}

// autoCounts is an automorphism histogram, as a JSON object from the
// automorphism count (a string key) to the number of grids, keys in
// numeric order (encoding/json would sort them as strings: "18" before
// "2").
type autoCounts map[int]int64

// MarshalJSON writes the object with its keys ascending as numbers.
func (h autoCounts) MarshalJSON() ([]byte, error) {
	keys := make([]int, 0, len(h))
	for a := range h {
		keys = append(keys, a)
	}
	sort.Ints(keys)
	b := []byte{'{'}
	for i, a := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = strconv.AppendInt(b, int64(a), 10)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, h[a], 10)
	}
	return append(b, '}'), nil
}

// runEnumerate writes the minlex grids of the groups in order, or their count or stats.
func runEnumerate(ctx context.Context, o enumerateOptions, groups []band.Group, s streams) error {
	start := time.Now()
	w := bufio.NewWriterSize(s.out, 1<<20)
	quiet := o.count || o.stats || o.out != ""
	var files *groupFiles
	if o.out != "" {
		var err error
		if files, err = newGroupFiles(o.out, o.writer, len(groups) > 1 || o.band != 0); err != nil {
			return err
		}
	}
	buf := make([]byte, 0, 82)
	emit := func(g *canon.Grid, autos int) error {
		buf = append(g.AppendText(buf[:0]), '\n')
		_, err := w.Write(buf)
		return err
	}
	bar := newBar(s.err, len(groups), groups)
	var total enumerate.Stats
	for i, g := range groups {
		opt := enumerate.Options{Workers: o.workers}
		if bar != nil && len(groups) == 1 {
			opt.Progress = func(done, all int) {
				bar.ChangeMax(all)
				_ = bar.Set(done)
			}
		}
		if files != nil {
			if err := files.begin(g.Number); err != nil {
				return err
			}
		}
		var st enumerate.Stats
		var err error
		switch {
		case files != nil:
			st, err = enumerate.GroupBatches(ctx, g.Key, opt, files.add)
		case quiet:
			// Counts only: batches, which the search hands over without
			// copying their grids.
			st, err = enumerate.GroupBatches(ctx, g.Key, opt, func(enumerate.Batch) error { return nil })
		default:
			st, err = enumerate.Group(ctx, g.Key, opt, emit)
		}
		if err != nil {
			if files != nil {
				files.abort()
			}
			return fmt.Errorf("group %d: %w", g.Number, err)
		}
		if files != nil {
			if err := files.end(); err != nil {
				return fmt.Errorf("group %d: %w", g.Number, err)
			}
		}
		total.Add(&st)
		if bar != nil && len(groups) > 1 {
			_ = bar.Set(i + 1)
		}
	}
	if files != nil {
		if err := files.finish(); err != nil {
			return err
		}
	}
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(s.err)
	}
	switch {
	case o.stats:
		rep := enumerateReport{Groups: groupSpan(groups), Count: total.Grids, Autos: total.Histogram(),
			Candidates: total.Completions, Band2Pruned: total.Band2Pruned, Seconds: time.Since(start).Seconds()}
		if err := json.NewEncoder(w).Encode(rep); err != nil {
			return err
		}
	case o.count:
		fmt.Fprintln(w, total.Grids)
	}
	return w.Flush()
}

func groupSpan(gs []band.Group) string {
	if len(gs) == 1 {
		return strconv.Itoa(gs[0].Number)
	}
	return fmt.Sprintf("%d-%d", gs[0].Number, gs[len(gs)-1].Number)
}

// newBar returns a progress bar on stderr when stderr is a terminal, else nil.
func newBar(w io.Writer, n int, gs []band.Group) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	desc := "groups " + groupSpan(gs)
	if len(gs) == 1 {
		desc = "group " + groupSpan(gs) + ", row-4 parts"
	}
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true))
}
