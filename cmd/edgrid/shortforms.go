package main

import "github.com/spf13/pflag"

// retireShorthand hides f's short form from help and man pages, which
// still accept it: each short letter means one flag in every command (-o
// --out, -n a count, -a --all, -v --verbose), and the commands whose flags
// had the letter for another meaning keep it working where they have no
// other use for it.
func retireShorthand(f *pflag.Flag) {
	if f.Annotations == nil {
		f.Annotations = map[string][]string{}
	}
	f.Annotations[retiredShort] = []string{f.Shorthand}
}

// retiredShort is the annotation of a flag whose short form is retired.
// (pflag's ShorthandDeprecated would hide it too, but cobra prints its
// notice on standard output, among the answers.)
const retiredShort = "edgrid-retired-shorthand"

// shownShorthand is the short form of f that help shows, or "".
func shownShorthand(f *pflag.Flag) string {
	if f.Annotations[retiredShort] != nil || f.ShorthandDeprecated != "" {
		return ""
	}
	return f.Shorthand
}
