package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"edgrid/canon"
	"edgrid/cells"
	"edgrid/internal/bulk"
	"edgrid/internal/lines"
	"edgrid/rank"
	"edgrid/storage"
)

func init() {
	register(newRankCmd)
	register(newUnrankCmd)
}

func newRankCmd(s streams) *cobra.Command {
	var o rankOptions
	c := &cobra.Command{
		Use:   "rank [--canonical] [--order paper|groups|lex] [--catalog DIR] [--json] [--bulk] [--mem SIZE] [GRID...]",
		Short: "print the number (1..5,472,730,538) of each grid's class",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			if err := o.bulk.validate(cmd); err != nil {
				return err
			}
			return runRank(cmd.Context(), o, args, s)
		},
	}
	c.Flags().BoolVar(&o.canonical, "canonical", false, "also print the minlex form: <number> <minlex grid>")
	o.addFlags(c)
	o.bulk.addFlags(c)
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","number","minlex"} a line, or {"input","error"}`)
	quietFlag(c.Flags(), &s)
	return c
}

func newUnrankCmd(s streams) *cobra.Command {
	var o rankOptions
	c := &cobra.Command{
		Use:   "unrank [--order paper|groups|lex] [--catalog DIR] [--json] [N...]",
		Short: "print grid number N (1..5,472,730,538) as 81 digits",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.validate(); err != nil {
				return err
			}
			return runUnrank(cmd.Context(), o, args, s)
		},
	}
	o.addFlags(c)
	jsonFlag(c.Flags(), &o.json, `print JSON Lines: {"input","grid"} a line, or {"input","error"}`)
	quietFlag(c.Flags(), &s)
	return c
}

// rankOptions are the flags rank and unrank share.
type rankOptions struct {
	canonical bool
	orderName string
	order     rank.Order
	catalog   string
	json      bool
	bulk      bulkOptions // rank only
}

// addFlags adds the flags rank and unrank share.
func (o *rankOptions) addFlags(c *cobra.Command) {
	c.Flags().StringVarP(&o.orderName, "order", "o", "paper", "numbering: paper (the paper's: groups in order, inside each the order of its dancing-links search), groups (the same groups, ascending inside each) or lex (plain lexicographic)")
	retireShorthand(c.Flags().Lookup("order")) // -o is --out
	catalogFlag(c.Flags(), &o.catalog, "read grids from this catalog directory instead of regenerating them (groups and lex orders; the paper's order regenerates its leaf, as the files are in ascending order)")
}

// validate parses --order.
func (o *rankOptions) validate() error {
	var err error
	if o.order, err = rank.ParseOrder(o.orderName); err != nil {
		return usagef("--order %s: want paper, groups or lex", o.orderName)
	}
	return nil
}

// runRank prints the number of each grid's class in o.order, one grid at
// a time or, for a large input, all together (runBulk).
func runRank(ctx context.Context, o rankOptions, args []string, s streams) error {
	r, err := newRanker(o.catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	go canon.Prepare()
	// A grid's error names its cell, as canon's, id's and solve's do: the
	// 81 characters in front of it would only hide it.
	a := answerer{cmd: "rank", json: o.json}
	bs := openBatches(args, s.in, true)
	defer bs.Close()
	if done, err := answerBulk(ctx, &o.bulk, rankJob(r, o, a), bs, s); done || err != nil {
		return err
	}
	return a.runFrom(ctx, bs, s, func(b []lines.Input, res *lines.Result) {
		a.answerEach(b, res, func(l *lines.Input, out []byte) ([]byte, error) {
			g, err := cells.ReadGrid(l.Text)
			if err != nil {
				return out, err
			}
			n, m, err := r.Rank(ctx, &g, o.order)
			if err != nil {
				return out, err
			}
			return appendRank(out, o, n, &m), nil
		})
	})
}

// appendRank appends a grid's number, and in JSON or with --canonical its
// minlex form m.
func appendRank(out []byte, o rankOptions, n int64, m *canon.Grid) []byte {
	if o.json {
		out = strconv.AppendInt(append(out, `,"number":`...), n, 10)
		return append(m.AppendText(append(out, `,"minlex":"`...)), '"')
	}
	out = strconv.AppendInt(out, n, 10)
	if o.canonical {
		out = m.AppendText(append(out, ' '))
	}
	return out
}

// rankJob is rank's bulk answering: the query is the grid's minlex form,
// kept for the answer too.
func rankJob(r *rank.Ranker, o rankOptions, a answerer) bulkJob[struct{}] {
	return bulkJob[struct{}]{
		Job: bulk.Job[struct{}]{
			DamagePerLine: true,
			Prepare: func(_ context.Context, _ struct{}, l *lines.Input) (canon.Grid, []byte, error) {
				g, err := cells.ReadGrid(l.Text)
				if err != nil {
					return g, nil, err
				}
				if err := g.Validate(); err != nil {
					return g, nil, err
				}
				m, _, _ := canon.Minlex(&g)
				return m, m[:], nil
			},
			Answer: rankSorted(r, o.order),
		},
		a:     a,
		cells: true,
		format: func(out []byte, payload []byte, ans bulk.Answer) ([]byte, error) {
			m := canon.Grid(payload)
			return appendRank(out, o, ans.V[0], &m), nil
		},
	}
}

// rankSorted is the bulk answer of rank and id: the numbers in order of
// ascending minlex grids (rank.Ranker.RankSorted).
func rankSorted(r *rank.Ranker, order rank.Order) func(ctx context.Context, ms []canon.Grid) ([]bulk.Answer, error) {
	return func(ctx context.Context, ms []canon.Grid) ([]bulk.Answer, error) {
		nums, err := r.RankSorted(ctx, ms, order)
		if err != nil {
			return nil, err
		}
		as := make([]bulk.Answer, len(nums))
		for k, n := range nums {
			as[k].V[0] = n
		}
		return as, nil
	}
}

// runUnrank prints the grid of each number in o.order.
func runUnrank(ctx context.Context, o rankOptions, args []string, s streams) error {
	r, err := newRanker(o.catalog)
	if err != nil {
		return err
	}
	defer r.Close()
	total := r.Tables().Total()
	a := answerer{cmd: "unrank", json: o.json, quote: true}
	return a.run(ctx, args, s, false, func(b []lines.Input, res *lines.Result) {
		a.answerEach(b, res, func(l *lines.Input, out []byte) ([]byte, error) {
			n, err := parseNumber(l.Text, total)
			if err != nil {
				return out, err
			}
			g, err := r.Unrank(ctx, n, o.order)
			if err != nil {
				return out, err
			}
			if o.json {
				return append(g.AppendText(append(out, `,"grid":"`...)), '"'), nil
			}
			return g.AppendText(out), nil
		})
	})
}

// newRanker returns a Ranker with the embedded tables, reading the catalog
// in directory dir unless dir is "". A directory without a catalog index
// is a usage error (exit 2), a damaged index exit 1.
func newRanker(dir string) (*rank.Ranker, error) {
	var cat *storage.Catalog
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, storage.IndexName)); err != nil {
			return nil, usagef("--catalog %s: not a catalog directory (%v)", dir, err)
		}
		var err error
		if cat, err = storage.OpenCatalog(dir); err != nil {
			return nil, err // damage: exit 1
		}
	}
	return rank.New(nil, cat)
}

// parseNumber reads a grid number: decimal digits only, 1..total.
func parseNumber(t string, total int64) (int64, error) {
	if t == "" || strings.Trim(t, "0123456789") != "" {
		return 0, fmt.Errorf("not a number (digits only): want 1..%d", total)
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 || n > total {
		return 0, fmt.Errorf("out of range: want 1..%d", total)
	}
	return n, nil
}
