package main

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/scan"
	"edgrid/storage"
)

func init() { register(newScanCmd) }

func newScanCmd(s streams) *cobra.Command {
	var o scanOptions
	c := &cobra.Command{
		Use: "scan --clues K [--count | --first] [--method auto|bands|hitting] [--cells MASK] [--minimal | --all] [--canon] [--json] [--seconds] [--workers N] [GRID...]\n" +
			"  edgrid scan --ua [--max-size N] [--count] [--json] [GRID...]\n" +
			"  edgrid scan --clues K (--groups A-B | --band N) [--catalog DIR] --out DIR [--workers N]",
		Short: "print the K-clue puzzles of solution grids, or their unavoidable sets",
		Long: `For each grid (the arguments, or else the lines of standard input) print its K-clue puzzles,
one a line in the grid's own frame (81 characters, '.' for an empty cell), sorted, then the line
'# <grid> puzzles <n>'. --count prints only '<grid> <n>'. Puzzles of 17 clues or fewer are all
minimal; from 18 clues only minimal puzzles are reported unless --all (none has more than 78
clues: a scan for more answers 0 at once). --ua lists each grid's
minimal unavoidable sets instead, smallest first, as the grid's digits in the set's cells and
'.' elsewhere, then '# <grid> sets <n> <size>:<count>...'. With --groups or --band the grids are
the minlex grids of those groups (enumerated, or read from --catalog), each group's puzzles kept
in a part file of --out DIR (resumable); 'edgrid scan merge DIR...' prints them (docs/guide/scan.md).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := misspeltAction(cmd, args); err != nil {
				return err
			}
			if err := o.validate(cmd, args); err != nil {
				return err
			}
			return runScan(cmd.Context(), o, args, s)
		},
	}
	f := c.Flags()
	f.IntVarP(&o.clues, "clues", "k", 0, "find the puzzles of `K` clues (1..81)")
	f.BoolVar(&o.count, "count", false, "print only the number of puzzles (or, with --ua, of sets) of each grid: <grid> <n>")
	f.BoolVar(&o.first, "first", false, "stop at each grid's first puzzle")
	f.StringVar(&o.cellsText, "cells", "", "only puzzles whose clues lie in `MASK`: 81 characters, 1 for a cell clues may use, 0 for one they may not")
	f.BoolVar(&o.minimal, "minimal", false, "report only minimal puzzles (no clue can go), whatever K")
	f.BoolVar(&o.all, "all", false, "report every K-clue puzzle, minimal or not")
	f.BoolVar(&o.canon, "canon", false, "print each puzzle's minlex form (edgrid canon's), sorted and without repeats; the count line adds 'classes <m>'")
	f.StringVar(&o.method, "method", "auto", "how to search: `auto` (the band method for whole scans of 16 and 17 clues, hitting-set search otherwise), bands (up to 18 clues) or hitting; every method finds the same puzzles")
	f.BoolVar(&o.seconds, "seconds", false, "add each grid's scan time in seconds (wall clock, the search alone): the count line's third field, 'seconds <t>' at the end of the summary line, JSON \"seconds\"")
	f.BoolVar(&o.ua, "ua", false, "list the minimal unavoidable sets of each grid, with their numbers by size")
	f.IntVar(&o.maxSize, "max-size", 0, fmt.Sprintf("the largest unavoidable set collected, `N` in 4..%d (default %d; %d for a whole scan of more than 16 clues): with --ua the sets listed, else those the search starts from", scan.MaxUASize, scan.DefaultUASize, scan.LargeUASize))
	groupsFlag(f, &o.groups, "scan the minlex grids of groups N or A-B into --out DIR")
	f.IntVarP(&o.band, "band", "b", 0, "scan the minlex grids of every group of first band N (1..401) into --out DIR")
	catalogFlag(f, &o.catalog, "with --groups or --band: read the grids from this catalog directory instead of enumerating them")
	f.StringVarP(&o.out, "out", "o", "", "with --groups or --band: keep each group's puzzles in a part file of DIR as it is done; run again to resume")
	jsonFlag(f, &o.json, `print JSON Lines: {"input","clues","count","puzzles"} or {"input","count","sizes","sets"} a line, or {"input","error"}`)
	workersFlag(f, &o.workers, "grids scanned at once")
	c.AddCommand(newScanMergeCmd(s))
	quietFlag(c.Flags(), &s)
	return c
}

// scanOptions are the flags of edgrid scan.
type scanOptions struct {
	clues, maxSize, band, workers               int
	count, first, minimal, all, canon, ua, json bool
	seconds                                     bool
	cellsText, groups, catalog, out, method     string

	// Set by validate.
	cells     *canon.Mask
	groupList []int // with --groups or --band, ascending
	cat       *storage.Catalog
}

// validate checks the flags against each other and the arguments.
func (o *scanOptions) validate(cmd *cobra.Command, args []string) error {
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	grouped := o.groups != "" || changed(cmd, "band")
	switch {
	case o.ua && changed(cmd, "clues"):
		return usagef("--ua lists unavoidable sets: it takes no --clues")
	case o.ua && o.seconds:
		return usagef("--seconds times the search for puzzles: not with --ua")
	case grouped && o.seconds:
		return usagef("--seconds times the grids answered on standard output: not with --groups or --band")
	case o.ua && (o.first || o.cellsText != "" || o.minimal || o.all || o.canon || grouped):
		return usagef("--ua goes with --max-size, --count, --json and --workers only")
	case !o.ua && !changed(cmd, "clues"):
		return usagef("give --clues K (the puzzles of K clues, as in --clues 17) or --ua")
	case !o.ua && (o.clues < 1 || o.clues > 81):
		return usagef("--clues %d: want a number of clues 1..81, as in --clues 17", o.clues)
	case o.minimal && o.all:
		return usagef("--minimal and --all exclude each other: give one (the default: minimal from 18 clues)")
	case o.count && o.first:
		return usagef("--count and --first exclude each other: --first stops at one puzzle")
	case o.canon && (o.count || o.json):
		return usagef("--canon changes the puzzles printed: not with --count or --json")
	case o.ua && changed(cmd, "method"):
		return usagef("--method chooses how puzzles are searched: not with --ua")
	case o.method != "auto" && o.method != "bands" && o.method != "hitting":
		return usagef("--method %q: want auto, bands or hitting, as in --method bands", o.method)
	case o.method == "bands" && o.clues > scan.MaxBandClues:
		return usagef("--method bands scans for at most %d clues, not --clues %d: use --method hitting", scan.MaxBandClues, o.clues)
	case changed(cmd, "max-size") && (o.maxSize < 4 || o.maxSize > scan.MaxUASize):
		return usagef("--max-size %d: want 4..%d, as in --max-size 12", o.maxSize, scan.MaxUASize)
	case grouped && len(args) > 0:
		return usagef("--groups and --band scan the groups' grids: no GRID arguments (%q)", args[0])
	case grouped && o.out == "":
		return usagef("--groups and --band need --out DIR, where each group's part is kept (then edgrid scan merge DIR)")
	case !grouped && (o.out != "" || o.catalog != ""):
		return usagef("--out and --catalog go with --groups or --band")
	case grouped && (o.canon || o.json || o.count):
		return usagef("--groups and --band keep the puzzles in --out: print them with edgrid scan merge [--count] [--json] DIR")
	}
	if o.cellsText != "" {
		m, err := parseCellMask(o.cellsText)
		if err != nil {
			return usagef("--cells: %v", err)
		}
		if n := m.Count(); n < o.clues {
			return usagef("--cells holds %d cells, fewer than --clues %d: no puzzle can fit", n, o.clues)
		}
		o.cells = &m
	}
	if grouped {
		var err error
		o.groupList, o.cat, err = selectGroups(cmd, o.groups, o.band, o.catalog)
		if err != nil {
			return err
		}
	}
	return nil
}

// parseCellMask reads an 81-character cell mask of 0s and 1s (cell 1 first,
// row by row).
func parseCellMask(t string) (canon.Mask, error) {
	var m canon.Mask
	if n := utf8.RuneCountInString(t); n != 81 {
		return m, fmt.Errorf("%d characters; want 81, one a cell row by row, 1 for a cell clues may use and 0 for one they may not", n)
	}
	i := 0
	for _, r := range t {
		switch r {
		case '1':
			m.Set(i)
		case '0':
		default:
			return m, fmt.Errorf("character %d (%s) is %q; want 0 or 1", i+1, canon.CellName(i), r)
		}
		i++
	}
	return m, nil
}

// minimality is the scan's scan.Minimality.
func (o *scanOptions) minimality() scan.Minimality {
	switch {
	case o.minimal:
		return scan.MinimalOnly
	case o.all:
		return scan.MinimalAny
	}
	return scan.MinimalAuto
}

// scanMethod is the scan.Method --method names.
func (o *scanOptions) scanMethod() scan.Method {
	switch o.method {
	case "bands":
		return scan.MethodBands
	case "hitting":
		return scan.MethodHitting
	}
	return scan.MethodAuto
}

// scanOpts are the scan.Options the flags ask for.
func (o *scanOptions) scanOpts() scan.Options {
	return scan.Options{Clues: o.clues, Cells: o.cells, First: o.first, Minimal: o.minimality(), MaxUASize: o.maxSize, Method: o.scanMethod()}
}

// runScan answers the grids of the arguments or standard input, or scans
// the groups into o.out.
func runScan(ctx context.Context, o scanOptions, args []string, s streams) error {
	if o.groupList != nil {
		return runScanGroups(ctx, o, s)
	}
	return runScanLines(ctx, o, args, s)
}
