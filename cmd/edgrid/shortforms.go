package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// retiredShorthands are short forms that meant another flag in another
// command. Each short letter means one flag in every command (-o --out,
// -n a count, -a --all, -v --verbose); these are still accepted by the
// commands that had them, which have no other use for the letter, but no
// help shows them.
var retiredShorthands = []struct{ path, flag string }{
	{"edgrid rank", "order"},   // -o is --out
	{"edgrid unrank", "order"}, // -o is --out
	{"edgrid solve", "size"},   // -n is a count (random -n)
	{"edgrid canon", "autos"},  // -a is --all (solve, bands)
	{"edgrid", "version"},      // -v is --verbose (solve)
}

// retireShorthands hides the short forms of retiredShorthands in the tree
// under root.
func retireShorthands(root *cobra.Command) {
	root.InitDefaultVersionFlag()
	byPath := map[string]*cobra.Command{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		byPath[c.CommandPath()] = c
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, r := range retiredShorthands {
		c := byPath[r.path]
		if c == nil {
			continue
		}
		if f := c.Flags().Lookup(r.flag); f != nil && f.Shorthand != "" {
			if f.Annotations == nil {
				f.Annotations = map[string][]string{}
			}
			f.Annotations[retiredShort] = []string{f.Shorthand}
		}
	}
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
