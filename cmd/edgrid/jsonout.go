package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
)

// The --json output of every command is JSON Lines: one object a line,
// written without encoding/json's reflection on the line commands' path.

// appendJSONString appends s as a JSON string.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			b, _ := json.Marshal(s) // the rare input that needs escaping
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// jsonLine builds one object of a JSON line in a buffer: field by field,
// in the order they are added.
type jsonLine struct{ b []byte }

// begin starts an object at the end of dst.
func beginJSON(dst []byte) jsonLine { return jsonLine{append(dst, '{')} }

func (j *jsonLine) key(k string) {
	if j.b[len(j.b)-1] != '{' {
		j.b = append(j.b, ',')
	}
	j.b = append(appendJSONString(j.b, k), ':')
}

// str adds a string field.
func (j *jsonLine) str(k, v string) {
	j.key(k)
	j.b = appendJSONString(j.b, v)
}

// raw adds a field whose value is already JSON text (a number, a quoted
// string built by the caller).
func (j *jsonLine) raw(k string, v []byte) {
	j.key(k)
	j.b = append(j.b, v...)
}

// int adds an integer field.
func (j *jsonLine) int(k string, v int64) {
	j.key(k)
	j.b = strconv.AppendInt(j.b, v, 10)
}

// end closes the object and the line and returns the buffer.
func (j *jsonLine) end() []byte { return append(j.b, '}', '\n') }

// tidyJSON returns the JSON text b on one line, its non-integer numbers
// rounded to six decimals: no float artifacts such as 24.820999999999998.
// Strings and the order of keys are kept as they are.
func tidyJSON(b []byte) []byte {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		return b
	}
	in := c.Bytes()
	out := make([]byte, 0, len(in)+1)
	for i := 0; i < len(in); {
		switch ch := in[i]; {
		case ch == '"':
			// Copy the string, escapes and all.
			j := i + 1
			for ; j < len(in) && in[j] != '"'; j++ {
				if in[j] == '\\' {
					j++
				}
			}
			out = append(out, in[i:j+1]...)
			i = j + 1
		case ch == '-' || ch >= '0' && ch <= '9':
			j := i + 1
			for j < len(in) && bytes.IndexByte([]byte("0123456789.eE+-"), in[j]) >= 0 {
				j++
			}
			num := in[i:j]
			if bytes.ContainsAny(num, ".eE") {
				if f, err := strconv.ParseFloat(string(num), 64); err == nil && !math.IsInf(f, 0) {
					num = strconv.AppendFloat(nil, math.Round(f*1e6)/1e6, 'f', -1, 64)
				}
			}
			out = append(out, num...)
			i = j
		default:
			out = append(out, ch)
			i++
		}
	}
	return append(out, '\n')
}

// writeJSONLine writes v as one line of JSON, its fractions rounded as
// tidyJSON rounds them: the form of the commands that print one object for
// a whole result rather than one for each input.
func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(tidyJSON(b))
	return err
}
