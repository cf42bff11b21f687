package partfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"edgrid/internal/crc32c"
)

// A frame reads back as written; every byte changed or cut is found.
func TestRoundTripAndDamage(t *testing.T) {
	data, err := Append([]byte("kept"), "query", "what was asked", []byte("a 1\nb 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "kept") {
		t.Fatalf("Append dropped dst: %q", data)
	}
	data = data[4:]
	want := "edgrid query part 1\nquery what was asked\na 1\nb 2\ncrc32c "
	if !strings.HasPrefix(string(data), want) || len(data) != len(want)+9 {
		t.Fatalf("frame %q; want %q and 8 hex digits", data, want)
	}
	label, content, err := Open(data, "query")
	if err != nil || label != "what was asked" || string(content) != "a 1\nb 2\n" {
		t.Fatalf("Open: %q, %q, %v", label, content, err)
	}
	if _, _, err := Open(data, "scan"); err == nil || err.Error() != `line 1: "edgrid query part 1" is not "edgrid scan part 1"` {
		t.Errorf("another work's part: %v", err)
	}
	for i := range data {
		d := []byte(string(data))
		d[i] ^= 0x20
		var fe *Error
		if _, _, err := Open(d, "query"); !errors.As(err, &fe) {
			t.Fatalf("byte %d changed: %v; want an *Error", i, err)
		}
		if _, _, err := Open(data[:i], "query"); err == nil {
			t.Fatalf("cut to %d bytes: no error", i)
		}
	}
}

func TestAppendRefuses(t *testing.T) {
	for _, c := range []struct{ label, content string }{{"", "x\n"}, {"a\nb", "x\n"}, {"a\rb", ""}, {"ok", "no end"}} {
		t.Run(c.label, func(t *testing.T) {
			if _, err := Append(nil, "scan", c.label, []byte(c.content)); err == nil {
				t.Errorf("label %q, content %q: no error", c.label, c.content)
			}
		})
	}
	// An empty or missing label line is refused on reading too, its
	// checksum right.
	for _, body := range []string{"edgrid scan part 1\nscan \n", "edgrid scan part 1\n", "edgrid scan part 1\nquery x\n"} {
		d := fmt.Appendf([]byte(body), "crc32c %08x\n", crc32c.Checksum([]byte(body)))
		var fe *Error
		if _, _, err := Open(d, "scan"); !errors.As(err, &fe) || fe.Line != 2 {
			t.Errorf("%q: %v; want an error at line 2", body, err)
		}
	}
}
