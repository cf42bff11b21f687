package readme_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"
	"testing"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/rank"
	"edgrid/solve"
)

// Example_library is the README's library example, line for line between
// the markers (TestReadmeGoBlocks checks that the README shows it).
func Example_library() {
	// README begin
	ctx := context.Background()
	g, err := canon.Parse("123456789457893612986217354274538196531964827698721435342685971715349268869172543")
	if err != nil {
		log.Fatal(err)
	}
	m, autos, _ := canon.Minlex(&g) // minlex form, automorphisms, a transform taking g to m
	fmt.Println(m.String(), autos)

	grp, err := band.ByNumber(3541) // the groups, numbered as docs/design/method.md says
	if err != nil {
		log.Fatal(err)
	}
	st, err := enumerate.Group(ctx, grp.Key, enumerate.Options{}, func(g *canon.Grid, autos int) error {
		return nil // the group's minlex grids, ascending
	})
	fmt.Println(st.Grids, err)

	r, err := rank.New(nil, nil) // the embedded tables; no catalog: regenerate instead
	if err != nil {
		log.Fatal(err)
	}
	first, err := r.Unrank(ctx, 1, rank.Paper) // grid 1 in the paper's order
	fmt.Println(first.String(), err)
	n, _, err := r.Rank(ctx, &g, rank.Lex) // the lexicographic number of g's class
	fmt.Println(n, err)

	p, err := solve.ParsePuzzle("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..")
	if err != nil {
		log.Fatal(err)
	}
	count, err := solve.NewSudoku().SolveSudoku(ctx, &p, 2, nil) // up to 2: is it unique?
	fmt.Println(count, err)
	// README end

	// Output:
	// 123456789457893612986217354274538196531964827698721435342685971715349268869172543 72
	// 1 <nil>
	// 123456789456789123789123456214835697367291845598647312632918574845372961971564238 <nil>
	// 5472730538 <nil>
	// 1 <nil>
}

// Every Go block of the README is the body of Example_library, so that
// it compiles and prints what it shows.
func TestReadmeGoBlocks(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	body := s[strings.Index(s, "// README begin\n")+len("// README begin\n") : strings.Index(s, "\t// README end")]
	body = strings.ReplaceAll("\n"+body, "\n\t", "\n")[1:]
	blocks := strings.Split(string(readme), "```go\n")[1:]
	if len(blocks) == 0 {
		t.Fatal("README has no Go block")
	}
	for i, b := range blocks {
		if code := b[:strings.Index(b, "```")]; code != body {
			t.Errorf("README Go block %d is not Example_library's body:\n%s", i+1, code)
		}
	}
}
