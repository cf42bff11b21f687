package lines

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// A source rewinds where its inputs can be read again: arguments, the
// regular files they name, and a reader that is a regular file, from where
// it stood at Open; not a reader that is a pipe or a string, nor a named
// pipe.
func TestSourceRewind(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(file, []byte("11\n22\n33\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The first line is read by someone else before each Open.
	seek := func(t *testing.T) {
		if _, err := f.Seek(3, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"arguments", []string{"5", "6"}, []string{"argument 1 5", "argument 2 6"}},
		{"a file named", []string{"5", file}, []string{"argument 1 5", file + ": line 1 11", file + ": line 2 22", file + ": line 3 33"}},
		{"a regular file in", nil, []string{"line 1 22", "line 2 33"}},
		{"a regular file as -", []string{"-", "7"}, []string{"line 1 22", "line 2 33", "argument 2 7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			seek(t)
			bs := Open(c.args, f, false)
			defer bs.Close()
			if got := texts(t, bs); !slices.Equal(got, c.want) {
				t.Fatalf("first reading %q; want %q", got, c.want)
			}
			for range 2 {
				if !bs.Rewind() {
					t.Fatal("Rewind: false")
				}
				if got := texts(t, bs); !slices.Equal(got, c.want) {
					t.Fatalf("after Rewind %q; want %q", got, c.want)
				}
			}
		})
	}
	t.Run("half read", func(t *testing.T) {
		seek(t)
		bs := Open(nil, f, false)
		defer bs.Close()
		if b, _, err := bs.Next(t.Context()); err != nil || len(b) == 0 {
			t.Fatalf("Next: %v, %v", b, err)
		}
		if !bs.Rewind() {
			t.Fatal("Rewind: false")
		}
		if got := texts(t, bs); !slices.Equal(got, []string{"line 1 22", "line 2 33"}) {
			t.Fatalf("after Rewind %q", got)
		}
	})
	t.Run("a string", func(t *testing.T) {
		bs := Open(nil, strings.NewReader("8\n"), false)
		defer bs.Close()
		texts(t, bs)
		if bs.Rewind() {
			t.Fatal("Rewind of a string reader: true")
		}
	})
	t.Run("a pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		w.WriteString("9\n")
		w.Close()
		bs := Open(nil, r, false)
		defer bs.Close()
		if got := texts(t, bs); !slices.Equal(got, []string{"line 1 9"}) {
			t.Fatalf("pipe %q", got)
		}
		if bs.Rewind() {
			t.Fatal("Rewind of a pipe: true")
		}
	})
	t.Run("a named pipe", func(t *testing.T) {
		fifo := filepath.Join(dir, "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip(err)
		}
		bs := Open([]string{"5", fifo}, strings.NewReader(""), false)
		defer bs.Close()
		bs.Unread() // nothing read from the pipe
		if bs.Rewind() {
			t.Fatal("Rewind with a named pipe: true")
		}
	})
}
