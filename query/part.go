package query

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

// A part is the result of a query over one group, as a file a resumable or
// distributed query writes for each group and `edgrid query merge`
// combines:
//
//	edgrid query part 1
//	query <the query's description, one line>
//	result <Result as one line of JSON>
//	lines <n>
//	<n lines of output: the grids counted, as the query printed them>
//	crc32c <CRC-32C of everything above, 8 hex digits>
//
// The description says what was asked (invariants, expression, numbering)
// so that parts of different queries are never merged.
const partMagic = "edgrid query part 1"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WritePart writes a part: the query's description (one line), its result
// and its output lines (each ending in '\n').
func WritePart(w io.Writer, desc string, r *Result, lines []byte) error {
	if strings.ContainsAny(desc, "\n\r") {
		return fmt.Errorf("query: part: description %q is not one line", desc)
	}
	if len(lines) > 0 && lines[len(lines)-1] != '\n' {
		return fmt.Errorf("query: part: output does not end a line")
	}
	js, err := r.MarshalJSON()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nquery %s\nresult %s\nlines %d\n", partMagic, desc, js, bytes.Count(lines, []byte("\n")))
	b.Write(lines)
	fmt.Fprintf(&b, "crc32c %08x\n", crc32.Checksum(b.Bytes(), castagnoli))
	_, err = w.Write(b.Bytes())
	return err
}

// ReadPart reads a part written by WritePart, checking its checksum and
// structure.
func ReadPart(data []byte) (desc string, r *Result, lines []byte, err error) {
	bad := func(format string, a ...any) (string, *Result, []byte, error) {
		return "", nil, nil, fmt.Errorf("query: part: "+format, a...)
	}
	i := bytes.LastIndexByte(data[:max(len(data)-1, 0)], '\n')
	if len(data) == 0 || data[len(data)-1] != '\n' || i < 0 {
		return bad("truncated")
	}
	body, last := data[:i+1], string(data[i+1:len(data)-1])
	if want := fmt.Sprintf("crc32c %08x", crc32.Checksum(body, castagnoli)); last != want {
		return bad("checksum line %q, computed %q", last, want)
	}
	rd := bufio.NewReader(bytes.NewReader(body))
	line := func() string {
		s, _ := rd.ReadString('\n')
		return strings.TrimSuffix(s, "\n")
	}
	if m := line(); m != partMagic {
		return bad("first line %q is not %q", m, partMagic)
	}
	desc, ok := strings.CutPrefix(line(), "query ")
	if !ok {
		return bad("no query line")
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
	rest, _ := io.ReadAll(rd)
	if c := bytes.Count(rest, []byte("\n")); c != n {
		return bad("%d output lines, header says %d", c, n)
	}
	return desc, r, rest, nil
}
