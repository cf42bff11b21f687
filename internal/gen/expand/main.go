// Command expand writes a Go file from a text/template in which repeated
// code is written once and expanded at each use (go generate runs it in
// the package directory). It writes dlx/run.go from run.go.tmpl,
// enumerate/search_gen.go from search.go.tmpl and query/intercalates_gen.go
// from intercalates.go.tmpl. With -check it only compares the file with
// what it would write, and fails if they differ.
//
// Besides text/template's own, templates have three functions: args "K1"
// v1 "K2" v2 ... makes the map a named template takes its arguments from,
// seq a b the integers a..b-1, and add a b their sum.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"text/template"
)

func main() {
	in := flag.String("in", "", "the template")
	out := flag.String("out", "", "the file written")
	check := flag.Bool("check", false, "compare with -out instead of writing it")
	flag.Parse()
	if *in == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: expand -in FILE.tmpl -out FILE.go [-check]")
		os.Exit(2)
	}
	if err := run(*in, *out, *check); err != nil {
		fmt.Fprintln(os.Stderr, "expand:", err)
		os.Exit(1)
	}
}

func run(in, out string, check bool) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	code, err := Expand(src)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if check {
		have, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		if !bytes.Equal(have, code) {
			return fmt.Errorf("%s is not what %s gives: run go generate", out, in)
		}
		return nil
	}
	return os.WriteFile(out, code, 0o644)
}

// funcs are the functions templates have besides text/template's own.
var funcs = template.FuncMap{
	"args": func(kv ...any) (map[string]any, error) {
		if len(kv)%2 != 0 {
			return nil, errors.New("args: want pairs of a name and a value")
		}
		m := make(map[string]any, len(kv)/2)
		for i := 0; i < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				return nil, fmt.Errorf("args: name %v is not a string", kv[i])
			}
			m[k] = kv[i+1]
		}
		return m, nil
	},
	"seq": func(a, b int) []int {
		var s []int
		for i := a; i < b; i++ {
			s = append(s, i)
		}
		return s
	},
	"add": func(a, b int) int { return a + b },
}

// Expand executes the template and formats the result as Go source.
func Expand(src []byte) ([]byte, error) {
	t, err := template.New("expand").Funcs(funcs).Parse(string(src))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, nil); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}
