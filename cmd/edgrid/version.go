package main

import (
	"runtime/debug"

	"github.com/spf13/cobra"
)

// buildVersion is set by the linker (make build: -ldflags "-X
// main.buildVersion=..." from git describe), for builds that carry no VCS
// stamp: -buildvcs=false, a tree without .git, go build of a tarball.
var buildVersion string

// version is the build's version: buildVersion when the linker set it,
// else the main module's version when it was built from a tagged module,
// else its VCS revision (12 hex digits, with "-dirty" when the tree had
// changes), else "devel".
func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
}

func init() { register(newVersionCmd) }

// newVersionCmd is `edgrid version`, the same as `edgrid --version`.
func newVersionCmd(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the version (as --version)",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := s.out.Write([]byte("edgrid " + version() + "\n"))
			return err
		},
	}
}

// versionOf is version for the build information info (nil: none).
func versionOf(info *debug.BuildInfo) string {
	if info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}
