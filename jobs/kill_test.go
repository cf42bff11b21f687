package jobs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv makes the test binary run one run of a test kind instead of the
// tests, so that a test can kill a real process: "KIND DIR FIRST LAST".
const childEnv = "EDGRID_JOBS_CHILD"

// child runs the run described by spec, stopping cleanly on SIGINT and
// SIGTERM, and returns the exit status: 0 done, 1 failed or stopped.
func child(spec string) int {
	var kind, dir string
	var first, last int
	_, err := fmt.Sscanf(spec, "%s %s %d %d", &kind, &dir, &first, &last)
	k := kindByName(kind)
	if err != nil || k == nil {
		fmt.Fprintln(os.Stderr, "bad", childEnv, spec)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	_, err = k.run(ctx, dir, first, last, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startChild starts a run of kind k of first..last into dir in a new
// process.
func startChild(t *testing.T, k *testKind, dir string, first, last int) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %s %d %d", childEnv, k.name, dir, first, last))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// Kill -9 at random moments, again and again, then let it finish: the
// directory ends exactly as after an uninterrupted run, for every kind.
func TestKillNineAndResume(t *testing.T) {
	for i := range kinds {
		k := &kinds[i]
		t.Run(k.name, func(t *testing.T) { killNineAndResume(t, k) })
	}
}

func killNineAndResume(t *testing.T, k *testKind) {
	dir := t.TempDir()
	first, last := k.killRange[0], k.killRange[1]
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 9))
	t.Logf("seed %d", seed)
	for i := 0; ; i++ {
		done, damaged, _, probs, err := k.status(dir, first, last)
		if i > 0 && err != nil && !killedBeforeManifest(dir, k) {
			t.Fatalf("kill %d: status: %v", i, err)
		}
		// Every recorded group must check out right now, killed or not.
		if len(damaged) > 0 || len(probs) > 0 {
			t.Fatalf("kill %d: damaged %v, manifest problems %q", i, damaged, probs)
		}
		if done == last-first+1 || i == 12 {
			t.Logf("%d kills, %d groups done", i, done)
			break
		}
		cmd, stderr := startChild(t, k, dir, first, last)
		delay := time.Duration(20+rng.IntN(500)) * time.Millisecond
		time.Sleep(delay)
		cmd.Process.Kill() // SIGKILL: no chance to clean up
		err = cmd.Wait()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("kill %d after %v: %v (stderr %s)", i+1, delay, err, stderr)
		}
	}
	cmd, stderr := startChild(t, k, dir, first, last)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("final run: %v: %s", err, stderr)
	}
	if tmp := temps(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	k.same(t, dir, first, last)
	done, damaged, pending, _, err := k.status(dir, first, last)
	if err != nil || done != last-first+1 || len(damaged) > 0 || pending != 0 {
		t.Fatalf("status after the final run: %d done, damaged %v, %d pending, %v", done, damaged, pending, err)
	}
}

// SIGTERM and SIGINT stop a run cleanly: exit 1 with a message saying how to
// resume, no temporary file left, every recorded group intact.
func TestSignalStopsCleanly(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		dir := t.TempDir()
		cmd, stderr := startChild(t, kindByName("catalog"), dir, testFirst, testLast)
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

// killedBeforeManifest reports whether dir has no manifest of kind k yet:
// a child killed before it wrote one (on a loaded machine its start can
// take longer than the shortest delay) left nothing to check.
func killedBeforeManifest(dir string, k *testKind) bool {
	_, err := os.Stat(filepath.Join(dir, k.manifest))
	return errors.Is(err, os.ErrNotExist)
}
