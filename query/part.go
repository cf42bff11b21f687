package query

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"edgrid/internal/partfile"
)

// A Part is the result of a query over one group, as a file a resumable or
// distributed query writes for each group and `edgrid query merge`
// combines (internal/partfile's framing):
//
//	edgrid query part 1
//	query <label: the query's description, one line>
//	result <Result as one line of JSON>
//	lines <n>
//	<n lines of output: the grids counted, as the query printed them>
//	crc32c <CRC-32C of everything above, 8 hex digits>
//
// The label says what was asked (invariants, expression, numbering) so
// that parts of different queries are never merged.
type Part struct {
	Label  string
	Result *Result
	Lines  []byte // each ending in '\n'
}

// partName is the sort of work of a query's parts.
const partName = "query"

// WritePart writes a part: the query's label (one line), its result and
// its output lines (each ending in '\n').
func WritePart(w io.Writer, label string, r *Result, lines []byte) error {
	js, err := r.MarshalJSON()
	if err != nil {
		return err
	}
	content := fmt.Appendf(nil, "result %s\nlines %d\n", js, bytes.Count(lines, []byte("\n")))
	data, err := partfile.Append(nil, partName, label, append(content, lines...))
	if err != nil {
		return fmt.Errorf("query: part: %w", err)
	}
	_, err = w.Write(data)
	return err
}

// ReadPart reads a part written by WritePart, checking its checksum and
// structure.
func ReadPart(data []byte) (label string, r *Result, lines []byte, err error) {
	bad := func(format string, a ...any) (string, *Result, []byte, error) {
		return "", nil, nil, fmt.Errorf("query: part: "+format, a...)
	}
	label, content, err := partfile.Open(data, partName)
	if err != nil {
		return bad("%v", err)
	}
	line := func() string {
		l, rest, _ := bytes.Cut(content, []byte{'\n'})
		content = rest
		return string(l)
	}
	js, ok := strings.CutPrefix(line(), "result ")
	if !ok {
		return bad("no result line")
	}
	r = &Result{}
	if err := r.UnmarshalJSON([]byte(js)); err != nil {
		return bad("%v", err)
	}
	var n int
	if _, err := fmt.Sscanf(line(), "lines %d", &n); err != nil || n < 0 {
		return bad("no lines count")
	}
	if c := bytes.Count(content, []byte("\n")); c != n {
		return bad("%d output lines, header says %d", c, n)
	}
	return label, r, content, nil
}

// PartCodec writes and reads query parts for the machinery of per-group
// parts (jobs.PartCodec[*Part]).
type PartCodec struct{}

// Name is "query".
func (PartCodec) Name() string { return partName }

// FileName is the name of a group's part in a query's result directory.
func (PartCodec) FileName(group int) string { return fmt.Sprintf("part-%04d.edq", group) }

// Encode returns p's part file.
func (PartCodec) Encode(p *Part) ([]byte, error) {
	var b bytes.Buffer
	err := WritePart(&b, p.Label, p.Result, p.Lines)
	return b.Bytes(), err
}

// Decode reads a part file whole, checking it.
func (PartCodec) Decode(data []byte) (*Part, error) {
	label, r, lines, err := ReadPart(data)
	if err != nil {
		return nil, err
	}
	return &Part{Label: label, Result: r, Lines: lines}, nil
}

// About says what p is a part of: its label, its groups and the grids it
// covers.
func (PartCodec) About(p *Part) (label string, groups []int, grids int64) {
	return p.Label, p.Result.Groups, p.Result.Grids
}
