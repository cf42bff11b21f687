package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"

	"golang.org/x/sync/errgroup"

	"edgrid/canon"
	"edgrid/internal/extsort"
	"edgrid/internal/ordered"
	"edgrid/internal/tempdir"
	"edgrid/storage"
)

// Bulk answering of rank, id and catalog find: every input is read and
// turned into its query (a minlex grid) on all cores, the inputs kept in
// input order in a lines file (bulk_lines.go) and the queries sorted, in
// memory up to --mem and in sorted runs beyond (package extsort); the sorted
// queries are answered a first band at a time, each group's in one ordered
// merge with its grids (rank.Ranker.RankSorted), the answers sorted back
// into input order the same way, and only then printed, each after its
// input's fields as one-at-a-time answering prints it. Nothing is printed
// before every answer is known, so a run stopped before that prints nothing;
// one stopped while printing ends its output with a line that says so
// (stoppedLine), and says it on standard error too.

// bulkAnswer is the answer to one query: up to three numbers, or a status
// other than 0 that the command's format turns into the input's error.
type bulkAnswer struct {
	status uint8
	v      [3]int64
}

// bulkJob is what a command brings to bulk answering.
type bulkJob struct {
	a     answerer
	cells bool
	// newState returns the state of one preparing goroutine.
	newState func() any
	// prepare reads an input into its query's minlex grid and the payload
	// its answer needs besides the query's answer.
	prepare func(ctx context.Context, state any, l *inputLine) (canon.Grid, []byte, error)
	// answer answers ascending minlex grids of one first band.
	answer func(ctx context.Context, ms []canon.Grid) ([]bulkAnswer, error)
	// format appends a good input's answer (fields as answerEach's fn).
	format func(out []byte, payload []byte, a bulkAnswer) ([]byte, error)
	// damagePerLine: a damaged group file (a *storage.CorruptError of
	// answer) fails the inputs of that group only, as one at a time does
	// for rank and id, rather than the whole run.
	damagePerLine bool
}

// bulkDamaged is the status of an answer that a damaged group file kept
// from being found; its first value indexes bulkDamage's errors.
const bulkDamaged uint8 = 255

// bulkDamage holds the errors of the damaged group files a bulk run met.
type bulkDamage struct {
	mu   sync.Mutex
	errs []error
}

// add keeps err and returns its index.
func (d *bulkDamage) add(err error) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.errs = append(d.errs, err)
	return int64(len(d.errs) - 1)
}

// get returns the error of index i.
func (d *bulkDamage) get(i int64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if i < 0 || i >= int64(len(d.errs)) {
		return errors.New("internal error: bulk answering lost the error of a damaged group")
	}
	return d.errs[i]
}

// chunkQueryBytes is the memory a query takes in a chunk being answered:
// its grid and input numbers here (97 bytes), the copies and arrays of
// rank.Ranker.RankSorted (about 150), its answer (32); a quarter of --mem
// holds the chunks in flight.
const chunkQueryBytes = 320

// Records of the two sorts: a query (its minlex grid, then the input's
// sequence number) and an answer (the sequence number, status, values).
const (
	queryRecord  = 81 + 8
	answerRecord = 8 + 1 + 3*8
)

// answerBulk answers the inputs of bs in bulk when o chooses to (choose),
// and reports whether it did. Bulk answering needs a temporary directory:
// without one, bulk chosen by itself gives way to one-at-a-time answering,
// with a note on standard error; --bulk fails.
func (o *bulkOptions) answerBulk(ctx context.Context, job bulkJob, bs *batchSource, s streams) (bool, error) {
	use, err := o.choose(ctx, bs)
	if err != nil || !use {
		return false, err
	}
	// The directories of bulk runs killed before they could remove theirs
	// are removed first (tempdir.Sweep).
	tmp, err := tempdir.Make("", "edgrid-bulk-")
	if err != nil {
		err = fmt.Errorf("bulk answering needs a temporary directory ($TMPDIR): %w", err)
		if o.forced {
			return true, err
		}
		fmt.Fprintf(s.err, "edgrid %s: %s; answering one at a time\n", job.a.cmd, message(err))
		return false, nil
	}
	defer tmp.Remove()
	if free, err := tempFree(tmp.Path); err == nil && free < minBulkFree && !o.forced {
		// One at a time needs no disk: a nearly full $TMPDIR is not worth
		// a bulk run that would fail before printing anything.
		fmt.Fprintf(s.err, "edgrid %s: bulk answering needs room in $TMPDIR (%s free, %s wanted); answering one at a time\n",
			job.a.cmd, humanBytes(free), humanBytes(minBulkFree))
		return false, nil
	}
	defer limitMemory(o.mem)()
	err = runBulk(ctx, job, tmp.Path, o.mem, bs, s)
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		err = fmt.Errorf("%w ($TMPDIR %s is full: answer with --bulk=false, which needs no disk, or set TMPDIR to a larger disk)", err, os.TempDir())
	}
	return true, err
}

// minBulkFree is the room bulk answering chosen by itself wants in
// $TMPDIR before it starts: its spill files take about 250 bytes an input.
const minBulkFree = 64 << 20

// tempFree returns the bytes free for this user on the file system of dir
// (a variable for the tests).
var tempFree = func(dir string) (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * st.Bsize, nil
}

// limitMemory sets the Go runtime's soft memory limit for bulk answering
// of --mem mem, unless GOMEMLIMIT set one: mem and a half (the queries,
// answers and chunks held take mem) and bulkBaseMem for the rest, so that
// the collector runs before the heap doubles and the memory of one phase is
// returned before the next takes its own. It returns the function that
// restores the limit.
func limitMemory(mem int64) func() {
	if old := debug.SetMemoryLimit(-1); old != math.MaxInt64 {
		return func() {}
	}
	debug.SetMemoryLimit(mem + mem/2 + bulkBaseMem)
	return func() { debug.SetMemoryLimit(math.MaxInt64) }
}

// bulkBaseMem is the memory bulk answering takes besides --mem: tables, a
// catalog's index, buffers, the goroutines.
const bulkBaseMem = 128 << 20

// bulkSpills is told how many runs of queries and of answers a bulk run
// spilled (a variable for the tests).
var bulkSpills = func(queries, answers int) {}

// runBulk answers the inputs of bs in bulk, with at most mem bytes of
// queries and answers in memory and the rest in the directory dir.
func runBulk(ctx context.Context, job bulkJob, dir string, mem int64, bs *batchSource, s streams) (err error) {
	prog := newBulkProgress(s.err, s.quiet)
	defer prog.stop()

	queries, err := extsort.New(dir, "queries", queryRecord, mem/2)
	if err != nil {
		return err
	}
	linesPath := filepath.Join(dir, "lines")
	// Stopped before printing, bulk answering has printed nothing.
	quiet := func(err error) error {
		if ctx.Err() != nil {
			return stoppedWith(ctx, "nothing is printed (bulk answering prints once every input is answered)")
		}
		return err
	}
	total, nq, err := bulkRead(ctx, job, bs, queries, linesPath, prog)
	if err != nil {
		return quiet(err)
	}
	answers, err := extsort.New(dir, "answers", answerRecord, mem/4)
	if err != nil {
		return err
	}
	chunk := int(max(1, mem/4/int64(runtime.GOMAXPROCS(0)+2)/chunkQueryBytes))
	prog.phase("answering", nq)
	var damage bulkDamage
	if err := bulkAnswerAll(ctx, job, queries, answers, chunk, prog, &damage); err != nil {
		return quiet(err)
	}
	bulkSpills(queries.Spills(), answers.Spills())
	prog.phase("writing", total)
	failed, err := bulkWrite(ctx, job, linesPath, total, answers, s, prog, &damage)
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// bulkRead reads every input, prepares it on all cores and writes the
// lines file and the query records, in input order; it returns the number
// of inputs and of queries.
func bulkRead(ctx context.Context, job bulkJob, bs *batchSource, queries *extsort.Sorter, linesPath string, prog *bulkProgress) (int64, int64, error) {
	f, err := os.Create(linesPath)
	if err != nil {
		return 0, 0, fmt.Errorf("bulk answering: %w", err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	type prepared struct {
		recs []lineRecord
		ms   []canon.Grid
	}
	var seq, nq int64
	var werr error
	q := make([]byte, queryRecord)
	var rec []byte
	read := ordered.Job[[]inputLine, prepared, any]{
		NewState: func(int) any { return job.newState() },
		Work: func(_ context.Context, st any, lines []inputLine) (prepared, error) {
			p := prepared{recs: make([]lineRecord, len(lines)), ms: make([]canon.Grid, len(lines))}
			for i := range lines {
				l := &lines[i]
				p.recs[i].line = *l
				if l.err != nil {
					continue
				}
				m, payload, err := job.prepare(ctx, st, l)
				if err != nil {
					if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
						err = stopped(ctx)
					}
					p.recs[i].prepErr = err.Error()
					continue
				}
				p.ms[i], p.recs[i].payload = m, payload
			}
			return p, nil
		},
		Emit: func(_ []inputLine, p prepared, _ bool) error {
			for i := range p.recs {
				r := &p.recs[i]
				if werr == nil {
					rec = appendLineRecord(rec[:0], r)
					_, werr = w.Write(rec)
				}
				if werr == nil && r.line.err == nil && r.prepErr == "" {
					copy(q, p.ms[i][:])
					binary.BigEndian.PutUint64(q[81:], uint64(seq))
					werr = queries.Add(q)
					nq++
				}
				seq++
			}
			prog.add(int64(len(p.recs)))
			return nil
		},
	}
	// A signal ends the reading; the inputs read are prepared (prepare
	// sees ctx) before the stop is reported.
	err = read.Run(context.WithoutCancel(ctx), func(send func([]inputLine) bool) error {
		return bs.each(ctx, func(b []inputLine, _ bool) error {
			send(b)
			return nil
		})
	})
	if err == nil {
		err = werr
	}
	if err == nil && ctx.Err() != nil {
		err = stopped(ctx)
	}
	if err == nil {
		err = w.Flush()
	}
	return seq, nq, err
}

// bulkAnswerAll answers the sorted queries a first band at a time (in
// chunks of at most chunk queries) on all cores, adding the answers to
// answers.
func bulkAnswerAll(ctx context.Context, job bulkJob, queries, answers *extsort.Sorter, chunk int, prog *bulkProgress, damage *bulkDamage) error {
	next, closeRuns, err := queries.Sorted()
	if err != nil {
		return err
	}
	defer closeRuns()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	var mu sync.Mutex // answers
	// A chunk: distinct grids ms, and the sequence numbers of the inputs
	// of each (seqs[starts[k]:starts[k+1]] are ms[k]'s).
	var ms []canon.Grid
	var seqs []uint64
	var starts []int
	flush := func() {
		if len(ms) == 0 {
			return
		}
		cms, cseqs, cstarts := ms, seqs, append(starts, len(seqs))
		ms, seqs, starts = nil, nil, nil
		g.Go(func() error {
			as, err := job.answer(gctx, cms)
			var ce *storage.CorruptError
			if err != nil && job.damagePerLine && errors.As(err, &ce) {
				i := damage.add(err)
				as = make([]bulkAnswer, len(cms))
				for k := range as {
					as[k].status, as[k].v[0] = bulkDamaged, i
				}
			} else if err != nil {
				return err
			}
			rec := make([]byte, answerRecord)
			mu.Lock()
			defer mu.Unlock()
			for k := range cms {
				for _, sq := range cseqs[cstarts[k]:cstarts[k+1]] {
					binary.BigEndian.PutUint64(rec, sq)
					rec[8] = as[k].status
					for v := range 3 {
						binary.BigEndian.PutUint64(rec[9+8*v:], uint64(as[k].v[v]))
					}
					if err := answers.Add(rec); err != nil {
						return err
					}
				}
			}
			prog.add(int64(len(cseqs)))
			return nil
		})
	}
	for {
		rec, err := next()
		if err != nil {
			g.Wait()
			return err
		}
		if rec == nil {
			break
		}
		if gctx.Err() != nil {
			break
		}
		m := canon.Grid(rec[:81])
		sq := binary.BigEndian.Uint64(rec[81:])
		if len(ms) > 0 && m == ms[len(ms)-1] {
			seqs = append(seqs, sq) // a duplicate: answered once
			continue
		}
		if len(ms) > 0 && ([27]uint8(m[:27]) != [27]uint8(ms[0][:27]) || len(seqs) >= chunk) {
			flush()
		}
		ms, starts, seqs = append(ms, m), append(starts, len(seqs)), append(seqs, sq)
	}
	flush()
	if err := g.Wait(); err != nil {
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			return stopped(ctx)
		}
		return err
	}
	if ctx.Err() != nil {
		return stopped(ctx)
	}
	return nil
}

// stoppedLine is the last line of the output of bulk answering stopped
// while printing, which no answer can be mistaken for: in text
// "edgrid CMD: stopped: answers to the first N of M inputs only", in JSON
// {"error":"...","stopped":true,"answered":N,"inputs":M}.
func stoppedLine(a answerer, n, total int64, err error) []byte {
	if a.json {
		j := beginJSON(nil)
		j.str("error", message(err))
		j.raw("stopped", []byte("true"))
		j.int("answered", n)
		j.int("inputs", total)
		return j.end()
	}
	return fmt.Appendf(nil, "edgrid %s: stopped: answers to the first %d of %d inputs only\n", a.cmd, n, total)
}

// bulkWrite prints every input's answer, or its error, in input order, and
// returns the number of bad inputs. Stopped before the last of the total
// inputs, it ends the output with stoppedLine.
func bulkWrite(ctx context.Context, job bulkJob, linesPath string, total int64, answers *extsort.Sorter, s streams, prog *bulkProgress, damage *bulkDamage) (int, error) {
	f, err := os.Open(linesPath)
	if err != nil {
		return 0, fmt.Errorf("bulk answering: %w", err)
	}
	defer f.Close()
	lr := lineRecords{r: bufio.NewReaderSize(f, 1<<20)}
	next, closeRuns, err := answers.Sorted()
	if err != nil {
		return 0, err
	}
	defer closeRuns()
	ans, err := next()
	if err != nil {
		return 0, err
	}
	out := bufio.NewWriterSize(prog.line.Writer(s.out), 1<<16) // the progress line cleared before answers
	var res batchResult
	failed := 0
	var rec lineRecord
	for seq := uint64(0); ; seq++ {
		ok, err := lr.next(&rec)
		if err != nil {
			return failed, err
		}
		if !ok {
			break
		}
		var a bulkAnswer
		answered := rec.line.err == nil && rec.prepErr == ""
		if answered {
			if ans == nil || binary.BigEndian.Uint64(ans) != seq {
				return failed, fmt.Errorf("internal error: bulk answering lost the answer of input %d", seq+1)
			}
			a.status = ans[8]
			for v := range 3 {
				a.v[v] = int64(binary.BigEndian.Uint64(ans[9+8*v:]))
			}
			if ans, err = next(); err != nil {
				return failed, err
			}
		}
		res.out, res.errs = res.out[:0], res.errs[:0]
		job.a.answerEach([]inputLine{rec.line}, &res, func(_ *inputLine, o []byte) ([]byte, error) {
			if !answered {
				return o, errors.New(rec.prepErr)
			}
			if a.status == bulkDamaged {
				return o, damage.get(a.v[0])
			}
			return job.format(o, rec.payload, a)
		})
		for _, e := range res.errs {
			prog.println(e)
			failed++
		}
		if _, err := out.Write(res.out); err != nil {
			return failed, fmt.Errorf("writing output: %w", err)
		}
		prog.add(1)
		if ctx.Err() != nil && int64(seq+1) < total {
			err := stoppedWith(ctx, fmt.Sprintf("only the answers to the first %d of %d inputs are printed", seq+1, total))
			out.Write(stoppedLine(job.a, int64(seq+1), total, err))
			out.Flush()
			return failed, err
		}
	}
	if err := out.Flush(); err != nil {
		return failed, fmt.Errorf("writing output: %w", err)
	}
	return failed, nil
}
