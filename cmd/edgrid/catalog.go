package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/band"
	"edgrid/internal/ranges"
	"edgrid/storage"
)

func init() { register(newCatalogCmd) }

func newCatalogCmd(s streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "catalog ACTION [flags] [DIR|FILE] ...",
		Short: "read catalog files or write a catalog index: export, verify, info, get, find, index",
		// The actions are listed, not the bare command.
		Annotations: map[string]string{"actions only": "yes"},
		Long: `Read a catalog directory (--catalog DIR, or DIR as the first argument) or one group file
(FILE): export, verify, info, get, find; or write a directory's catalog index.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("give an action: %s", catalogActions)
			}
			msg := fmt.Sprintf("unknown action %q: want %s", args[0], catalogActions)
			if sug := suggestedActions(cmd, args[0]); len(sug) > 0 {
				msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(sug, " or "))
			}
			return usagef("%s", msg)
		},
	}
	type action struct {
		name, use, short, json string // json: what --json prints
		long                   string // the page's description, when the summary is not enough
		flags                  func(c *cobra.Command, o *catalogOptions)
		run                    func(ctx context.Context, o catalogOptions, s streams) error
	}
	for _, a := range []action{
		{"export", "[DIR|FILE] [--groups N|A-B] [--json]", "print the grids as 81-digit lines, ascending, group by group",
			`{"group","ordinal","grid"} a grid`,
			"",
			func(c *cobra.Command, o *catalogOptions) {
				groupsFlag(c.Flags(), &o.group, "only group N, or groups A-B")
			}, runCatalogExport},
		{"verify", "[DIR|FILE] [--workers K] [--json]", "check the checksums, counts, order, minlex forms and groups of every grid",
			`{"dir","ok","groups","files","grids","automorphisms","burnside"} (burnside a string), or for a FILE {"file","ok","group","grids","blocks","codec"}; "ok":false and "error" when the check fails`,
			"",
			func(c *cobra.Command, o *catalogOptions) {
				workersFlag(c.Flags(), &o.workers, "goroutines checking blocks")
			},
			runCatalogVerify},
		{"info", "[DIR|FILE] [--groups N|A-B] [--json]", "print each group's grids, blocks, bytes, bits a grid and codec, then the total",
			`{"group","grids","blocks","bytes","bits_per_grid","codec"} a group, {"group","error"} for a damaged one, then the total {"groups","files","grids","bytes","bits_per_grid"}`,
			"",
			func(c *cobra.Command, o *catalogOptions) {
				groupsFlag(c.Flags(), &o.group, "only group N, or groups A-B")
			},
			runCatalogInfo},
		{"get", "[DIR|FILE] [--groups N] [--json] ORDINAL...", "print the grids at ordinals K (1-based) of group N",
			`{"group","ordinal","grid"} a grid`,
			"",
			func(c *cobra.Command, o *catalogOptions) {
				groupsFlag(c.Flags(), &o.group, "the group of the ordinals (may be left out for a FILE)")
			}, runCatalogGet},
		{"find", "[DIR|FILE] [--json] [--bulk] [--mem SIZE] [GRID...]", "print each grid's minlex form, group, ordinal in the group and ordinal in the catalog",
			`{"input","minlex","group","ordinal","catalog_ordinal"} a grid, or {"input","where","error"}`,
			`Print each grid's minlex form, group, ordinal in the group and ordinal in the catalog, a line
a grid: <minlex grid> <group> <ordinal in group> <catalog ordinal>. The grids are the
arguments, or else the lines of standard input; a grid need not be minlex (it is
canonicalized as rank does). A large input is answered in bulk, as rank's: sorted, each
group's grids found in one pass over its file, the answers printed in input order at the end.`,
			func(c *cobra.Command, o *catalogOptions) { o.bulk.addFlags(c) }, runCatalogFind},
		{"index", "[DIR] [--json]", "write DIR's catalog index anew from the group files in it (after cluster jobs)",
			`{"dir","groups","files","grids","index"}`,
			"",
			nil, func(_ context.Context, o catalogOptions, s streams) error { return runCatalogIndex(o, s) }},
	} {
		var o catalogOptions
		sub := &cobra.Command{
			Use:   a.name + " " + a.use,
			Short: a.short,
			Long:  a.long,
			RunE: func(cmd *cobra.Command, args []string) error {
				if err := o.validate(a.name, args); err != nil {
					return err
				}
				if a.name == "find" {
					if err := o.bulk.validate(cmd); err != nil {
						return err
					}
				}
				return a.run(cmd.Context(), o, s)
			},
		}
		catalogFlag(sub.Flags(), &o.target, "the catalog directory, or one group file (or give it as the first argument)")
		jsonFlag(sub.Flags(), &o.json, "print JSON Lines: "+a.json)
		if a.name == "verify" || a.name == "export" || a.name == "find" {
			quietFlag(sub.Flags(), &s)
		}
		if a.flags != nil {
			a.flags(sub, &o)
		}
		c.AddCommand(sub)
	}
	return c
}

const catalogActions = "export, verify, info, get, find or index"

// catalogOptions are the flags and arguments of edgrid catalog.
type catalogOptions struct {
	target  string // catalog directory or group file
	args    []string
	group   string // N or A-B; get: N
	groupN  int    // get
	workers int
	json    bool
	lo, hi  int         // the range of group
	bulk    bulkOptions // find
}

// validate takes the target from the arguments unless --catalog gave it,
// checks the arguments of action act and parses --groups.
func (o *catalogOptions) validate(act string, args []string) error {
	if o.target == "" {
		if len(args) == 0 {
			return usagef("give a catalog directory or a group file: --catalog DIR, or DIR as the first argument")
		}
		o.target, args = args[0], args[1:]
	}
	o.args = args
	switch act {
	case "export", "info", "verify", "index":
		if len(o.args) > 0 {
			return usagef("unexpected argument %q", o.args[0])
		}
	case "get":
		if len(o.args) == 0 {
			return usagef("give one or more ordinals, as in: edgrid catalog get --catalog DIR --groups 1 1")
		}
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	o.lo, o.hi = 1, band.NumGroups
	if o.group == "" {
		return nil
	}
	a, b, err := ranges.ParseRange(o.group, band.NumGroups)
	if err != nil {
		return usagef("--groups %s: %v", o.group, err)
	}
	if act == "get" {
		if a != b {
			return usagef("--groups %s: want one group 1..%d for get", o.group, band.NumGroups)
		}
		o.groupN = a
	}
	o.lo, o.hi = a, b
	return nil
}

// catalogTarget is what a catalog command reads: a catalog directory or one
// group file.
type catalogTarget struct {
	cat  *storage.Catalog // nil for a file
	file string
	f    *storage.File // the file, open, for find
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
		return nil, &exitError{code: exitFailed, err: fmt.Errorf("catalog %s has no group %s (it holds %s)", t.cat.Dir, ranges.Format(missing), heldGroups(t.cat))}
	}
	return gs, nil
}

// heldGroups lists the groups of a catalog's index as ranges ("1-3,7").
func heldGroups(c *storage.Catalog) string {
	gs := make([]int, len(c.Entries))
	for i, e := range c.Entries {
		gs[i] = e.Group
	}
	return ranges.Format(gs)
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
