package query

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync/atomic"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/ordered"
	"edgrid/storage"
)

// Options describe a query.
type Options struct {
	// Invariants are the invariants whose statistics the query keeps; nil
	// means the built-ins DefaultNames names.
	Invariants []Invariant
	// Known are the invariants Where may name besides Invariants; nil means
	// the built-ins.
	Known []Invariant
	// Where selects the grids counted (and output): an expression (Expr);
	// "" selects every grid.
	Where string
	// Workers is the number of goroutines; 0 means one per core.
	Workers int
	// Line, if set, formats each grid counted as a line of output,
	// appending it to dst; Run writes the lines in the catalog's order.
	// It is called from several goroutines at once.
	Line func(dst []byte, p *Position) ([]byte, error)
	// Progress, if set, has the grids examined added to it as they are.
	Progress *atomic.Int64
}

// Query is a compiled query.
type Query struct {
	opt    Options
	stats  []Invariant // the invariants whose statistics are kept
	cols   []Invariant // those and the ones Where reads
	where  *Expr
	autos  int // column of Autos, or -1
	nstats int
}

// New compiles a query.
func New(opt Options) (*Query, error) {
	q := &Query{opt: opt, autos: -1}
	if opt.Invariants == nil {
		for _, n := range DefaultNames {
			inv, _ := Lookup(n, nil)
			q.stats = append(q.stats, inv)
		}
	} else {
		q.stats = append(q.stats, opt.Invariants...)
	}
	if err := checkNames(q.stats); err != nil {
		return nil, err
	}
	q.nstats = len(q.stats)
	q.cols = append(q.cols, q.stats...)
	if opt.Where != "" {
		known := append([]Invariant(nil), q.stats...)
		for _, inv := range orBuiltins(opt.Known) {
			if _, err := Lookup(inv.Name(), known); err != nil {
				known = append(known, inv)
			}
		}
		e, err := Compile(opt.Where, known)
		if err != nil {
			return nil, err
		}
		q.where = e
		for _, n := range e.Names() {
			if _, err := Lookup(n, q.cols); err != nil {
				inv, _ := Lookup(n, known)
				q.cols = append(q.cols, inv)
			}
		}
	}
	for i, inv := range q.cols {
		if inv == Autos {
			q.autos = i
		}
	}
	return q, nil
}

func orBuiltins(invs []Invariant) []Invariant {
	if invs == nil {
		return Builtins()
	}
	return invs
}

// Invariants returns the invariants whose statistics the query keeps.
func (q *Query) Invariants() []Invariant { return append([]Invariant(nil), q.stats...) }

// Run runs the query over the groups (numbers 1..3541, each once, in any
// order) read from src, on Workers goroutines, and returns its result. When
// Options.Line is set, the lines of the grids counted are written to out in
// the catalog's order (groups ascending). An error (a damaged file,
// cancellation) stops it: then nothing is returned, and out has the lines of
// the groups before the one that failed at most.
func (q *Query) Run(ctx context.Context, src Source, groups []int, out io.Writer) (*Result, error) {
	groups = append([]int(nil), groups...)
	sort.Ints(groups)
	for i, g := range groups {
		if g < 1 || g > band.NumGroups || i > 0 && g == groups[i-1] {
			return nil, fmt.Errorf("query: groups: %d is not a group 1..%d or comes twice", g, band.NumGroups)
		}
	}
	workers := q.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Groups in parallel; when there are fewer groups than workers, each
	// may use several (the enumerator searches with them).
	par, inner := min(workers, max(len(groups), 1)), 1
	if len(groups) > 0 && len(groups) < workers {
		inner = workers / len(groups)
	}
	type done struct {
		res *Result
		out *spill
	}
	total := newResult(q.stats, q.whereText())
	job := ordered.Job[int, done, *worker]{
		Workers:  par,
		NewState: func(int) *worker { return q.newWorker() },
		Work: func(ctx context.Context, w *worker, i int) (done, error) {
			sp := &spill{}
			res, err := q.group(ctx, src, groups[i], inner, w, sp)
			if err != nil {
				sp.close()
				return done{}, err
			}
			return done{res, sp}, nil
		},
		Emit: func(_ int, d done, _ bool) error {
			defer d.out.close()
			if err := total.Merge(d.res); err != nil {
				return err
			}
			if q.opt.Line != nil {
				if err := d.out.writeTo(out); err != nil {
					return fmt.Errorf("query: writing output: %w", err)
				}
			}
			return nil
		},
		Drop: func(_ int, d done) { d.out.close() },
	}
	if err := job.Run(ctx, ordered.Range(len(groups))); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return total, nil
}

func (q *Query) whereText() string {
	if q.where == nil {
		return ""
	}
	return q.where.String()
}

// Group runs the query over group n alone, using up to workers goroutines
// in the source, writing the lines of the grids counted to out in order.
func (q *Query) Group(ctx context.Context, src Source, n, workers int, out io.Writer) (*Result, error) {
	if n < 1 || n > band.NumGroups {
		return nil, fmt.Errorf("query: group %d: want 1..%d", n, band.NumGroups)
	}
	return q.group(ctx, src, n, max(workers, 1), q.newWorker(), out)
}

// worker is what one goroutine of a query keeps between groups.
type worker struct {
	runners []Runner
	cols    [][]int
	acc     []accumulator
	vals    []int
	where   func(v []int) (int64, error)
	line    []byte
	cache   runCache
}

func (q *Query) newWorker() *worker {
	w := &worker{runners: make([]Runner, len(q.cols)), cols: make([][]int, len(q.cols)), acc: make([]accumulator, q.nstats),
		vals: make([]int, len(q.cols))}
	for i, inv := range q.cols {
		w.runners[i] = NewRunner(inv)
		switch inv {
		case Intercalates:
			w.cache.need |= needIC
		case UA4:
			w.cache.need |= needUA4
		}
	}
	if q.where != nil {
		names := make([]string, len(q.cols))
		for i, inv := range q.cols {
			names[i] = inv.Name()
		}
		var err error
		if w.where, err = q.where.bind(names); err != nil {
			panic(err) // New added every name Where reads to the columns
		}
	}
	return w
}

// group runs the query over group n with worker w.
func (q *Query) group(ctx context.Context, src Source, n, workers int, w *worker, out io.Writer) (*Result, error) {
	for i := range w.acc {
		w.acc[i].reset()
	}
	var grids, matched int64
	var autos [canon.MaxAutomorphisms + 1]int64
	// From a catalog, the automorphism counts computed are checked against
	// the file's histogram.
	cs, fromCatalog := src.(CatalogSource)
	checkAutos := fromCatalog && q.autos >= 0
	fn := func(r *Run) error {
		k := len(r.Grids)
		r.cache, w.cache.valid, w.cache.uaValid = &w.cache, false, false
		for c := range w.cols {
			if cap(w.cols[c]) < k {
				w.cols[c] = make([]int, k)
			}
			w.cols[c] = w.cols[c][:k]
			w.runners[c].Values(r, w.cols[c])
		}
		if checkAutos {
			for _, a := range w.cols[q.autos] {
				if uint(a) < uint(len(autos)) {
					autos[a]++
				}
			}
		}
		if w.where == nil && q.opt.Line == nil {
			for s := range w.acc {
				w.acc[s].addRun(w.cols[s], r)
			}
			matched += int64(k)
		} else if err := q.each(w, r, n, &matched, out); err != nil {
			return err
		}
		grids += int64(k)
		if q.opt.Progress != nil {
			q.opt.Progress.Add(int64(k))
		}
		return nil
	}
	var err error
	var header storage.Header
	if fromCatalog {
		header, err = cs.scan(ctx, n, fn)
	} else {
		err = src.Runs(ctx, n, workers, fn)
	}
	if err != nil {
		return nil, fmt.Errorf("group %d: %w", n, err)
	}
	if header.Count != 0 {
		if grids != header.Count {
			return nil, fmt.Errorf("group %d: %d grids read, the file's header says %d", n, grids, header.Count)
		}
		if checkAutos && autos != header.Autos {
			return nil, fmt.Errorf("group %d: automorphism counts %v differ from the file's header %v (a damaged file, or a wrong count)",
				n, histOf(autos[:]), histOf(header.Autos[:]))
		}
	}
	res := newResult(q.stats, q.whereText())
	res.Groups = []int{n}
	res.Grids, res.Matched = grids, matched
	for s := range w.acc {
		w.acc[s].stat(&res.Stats[s])
	}
	return res, nil
}

// each counts and outputs the grids of run r that match, one by one.
func (q *Query) each(w *worker, r *Run, n int, matched *int64, out io.Writer) error {
	for i := range r.Grids {
		ord := r.First + int64(i)
		if w.where != nil {
			for c := range w.cols {
				w.vals[c] = w.cols[c][i]
			}
			ok, err := w.where(w.vals)
			if err != nil {
				return fmt.Errorf("grid %d: --where: %w", ord, err)
			}
			if ok == 0 {
				continue
			}
		}
		*matched++
		for s := range w.acc {
			w.acc[s].add(w.cols[s][i], n, ord, &r.Grids[i])
		}
		if q.opt.Line != nil {
			var err error
			if w.line, err = q.opt.Line(w.line[:0], &Position{Group: n, Ordinal: ord, Grid: r.Grids[i]}); err != nil {
				return err
			}
			if _, err := out.Write(w.line); err != nil {
				return err
			}
		}
	}
	return nil
}

// histOf returns the nonzero entries of a histogram as value:count pairs.
func histOf(h []int64) map[int]int64 {
	m := map[int]int64{}
	for v, c := range h {
		if c > 0 {
			m[v] = c
		}
	}
	return m
}
