package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cancelWriter calls cancel on its first write: a stop while printing.
type cancelWriter struct {
	b      bytes.Buffer
	cancel func()
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	return w.b.Write(p)
}

// cancelAtEOF calls cancel when its reader is read to the end: a stop
// once every input is read, before anything is printed.
type cancelAtEOF struct {
	r      io.Reader
	cancel func()
}

func (c *cancelAtEOF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		c.cancel()
	}
	return n, err
}

// Stopped while printing, bulk answering ends its output with a line that
// says so, after whole answers equal to one-at-a-time's first ones; in
// text and in JSON.
func TestBulkStopWhilePrinting(t *testing.T) {
	cat := bulkCatalog(t)
	in := bulkInput(t, 1500)
	for _, extra := range [][]string{{"--json"}, {"--canonical"}} {
		args := append([]string{"rank", "--order", "groups", "--catalog", cat}, extra...)
		_, want, _ := run(t, in, append(args, "--bulk=false")...)
		ctx, cancel := context.WithCancel(context.Background())
		w := &cancelWriter{cancel: cancel}
		var errb bytes.Buffer
		code := runMain(ctx, append(args, "--bulk"), streams{in: strings.NewReader(in), out: w, err: &errb})
		cancel()
		got := w.b.String()
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		last := lines[len(lines)-1]
		body := strings.TrimSuffix(got, last+"\n")
		if code != exitFailed || !strings.HasSuffix(got, "\n") || body == "" || !strings.HasPrefix(want, body) || len(body) >= len(want) {
			t.Fatalf("%q stopped while printing: exit %d, %d of %d bytes, stderr %q", args, code, len(body), len(want), errb.String())
		}
		if !strings.Contains(errb.String(), "stopped") {
			t.Errorf("%q: stderr %q; want it to say the run stopped", args, errb.String())
		}
		if extra[0] == "--json" {
			var v struct {
				Error    string
				Stopped  bool
				Answered int
				Inputs   int
			}
			if err := json.Unmarshal([]byte(last), &v); err != nil || !v.Stopped || v.Answered != len(lines)-1 || v.Inputs <= v.Answered || !strings.Contains(v.Error, "stopped") {
				t.Errorf("the last line %q (%+v, %v); want the stop, with %d inputs answered", last, v, err, len(lines)-1)
			}
			continue
		}
		if !strings.HasPrefix(last, "edgrid rank: stopped: answers to the first ") || !strings.HasSuffix(last, " inputs only") {
			t.Errorf("the last line %q; want the stop", last)
		}
	}
}

// Stopped before printing, bulk answering prints nothing.
func TestBulkStopBeforePrinting(t *testing.T) {
	in := bulkInput(t, 300)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb bytes.Buffer
	code := runMain(ctx, []string{"rank", "--bulk"}, streams{in: &cancelAtEOF{r: strings.NewReader(in), cancel: cancel}, out: &out, err: &errb})
	if code != exitFailed || out.Len() != 0 || !strings.Contains(errb.String(), "nothing is printed") {
		t.Fatalf("stopped before printing: exit %d, %d bytes out, stderr %q; want exit 1, nothing", code, out.Len(), errb.String())
	}
}

// SIGINT while bulk answering waits for input stops it: exit 1, nothing
// printed, a message.
func TestBulkSIGINT(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), mainChildEnv+"=rank\n--bulk")
	pw, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(pw, gridLines(100))
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("SIGINT did not stop bulk answering waiting for input")
	}
	pw.Close()
	if code := cmd.ProcessState.ExitCode(); code != exitFailed || out.Len() != 0 || !strings.Contains(errs.String(), "stopped") {
		t.Fatalf("SIGINT: exit %d, stdout %q, stderr %q; want exit 1, nothing printed, a message", code, out.String(), errs.String())
	}
}
