package testkit

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// fixture makes a directory tree with testdata/set at its top and a
// package directory two levels below, and changes into the latter.
func fixture(t *testing.T, content string) {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "testdata", "set"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkg)
}

const p1 = "1...............................................................................9"
const p2 = "2...............................................................................8"

func TestLinesSkipsCommentsAndBlanks(t *testing.T) {
	fixture(t, "# a comment\n\n  "+p1+"  \n#"+p2+"\nshort\n"+p2+" 3.5 extra\n")
	ls := Lines(t, "set")
	want := []Line{{3, p1}, {5, "short"}, {6, p2 + " 3.5 extra"}}
	if len(ls) != len(want) {
		t.Fatalf("Lines: %+v; want %+v", ls, want)
	}
	for i := range want {
		if ls[i] != want[i] {
			t.Errorf("line %d: %+v; want %+v", i, ls[i], want[i])
		}
	}
	if got := DataPath(t, "set"); filepath.Base(filepath.Dir(got)) != "testdata" {
		t.Errorf("DataPath: %s", got)
	}
}

func TestPuzzleTexts(t *testing.T) {
	fixture(t, p1+"\nshort\n"+p2+" 3.5 extra\n"+p1+"\n")
	for _, c := range []struct {
		name string
		n    int
		want []string
	}{
		{"all", 0, []string{p1, p2, p1}},
		{"two", 2, []string{p1, p2}},
		{"more than there are", 9, []string{p1, p2, p1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := PuzzleTexts(t, "set", c.n)
			if len(got) != len(c.want) {
				t.Fatalf("%q; want %q", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("puzzle %d: %q; want %q", i, got[i], c.want[i])
				}
			}
		})
	}
}

func TestPuzzlesParsesEachLine(t *testing.T) {
	fixture(t, "# numbers\n4\n\n17\n2\n")
	got := Puzzles(t, "set", strconv.Atoi)
	want := []int{4, 17, 2}
	if len(got) != len(want) {
		t.Fatalf("%v; want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("puzzle %d: %d; want %d", i, got[i], want[i])
		}
	}
}

// The shared sets are found from a package's directory.
func TestSharedSet(t *testing.T) {
	ls := Lines(t, "puzzles2_17_clue")
	if len(ls) != 49158 {
		t.Fatalf("%d puzzles in the 17-clue list; want 49158", len(ls))
	}
	if ls[0].N <= 1 {
		t.Errorf("first puzzle on line %d; the list opens with comments", ls[0].N)
	}
}

func TestCPUTimeDoesNotGoBack(t *testing.T) {
	a := CPUTime()
	s := 0
	for i := range 1 << 16 {
		s += i * i
	}
	_ = s
	if b := CPUTime(); a < 0 || b < a {
		t.Fatalf("CPU time %v then %v", a, b)
	}
}
