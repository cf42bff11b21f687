package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/progress"
	"edgrid/internal/ranges"
	"edgrid/storage"
)

func init() { register(newEnumerateCmd) }

func newEnumerateCmd(s streams) *cobra.Command {
	var o enumerateOptions
	c := &cobra.Command{
		Use:   "enumerate (--groups N|A-B | --band N) [--count | --stats] [--json] [--workers K] [--out FILE | --catalog DIR] [--codec C] [--compress fast|small]",
		Short: "write the minlex grids of groups, ascending",
		Long: `Write the minlex grids of groups, ascending, one 81-digit line each; or only their count
(--count), or statistics as one JSON line (--stats). --out FILE writes one group's grids to
a group file; --catalog DIR writes one group file per group into the catalog directory DIR,
created if needed, with a catalog index. --catalog is the name for a catalog: --out DIR (an
existing directory, a range, --band, or a name ending in /) still does the same.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			groups, err := o.validate(cmd)
			if err != nil {
				return err
			}
			return runEnumerate(cmd.Context(), o, groups, s)
		},
	}
	f := c.Flags()
	groupsFlag(f, &o.group, "group number 1..3541, or a range A-B")
	f.IntVarP(&o.band, "band", "b", 0, "every group of first band N (1..401)")
	f.BoolVar(&o.count, "count", false, "print only the number of minlex grids")
	f.BoolVar(&o.stats, "stats", false, "print only JSON, one line: count, automorphism histogram, candidates tried, seconds")
	jsonFlag(f, &o.json, `print JSON Lines: {"grid","autos"} a grid; with --count, {"groups","count"}`)
	workersFlag(f, &o.workers, "goroutines searching")
	f.StringVarP(&o.out, "out", "o", "", "write one group's grids to the group file `FILE` instead of lines (for a catalog directory use --catalog)")
	catalogFlag(f, &o.catalog, "write one group file per group into this catalog directory (created if needed), with a catalog index")
	f.StringVar(&o.codecName, "codec", storage.DefaultCodec.String(), "record codec of the group files: sorted or packed (the paper's 24-byte record)")
	f.StringVar(&o.compressName, "compress", storage.CompressFast.String(), "zstd level of the group files: fast (the default: least CPU) or small (6% smaller files, ~15% more CPU in dense groups)")
	quietFlag(c.Flags(), &s)
	return c
}

// enumerateOptions are the flags of edgrid enumerate.
type enumerateOptions struct {
	group   string
	band    int
	count   bool
	stats   bool
	workers int
	json    bool

	out          string                // --out: group file or catalog directory
	catalog      string                // --catalog: catalog directory
	codecName    string                // --codec
	compressName string                // --compress
	writer       storage.WriterOptions // parsed from codecName and compressName
}

// validate checks the flags and returns the groups to enumerate.
func (o *enumerateOptions) validate(cmd *cobra.Command) ([]band.Group, error) {
	hasBand := changed(cmd, "band")
	switch {
	case o.out != "" && o.catalog != "":
		return nil, usagef("give --out or --catalog, not both")
	case o.json && (o.stats || o.out != "" || o.catalog != ""):
		return nil, usagef("--json prints grids or the count: not with --stats (JSON already) or --out/--catalog")
	case o.group == "" && !hasBand:
		return nil, usagef("give --groups N, --groups A-B or --band N")
	case o.group != "" && hasBand:
		return nil, usagef("give --groups or --band, not both")
	case o.count && o.stats:
		return nil, usagef("give --count or --stats, not both (--stats holds the count)")
	case changed(cmd, "codec") && o.out == "" && o.catalog == "":
		return nil, usagef("--codec needs --out or --catalog")
	case changed(cmd, "compress") && o.out == "" && o.catalog == "":
		return nil, usagef("--compress needs --out or --catalog")
	}
	if err := checkWorkers(o.workers); err != nil {
		return nil, err
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
	a, b, err := ranges.ParseRange(o.group, band.NumGroups)
	if err != nil {
		return nil, usagef("--groups %s: %v", o.group, err)
	}
	return band.Groups()[a-1 : b], nil
}

// enumerateReport is the JSON that --stats prints, on one line.
type enumerateReport struct {
	Groups      string     `json:"groups"`
	Count       int64      `json:"count"`
	Autos       autoCounts `json:"automorphisms"`
	Candidates  int64      `json:"candidates"`
	Band2Pruned int64      `json:"band2_pruned"`
	Seconds     seconds    `json:"seconds"`
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
	var files *storage.GroupFiles
	switch {
	case o.catalog != "":
		var err error
		if files, err = newGroupFiles(o.catalog+string(filepath.Separator), o.writer, true); err != nil {
			return err
		}
	case o.out != "":
		var err error
		if files, err = newGroupFiles(o.out, o.writer, len(groups) > 1 || o.band != 0); err != nil {
			return err
		}
	}
	quiet := o.count || o.stats || files != nil
	buf := make([]byte, 0, 128)
	emit := func(g *canon.Grid, autos int) error {
		if o.json {
			buf = append(g.AppendText(append(buf[:0], `{"grid":"`...)), `","autos":`...)
			buf = append(strconv.AppendInt(buf, int64(autos), 10), "}\n"...)
		} else {
			buf = append(g.AppendText(buf[:0]), '\n')
		}
		_, err := w.Write(buf)
		return err
	}
	var count progress.Counter
	count.SetTotal(int64(len(groups)))
	line := s.startProgress(count.Text(barText(groups), barUnit(groups)))
	defer line.Stop()
	var total enumerate.Stats
	for _, g := range groups {
		opt := enumerate.Options{Workers: o.workers}
		if line != nil && len(groups) == 1 {
			opt.Progress = func(done, all int) {
				count.SetTotal(int64(all))
				count.Add(int64(done) - count.Done())
			}
		}
		if files != nil {
			if err := files.Begin(g.Number); err != nil {
				return err
			}
		}
		var st enumerate.Stats
		var err error
		switch {
		case files != nil:
			st, err = enumerate.GroupBatches(ctx, g.Key, opt, func(b enumerate.Batch) error { return files.Add(b) })
		case quiet:
			// Counts only: batches, which the search hands over without
			// copying their grids.
			st, err = enumerate.GroupBatches(ctx, g.Key, opt, func(enumerate.Batch) error { return nil })
		default:
			st, err = enumerate.Group(ctx, g.Key, opt, emit)
		}
		if err != nil {
			if files != nil {
				files.Abort()
			}
			return fmt.Errorf("group %d: %w", g.Number, err)
		}
		if files != nil {
			if err := files.End(); err != nil {
				return fmt.Errorf("group %d: %w", g.Number, err)
			}
		}
		total.Add(&st)
		if len(groups) > 1 {
			count.Add(1)
		}
	}
	if files != nil {
		if err := files.Finish(); err != nil {
			return err
		}
	}
	line.Stop()
	switch {
	case o.stats:
		rep := enumerateReport{Groups: groupSpan(groups), Count: total.Grids, Autos: total.Histogram(),
			Candidates: total.Completions, Band2Pruned: total.Band2Pruned, Seconds: secondsOf(time.Since(start))}
		if err := json.NewEncoder(w).Encode(rep); err != nil {
			return err
		}
	case o.count && o.json:
		fmt.Fprintf(w, "{\"groups\":%q,\"count\":%d}\n", groupSpan(groups), total.Grids)
	case o.count:
		fmt.Fprintln(w, total.Grids)
	}
	return w.Flush()
}

// groupSpan writes the groups' numbers as ranges ("1-10").
func groupSpan(gs []band.Group) string {
	ns := make([]int, len(gs))
	for i, g := range gs {
		ns[i] = g.Number
	}
	return ranges.Format(ns)
}

// barText and barUnit are the words of enumerate's progress line: the
// groups done of several, or a single group's row-4 parts.
func barText(gs []band.Group) string {
	if len(gs) == 1 {
		return "edgrid enumerate: group " + groupSpan(gs)
	}
	return "edgrid enumerate: groups " + groupSpan(gs)
}

func barUnit(gs []band.Group) string {
	if len(gs) == 1 {
		return "row-4 parts"
	}
	return "groups"
}

// newGroupFiles is where enumerate --out writes: several groups, an
// existing directory, or a name ending in a path separator mean a catalog
// directory, created if needed; else one group's file.
func newGroupFiles(out string, opt storage.WriterOptions, several bool) (*storage.GroupFiles, error) {
	fi, err := os.Stat(out)
	isDir := err == nil && fi.IsDir()
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		several = true
	}
	if several && !isDir {
		if err == nil {
			return nil, usagef("--out %s: a file exists there; several groups need a directory", out)
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, fmt.Errorf("--out: %w", err)
		}
		isDir = true
	}
	if isDir {
		return storage.CatalogFiles(out, opt), nil
	}
	return storage.SingleFile(out, opt), nil
}
