package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// suggestedActions returns the actions (subcommands) of cmd that name may
// be a misspelling of, as cobra suggests commands for the root: within an
// edit distance of 2, or starting with name.
func suggestedActions(cmd *cobra.Command, name string) []string {
	if !cmd.HasSubCommands() || name == "" {
		return nil
	}
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	return cmd.SuggestionsFor(name)
}

// misspeltAction is the usage error of a command with actions whose first
// argument looks like a misspelt action, or nil.
func misspeltAction(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	sug := suggestedActions(cmd, args[0])
	if len(sug) == 0 {
		return nil
	}
	return usagef("unknown action %q (did you mean %s?)", args[0], strings.Join(sug, " or "))
}
