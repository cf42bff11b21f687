// Package bulk answers many inputs of a line command (rank, id, catalog
// find) together rather than one at a time: every input is read and turned
// into its query (a minlex grid) on all cores, the inputs kept in input
// order in a lines file (records.go) and the queries sorted, in memory up
// to a bound and in sorted runs beyond it (package extsort); the sorted
// queries are answered a first band at a time, each group's in one pass
// (as rank.Ranker.RankSorted does), and the answers sorted back into input
// order the same way. Answers.Each then hands each input with its answer
// on, in input order, for the command to print.
//
// A Job names what a command brings: the state of one preparing
// goroutine, of its own type, how an input becomes its query, and how a
// first band's sorted queries are answered.
package bulk

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"

	"edgrid/canon"
	"edgrid/internal/extsort"
	"edgrid/internal/lines"
)

// Answer is the answer to one query: up to three numbers, or a status
// other than 0 that the command's format turns into the input's error.
type Answer struct {
	Status uint8
	V      [3]int64
}

// Job is what a command brings to bulk answering, with S the state of one
// preparing goroutine (a canonicalizer, a namer).
type Job[S any] struct {
	// NewState returns the state of one preparing goroutine; nil gives
	// each the zero S.
	NewState func() S
	// Prepare reads an input into its query's minlex grid and the payload
	// its answer needs besides the query's answer.
	Prepare func(ctx context.Context, state S, l *lines.Input) (canon.Grid, []byte, error)
	// Answer answers ascending minlex grids of one first band.
	Answer func(ctx context.Context, ms []canon.Grid) ([]Answer, error)
	// DamagePerLine: a damaged group file (a *storage.CorruptError of
	// Answer) fails the inputs of that group only, as one at a time does
	// for rank and id, rather than the whole run.
	DamagePerLine bool
}

// Progress is told the phases of a run ("answering" its queries) and the
// inputs done in each.
type Progress interface {
	// Phase starts a phase of total inputs.
	Phase(name string, total int64)
	// Add counts n inputs done in the current phase.
	Add(n int64)
}

// chunkQueryBytes is the memory a query takes in a chunk being answered:
// its grid and input numbers here (97 bytes), the copies and arrays of
// rank.Ranker.RankSorted (about 150), its answer (32); a quarter of the
// memory bound holds the chunks in flight.
const chunkQueryBytes = 320

// Records of the two sorts: a query (its minlex grid, then the input's
// sequence number) and an answer (the sequence number, status, values).
const (
	queryRecord  = 81 + 8
	answerRecord = 8 + 1 + 3*8
)

// Answers are the answers of a run, kept in dir until Each hands them on.
type Answers struct {
	total     int64 // inputs
	linesPath string
	answers   *extsort.Sorter
	damage    *damage
	spills    [2]int
}

// Total returns the number of inputs.
func (a *Answers) Total() int64 { return a.total }

// Spills returns how many sorted runs of queries and of answers were
// written to the directory.
func (a *Answers) Spills() (queries, answers int) { return a.spills[0], a.spills[1] }

// Run reads every input of bs, prepares it on all cores, and answers the
// queries, with at most mem bytes of queries and answers in memory and the
// rest in files in dir (which the caller removes). prog, when not nil, is
// told the "answering" phase and the inputs done in each. When ctx is done
// first it returns ctx's cause.
func Run[S any](ctx context.Context, job *Job[S], dir string, mem int64, bs *lines.Source, prog Progress) (*Answers, error) {
	if job.Prepare == nil || job.Answer == nil {
		return nil, errors.New("bulk: a job without Prepare or Answer")
	}
	if prog == nil {
		prog = noProgress{}
	}
	queries, err := extsort.New(dir, "queries", queryRecord, mem/2)
	if err != nil {
		return nil, err
	}
	a := &Answers{linesPath: filepath.Join(dir, "lines"), damage: &damage{}}
	total, nq, err := read(ctx, job, bs, queries, a.linesPath, prog)
	if err != nil {
		return nil, err
	}
	a.total = total
	a.answers, err = extsort.New(dir, "answers", answerRecord, mem/4)
	if err != nil {
		return nil, err
	}
	chunk := int(max(1, mem/4/int64(runtime.GOMAXPROCS(0)+2)/chunkQueryBytes))
	prog.Phase("answering", nq)
	if err := answerAll(ctx, job, queries, a.answers, chunk, prog, a.damage); err != nil {
		return nil, err
	}
	a.spills = [2]int{queries.Spills(), a.answers.Spills()}
	return a, nil
}

// noProgress is the Progress of a run that shows none.
type noProgress struct{}

func (noProgress) Phase(string, int64) {}
func (noProgress) Add(int64)           {}

// damaged is the status of an answer that a damaged group file kept from
// being found; its first value indexes damage's errors.
const damaged uint8 = 255

// damage holds the errors of the damaged group files a run met.
type damage struct {
	mu   sync.Mutex
	errs []error
}

// add keeps err and returns its index.
func (d *damage) add(err error) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.errs = append(d.errs, err)
	return int64(len(d.errs) - 1)
}

// get returns the error of index i.
func (d *damage) get(i int64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if i < 0 || i >= int64(len(d.errs)) {
		return errors.New("internal error: bulk answering lost the error of a damaged group")
	}
	return d.errs[i]
}

// stopped is the error of a run that ctx stopped.
func stopped(ctx context.Context) error {
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return fmt.Errorf("bulk: stopped")
}
