package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"edgrid/internal/lines"
)

// Bulk answering (bulk.go) is on by itself once the input reaches
// autoBulkLines inputs, read in full batches (a file or a fast pipe, not a
// person typing); --bulk forces it, --bulk=false forbids it.
const autoBulkLines = 20000

// minMem is the least --mem: a few hundred queries a run.
const minMem = 64 << 10

// bulkOptions are the flags of bulk answering, which rank, id and catalog
// find share.
type bulkOptions struct {
	bulk    bool
	forced  bool // --bulk was given, true or false
	memText string
	mem     int64
}

// addFlags adds --bulk and --mem.
func (o *bulkOptions) addFlags(c *cobra.Command) {
	c.Flags().BoolVar(&o.bulk, "bulk", false, "answer all the inputs together: sort them, answer each group's in one pass over its grids, print the answers in input order at the end (default: on by itself from "+strconv.Itoa(autoBulkLines)+" inputs read fast, one at a time without a usable $TMPDIR; --bulk=false: never). Stopped while printing, the output ends with a line 'edgrid CMD: stopped: answers to the first N of M inputs only' ({\"error\",\"stopped\":true,...} in JSON)")
	c.Flags().StringVar(&o.memText, "mem", "1G", "bulk answering: the memory for the queries and answers held at once, as N, NK, NM or NG (bytes, KiB, MiB, GiB; at least 64K); beyond it they are sorted in runs in $TMPDIR, which needs the input's size plus about 215 bytes a query (id: 150). Memory grows by about 300 bytes a query up to the bound; peak RSS stays under about 1.5 x --mem + 128 MiB")
}

// validate parses --mem and notes whether --bulk was given.
func (o *bulkOptions) validate(c *cobra.Command) error {
	o.forced = changed(c, "bulk")
	n, ok := parseMem(o.memText)
	if !ok || n < minMem {
		return usagef("--mem %s: want a size of at least 64K, as 512M or 4G", o.memText)
	}
	o.mem = n
	return nil
}

// parseMem reads N, NK, NM or NG (KiB, MiB, GiB; a trailing B or iB is allowed).
func parseMem(s string) (int64, bool) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B"), "I")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		}
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return 0, false
	}
	return n << shift, true
}

// choose reports whether to answer the inputs of bs in bulk: as --bulk
// says, or else once autoBulkLines inputs have come, each batch within
// bulkWait of the one before (a file or a fast pipe, not a person typing).
// The batches read to decide are put back. What it holds meanwhile is
// bounded in bytes too, by chooseBytes (and one batch): an input of long
// lines that reaches it first is answered one at a time, as it streams.
func (o *bulkOptions) choose(ctx context.Context, bs *lines.Source) (bool, error) {
	if o.forced {
		return o.bulk, nil
	}
	var read [][]lines.Input
	n, size := 0, 0
	defer func() { bs.Unread(read...) }()
	for n < autoBulkLines {
		if size >= chooseBytes {
			return false, nil
		}
		b, late, err := bs.NextWithin(ctx, bulkWait)
		if err != nil {
			return false, err
		}
		if b == nil || late {
			return false, nil
		}
		read = append(read, b)
		n += len(b)
		size += batchSize(b)
	}
	return true, nil
}

// chooseBytes bounds the input choose holds while it decides (a variable
// for the tests).
var chooseBytes = 32 << 20

// batchSize is the bytes of text of a batch's inputs.
func batchSize(b []lines.Input) int {
	n := 0
	for i := range b {
		n += len(b[i].Text) + len(b[i].Rest)
	}
	return n
}

// bulkWait is how long choose waits for each batch.
const bulkWait = 250 * time.Millisecond
