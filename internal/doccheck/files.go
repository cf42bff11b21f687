package doccheck

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// skipDirs are directories that are not searched for citations: build
// outputs, tools' state, test fixtures and the copies of docs/ that
// edgrid serve embeds (their links are relative to the pages they copy).
var skipDirs = map[string]bool{
	".git": true, ".venv": true, "node_modules": true, "testdata": true,
	"bin": true, "dist": true, "man": true, "catalog": true,
	"__pycache__": true, "serve/page/docs": true,
}

// textFile matches the names of the files whose text is searched.
var textFile = regexp.MustCompile(`\.(md|go|sh|py|ya?ml|html|js|sbatch|tmpl|service)$|^(Makefile|Containerfile)$`)

// piece is a stretch of a file's text searched for citations: a whole
// page or script, or one comment or string of a Go file.
type piece struct {
	off     int    // the piece's offset in its file
	text    string // newlines and comment leaders turned into spaces, its length kept
	comment bool   // prose: a page, a comment, a script (bare .md names count)
}

// file is one searched file: its path relative to the root, with slashes.
type file struct {
	rel    string
	raw    string
	pieces []piece
}

// line is the line of the file at offset off, counted from 1.
func (f *file) line(off int) int {
	return strings.Count(f.raw[:min(off, len(f.raw))], "\n") + 1
}

// leader matches a line break with the comment leader and indentation of
// the next line, which citations run across.
var leader = regexp.MustCompile(`\n[ \t]*(//|#+ |\* )?[ \t]*`)

// mdLeader is leader for pages, whose # lines are headings, not comments.
var mdLeader = regexp.MustCompile(`\n[ \t]*(> )?`)

// flatten turns s's line breaks and leaders into spaces of the same
// length, so that offsets in the result are offsets in s.
func flatten(s string, re *regexp.Regexp) string {
	return re.ReplaceAllStringFunc(s, func(m string) string { return strings.Repeat(" ", len(m)) })
}

// walk lists the searched files under root.
func walk(root string) ([]*file, error) {
	var files []*file
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (skipDirs[d.Name()] || skipDirs[rel]) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !textFile.MatchString(d.Name()) && path.Dir(rel) != ".ci" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f := &file{rel: rel, raw: string(b)}
		switch {
		case strings.HasSuffix(rel, ".go"):
			f.pieces = goPieces(f.raw)
		case strings.HasSuffix(rel, ".md"):
			f.pieces = []piece{{text: flatten(f.raw, mdLeader), comment: true}}
		default:
			f.pieces = []piece{{text: flatten(f.raw, leader), comment: true}}
		}
		files = append(files, f)
		return nil
	})
	return files, err
}

// goPieces are the comments and string literals of a Go file; a run of
// line comments is one piece, so that a citation may wrap.
func goPieces(src string) []piece {
	var s scanner.Scanner
	fset := token.NewFileSet()
	tf := fset.AddFile("", fset.Base(), len(src))
	s.Init(tf, []byte(src), nil, scanner.ScanComments)
	var ps []piece
	end := -1 // the end of the last comment, while a run of them may go on
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return ps
		}
		off := tf.Offset(pos)
		switch {
		case tok == token.COMMENT && end >= 0 && strings.TrimSpace(src[end:off]) == "" && strings.Count(src[end:off], "\n") == 1:
			p := &ps[len(ps)-1]
			p.text = flatten(src[p.off:off+len(lit)], leader)
			end = off + len(lit)
		case tok == token.COMMENT || tok == token.STRING:
			ps = append(ps, piece{off: off, text: flatten(lit, leader), comment: tok == token.COMMENT})
			end = -1
			if tok == token.COMMENT {
				end = off + len(lit)
			}
		default:
			end = -1
		}
	}
}
