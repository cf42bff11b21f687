// Package funclen measures the functions of a tree of Go source: it lists
// those longer than a bound, so that a test can hold edgrid's hand-written
// functions to a size a reader takes in at once. Generated files (those
// that say so in Go's standard "Code generated ... DO NOT EDIT." line) are
// left out.
package funclen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// Func is one function or method of the tree.
type Func struct {
	File  string // the file, relative to the tree's root, with slashes
	Name  string // the function's name, or Type.Method for a method
	Line  int    // the line of its func keyword
	Lines int    // its lines, from the func keyword to the closing brace
}

// String gives f as "file:line name (N lines)".
func (f Func) String() string {
	return fmt.Sprintf("%s:%d %s (%d lines)", f.File, f.Line, f.Name, f.Lines)
}

// Key is how an allow-list names f: "file name".
func (f Func) Key() string { return f.File + " " + f.Name }

// Longer returns the functions of the .go files under root that have more
// than max lines, test files included, generated files and the
// directories testdata, vendor and those starting with '.' or '_' left
// out; in order of file and line.
func Longer(root string, max int) ([]Func, error) {
	var out []Func
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
			if n := end - start + 1; n > max {
				out = append(out, Func{File: filepath.ToSlash(rel), Name: funcName(fd), Line: start, Lines: n})
			}
		}
		return nil
	})
	slices.SortFunc(out, func(a, b Func) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return out, err
}

// funcName is fd's name, with its receiver's type for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}
