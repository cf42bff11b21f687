package main

import (
	"context"
	"errors"
	"fmt"

	"edgrid/internal/lines"
)

// answerer answers the inputs of one line command, as text or as JSON
// Lines, the same way for every command: a good input's answer, then its
// trailing fields; a bad one reported on stderr (and, in JSON, as an object
// with its error in its place).
type answerer struct {
	cmd   string // the command's name in messages
	json  bool
	quote bool // messages show the input: `line 2: "abc": not a number`
	// recycle: the work function keeps no string of its batch once it
	// returns, so that the batch's memory can be reused (batchMem).
	recycle bool
}

// answerEach answers each line of b with fn into r. fn appends the answer
// to out: in text the answer's fields, in JSON its members, each after a
// comma (`,"form":"..."`). An input that a signal's cancellation stopped is
// left out, unanswered, and named in r.unfinished.
func (a answerer) answerEach(b []lines.Input, r *lines.Result, fn func(l *lines.Input, out []byte) ([]byte, error)) {
	for i := range b {
		l := &b[i]
		mark := len(r.Out)
		err := l.Err
		if err == nil {
			if a.json {
				r.Out = appendJSONString(append(r.Out, `{"input":`...), l.Text)
			}
			r.Out, err = fn(l, r.Out)
		}
		if err != nil {
			r.Out = r.Out[:mark]
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				r.Unfinished = append(r.Unfinished, l.Where())
				continue
			}
			if a.quote && l.Err == nil {
				err = fmt.Errorf("%q: %w", short(l.Text), err)
			}
			r.Errs = append(r.Errs, lineError(a.cmd, *l, err))
			if a.json {
				j := beginJSON(r.Out)
				j.str("input", l.Text)
				j.str("where", l.Where())
				j.str("error", message(err))
				r.Out = j.end()
			}
			continue
		}
		if a.json {
			if l.Rest != "" {
				r.Out = appendJSONString(append(r.Out, `,"rest":`...), l.Rest)
			}
			r.Out = append(r.Out, '}', '\n')
		} else {
			r.Out = append(l.AppendRest(r.Out), '\n')
		}
	}
}

// run answers every input of args or s.in on all cores, in input order,
// and fails with exit status 1 when some input was bad.
func (a answerer) run(ctx context.Context, args []string, s streams, cells bool, work func(b []lines.Input, r *lines.Result)) error {
	bs := openBatches(args, s.in, cells)
	defer bs.Close()
	bs.Recycle = a.recycle
	return a.runFrom(ctx, bs, s, work)
}

// runFrom is run over the batches of bs.
func (a answerer) runFrom(ctx context.Context, bs *lines.Source, s streams, work func(b []lines.Input, r *lines.Result)) error {
	failed, err := orderedMapFrom(ctx, bs, s, a.cmd, work)
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFailed, err: fmt.Errorf("%d bad line(s)", failed)}
	}
	return nil
}

// short cuts an input for an error message.
func short(s string) string {
	if len(s) > 90 {
		return s[:87] + "..."
	}
	return s
}

// lineError formats the error of input l for standard error.
func lineError(cmd string, l lines.Input, err error) string {
	return fmt.Sprintf("edgrid %s: %s: %s", cmd, l.Where(), message(err))
}
