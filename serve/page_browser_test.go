package serve

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"edgrid/canon"
	"edgrid/internal/testkit"
	"edgrid/internal/testkit/gridkit"
	"edgrid/rank"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium returns the path of a Chromium or Chrome, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// boardJS reads the board's 81 cells, '.' for an empty one.
const boardJS = `Array.from(document.querySelectorAll('#board td')).map(td => td.textContent || '.').join('')`

// browserPage is the page of TestPageInBrowser open in a headless browser,
// with the actions and checks its steps share.
type browserPage struct {
	t   *testing.T
	ctx context.Context
	url string // the server's
}

// poll waits until the JavaScript expression js is true.
func (b *browserPage) poll(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Poll[bool](js, chromedp.WithPollingTimeout(2*time.Minute))(ctx, tg)
		return err
	})
}

// field waits until the field shows want.
func (b *browserPage) field(name, want string) chromedp.Action[chromedp.Void] {
	return b.poll(fmt.Sprintf(`(document.querySelector('dd[data-field=%q]')||{}).textContent === %q`, name, want))
}

// set sets the value of the element with the id (no events fire).
func (b *browserPage) set(id, v string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`(document.getElementById(%q).value = %q, true)`, id, v))(ctx, tg)
		return err
	})
}

// enter types s into the box and presses Enter.
func (b *browserPage) enter(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(b.set("q", ""), chromedp.SendKeys(chromedp.CSS("#q"), s+kb.Enter))
}

// active waits until the element with the id has the focus.
func (b *browserPage) active(id string) chromedp.Action[chromedp.Void] {
	return b.poll(fmt.Sprintf(`document.activeElement && document.activeElement.id === %q`, id))
}

// eval evaluates js.
func (b *browserPage) eval(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// The page in a real browser (headless Chromium; skipped without one):
// a grid, a number with next, a puzzle and an ID typed in the one box show
// their answers on the board and in the fields; a bad input shows its
// error beside the box; a permalink reloads the same answer; the page fits
// a phone's width. A screenshot goes to $EDGRID_SCREENSHOT when it is set
// (docs/guide/serve.png), else to the test's temporary directory.
func TestPageInBrowser(t *testing.T) {
	exe := chromium()
	if exe == "" {
		t.Skip("no chromium: apt-get install chromium")
	}
	_, ts := newTestServer(t, Options{})
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1100, 820))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 8*time.Minute)
	defer cancelT()

	grid := gridkit.RandomGrids(1, 7, 11)[0]
	want := wantGrid(t, &grid)
	puzzle := testkit.PuzzleTexts(t, "puzzles2_17_clue", 1)[0]
	pp, _ := parsePuzzleForTest(puzzle)
	wantP := wantPuzzle(t, &pp)

	b := &browserPage{t: t, ctx: ctx, url: ts.URL}
	b.gridAndNumbers(grid, want)
	want263 := b.switchOrder()
	b.explore(want263)
	b.puzzle(puzzle, wantP)
	b.id(wantP)
	b.newPuzzle()
	b.badInputAndPermalink(puzzle, grid, want)
}

// gridAndNumbers: a grid shows its answer on the board; a number, then the
// next ones by the keyboard alone; next and previous off at the ends.
func (b *browserPage) gridAndNumbers(grid canon.Grid, want GridAnswer) {
	t, ctx := b.t, b.ctx
	err := chromedp.Do(ctx,
		chromedp.Navigate(b.url+"/"),
		chromedp.WaitVisible(chromedp.CSS("#q")),
		// A grid.
		b.enter(grid.String()),
		b.field("minlex", want.Minlex),
		b.field("paper", thousands(want.Numbers.Paper)),
		b.field("inv-ua4", fmt.Sprint(want.Invariants["ua4"])),
	)
	if err != nil {
		t.Fatalf("grid: %v", err)
	}
	if board := b.eval(boardJS); board != grid.String() {
		t.Errorf("board %s; want the grid %s", board, grid)
	}
	// A number, then the next ones by the keyboard alone: Tab from the box
	// reaches the buttons in order, Enter and Space press next; the URL
	// holds the number.
	err = chromedp.Do(ctx,
		b.set("order", "lex"),
		b.enter("264"),
		b.field("lex", "264"),
		chromedp.Focus(chromedp.CSS("#q")),
		chromedp.KeyEvent(kb.Tab), b.active("go"),
		chromedp.KeyEvent(kb.Tab), b.active("order"),
		chromedp.KeyEvent(kb.Tab), b.active("prev"),
		chromedp.KeyEvent(kb.Tab), b.active("next"),
		chromedp.KeyEvent(kb.Enter),
		b.field("lex", "265"),
		b.active("next"),
		chromedp.KeyEvent(" "),
		b.field("lex", "266"),
	)
	if err != nil {
		t.Fatalf("number by the keyboard: %v", err)
	}
	if loc := b.eval(`location.search`); loc != "?q=266&order=lex" {
		t.Errorf("after next, the URL's query is %q", loc)
	}
	// next is off at the last number, previous at the first.
	disabled := `[document.getElementById('prev').disabled, document.getElementById('next').disabled].join(' ')`
	for _, c := range []struct{ name, n, want string }{
		{"last", "5472730538", "false true"},
		{"first", "1", "true false"},
		{"before the last", "5472730537", "false false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The page's checks fail this row, not the test running it.
			outer := b.t
			b.t = t
			defer func() { b.t = outer }()
			n, _ := strconv.ParseInt(c.n, 10, 64)
			if err := chromedp.Do(ctx, b.enter(c.n), b.field("lex", thousands(n))); err != nil {
				t.Fatalf("number %s: %v", c.n, err)
			}
			if got := b.eval(disabled); got != c.want {
				t.Errorf("number %s: prev, next disabled %s; want %s", c.n, got, c.want)
			}
		})
	}
}

// switchOrder: switching the numbering keeps the grid shown; the fields
// say what they are. It returns the answer of lex grid 263, left shown.
func (b *browserPage) switchOrder() GridAnswer {
	t, ctx := b.t, b.ctx
	// Switching the numbering keeps the grid shown: lex grid 263 becomes
	// its own number in the paper order, in the box and the URL.
	lex263, err := testRanker.Unrank(context.Background(), 263, rank.Lex)
	if err != nil {
		t.Fatal(err)
	}
	want263 := wantGrid(t, &lex263)
	err = chromedp.Do(ctx,
		b.enter("263"), b.field("lex", "263"),
		b.set("order", "paper"),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(document.getElementById('order').dispatchEvent(new Event('change')), true)`)(ctx, tg)
			return err
		}),
		b.poll(fmt.Sprintf(`document.getElementById('q').value === %q`, fmt.Sprint(want263.Numbers.Paper))),
		b.field("minlex", want263.Minlex),
		b.field("paper", thousands(want263.Numbers.Paper)),
	)
	if err != nil {
		t.Fatalf("lex 263 to paper: %v", err)
	}
	// The fields say what they are: the two band numberings apart, the
	// automorphisms once; an 81-cell string in nine rows of nine.
	labels := b.eval(`Array.from(document.querySelectorAll('#fields dt')).map(d => d.textContent).join('|')`)
	if !strings.Contains(labels, "first band (of 401)") || !strings.Contains(labels, "416") || strings.Count(labels, "automorphisms") != 1 {
		t.Errorf("grid labels %q", labels)
	}
	if n := b.eval(`String(document.querySelectorAll('dd[data-field=minlex] span').length)`); n != "9" {
		t.Errorf("the minlex grid in %s rows; want 9", n)
	}
	return want263
}

// explore: the unavoidable sets and a scan of the grid shown, then an
// empty puzzle.
func (b *browserPage) explore(want263 GridAnswer) {
	t, ctx := b.t, b.ctx
	// The grid offers its unavoidable sets and a scan for a puzzle.
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#ua")),
		b.poll(`(document.getElementById('ua-count')||{textContent:''}).textContent.includes('minimal unavoidable sets of up to 12 cells')`),
		b.set("clues", "23"),
		chromedp.Click(chromedp.CSS("#scan")),
		b.poll(`(document.getElementById('scan-puzzle')||{textContent:''}).textContent.length === 81`),
	)
	if err != nil {
		t.Fatalf("exploring a grid: %v", err)
	}
	if p := b.eval(`document.getElementById('scan-puzzle').textContent`); strings.Count(p, ".") != 81-23 {
		t.Errorf("the scan's puzzle %s: want 23 clues", p)
	} else if n, sol := solutions(t, p); n != 1 || sol.String() != want263.Grid {
		t.Errorf("the scan's puzzle %s: %d solutions, %s; want the grid %s", p, n, sol, want263.Grid)
	}
	// An empty puzzle has no shaded givens to speak of.
	if err := chromedp.Do(ctx, b.enter(strings.Repeat(".", 81)), b.field("solutions", "2 or more")); err != nil {
		t.Fatalf("empty puzzle: %v", err)
	}
	if c := b.eval(`document.getElementById('caption').textContent`); strings.Contains(c, "shaded") || !strings.HasPrefix(c, "An empty puzzle") {
		t.Errorf("empty puzzle caption %q", c)
	}
}

// puzzle: a puzzle's solution on the board, the givens marked; then a
// screenshot.
func (b *browserPage) puzzle(puzzle string, wantP PuzzleAnswer) {
	t, ctx := b.t, b.ctx
	// A puzzle: its solution on the board, the givens marked.
	err := chromedp.Do(ctx,
		b.set("order", "paper"),
		b.enter(puzzle),
		b.field("id", wantP.ID),
		b.field("pattern_first", wantP.PatternFirst),
	)
	if err != nil {
		t.Fatalf("puzzle: %v", err)
	}
	board := b.eval(boardJS)
	given := b.eval(`Array.from(document.querySelectorAll('#board td')).map(td => td.classList.contains('given') ? td.textContent : '.').join('')`)
	if board != wantP.Solution || given != puzzle {
		t.Errorf("board %s, givens %s; want %s, %s", board, given, wantP.Solution, puzzle)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := os.Getenv("EDGRID_SCREENSHOT")
	if path == "" {
		path = filepath.Join(t.TempDir(), "serve.png")
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// id: an ID gives its puzzle, which links its solution grid; the ID
// example answers.
func (b *browserPage) id(wantP PuzzleAnswer) {
	t, ctx := b.t, b.ctx
	// An ID gives its puzzle; the puzzle links its solution grid's answer.
	// An ID names the puzzle over its class's minlex grid, so its solution
	// (awaited: the puzzle typed before shares the ID's other fields) and
	// the grid linked are that minlex grid.
	solG, _ := canon.Parse(wantP.Solution)
	wantS := wantGrid(t, &solG)
	if err := chromedp.Do(ctx, b.enter(wantP.ID), b.field("minlex", wantP.Minlex), b.field("id", wantP.ID), b.field("solution", wantS.Minlex)); err != nil {
		t.Fatalf("id: %v", err)
	}
	href := b.eval(`document.getElementById('to-solution').getAttribute('href')`)
	if href != "?q="+wantS.Minlex {
		t.Errorf("the ID's puzzle links %s; want its class's minlex grid %s", href, wantS.Minlex)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(b.url+"/"+href), b.field("minlex", wantS.Minlex), b.field("grid", wantS.Minlex)); err != nil {
		t.Fatalf("the solution grid's link %s: %v", href, err)
	}
	// The examples answer: the puzzle ID example shows its puzzle.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button.example[data-q$="-007020a20698002500022"]`)), b.field("id", "804894942-007020a20698002500022")); err != nil {
		t.Fatalf("the ID example: %v", err)
	}
}

// newPuzzle: the new-puzzle button shows a minimal puzzle with its rating.
func (b *browserPage) newPuzzle() {
	t := b.t
	err := chromedp.Do(b.ctx,
		chromedp.Click(chromedp.CSS("#new-puzzle")),
		b.poll(`document.getElementById('generated').textContent.startsWith('A new minimal puzzle: ')`),
		b.poll(`document.querySelector('dd[data-field=solutions]') !== null`),
	)
	if err != nil {
		t.Fatalf("new puzzle: %v", err)
	}
	np := b.eval(`document.getElementById('q').value`)
	if len(np) != 81 {
		t.Errorf("new puzzle %q", np)
		return
	}
	n, sol := solutions(t, np)
	if n != 1 {
		t.Errorf("new puzzle %s: %d solutions", np, n)
		return
	}
	clues := 81 - strings.Count(np, ".")
	if note := b.eval(`document.getElementById('generated').textContent`); !strings.Contains(note, fmt.Sprintf(": %d clues, grade ", clues)) {
		t.Errorf("new puzzle %s of %d clues: %q", np, clues, note)
	}
	if board := b.eval(boardJS); board != sol.String() {
		t.Errorf("new puzzle %s: board %s, want its solution %s", np, board, sol)
	}
	for c := range 81 {
		if np[c] == '.' {
			continue
		}
		q := np[:c] + "." + np[c+1:]
		if n, _ := solutions(t, q); n == 1 {
			t.Errorf("new puzzle %s: not minimal, cell %d can go", np, c+1)
			break
		}
	}
}

// badInputAndPermalink: a bad input's error beside the box; the
// permalink of the grid; the page on a phone's width.
func (b *browserPage) badInputAndPermalink(puzzle string, grid canon.Grid, want GridAnswer) {
	t, ctx := b.t, b.ctx
	// A bad input: the error beside the box, the board cleared.
	err := chromedp.Do(ctx,
		b.enter(puzzle[:40]+"?"+puzzle[41:]),
		b.poll(`document.getElementById('error').textContent !== ''`),
	)
	if err != nil {
		t.Fatalf("bad input: %v", err)
	}
	if errText, board := b.eval(`document.getElementById('error').textContent`), b.eval(boardJS); !strings.Contains(errText, "cell 41 (r5c5)") || board != "" {
		t.Errorf("bad input: error %q, board %q", errText, board)
	}
	// The permalink of the grid reloads its answer; the page fits a phone.
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(375, 740),
		chromedp.Navigate(b.url+"/?q="+grid.String()),
		b.field("minlex", want.Minlex),
	)
	if err != nil {
		t.Fatalf("permalink: %v", err)
	}
	if fits := b.eval(`String(document.documentElement.scrollWidth <= window.innerWidth)`); fits != "true" {
		t.Error("the page is wider than a phone's 375 px")
	}
}

// thousands writes n as the page does, with thousands separators.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
