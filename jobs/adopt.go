package jobs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"edgrid/storage"
)

// adopt verifies every grid of group g's unrecorded file and returns its
// record, with the group's task file when one is there, whole and counting
// the file's grids (a stale or damaged one is removed). why is not empty
// when the file fails verification: it has been removed, to be redone.
func adopt(opt Options, g int) (rec Record, why string, err error) {
	path := filepath.Join(opt.Dir, storage.FileName(g))
	h, verr := storage.Verify(path, storage.VerifyOptions{Workers: opt.Workers})
	if verr != nil {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return rec, "", fmt.Errorf("jobs: removing damaged group %d: %w", g, err)
		}
		return rec, "damaged: " + verr.Error(), nil
	}
	size, sum, err := fileSum(path)
	if err != nil {
		return rec, "", fmt.Errorf("jobs: %w", err)
	}
	rec = Record{Group: g, Count: h.Count, Size: size, Sum: sum, Codec: h.Codec, Adopted: true}
	tasks := TasksPath(opt.Dir, g)
	if _, err := os.Lstat(tasks); err == nil {
		if checkTasks(opt.Dir, g, h.Count) == "" {
			rec.Tasks = true
		} else if err := os.Remove(tasks); err != nil {
			return rec, "", fmt.Errorf("jobs: removing a task file that does not match its group file: %w", err)
		}
	}
	return rec, "", nil
}

// CodecError is returned by Run for a directory whose group files were
// written with another codec than the run was asked for: a catalog keeps
// one codec.
type CodecError struct {
	Dir   string
	Have  storage.Codec // the codec of the directory's files
	Group int           // one group written with it
	Want  storage.Codec // the codec asked for
}

func (e *CodecError) Error() string {
	return fmt.Sprintf("jobs: %s holds group files with codec %v (group %d), not %v", e.Dir, e.Have, e.Group, e.Want)
}

// pickCodec returns the codec of the run: want, or for want = 0 the codec
// of the directory's group files (of its lowest group), or
// storage.DefaultCodec when there are none. A group file of another codec
// is an error. The files considered are the done and adoptable ones of the
// run's groups, and those recorded outside them.
func pickCodec(dir string, want storage.Codec, s *Survey) (storage.Codec, error) {
	have := map[storage.Codec]int{} // codec -> its lowest group
	note := func(c storage.Codec, g int) {
		if h, ok := have[c]; !ok || g < h {
			have[c] = g
		}
	}
	first, last := s.Groups[0], s.Groups[len(s.Groups)-1]
	for g, e := range s.Recorded {
		if _, done := s.Done[g]; done || (s.Present[g] && (g < first || g > last)) {
			note(recordOf(e).Codec, g)
		}
	}
	for _, g := range s.Adoptable {
		if m, _ := s.AdoptableMade(g); len(m.Fields) > 0 {
			if c, err := storage.ParseCodec(m.Fields[0]); err == nil {
				note(c, g)
			}
		}
	}
	codecs := make([]storage.Codec, 0, len(have))
	for c := range have {
		codecs = append(codecs, c)
	}
	sort.Slice(codecs, func(i, j int) bool { return have[codecs[i]] < have[codecs[j]] })
	if want == 0 {
		want = storage.DefaultCodec
		if len(codecs) > 0 {
			want = codecs[0]
		}
	}
	for _, c := range codecs {
		if c != want {
			return 0, &CodecError{Dir: dir, Have: c, Group: have[c], Want: want}
		}
	}
	return want, nil
}
