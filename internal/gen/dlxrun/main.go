// Command dlxrun writes dlx/run.go, the dancing-links search loop, from
// dlx/run.go.tmpl, where the loops that cover and uncover are written once
// and expanded at each use (go generate ./dlx runs it). With -check it only
// compares run.go with what it would write, and fails if they differ.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"text/template"
)

func main() {
	in := flag.String("in", "run.go.tmpl", "the template")
	out := flag.String("out", "run.go", "the file written")
	check := flag.Bool("check", false, "compare with -out instead of writing it")
	flag.Parse()
	if err := run(*in, *out, *check); err != nil {
		fmt.Fprintln(os.Stderr, "dlxrun:", err)
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
			return fmt.Errorf("%s is not what %s gives: run go generate ./dlx", out, in)
		}
		return nil
	}
	return os.WriteFile(out, code, 0o644)
}

// Expand executes the template (whose named templates take their
// arguments from args) and formats the result as Go source.
func Expand(src []byte) ([]byte, error) {
	t, err := template.New("run").Funcs(template.FuncMap{
		"args": func(from, to string) map[string]string { return map[string]string{"From": from, "To": to} },
	}).Parse(string(src))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, nil); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}
