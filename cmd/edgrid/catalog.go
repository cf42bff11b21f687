package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/storage"
)

func init() {
	register(command{name: "catalog", summary: "read catalog files: export, verify, info, get, find", run: func(ctx context.Context, args []string, s streams) error {
		if len(args) == 0 {
			return usagef("give an action: %s", catalogActions)
		}
		act := args[0]
		if act == "-h" || act == "--help" || act == "-help" {
			fmt.Fprintf(s.out, "Usage: edgrid catalog ACTION [flags] DIR|FILE ...\n\nActions:\n%s\nRun 'edgrid catalog ACTION -h' for an action's flags.\n%s\n", catalogHelp, exitCodesHelp)
			return errHelp
		}
		var o catalogOptions
		fs := newFlagSet("catalog "+act, "edgrid catalog "+act+" "+catalogSynopsis[act], s)
		switch act {
		case "export", "info":
			fs.StringVar(&o.group, "group", "", "only group N, or groups A-B")
		case "verify":
			fs.IntVar(&o.workers, "workers", 0, "goroutines checking blocks (default: one per core)")
		case "get":
			fs.IntVar(&o.groupN, "group", 0, "the group of the ordinals (may be left out for a FILE)")
		case "find", "index":
		default:
			return usagef("unknown action %q: want %s", act, catalogActions)
		}
		pos, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		if len(pos) == 0 {
			return usagef("catalog %s: give a catalog directory or a group file", act)
		}
		o.target, o.args = pos[0], pos[1:]
		if err := o.validate(act, fs); err != nil {
			return err
		}
		return runCatalog(ctx, act, o, s)
	}})
}

const catalogActions = "export, verify, info, get, find or index"

var catalogSynopsis = map[string]string{
	"export": "DIR|FILE [--group N|A-B]",
	"verify": "DIR|FILE [--workers K]",
	"info":   "DIR|FILE [--group N|A-B]",
	"get":    "DIR|FILE [--group N] ORDINAL...",
	"find":   "DIR|FILE [GRID...]   (grids on stdin when none are given)",
	"index":  "DIR",
}

const catalogHelp = `  export  DIR|FILE [--group N|A-B]   the grids as 81-digit lines, ascending, group by group
  verify  DIR|FILE                   check checksums, counts, order, minlex and groups of every grid
  info    DIR|FILE                   per group: grids, blocks, bytes, bits a grid, codec
  get     DIR|FILE --group N K...    the grid with ordinal K (1-based) in group N
  find    DIR|FILE [GRID...]         for each minlex grid: <grid> <group> <ordinal in group> <catalog ordinal>
  index   DIR                        (re)write DIR's catalog index from the group files in it, as after
                                     one enumerate --out DIR per group (cluster jobs)`

// catalogOptions are the flags and arguments of edgrid catalog.
type catalogOptions struct {
	target  string // catalog directory or group file
	args    []string
	group   string // export, info: N or A-B
	groupN  int    // get
	workers int
	lo, hi  int // the range of group
}

// validate checks the arguments of action act and parses --group.
func (o *catalogOptions) validate(act string, fs *flagSet) error {
	switch act {
	case "export", "info", "verify", "index":
		if len(o.args) > 0 {
			return usagef("unexpected argument %q", o.args[0])
		}
	case "get":
		if len(o.args) == 0 {
			return usagef("give one or more ordinals, as in: edgrid catalog get DIR --group 1 1")
		}
	}
	o.lo, o.hi = 1, band.NumGroups
	if o.group != "" {
		a, b, err := parseRange(o.group, band.NumGroups)
		if err != nil {
			return usagef("--group %s: %v", o.group, err)
		}
		o.lo, o.hi = a, b
	}
	if flagGiven(fs, "group") && act == "get" && (o.groupN < 1 || o.groupN > band.NumGroups) {
		return usagef("--group %d: want a group 1..%d", o.groupN, band.NumGroups)
	}
	if o.workers < 0 {
		return usagef("--workers %d: want 1 or more (0 or absent: one per core)", o.workers)
	}
	return nil
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parseInterspersed(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// catalogTarget is what a catalog command reads: a catalog directory or one
// group file.
type catalogTarget struct {
	cat  *storage.Catalog // nil for a file
	file string
}

// openTarget opens a catalog directory (its index) or takes a group file.
func openTarget(path string) (*catalogTarget, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if !fi.IsDir() {
		return &catalogTarget{file: path}, nil
	}
	c, err := storage.OpenCatalog(path)
	if err != nil {
		return nil, err
	}
	return &catalogTarget{cat: c}, nil
}

// groups returns the groups of the target within lo..hi, ascending.
func (t *catalogTarget) groups(lo, hi int) ([]int, error) {
	if t.cat == nil {
		f, err := storage.Open(t.file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if g := f.Header().Group; g >= lo && g <= hi {
			return []int{g}, nil
		}
		return nil, nil
	}
	var gs []int
	for _, e := range t.cat.Entries {
		if e.Group >= lo && e.Group <= hi {
			gs = append(gs, e.Group)
		}
	}
	return gs, nil
}

// open opens a group's file of the target.
func (t *catalogTarget) open(group int) (*storage.File, error) {
	if t.cat != nil {
		return t.cat.Open(group)
	}
	f, err := storage.Open(t.file)
	if err != nil {
		return nil, err
	}
	if g := f.Header().Group; g != group && group != 0 {
		f.Close()
		return nil, usagef("%s holds group %d, not %d", t.file, g, group)
	}
	return f, nil
}

// runCatalog runs one action of edgrid catalog.
func runCatalog(ctx context.Context, act string, o catalogOptions, s streams) error {
	if act == "index" {
		return runCatalogIndex(o, s)
	}
	t, err := openTarget(o.target)
	if err != nil {
		return err
	}
	switch act {
	case "export":
		return runCatalogExport(ctx, t, o, s)
	case "verify":
		return runCatalogVerify(t, o, s)
	case "info":
		return runCatalogInfo(t, o, s)
	case "get":
		return runCatalogGet(t, o, s)
	default:
		return runCatalogFind(ctx, t, o, s)
	}
}

// runCatalogExport streams the grids as `edgrid enumerate` prints them.
func runCatalogExport(ctx context.Context, t *catalogTarget, o catalogOptions, s streams) error {
	gs, err := t.groups(o.lo, o.hi)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(s.out, 1<<20)
	line := make([]byte, 0, 82)
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			return err
		}
		err = f.Scan(func(ord int64, g *canon.Grid) error {
			if ord&0xFFFF == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			line = append(g.AppendText(line[:0]), '\n')
			_, err := w.Write(line)
			return err
		})
		f.Close()
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

// runCatalogVerify checks everything and prints one summary line.
func runCatalogVerify(t *catalogTarget, o catalogOptions, s streams) error {
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
// as method.md does.
func histogramText(autos *[canon.MaxAutomorphisms + 1]int64) string {
	var b strings.Builder
	for a, n := range autos {
		if n > 0 {
			fmt.Fprintf(&b, " %d:%d", a, n)
		}
	}
	return b.String()
}

// groupOrder is the size of the symmetry group with relabelling (method.md).
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

// runCatalogInfo prints a line per group and a total.
func runCatalogInfo(t *catalogTarget, o catalogOptions, s streams) error {
	gs, err := t.groups(o.lo, o.hi)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(s.out)
	fmt.Fprintln(w, "# group grids blocks bytes bits/grid codec")
	var grids, size int64
	for _, g := range gs {
		f, err := t.open(g)
		if err != nil {
			return err
		}
		h := f.Header()
		fmt.Fprintf(w, "%d %d %d %d %.3f %v\n", h.Group, h.Count, h.Blocks, f.Size(), bitsPerGrid(f.Size(), h.Count), h.Codec)
		grids += h.Count
		size += f.Size()
		f.Close()
	}
	fmt.Fprintf(w, "# total: %d groups, %d grids, %d bytes, %.3f bits/grid\n", len(gs), grids, size, bitsPerGrid(size, grids))
	return w.Flush()
}

// bitsPerGrid is the size of a file or catalog per grid, 0 for no grids.
func bitsPerGrid(bytes, grids int64) float64 {
	if grids == 0 {
		return 0
	}
	return 8 * float64(bytes) / float64(grids)
}

// runCatalogGet prints the grid at each ordinal of one group.
func runCatalogGet(t *catalogTarget, o catalogOptions, s streams) error {
	if t.cat != nil && o.groupN == 0 {
		return usagef("give --group N for a catalog directory")
	}
	f, err := t.open(o.groupN)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(s.out)
	for _, a := range o.args {
		k, err := strconv.ParseInt(a, 10, 64)
		if err != nil || k < 1 || k > f.Header().Count {
			return usagef("ordinal %q: want 1..%d", a, f.Header().Count)
		}
		g, err := f.Grid(k)
		if err != nil {
			return err
		}
		w.Write(append(g.AppendText(nil), '\n'))
	}
	return w.Flush()
}

// runCatalogFind answers each grid with its group and ordinals; grids that
// are not in the catalog are reported on stderr and the others answered.
func runCatalogFind(ctx context.Context, t *catalogTarget, o catalogOptions, s streams) error {
	var file *storage.File
	if t.cat == nil {
		f, err := storage.Open(t.file)
		if err != nil {
			return err
		}
		defer f.Close()
		file = f
	}
	w := bufio.NewWriter(s.out)
	failed := 0
	err := readInputs(o.args, s.in, 256, func(b []inputLine) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, l := range b {
			g, err := canon.ParseLine(l.num, strings.TrimSpace(l.text))
			var group int
			var ord, num int64
			if err == nil {
				group, ord, num, err = locate(t, file, &g)
			}
			if err != nil {
				var ce *storage.CorruptError
				if errors.As(err, &ce) {
					return err
				}
				fmt.Fprintf(s.err, "edgrid catalog find: %s: %v\n", l.where, err)
				failed++
				continue
			}
			fmt.Fprintf(w, "%s %d %d %d\n", g.String(), group, ord, num)
		}
		return nil
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d grid(s) not found", failed)}
	}
	return nil
}

// locate finds a grid in a catalog, or in a single file (whose catalog
// ordinal is then its ordinal in the group).
func locate(t *catalogTarget, f *storage.File, g *canon.Grid) (int, int64, int64, error) {
	if t.cat != nil {
		return t.cat.Locate(g)
	}
	ord, err := f.Ordinal(g)
	return f.Header().Group, ord, ord, err
}

// runCatalogIndex writes the index of a directory of group files and
// reports what it lists.
func runCatalogIndex(o catalogOptions, s streams) error {
	fi, err := os.Stat(o.target)
	if err != nil {
		return usagef("%v", err)
	}
	if !fi.IsDir() {
		return usagef("%s: catalog index needs a directory", o.target)
	}
	c, err := storage.BuildIndex(o.target)
	if err != nil {
		return err
	}
	if len(c.Entries) == 0 {
		return fmt.Errorf("%s: no group files (group-NNNN.edg)", o.target)
	}
	fmt.Fprintf(s.out, "%s: %d group files, %d grids, index %s\n", o.target, len(c.Entries), c.Total(), filepath.Join(o.target, storage.IndexName))
	return nil
}
