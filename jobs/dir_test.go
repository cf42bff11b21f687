package jobs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A damaged record line in the manifest is found, its group's file checked
// again (adopted when whole, else redone), and the manifest left without
// the damaged line: a second run and the status find nothing to repair.
func TestDamagedRecordLineRepaired(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := k.run(context.Background(), dir, testFirst, testLast, nil); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, k.manifest)
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfter(string(data), "\n")
			// Damage the last record line's checksum.
			i := len(lines) - 2
			lines[i] = lines[i][:len(lines[i])-2] + "x\n"
			os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
			_, _, _, probs, err := k.status(dir, testFirst, testLast)
			if err != nil || len(probs) != 1 {
				t.Fatalf("status over a damaged line: problems %q, %v; want one", probs, err)
			}
			if _, err := k.run(context.Background(), dir, testFirst, testLast, nil); err != nil {
				t.Fatal(err)
			}
			done, damaged, pending, probs, err := k.status(dir, testFirst, testLast)
			if err != nil || done != testLast-testFirst+1 || len(damaged) != 0 || pending != 0 || len(probs) != 0 {
				t.Fatalf("status after the repairing run: %d done, damaged %v, %d pending, manifest problems %q, %v; want all done, nothing wrong",
					done, damaged, pending, probs, err)
			}
			k.same(t, dir, testFirst, testLast)
		})
	}
}

// Neither the lock nor the manifest is followed when it is a symbolic
// link: the run is refused and the link's target left as it was.
func TestSymlinksRefused(t *testing.T) {
	for _, k := range kinds {
		for _, name := range []string{LockName, k.manifest} {
			t.Run(k.name+"/"+name, func(t *testing.T) {
				dir := t.TempDir()
				// The target is a valid manifest: a run that followed the
				// link would append to it.
				outside := filepath.Join(t.TempDir(), "precious")
				os.WriteFile(outside, []byte(k.header), 0o644)
				if err := os.Symlink(outside, filepath.Join(dir, name)); err != nil {
					t.Fatal(err)
				}
				_, err := k.run(context.Background(), dir, testLast, testLast, nil)
				if err == nil || !strings.Contains(err.Error(), "symbolic link") {
					t.Errorf("run with %s a symbolic link: %v; want a refusal", name, err)
				}
				if b, _ := os.ReadFile(outside); string(b) != k.header {
					t.Errorf("the link's target now holds %q", b)
				}
			})
		}
	}
}

// A run removes the temporary files of its own files only, and only once
// it knows the directory is its kind's: another kind's directory is
// refused with its files, temporary ones included, untouched.
func TestTempsRemovedOnlyOwn(t *testing.T) {
	for i, k := range kinds {
		other := kinds[(i+1)%len(kinds)]
		t.Run(k.name, func(t *testing.T) {
			dir := t.TempDir()
			foreign := filepath.Join(dir, ".notes.txt.tmp-42")
			own := filepath.Join(dir, "."+k.fileName(testLast)+".tmp-7")
			for _, p := range []string{foreign, own} {
				os.WriteFile(p, []byte("x"), 0o644)
			}
			sum, err := k.run(context.Background(), dir, testLast, testLast, nil)
			if err != nil || sum.TempsGone != 1 {
				t.Fatalf("run: %+v, %v; want one temporary file removed", sum, err)
			}
			if _, err := os.Stat(foreign); err != nil {
				t.Errorf("a temporary file the run did not write was removed: %v", err)
			}
			if _, err := os.Stat(own); err == nil {
				t.Errorf("the run's own temporary file was left")
			}
			// The other kind's run is refused here, before it removes anything.
			stray := filepath.Join(dir, "."+other.fileName(testLast)+".tmp-8")
			os.WriteFile(stray, []byte("x"), 0o644)
			if _, err := other.run(context.Background(), dir, testLast, testLast, nil); err == nil {
				t.Fatalf("a %s run in a %s directory: no error", other.name, k.name)
			}
			for _, p := range []string{foreign, stray} {
				if _, err := os.Stat(p); err != nil {
					t.Errorf("the refused run removed %s", filepath.Base(p))
				}
			}
		})
	}
}

// Damage of every kind to the files of every kind of directory is found by
// the status and repaired by the next run: a changed byte, a cut file, an
// empty one, a missing one, a whole file the manifest lost (adopted) and a
// damaged one it never had (made again).
func TestDamageRepairedEveryKind(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := k.run(context.Background(), dir, testFirst, testLast, nil); err != nil {
				t.Fatal(err)
			}
			file := func(g int) string { return filepath.Join(dir, k.fileName(g)) }
			b, _ := os.ReadFile(file(3531))
			b[len(b)/2] ^= 0x10
			os.WriteFile(file(3531), b, 0o644)
			fi, _ := os.Stat(file(3532))
			os.Truncate(file(3532), fi.Size()/2)
			os.Truncate(file(3533), 0)
			os.Remove(file(3534))
			// Groups 3535 and 3536 lose their manifest lines; 3536's file is
			// damaged too.
			path := filepath.Join(dir, k.manifest)
			data, _ := os.ReadFile(path)
			var kept []string
			for _, l := range strings.SplitAfter(string(data), "\n") {
				if f := strings.Fields(l); len(f) > 1 && (f[1] == "3535" || f[1] == "3536") {
					continue
				}
				kept = append(kept, l)
			}
			os.WriteFile(path, []byte(strings.Join(kept, "")), 0o644)
			b, _ = os.ReadFile(file(3536))
			os.WriteFile(file(3536), b[:len(b)-1], 0o644)

			done, damaged, pending, _, err := k.status(dir, testFirst, testLast)
			if err != nil || done != 6 || pending != 6 || len(damaged) != 5 {
				t.Fatalf("status: %d done, %d pending, damaged %v, %v; want 6 done, 6 pending, 5 damaged", done, pending, damaged, err)
			}
			sum, err := k.run(context.Background(), dir, testFirst, testLast, nil)
			if err != nil || sum.Written != 5 || sum.Adopted != 1 || len(sum.Redone) != 5 || sum.Done != 12 {
				t.Fatalf("repairing run: %+v, %v; want 5 made again, 3535 adopted", sum, err)
			}
			k.same(t, dir, testFirst, testLast)
			done, damaged, pending, probs, err := k.status(dir, testFirst, testLast)
			if err != nil || done != 12 || pending != 0 || len(damaged) != 0 || len(probs) != 0 {
				t.Fatalf("status after the run: %d done, %d pending, damaged %v, problems %q, %v", done, pending, damaged, probs, err)
			}
		})
	}
}
