package jobs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv makes the test binary run one edgrid run instead of the tests,
// so that a test can kill a real process: "DIR FIRST LAST".
const childEnv = "EDGRID_JOBS_CHILD"

// child runs the run described by spec, stopping cleanly on SIGINT and
// SIGTERM, and returns the exit status: 0 done, 1 failed or stopped.
func child(spec string) int {
	var dir string
	var first, last int
	if _, err := fmt.Sscanf(spec, "%s %d %d", &dir, &first, &last); err != nil {
		fmt.Fprintln(os.Stderr, "bad", childEnv, spec)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	_, err := Run(ctx, Options{Dir: dir, First: first, Last: last, Workers: 1})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startChild starts a run of first..last into dir in a new process.
func startChild(t *testing.T, dir string, first, last int) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %d", childEnv, dir, first, last))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// Kill -9 at random moments, again and again, then let it finish: the
// directory ends exactly as after an uninterrupted run.
func TestKillNineAndResume(t *testing.T) {
	dir := t.TempDir()
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 9))
	t.Logf("seed %d", seed)
	for i := 0; ; i++ {
		m, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Records) >= testLast-killFirst+1 || i == 12 {
			break
		}
		cmd, stderr := startChild(t, dir, killFirst, testLast)
		delay := time.Duration(20+rng.IntN(500)) * time.Millisecond
		time.Sleep(delay)
		cmd.Process.Kill() // SIGKILL: no chance to clean up
		err = cmd.Wait()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		m, err = ReadManifest(dir)
		if err != nil {
			t.Fatalf("kill %d after %v: manifest unreadable: %v", i+1, delay, err)
		}
		if len(m.Damaged) > 0 {
			t.Fatalf("kill %d after %v: manifest lines damaged: %v", i+1, delay, m.Damaged)
		}
		// Every recorded group must check out right now, killed or not.
		for g, r := range m.Records {
			if why := checkRecorded(dir, r); why != "" {
				t.Fatalf("kill %d after %v: group %d recorded but %s (stderr %s)", i+1, delay, g, why, stderr)
			}
		}
		t.Logf("kill %d after %v: %d groups recorded, temps %v", i+1, delay, len(m.Records), temps(t, dir))
	}
	cmd, stderr := startChild(t, dir, killFirst, testLast)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("final run: %v: %s", err, stderr)
	}
	if tmp := temps(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	sameCatalog(t, dir, killFirst, testLast)
	rep, err := Status(dir, 0, 0)
	if err != nil || rep.Done != testLast-killFirst+1 || len(rep.Damaged) > 0 {
		t.Fatalf("status after the final run: %+v, %v", rep, err)
	}
}

// SIGTERM and SIGINT stop a run cleanly: exit 1 with a message saying how to
// resume, no temporary file left, every recorded group intact.
func TestSignalStopsCleanly(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		dir := t.TempDir()
		cmd, stderr := startChild(t, dir, testFirst, testLast)
		time.Sleep(300 * time.Millisecond)
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if err == nil {
			t.Logf("%v: the run finished before the signal", sig)
			continue
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Fatalf("%v: %v, want exit status 1; stderr %s", sig, err, stderr)
		}
		if !strings.Contains(stderr.String(), "run the same command again to resume") {
			t.Errorf("%v: stderr %q does not say how to resume", sig, stderr)
		}
		if tmp := temps(t, dir); len(tmp) > 0 {
			t.Errorf("%v: temporary files left: %v", sig, tmp)
		}
		rep, err := Status(dir, testFirst, testLast)
		if err != nil || len(rep.Damaged) > 0 {
			t.Fatalf("%v: status %+v, %v", sig, rep, err)
		}
		mustRun(t, dir, testFirst, testLast)
		sameCatalog(t, dir, testFirst, testLast)
	}
}
