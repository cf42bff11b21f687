package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"edgrid/internal/ranges"
	"edgrid/jobs"
	"edgrid/query"
	"edgrid/rank"
	"edgrid/storage"
)

func init() { register(newQueryCmd) }

func newQueryCmd(s streams) *cobra.Command {
	var o queryOptions
	c := &cobra.Command{
		Use:   "query [--groups A-B | --band N] [--catalog DIR] [--inv LIST] [--where EXPR [--stats] [--number [--order O]]] [--json] [--workers K] [--out DIR] | query --list",
		Short: "print statistics of invariants over groups, or the grids an expression selects",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.list {
				return listInvariants(s)
			}
			if err := o.validate(cmd); err != nil {
				return err
			}
			return runQuery(cmd.Context(), o, s)
		},
	}
	f := c.Flags()
	groupsFlag(f, &o.groups, "groups N or A-B (default: all 3,541, or the catalog's)")
	f.IntVarP(&o.band, "band", "b", 0, "every group of first band N (1..401)")
	catalogFlag(f, &o.catalog, "read the grids from this catalog directory instead of enumerating them")
	f.StringVar(&o.inv, "inv", strings.Join(query.DefaultNames, ","), "invariants to report, comma-separated (--list shows them)")
	f.StringVar(&o.where, "where", "", "print the grids for which EXPR holds, e.g. 'ua4 == 0 && autos > 1' (integers, == != < <= > >=, + - *, && || !, parentheses)")
	f.BoolVar(&o.stats, "stats", false, "with --where: print the statistics of the grids selected instead of the grids")
	f.BoolVar(&o.number, "number", false, "with --where: print each grid's number first: <number> <81 digits>")
	f.StringVar(&o.orderName, "order", "paper", "numbering for --number: paper, groups (cheap: from the catalog order) or lex, as edgrid rank")
	jsonFlag(f, &o.json, "print the statistics as one JSON object on one line")
	workersFlag(f, &o.workers, "goroutines")
	f.StringVarP(&o.out, "out", "o", "", "keep each group's result in DIR as it is done; run again to resume; edgrid query merge DIR prints them")
	f.BoolVar(&o.list, "list", false, "list the invariants and their definitions")
	c.AddCommand(newQueryMergeCmd(s))
	quietFlag(c.Flags(), &s)
	return c
}

// queryOptions are the flags of edgrid query.
type queryOptions struct {
	groups, catalog, inv, where, orderName, out string
	band, workers                               int
	stats, number, json, list                   bool

	// Set by validate.
	groupList []int // ascending
	invs      []query.Invariant
	order     rank.Order
	cat       *storage.Catalog
	lines     bool // print the selected grids, not statistics
}

// validate checks the flags and fills in what they decide.
func (o *queryOptions) validate(cmd *cobra.Command) error {
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	switch {
	case o.stats && o.where == "":
		return usagef("--stats needs --where (without it the statistics are printed)")
	case o.number && (o.where == "" || o.stats || o.json):
		return usagef("--number needs --where, and prints grids: not with --stats or --json")
	case changed(cmd, "order") && !o.number:
		return usagef("--order needs --number")
	}
	var err error
	if o.order, err = rank.ParseOrder(o.orderName); err != nil {
		return usagef("--order %s: want paper, groups or lex", o.orderName)
	}
	o.lines = o.where != "" && !o.stats && !o.json
	for _, name := range strings.Split(o.inv, ",") {
		inv, err := query.Lookup(strings.TrimSpace(name), nil)
		if err != nil {
			return usagef("--inv: %v", err)
		}
		o.invs = append(o.invs, inv)
	}
	if _, err := query.New(query.Options{Invariants: o.invs, Where: o.where}); err != nil {
		var ee *query.ExprError
		if errors.As(err, &ee) {
			return usagef("--where: %v", err)
		}
		return usagef("--inv: %v", err)
	}
	o.groupList, o.cat, err = selectGroups(cmd, o.groups, o.band, o.catalog)
	return err
}

// span returns the groups a..b.
func span(a, b int) []int {
	gs := make([]int, 0, b-a+1)
	for g := a; g <= b; g++ {
		gs = append(gs, g)
	}
	return gs
}

// describe is the one line that says what the query computes: the parts of
// two queries merge only when theirs are equal.
func (o *queryOptions) describe() string {
	names := make([]string, len(o.invs))
	for i, inv := range o.invs {
		names[i] = inv.Name()
	}
	out, order := "stats", "none"
	if o.lines {
		out = "lines"
		if o.number {
			order = o.order.String()
		}
	}
	return fmt.Sprintf("edgrid query invariants=%s where=%s output=%s number=%s", strings.Join(names, ","), strconv.Quote(o.where), out, order)
}

// parseDescription reads describe's output mode back from a part.
func parseDescription(d string) (lines bool, err error) {
	if !strings.HasPrefix(d, "edgrid query invariants=") {
		return false, fmt.Errorf("%q is not an edgrid query", d)
	}
	return strings.Contains(d, " output=lines "), nil
}

func listInvariants(s streams) error {
	w := bufio.NewWriter(s.out)
	for _, inv := range query.Builtins() {
		fmt.Fprintf(w, "%-13s %s\n", inv.Name(), inv.Definition())
	}
	fmt.Fprintf(w, "\ndefault: --inv %s\n", strings.Join(query.DefaultNames, ","))
	return w.Flush()
}

// newQuery compiles the query the options describe; its grid lines carry
// numbers when asked.
func (o *queryOptions) newQuery(ctx context.Context, progress *atomic.Int64) (*query.Query, error) {
	opt := query.Options{Invariants: o.invs, Where: o.where, Workers: o.workers, Progress: progress}
	if o.lines {
		var number func(ctx context.Context, p *query.Position) (int64, error)
		if o.number {
			r, err := rank.New(nil, o.cat)
			if err != nil {
				return nil, err
			}
			t := r.Tables()
			number = func(ctx context.Context, p *query.Position) (int64, error) {
				if o.order == rank.Groups {
					return t.GroupFirst(p.Group) + p.Ordinal, nil
				}
				n, _, err := r.Rank(ctx, &p.Grid, o.order)
				return n, err
			}
		}
		opt.Line = func(dst []byte, p *query.Position) ([]byte, error) {
			if number != nil {
				n, err := number(ctx, p)
				if err != nil {
					return dst, err
				}
				dst = append(strconv.AppendInt(dst, n, 10), ' ')
			}
			return append(p.Grid.AppendText(dst), '\n'), nil
		}
	}
	return query.New(opt)
}

func (o *queryOptions) source() query.Source {
	if o.cat != nil {
		return query.CatalogSource{Catalog: o.cat}
	}
	return query.Enumerator{}
}

// runQuery runs the query and prints its result, or with --out keeps each
// group's result in the directory and then prints the groups'.
func runQuery(ctx context.Context, o queryOptions, s streams) error {
	var progress atomic.Int64
	stop := startGridBar(s, o.groupList, &progress)
	q, err := o.newQuery(ctx, &progress)
	if err != nil {
		stop()
		return err
	}
	if o.out != "" {
		err := o.runParts(ctx, q, &progress, s)
		stop()
		if err != nil {
			return err
		}
		return mergeAndPrint(o.json, []string{o.out}, o.groupList, false, s)
	}
	w := bufio.NewWriterSize(s.out, 1<<20)
	res, err := q.Run(ctx, o.source(), o.groupList, w)
	stop()
	if err != nil {
		return err
	}
	if err := printResult(res, o.lines, o.json, w); err != nil {
		return err
	}
	return w.Flush()
}

// printResult prints a result as the command does: nothing more in lines
// mode (the lines are out), else the table or JSON.
func printResult(res *query.Result, lines, asJSON bool, w io.Writer) error {
	switch {
	case lines:
		return nil
	case asJSON:
		b, err := res.MarshalJSON()
		if err != nil {
			return err
		}
		_, err = w.Write(tidyJSON(b))
		return err
	}
	return res.WriteTable(w)
}

// partFile is the name of a group's part in a query's --out directory.
func partFile(group int) string { return fmt.Sprintf("part-%04d.edq", group) }

// runParts runs the query group by group into o.out, resumably: one run of
// the parts machinery per range of consecutive groups. progress gets the
// grids of the groups done before, so that a bar counts them.
func (o *queryOptions) runParts(ctx context.Context, q *query.Query, progress *atomic.Int64, s streams) error {
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	desc := o.describe()
	src := o.source()
	counts, _ := rank.Embedded()
	for _, sp := range ranges.Runs(o.groupList) {
		par := min(workers, sp[1]-sp[0]+1)
		inner := max(workers/par, 1)
		opt := jobs.PartOptions{Dir: o.out, First: sp[0], Last: sp[1], Kind: desc, FileName: partFile, Workers: par,
			Notify: func(msg string) { fmt.Fprintf(s.err, "edgrid query: %s\n", msg) },
			Verify: verifyQueryPart,
			Make: func(ctx context.Context, g int, path string) (int64, error) {
				var lines bytes.Buffer
				res, err := q.Group(ctx, src, g, inner, &lines)
				if err != nil {
					return 0, err
				}
				var b bytes.Buffer
				if err := query.WritePart(&b, desc, res, lines.Bytes()); err != nil {
					return 0, err
				}
				return res.Grids, storage.WriteFileAtomic(path, b.Bytes())
			}}
		if counts != nil {
			opt.Weight = counts.GroupCount
			opt.Progress = func(p jobs.Progress) {
				if p.Group == 0 {
					progress.Add(p.WorkDone)
				}
			}
		}
		sum, err := jobs.RunParts(ctx, opt)
		if err != nil {
			if errors.Is(err, jobs.ErrLocked) {
				return err
			}
			if sum != nil && sum.Written > 0 {
				fmt.Fprintf(s.err, "edgrid query: %d groups done before stopping (in %s)\n", sum.Written, o.out)
			}
			return err
		}
	}
	return nil
}

// startGridBar shows a progress line on s's terminal, counting the grids
// of the groups (from the rank tables) as progress counts them; the
// returned function stops it.
func startGridBar(s streams, groups []int, progress *atomic.Int64) func() {
	if !s.progressOn() {
		return func() {}
	}
	t, err := rank.Embedded()
	if err != nil {
		return func() {}
	}
	var total int64
	for _, g := range groups {
		total += t.GroupCount(g)
	}
	span := query.GroupSpan(groups)
	line := s.startProgress(func(elapsed time.Duration) string {
		d := progress.Load()
		return fmt.Sprintf("groups %s: %s of %s grids (%.1f%%), %s", span, progressGroup(d), progressGroup(total), 100*float64(d)/float64(max(total, 1)), elapsed.Round(time.Second))
	})
	return line.Stop
}
