package doccheck

import (
	"regexp"
	"sort"
	"strings"
)

// A cite is one citation found in a file.
type cite struct {
	off     int    // its offset in the file
	path    string // the path cited, as written
	section string // the section or phrase cited, "" for a path alone
	phrase  bool   // section may be a phrase of the page's text, not only a heading
	link    bool   // a markdown link's target: relative to the citing page
	bare    bool   // a bare .md name: the citing file's directory, else the root
}

var (
	// pathChars is what a cited path is made of.
	pathChars = `[A-Za-z0-9_.*+-]`
	// mdLink matches a markdown link or image and its target.
	mdLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	// bareMD matches a bare page name (no directory).
	bareMD = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./~$-])([A-Za-z0-9_-]+\.md)\b`)
	// sectionCite matches a page and the quoted name after it: the page's
	// path (or README), in backquotes or not, then 's or says (a phrase may follow), then a
	// comma, a space or a parenthesis and the quote.
	sectionCite = regexp.MustCompile(`((?:` + pathChars + `+/)*` + pathChars + `+\.md|\bREADME)` + "`?" + `('s|’s| says)?(?:,\s*|\s+|\s*\()"([^"\n]{1,100})"`)
	// moreSections matches a further name of a list of them, as in
	// band/doc.go's citation of docs/design/method.md.
	moreSections = regexp.MustCompile(`^,\s*"([^"\n]{1,100})"`)
)

// pathCite matches a path that starts with one of dirs, the repository's
// top-level directories.
func pathCite(dirs []string) *regexp.Regexp {
	q := make([]string, len(dirs))
	for i, d := range dirs {
		q[i] = regexp.QuoteMeta(d)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(q))) // longer names first where one prefixes another
	return regexp.MustCompile(`(?:^|[^A-Za-z0-9_./~$@:-])((?:` + strings.Join(q, "|") + `)/(?:` + pathChars + `|/)*)`)
}

// trim takes the punctuation that ends a sentence or a quote off a path.
func trim(p string) string {
	return strings.TrimRight(p, ".,;:")
}

// cites finds the citations of a piece of text; offsets are the file's.
func cites(p piece, paths *regexp.Regexp) []cite {
	var cs []cite
	for _, m := range paths.FindAllStringSubmatchIndex(p.text, -1) {
		if s := trim(p.text[m[2]:m[3]]); strings.Contains(s, "/") {
			cs = append(cs, cite{off: p.off + m[2], path: s})
		}
	}
	if p.comment {
		for _, m := range bareMD.FindAllStringSubmatchIndex(p.text, -1) {
			cs = append(cs, cite{off: p.off + m[2], path: p.text[m[2]:m[3]], bare: true})
		}
		for _, m := range mdLink.FindAllStringSubmatchIndex(p.text, -1) {
			t := p.text[m[2]:m[3]]
			if !strings.Contains(t, "://") && !strings.HasPrefix(t, "mailto:") {
				cs = append(cs, cite{off: p.off + m[2], path: t, link: true})
			}
		}
	}
	for _, m := range sectionCite.FindAllStringSubmatchIndex(p.text, -1) {
		c := cite{off: p.off + m[2], path: p.text[m[2]:m[3]], section: spaces.ReplaceAllString(p.text[m[6]:m[7]], " "), phrase: m[4] >= 0}
		c.bare = !strings.Contains(c.path, "/")
		if c.path == "README" {
			c.path = "README.md"
		}
		cs = append(cs, c)
		for end := m[1]; ; {
			n := moreSections.FindStringSubmatchIndex(p.text[end:])
			if n == nil {
				break
			}
			c.section = spaces.ReplaceAllString(p.text[end+n[2]:end+n[3]], " ")
			cs = append(cs, c)
			end += n[1]
		}
	}
	return cs
}
