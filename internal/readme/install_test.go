package readme_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// directRequirements returns the modules go.mod requires directly.
func directRequirements(t *testing.T) []string {
	data, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var mods []string
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "require (":
			in = true
		case l == ")":
			in = false
		case in && !strings.Contains(l, "// indirect") && l != "":
			mods = append(mods, strings.Fields(l)[0])
		case strings.HasPrefix(l, "require ") && !strings.Contains(l, "// indirect"):
			mods = append(mods, strings.Fields(l)[1])
		}
	}
	return mods
}

// numberWords are the counts the README writes in words.
var numberWords = map[string]int{"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// The README's Install section names every module go.mod requires
// directly, and says how many there are.
func TestReadmeNamesDirectRequirements(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	install := s[strings.Index(s, "## Install"):]
	install = install[:strings.Index(install, "```")]
	mods := directRequirements(t)
	for _, m := range mods {
		if !strings.Contains(install, "`"+m+"`") {
			t.Errorf("README's Install section does not name %s", m)
		}
	}
	m := regexp.MustCompile(`Its (\w+) direct\s+requirements`).FindStringSubmatch(install)
	if m == nil || numberWords[m[1]] != len(mods) {
		t.Errorf("README's Install section states %v direct requirements; go.mod has %d", m, len(mods))
	}
}

// testdata/README.md states how many puzzles each set holds.
func TestTestdataCounts(t *testing.T) {
	doc, err := os.ReadFile("../../testdata/README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("- `(\\w+)`: (?:the )?([0-9,]+) ").FindAllStringSubmatch(string(doc), -1) {
		want, _ := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
		data, err := os.ReadFile("../../testdata/" + m[1])
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				n++
			}
		}
		if n != want {
			t.Errorf("testdata/%s: %d puzzles, the README says %d", m[1], n, want)
		}
	}
}
