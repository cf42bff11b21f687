// Package lines reads the inputs of edgrid's line-oriented commands (canon,
// rank, unrank, solve, id, puzzle, catalog find, scan of grids) and keeps
// their answers in input order, written once here for every command:
//
// The inputs are the arguments, or else the lines of standard input. An
// argument that names a file and is not an input as written (ArgFile), or
// "-" for standard input, stands for the lines of that file. No input at
// all is answered with nothing. A UTF-8 byte-order mark at the start is
// skipped, and so are blank lines and lines starting with #. The first
// whitespace-separated field of a line is the input; whatever follows it
// (ratings, names) is copied to the end of the line's answer. Commands
// that read grids or puzzles (cells) also take one written with spaces,
// '|' or '+' between its cells (the fields up to the 81st cell are then
// the input), or as 9 lines of 9 cells, box-rule lines between them
// skipped. Every good input is answered, in input order; a bad one (its
// text, or a line longer than MaxLine) is reported with its place and the
// others are still answered.
//
// A Reader cuts a stream into batches of Inputs whose texts share memory
// that can be recycled; a Source yields the batches of the arguments and
// the files they name; Source.Answer answers them on every core and
// writes the answers in order, and AnswerEach does so one input at a time,
// each worker with state of its own, for inputs that take minutes.
package lines

import (
	"fmt"
	"strconv"

	"edgrid/cells"
)

// MaxLine is the longest line read; a longer one is a bad line.
const MaxLine = 1 << 20

// Batches of lines go to the workers whole. A batch ends after BatchLines
// lines or once it holds BatchBytes bytes, whichever comes first, so that
// a batch of long lines holds at most BatchBytes+MaxLine bytes and memory
// stays bounded whatever the lines' length.
const (
	BatchLines = 4096
	BatchBytes = 256 << 10
)

// Input is one input to a line-oriented command: an argument, a line of
// standard input or of a file, or 9 lines holding one grid.
type Input struct {
	Text string // the input
	Rest string // the fields after the input, or ""
	Num  int    // 1-based: the line, or the argument
	Last int    // the input's last line when it spans several, else 0
	Arg  bool   // Num counts arguments
	File string // the file named by an argument that the line is of, or "" ("-": standard input)
	Err  error  // the input could not be read (too long, an unfinished grid); Text is then empty
}

// Where names the input in messages: "line 3", "lines 3-13", "argument 2",
// "FILE: line 3".
func (l *Input) Where() string {
	in := ""
	if l.File != "" && l.File != "-" {
		in = l.File + ": "
	}
	switch {
	case l.Arg:
		return "argument " + strconv.Itoa(l.Num)
	case l.Last > l.Num:
		return fmt.Sprintf("%slines %d-%d", in, l.Num, l.Last)
	}
	return in + "line " + strconv.Itoa(l.Num)
}

// AppendRest appends l's trailing fields, after a space, to an answer.
func (l *Input) AppendRest(out []byte) []byte {
	if l.Rest == "" {
		return out
	}
	return append(append(out, ' '), l.Rest...)
}

// Args returns the arguments as inputs, split as lines are (isCells: as
// grids and puzzles).
func Args(args []string, isCells bool) []Input {
	b := make([]Input, len(args))
	for i, a := range args {
		input, rest := cells.Input(a, isCells)
		b[i] = Input{Num: i + 1, Arg: true, Text: input, Rest: rest}
	}
	return b
}
