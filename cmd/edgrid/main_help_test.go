package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	code, out, errs := run(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "edgrid ") || strings.Count(out, "\n") != 1 || errs != "" {
		t.Fatalf("--version: exit %d, %q, %q", code, out, errs)
	}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}}}, "0123456789ab"},
		{&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}, "0123456789ab-dirty"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if got := versionOf(c.info); got != c.want {
				t.Errorf("versionOf(%+v) = %q; want %q", c.info, got, c.want)
			}
		})
	}
}

func TestHelpCommand(t *testing.T) {
	code, out, _ := run(t, "", "help", "run")
	if code != 0 || !strings.HasPrefix(out, "Usage: edgrid run ") || !strings.Contains(out, "-groups") {
		t.Fatalf("help run: exit %d, %q", code, out)
	}
	code, out, _ = run(t, "", "help", "catalog")
	if code != 0 || !strings.Contains(out, "export") {
		t.Fatalf("help catalog: exit %d, %q", code, out)
	}
	code, out, _ = run(t, "", "help")
	if code != 0 || !strings.Contains(out, "Commands:") || !strings.Contains(out, "status") {
		t.Fatalf("help: exit %d, %q", code, out)
	}
	code, _, errs := run(t, "", "help", "nosuch")
	if code != exitUsage || !strings.Contains(errs, "nosuch") {
		t.Fatalf("help nosuch: exit %d, %q", code, errs)
	}
}
