package doccheck

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A Problem is a citation that points nowhere.
type Problem struct {
	File string // the citing file, relative to the root
	Line int    // its line
	Cite string // what it cites: a path, with the section after a space
	Why  string // what is missing
}

// String is the problem as FILE:LINE: CITE: WHY.
func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Cite, p.Why)
}

// Check reads the repository at root and returns every citation in it that
// points nowhere, in file and line order.
func Check(root string) ([]Problem, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !skipDirs[e.Name()] {
			dirs = append(dirs, e.Name())
		}
	}
	files, err := walk(root)
	if err != nil {
		return nil, err
	}
	r := resolver{root: root, pages: map[string]*page{}}
	paths := pathCite(dirs)
	var probs []Problem
	seen := map[Problem]bool{}
	for _, f := range files {
		for _, p := range f.pieces {
			for _, c := range cites(p, paths) {
				if why := r.check(f.rel, c); why != "" {
					cited := c.path
					if c.section != "" {
						cited += ` "` + c.section + `"`
					}
					pr := Problem{File: f.rel, Line: f.line(c.off), Cite: cited, Why: why}
					if !seen[pr] {
						seen[pr] = true
						probs = append(probs, pr)
					}
				}
			}
		}
	}
	sort.SliceStable(probs, func(i, j int) bool {
		if probs[i].File != probs[j].File {
			return probs[i].File < probs[j].File
		}
		return probs[i].Line < probs[j].Line
	})
	return probs, nil
}

// generated are the paths, cited in the build's recipes, of what a build
// makes: they are not in the tree.
var generated = []string{"python/edgrid/native"}

// resolver finds cited files and reads their headings once.
type resolver struct {
	root  string
	pages map[string]*page
}

// page is a markdown page's headings and its text, for sections and
// phrases cited.
type page struct {
	headings map[string]bool // names, and GitHub's anchors with a leading #
	text     string          // the text, runs of white space as one space
}

// check says what is missing for citation c of file rel, or "".
func (r *resolver) check(rel string, c cite) string {
	target, frag, _ := strings.Cut(c.path, "#")
	var cands []string
	switch {
	case c.link:
		if target == "" {
			target = path.Base(rel)
		}
		cands = []string{path.Join(path.Dir(rel), target)}
	case c.bare:
		cands = []string{path.Join(path.Dir(rel), target), target}
	default:
		cands = []string{path.Clean(target)}
		for d := path.Dir(rel); d != "."; d = path.Dir(d) {
			cands = append(cands, path.Join(d, target)) // a package's own files
		}
		if strings.HasPrefix(rel, "serve/") {
			cands = append(cands, path.Join("serve/page", target)) // the tree edgrid serve serves
		}
	}
	for _, g := range generated {
		if cands[0] == g || strings.HasPrefix(cands[0], g+"/") {
			return ""
		}
	}
	found := ""
	for _, cand := range cands {
		if r.exists(cand) {
			found = cand
			break
		}
	}
	switch {
	case found == "":
		return "no such file"
	case frag == "" && c.section == "":
		return ""
	case !strings.HasSuffix(found, ".md"):
		return "a section of a file that is not a page"
	}
	pg, err := r.page(found)
	if err != nil {
		return err.Error()
	}
	if frag != "" && !pg.headings["#"+frag] {
		return "no heading of " + found + " has the anchor #" + frag
	}
	if c.section != "" && !pg.headings[c.section] && !(c.phrase && strings.Contains(pg.text, spaces.ReplaceAllString(c.section, " "))) {
		return "no section of " + found + " is named so"
	}
	return ""
}

// exists reports whether the file, directory or glob p is in the tree.
func (r *resolver) exists(p string) bool {
	if strings.HasPrefix(p, "../") || p == ".." {
		return false
	}
	full := filepath.Join(r.root, filepath.FromSlash(p))
	if strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(full)
		return err == nil && len(m) > 0
	}
	_, err := os.Stat(full)
	return err == nil
}

var (
	heading = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	spaces  = regexp.MustCompile(`\s+`)
	// notAnchor is what GitHub drops from a heading to make its anchor.
	notAnchor = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// page reads the page at p (relative to the root) once.
func (r *resolver) page(p string) (*page, error) {
	if pg, ok := r.pages[p]; ok {
		return pg, nil
	}
	b, err := os.ReadFile(filepath.Join(r.root, filepath.FromSlash(p)))
	if err != nil {
		return nil, err
	}
	pg := &page{headings: map[string]bool{}, text: spaces.ReplaceAllString(string(b), " ")}
	fence := false
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		m := heading.FindStringSubmatch(l)
		if fence || m == nil {
			continue
		}
		name := strings.NewReplacer("`", "", "*", "").Replace(m[1])
		pg.headings[name] = true
		if short, _, ok := strings.Cut(name, " ("); ok {
			pg.headings[short] = true
		}
		pg.headings["#"+strings.ReplaceAll(notAnchor.ReplaceAllString(strings.ToLower(m[1]), ""), " ", "-")] = true
	}
	r.pages[p] = pg
	return pg, nil
}
