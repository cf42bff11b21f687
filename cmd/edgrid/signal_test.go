package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"edgrid/jobs"
)

// mainChildEnv makes the test binary run main with the arguments it holds
// (separated by newlines) instead of the tests, so that a test can signal a
// real edgrid process.
const mainChildEnv = "EDGRID_MAIN_CHILD"

func TestMain(m *testing.M) {
	if args := os.Getenv(mainChildEnv); args != "" {
		os.Args = append([]string{"edgrid"}, strings.Split(args, "\n")...)
		main()
	}
	os.Exit(m.Run())
}

// SIGHUP (the terminal closed) stops a run as SIGINT and SIGTERM do: with a
// message, exit status 1, what was finished kept.
func TestRunStopsOnSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), mainChildEnv+"="+strings.Join([]string{"run", "--out", dir, "--groups", "3000-3541", "--workers", "1"}, "\n"))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the first group to be recorded.
		deadline := time.Now().Add(60 * time.Second)
		for {
			m, err := jobs.ReadManifest(dir)
			if err == nil && len(m.Records) > 0 {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("%v: no group finished within a minute: %s", sig, stderr.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		if code != exitFailed || !strings.Contains(stderr.String(), "stopped") {
			t.Fatalf("%v: %v, exit %d, stderr %q; want exit 1 and a message", sig, err, code, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(dir, jobs.LockName)); err != nil {
			t.Fatalf("%v: %v", sig, err)
		}
		rep, err := jobs.Status(dir, 3000, 3541)
		if err != nil || rep.Done == 0 || len(rep.Damaged) != 0 {
			t.Fatalf("%v: status after the stop: %+v, %v", sig, rep, err)
		}
	}
}
