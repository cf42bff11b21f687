package main

import (
	"context"
	"fmt"
	"os"

	"edgrid/band"
	"edgrid/internal/ranges"
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

// groups returns the groups of the target within o.lo..o.hi, ascending.
// With --group every group of the range must be there, as for get: a
// missing one is an error (exit 1).
func (t *catalogTarget) groups(o catalogOptions) ([]int, error) {
	if t.cat == nil {
		f, err := storage.Open(t.file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		g := f.Header().Group
		if o.group != "" && (g != o.lo || g != o.hi) {
			return nil, &exitError{code: exitFailed, err: fmt.Errorf("%s holds group %d, not %s", t.file, g, o.group)}
		}
		return []int{g}, nil
	}
	var gs, missing []int
	for g := o.lo; g <= o.hi; g++ {
		if _, ok := t.cat.Entry(g); ok {
			gs = append(gs, g)
		} else {
			missing = append(missing, g)
		}
	}
	if o.group != "" && len(missing) > 0 {
		held := make([]int, len(t.cat.Entries))
		for i, e := range t.cat.Entries {
			held[i] = e.Group
		}
		return nil, &exitError{code: exitFailed, err: fmt.Errorf("catalog %s has no group %s (it holds %s)", t.cat.Dir, ranges.Format(missing), ranges.Format(held))}
	}
	return gs, nil
}

// damagedError ends an action that went on past damaged groups: exit 1.
func damagedError(n int, what string) error {
	if n == 1 {
		return &exitError{code: exitFailed, err: fmt.Errorf("1 damaged group %s", what)}
	}
	return &exitError{code: exitFailed, err: fmt.Errorf("%d damaged groups %s", n, what)}
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
