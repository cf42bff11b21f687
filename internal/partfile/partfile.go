// Package partfile is the framing of the part files of per-group work (a
// query's result over a group, a scan's puzzles), whatever they hold:
//
//	edgrid <name> part 1
//	<name> <label: what the work computes, one line>
//	<content: lines, as the sort of work writes them>
//	crc32c <CRC-32C of everything above, 8 hex digits>
//
// The name is the sort of work ("query", "scan"); the label says what was
// asked, so that parts of different work are never merged.
package partfile

import (
	"bytes"
	"fmt"
	"strings"

	"edgrid/internal/crc32c"
)

// ContentLine is the number (1-based) of a part file's first content line.
const ContentLine = 3

// Error is a part file that is not a whole, well-formed frame: where (the
// line, 1-based, or 0 for the whole file) and what is wrong.
type Error struct {
	Line int
	Msg  string
}

// Error says where the frame is wrong and how.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// magic is the first line of a part of the work name.
func magic(name string) string { return "edgrid " + name + " part 1" }

// Append appends to dst the part file of the work name with label and
// content (lines, each ending in '\n'). A label that is empty or not one
// line, or content that does not end a line, is an error.
func Append(dst []byte, name, label string, content []byte) ([]byte, error) {
	if label == "" || strings.ContainsAny(label, "\n\r") {
		return dst, fmt.Errorf("label %q is not one line", label)
	}
	if len(content) > 0 && content[len(content)-1] != '\n' {
		return dst, fmt.Errorf("content does not end a line")
	}
	start := len(dst)
	dst = append(dst, magic(name)...)
	dst = append(dst, '\n')
	dst = append(dst, name...)
	dst = append(dst, ' ')
	dst = append(dst, label...)
	dst = append(dst, '\n')
	dst = append(dst, content...)
	return fmt.Appendf(dst, "crc32c %08x\n", crc32c.Checksum(dst[start:])), nil
}

// Open checks the frame of a part file of the work name, its checksum
// first, and returns its label and content. Its errors are *Error.
func Open(data []byte, name string) (label string, content []byte, err error) {
	bad := func(line int, format string, a ...any) (string, []byte, error) {
		return "", nil, &Error{Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	i := bytes.LastIndexByte(data[:max(len(data)-1, 0)], '\n')
	if len(data) == 0 || data[len(data)-1] != '\n' || i < 0 {
		return bad(0, "truncated")
	}
	body, last := data[:i+1], string(data[i+1:len(data)-1])
	if want := fmt.Sprintf("crc32c %08x", crc32c.Checksum(body)); last != want {
		return bad(0, "checksum line %q, computed %q", last, want)
	}
	first, rest, _ := bytes.Cut(body, []byte{'\n'})
	if m := magic(name); string(first) != m {
		return bad(1, "%q is not %q", Short(string(first)), m)
	}
	second, content, ok := bytes.Cut(rest, []byte{'\n'})
	label, isLabel := strings.CutPrefix(string(second), name+" ")
	if !ok || !isLabel || label == "" {
		return bad(2, "no %s line", name)
	}
	return label, content, nil
}

// Short cuts a line of a part for an error message.
func Short(s string) string {
	if len(s) > 100 {
		return s[:97] + "..."
	}
	return s
}
