package main

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func init() { register(newManCmd) }

// newManCmd is `edgrid man DIR`: a man page per command (edgrid.1,
// edgrid-rank.1, ...) written into DIR, which is created if needed.
func newManCmd(streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "write the man pages (edgrid.1, edgrid-rank.1, ...) into DIR",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("give one directory, as in: edgrid man man/")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return err
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true
			return doc.GenManTree(root, &doc.GenManHeader{Title: "EDGRID", Section: "1", Source: "edgrid " + version()}, args[0])
		},
	}
}
