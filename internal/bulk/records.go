package bulk

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"edgrid/internal/lines"
)

// The lines file of bulk answering keeps every input in input order, with
// what its answer needs besides its number, while the queries are sorted
// and answered: one record an input,
//
//	uvarint num, uvarint last, byte arg, then strings (uvarint length,
//	bytes): the read error, the text, the rest, the error of prepare, the
//	payload.
//
// It is what lets the answers come out in input order, each after its
// input's fields, with the messages one-at-a-time answering gives.

// lineRecord is one input as the lines file keeps it.
type lineRecord struct {
	line    lines.Input
	prepErr string // prepare's error, or ""
	payload []byte // what prepare kept for the answer (a minlex grid, a mask)
}

// appendLineRecord appends r's record to b.
func appendLineRecord(b []byte, r *lineRecord) []byte {
	l := &r.line
	b = binary.AppendUvarint(b, uint64(l.Num))
	b = binary.AppendUvarint(b, uint64(l.Last))
	arg := byte(0)
	if l.Arg {
		arg = 1
	}
	b = append(b, arg)
	lerr := ""
	if l.Err != nil {
		lerr = l.Err.Error()
	}
	for _, s := range []string{lerr, l.Text, l.Rest, r.prepErr} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.payload)))
	return append(b, r.payload...)
}

// lineRecords reads the records of a lines file.
type lineRecords struct {
	r *bufio.Reader
}

// next reads the next record into r, reporting false at the end.
func (lr *lineRecords) next(r *lineRecord) (bool, error) {
	num, err := binary.ReadUvarint(lr.r)
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	bad := func(err error) (bool, error) {
		return false, fmt.Errorf("reading the lines file of the temporary directory: %w", err)
	}
	if err != nil {
		return bad(err)
	}
	last, err := binary.ReadUvarint(lr.r)
	if err != nil {
		return bad(err)
	}
	arg, err := lr.r.ReadByte()
	if err != nil {
		return bad(err)
	}
	var s [5][]byte
	for i := range s {
		n, err := binary.ReadUvarint(lr.r)
		if err != nil {
			return bad(err)
		}
		if n > lines.MaxLine+1<<16 {
			return bad(fmt.Errorf("a field of %d bytes", n))
		}
		s[i] = make([]byte, n)
		if _, err := io.ReadFull(lr.r, s[i]); err != nil {
			return bad(err)
		}
	}
	*r = lineRecord{line: lines.Input{Num: int(num), Last: int(last), Arg: arg == 1, Text: string(s[1]), Rest: string(s[2])},
		prepErr: string(s[3]), payload: s[4]}
	if len(s[0]) > 0 {
		r.line.Err = errors.New(string(s[0]))
	}
	return true, nil
}
