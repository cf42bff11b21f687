package puzzleid

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit"
	"edgrid/rank"
	"edgrid/solve"
)

var (
	rankerOnce sync.Once
	ranker     *rank.Ranker
	rankerErr  error
)

func namer(t testing.TB) *Namer {
	t.Helper()
	rankerOnce.Do(func() {
		tb, err := rank.Embedded()
		if err != nil {
			rankerErr = err
			return
		}
		ranker, rankerErr = rank.New(tb, nil)
	})
	if rankerErr != nil {
		t.Fatal(rankerErr)
	}
	return New(ranker)
}

// loadSet reads a puzzle set of the repository's testdata, found by walking up from here.
func loadSet(t testing.TB, name string) []canon.Grid {
	t.Helper()
	return testkit.Puzzles(t, name, func(s string) (canon.Grid, error) { return canon.ParsePuzzle(s[:81]) })
}

func TestStringParse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		var m canon.Mask
		for c := range 81 {
			if rng.IntN(3) == 0 {
				m.Set(c)
			}
		}
		id := ID{Number: 1 + rng.Int64N(5472730538), Mask: m}
		s := id.String()
		if len(s) != len(strings.Split(s, "-")[0])+1+maskDigits {
			t.Fatalf("%s: mask not %d digits", s, maskDigits)
		}
		back, err := Parse(s)
		if err != nil || back != id {
			t.Fatalf("Parse(%s) = %v, %v; want %v", s, back, err, id)
		}
	}
	full := ID{Number: 7}
	for c := range 81 {
		full.Mask.Set(c)
	}
	if s := full.String(); s != "7-1ffffffffffffffffffff" {
		t.Errorf("all 81 cells: %s", s)
	}
	for _, bad := range []string{"", "12", "-0123456789abcdef01234", "x-0123456789abcdef01234", "1-0123456789abcdef0123", "1-0123456789abcdef0123g", "1-2123456789abcdef01234", "0-0123456789abcdef01234", "+1-0123456789abcdef01234"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
}

// An ID has one spelling: Parse refuses a leading zero and an uppercase
// mask digit, which String never writes, naming the offset.
func TestParseOneSpelling(t *testing.T) {
	const good = "7-1ffffffffffffffffffff"
	if _, err := Parse(good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"07-1ffffffffffffffffffff", "leading zero at offset 0"},
		{"0007-1ffffffffffffffffffff", "leading zero at offset 0"},
		{"7-1FFFFFFFFFFFFFFFFFFFF", "uppercase hexadecimal digit 'F' at offset 3"},
		{"7-1fffffffffffffffffffA", "uppercase hexadecimal digit 'A' at offset 22"},
		{"123-1ffffffffffCfffffffff", "uppercase hexadecimal digit 'C' at offset 15"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := Parse(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse(%q) = %v; want an error with %q", tc.in, err, tc.want)
			}
		})
	}
}

// IDs of the shared sets: the puzzle an ID names is equivalent to the
// puzzle it came from (same minlex form), and random transforms and
// relabellings of a puzzle, and its minlex form, get the same ID.
func TestRoundTripAndInvariance(t *testing.T) {
	ctx := context.Background()
	n := namer(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, set := range []string{"puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"} {
		ps := loadSet(t, set)
		step := 1
		if testing.Short() {
			step = len(ps)/20 + 1
		}
		for i := 0; i < len(ps); i += step {
			p := ps[i]
			id, err := n.ID(ctx, &p)
			if err != nil {
				t.Fatalf("%s %d: %v", set, i+1, err)
			}
			q, err := n.Puzzle(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			fp, _, _, _ := canon.PuzzleMinlex(&p, canon.PlainOrder)
			fq, _, _, _ := canon.PuzzleMinlex(&q, canon.PlainOrder)
			if fp != fq {
				t.Fatalf("%s %d: puzzle(id(p)) is not equivalent to p", set, i+1)
			}
			tr := canon.RandomTransform(rng)
			h := tr.Apply(&p)
			for _, x := range []canon.Grid{h, fp} {
				if id2, err := n.ID(ctx, &x); err != nil || id2 != id {
					t.Fatalf("%s %d: an equivalent puzzle gets %v, %v; want %v", set, i+1, id2, err, id)
				}
			}
		}
	}
}

// The 17-clue puzzles are pairwise essentially different, so their IDs are
// distinct (a sample in short mode).
func TestIDsDistinct(t *testing.T) {
	ps := loadSet(t, "puzzles2_17_clue")
	if testing.Short() {
		ps = ps[:400]
	}
	ids := make([]ID, len(ps))
	var wg sync.WaitGroup
	var failed error
	var mu sync.Mutex
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := namer(t)
			for i := w; i < len(ps); i += 2 {
				id, err := n.ID(context.Background(), &ps[i])
				if err != nil {
					mu.Lock()
					failed = err
					mu.Unlock()
					return
				}
				ids[i] = id
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		t.Fatal(failed)
	}
	seen := map[ID]int{}
	for i, id := range ids {
		if j, dup := seen[id]; dup {
			t.Fatalf("puzzles %d and %d have the same ID %v", j+1, i+1, id)
		}
		seen[id] = i
	}
}

func TestBadPuzzles(t *testing.T) {
	ctx := context.Background()
	n := namer(t)
	several, _ := canon.ParsePuzzle("12345678" + strings.Repeat(".", 73))
	none, _ := canon.ParsePuzzle("12345678.........9" + strings.Repeat(".", 63))
	clash, _ := canon.ParsePuzzle("1...1" + strings.Repeat(".", 76))
	if _, err := n.ID(ctx, &several); !errors.Is(err, ErrSeveral) {
		t.Errorf("several solutions: %v", err)
	}
	if _, err := n.ID(ctx, &none); !errors.Is(err, ErrNoSolution) {
		t.Errorf("no solution: %v", err)
	}
	var ge *solve.GivenError
	if _, err := n.ID(ctx, &clash); !errors.As(err, &ge) || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("a repeated digit: %v; want the row named", err)
	}
	if _, err := n.Puzzle(ctx, ID{Number: 5472730539}); err == nil {
		t.Error("Puzzle of a number out of range: no error")
	}
}

// Puzzle refuses IDs that ID never writes: an empty mask, a mask whose
// clues leave several solutions, and a mask that is not the smallest over
// the grid's automorphisms (two IDs would name one class).
func TestPuzzleRefusesForeignIDs(t *testing.T) {
	ctx := context.Background()
	n := namer(t)
	const number = 1 // the first class has many automorphisms
	m, err := ranker.Unrank(ctx, number, rank.Lex)
	if err != nil {
		t.Fatal(err)
	}
	var full canon.Mask
	for c := range 81 {
		full.Set(c)
	}
	if p, err := n.Puzzle(ctx, ID{Number: number, Mask: full}); err != nil || p != m {
		t.Fatalf("Puzzle of the full mask: %v, %v; want the minlex grid", p, err)
	}
	if _, err := n.Puzzle(ctx, ID{Number: number}); !errors.Is(err, ErrEmptyMask) {
		t.Errorf("empty mask: %v; want ErrEmptyMask", err)
	}
	var eight canon.Mask
	for c := range 8 {
		eight.Set(c)
	}
	if _, err := n.Puzzle(ctx, ID{Number: number, Mask: eight}); !errors.Is(err, ErrSeveral) {
		t.Errorf("eight clues: %v; want ErrSeveral", err)
	}
	// Full masks less one cell: each has one solution; those whose mask is
	// not the smallest of its orbit under the automorphisms are refused,
	// the others accepted.
	minimal, other := 0, 0
	for c := range 81 {
		var mask canon.Mask
		for i := range 81 {
			if i != c {
				mask.Set(i)
			}
		}
		var q canon.Grid
		for i := range q {
			if mask.Has(i) {
				q[i] = m[i]
			}
		}
		_, want, err := canon.PuzzleKey(&q, &m)
		if err != nil {
			t.Fatal(err)
		}
		_, err = n.Puzzle(ctx, ID{Number: number, Mask: mask})
		if want == mask {
			minimal++
			if err != nil {
				t.Errorf("cell %d removed, the smallest mask: %v", c+1, err)
			}
		} else {
			other++
			if !errors.Is(err, ErrNotMinimal) {
				t.Errorf("cell %d removed, mask %v not the smallest (%v): %v; want ErrNotMinimal", c+1, mask, want, err)
			}
		}
	}
	if minimal == 0 || other == 0 {
		t.Fatalf("%d minimal and %d other masks: the test needs both", minimal, other)
	}
}
