package main

import "runtime/debug"

// version is the build's version: the main module's version when it was
// built from a tagged module, else its VCS revision (12 hex digits, with
// "-dirty" when the tree had changes), else "devel".
func version() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
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
