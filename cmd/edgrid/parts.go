package main

import (
	"errors"
	"fmt"
	"os"
	"sync/atomic"

	"edgrid/jobs"
	"edgrid/query"
	"edgrid/rank"
	"edgrid/scan"
)

// queryParts are the parts of edgrid query --out.
var queryParts = jobs.Parts[*query.Part]{Codec: query.PartCodec{}}

// scanParts are the parts of edgrid scan --groups --out, each covering its
// group's every grid (rank's tables count them).
func scanParts() jobs.Parts[*scan.Part] {
	ps := jobs.Parts[*scan.Part]{Codec: scan.PartCodec{}}
	if t, err := rank.Embedded(); err == nil {
		ps.Grids = t.GroupCount
	}
	return ps
}

// barParts has a run of parts count, on a grid bar's progress, the grids
// of the groups done before it (the groups' grids from rank's tables).
func barParts[T any](opt *jobs.PartsRun[T], progress *atomic.Int64) {
	counts, _ := rank.Embedded()
	if counts == nil {
		return
	}
	opt.Weight = counts.GroupCount
	opt.Progress = func(p jobs.Progress) {
		if p.Group == 0 {
			progress.Add(p.WorkDone)
		}
	}
}

// partsStopped prints, for a run of parts into dir that failed with err,
// how many groups it finished first.
func partsStopped(s streams, noun, dir string, sum *jobs.Summary, err error) {
	if !errors.Is(err, jobs.ErrLocked) && sum != nil && sum.Written > 0 {
		fmt.Fprintf(s.err, "edgrid %s: %d groups done before stopping (in %s)\n", noun, sum.Written, dir)
	}
}

// mergeDirs checks the arguments of edgrid NOUN merge: directories, at
// least one.
func mergeDirs(noun string, dirs []string) error {
	if len(dirs) == 0 {
		return usagef("give the directories of edgrid %s --out", noun)
	}
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return usagef("%s is not a directory", d)
		}
	}
	return nil
}

// surveyMerge surveys dirs for edgrid NOUN merge (only as Parts.Survey
// takes it) and returns, with the survey, the problems that stand in the
// way of a whole merge. With problems and not partial it prints them and
// returns the error (exit 1) that nothing was printed.
func surveyMerge[T any](ps jobs.Parts[T], noun string, dirs []string, only []int, partial bool, parse func(label string) error, s streams) (*jobs.Merge[T], []string, error) {
	m, err := ps.Survey(dirs, only)
	if err != nil {
		return nil, nil, err
	}
	if err := parse(m.Label); err != nil {
		return nil, nil, err
	}
	problems := m.Problems
	if len(m.NotDone) > 0 {
		problems = append(problems, fmt.Sprintf("groups %s not done", query.GroupSpan(m.NotDone)))
	}
	if len(problems) > 0 && !partial {
		printProblems(s, noun, problems)
		return nil, nil, &exitError{code: exitFailed, err: fmt.Errorf("the parts are incomplete: nothing printed (run the %s again to finish them, or merge --partial)", noun)}
	}
	return m, problems, nil
}

// mergeIncomplete is the end of a merge --partial that printed groups
// with problems left: it prints them and returns the error (exit 1).
func mergeIncomplete(s streams, noun string, groups []int, problems []string) error {
	if len(problems) == 0 {
		return nil
	}
	printProblems(s, noun, problems)
	return &exitError{code: exitFailed, err: fmt.Errorf("printed only groups %s: the parts are incomplete", query.GroupSpan(groups))}
}

func printProblems(s streams, noun string, problems []string) {
	for _, p := range problems {
		fmt.Fprintf(s.err, "edgrid %s merge: %s\n", noun, p)
	}
}
