package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
)

// The input contract of the line-oriented commands (canon, rank, unrank,
// solve, id, puzzle, catalog find), written once here: the inputs are the
// arguments, or else the lines of standard input. A UTF-8 byte-order mark at the start is
// skipped, and so are blank lines and lines starting with #. The first
// whitespace-separated field of a line is the input; whatever follows it
// (ratings, names) is copied to the end of the line's answer. Every good
// line is answered, in input order; a bad one (its first field, or a line
// longer than maxLine) is reported on standard error with its line number
// and the others are still answered; the command then exits with status 1.

// maxLine is the longest line read; a longer one is a bad line.
const maxLine = 1 << 20

// inputLine is one input to a line-oriented subcommand: an argument or a line
// of standard input, with the name its errors carry ("line 3", "argument 2").
type inputLine struct {
	text  string // the first field
	rest  string // the rest of the line after the first field's whitespace, or ""
	where string
	num   int   // 1-based line number on stdin, 0 for arguments
	err   error // the line could not be read (too long); text is then empty
}

// appendRest appends l's trailing fields, after a space, to an answer.
func (l *inputLine) appendRest(out []byte) []byte {
	if l.rest == "" {
		return out
	}
	return append(append(out, ' '), l.rest...)
}

// lineError formats the error of input l for standard error.
func lineError(cmd string, l inputLine, err error) string {
	return fmt.Sprintf("edgrid %s: %s: %v", cmd, l.where, err)
}

// splitFields cuts a line into its first field and the rest.
func splitFields(t string) (first, rest string) {
	t = strings.TrimSpace(t)
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		return t[:i], strings.TrimSpace(t[i+1:])
	}
	return t, ""
}

// readInputs yields the arguments if there are any, else the lines of in
// (see the contract above), in batches, to fn. It stops at the first error
// fn returns, or at an error reading in.
func readInputs(args []string, in io.Reader, batch int, fn func([]inputLine) error) error {
	if len(args) > 0 {
		b := make([]inputLine, len(args))
		for i, a := range args {
			b[i] = inputLine{where: fmt.Sprintf("argument %d", i+1)}
			b[i].text, b[i].rest = splitFields(a)
		}
		return fn(b)
	}
	r := bufio.NewReaderSize(in, 64*1024)
	var b []inputLine
	var long []byte // a line longer than the reader's buffer, being gathered
	for n := 1; ; n++ {
		line, err := r.ReadSlice('\n')
		tooLong := false
		if err == bufio.ErrBufferFull {
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = r.ReadSlice('\n')
				if len(long) <= maxLine {
					long = append(long, line...)
				}
			}
			tooLong = len(long) > maxLine
			line = long
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading standard input at line %d: %w", n, err)
		}
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		l := inputLine{where: fmt.Sprintf("line %d", n), num: n}
		if tooLong {
			l.err = fmt.Errorf("longer than %d bytes", maxLine)
		} else {
			l.text, l.rest = splitFields(string(line))
		}
		if l.err != nil || l.text != "" && l.text[0] != '#' {
			if b = append(b, l); len(b) == batch {
				if ferr := fn(b); ferr != nil {
					return ferr
				}
				b = nil
			}
		}
		if err == io.EOF {
			break
		}
	}
	if len(b) > 0 {
		return fn(b)
	}
	return nil
}

// readable returns the lines of b that could be read, reporting the others
// in r; b itself when all could.
func readable(cmd string, b []inputLine, r *batchResult) []inputLine {
	for i := range b {
		if b[i].err != nil {
			var good []inputLine
			for _, l := range b {
				if l.err != nil {
					r.errs = append(r.errs, lineError(cmd, l, l.err))
				} else {
					good = append(good, l)
				}
			}
			return good
		}
	}
	return b
}

// result of processing one batch: the text for stdout and the error lines for stderr.
type batchResult struct {
	out  []byte
	errs []string
}

// orderedMap runs work on batches of input with one worker per core and writes
// each batch's output in input order. Lines that could not be read are
// reported for command cmd and not passed to work. It reports how many
// inputs failed.
func orderedMap(ctx context.Context, cmd string, args []string, s streams, work func(b []inputLine, r *batchResult)) (failed int, err error) {
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		lines []inputLine
		done  chan *batchResult
	}
	jobs := make(chan job, workers)
	queue := make(chan job, 2*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r := &batchResult{}
				work(readable(cmd, j.lines, r), r)
				j.done <- r
			}
		}()
	}
	out := bufio.NewWriterSize(s.out, 1<<16)
	writeErr := make(chan error, 1)
	go func() {
		var werr error
		for j := range queue {
			r := <-j.done
			for _, e := range r.errs {
				fmt.Fprintln(s.err, e)
				failed++
			}
			if werr == nil {
				_, werr = out.Write(r.out)
			}
		}
		if werr == nil {
			werr = out.Flush()
		}
		writeErr <- werr
	}()
	err = readInputs(args, s.in, 4096, func(b []inputLine) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := job{lines: b, done: make(chan *batchResult, 1)}
		queue <- j
		jobs <- j
		return nil
	})
	close(jobs)
	close(queue)
	wg.Wait()
	if werr := <-writeErr; err == nil && werr != nil {
		err = fmt.Errorf("writing output: %w", werr)
	}
	return failed, err
}
