package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An argument that names a file is read as a file of lines, "-" as standard
// input, in the order of the arguments; a bad line is named by its file.
func TestFileArguments(t *testing.T) {
	dir := t.TempDir()
	const escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
	const escargotSolved = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
	puzzles := filepath.Join(dir, "puzzles.txt")
	if err := os.WriteFile(puzzles, []byte("# two puzzles\n"+escargot+"\n"+"12x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, escargot+"\n", "solve", puzzles, "-", escargot)
	if code != exitFailed || out != strings.Repeat(escargotSolved+"\n", 3) {
		t.Errorf("solve FILE - PUZZLE: exit %d, stdout %q; want three solutions, exit 1", code, out)
	}
	if !strings.Contains(errs, "edgrid solve: "+puzzles+": line 3: ") {
		t.Errorf("solve FILE: stderr %q; want the bad line named by its file", errs)
	}
	grids := filepath.Join(dir, "grids")
	if err := os.WriteFile(grids, []byte(grid1+"\n"+grid648+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"canon"}, {"rank"}, {"scan", "--ua", "--count"}} {
		code, byFile, errs := run(t, "", append(args, grids)...)
		_, byStdin, _ := run(t, grid1+"\n"+grid648+"\n", args...)
		if code != 0 || byFile != byStdin || strings.Count(byFile, "\n") != 2 {
			t.Errorf("%q FILE: exit %d, %q, stderr %q; want %q as from stdin", args, code, byFile, errs, byStdin)
		}
	}
	// A file that cannot be read is a bad argument; the others are answered.
	missing := filepath.Join(dir, "gone")
	os.WriteFile(missing, nil, 0o000)
	if os.Getuid() != 0 {
		code, out, errs = run(t, "", "canon", missing, grid1)
		if code != exitFailed || out != grid1+"\n" || !strings.Contains(errs, "argument 1") {
			t.Errorf("an unreadable file: exit %d, %q, stderr %q", code, out, errs)
		}
	}
	// Not a file: read as an input, as before.
	code, _, errs = run(t, "", "solve", "puzzles-not-here.txt")
	if code != exitFailed || !strings.Contains(errs, "argument 1") {
		t.Errorf("a missing file name: exit %d, stderr %q", code, errs)
	}
}
