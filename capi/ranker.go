package main

import (
	"sync"

	"edgrid/rank"
)

// theRanker is the Ranker every call shares, with the embedded tables: it
// keeps the enumerators of the groups it visits, which later queries on those
// groups reuse.
var theRanker = sync.OnceValues(func() (*rank.Ranker, error) { return rank.New(nil, nil) })

// ranker returns the shared Ranker; a failure to load the embedded tables is
// an internal error.
func ranker() (*rank.Ranker, error) {
	r, err := theRanker()
	if err != nil {
		return nil, err
	}
	return r, nil
}

// orderOf returns the numbering with code c: 0 paper, 1 groups, 2 lex.
func orderOf(c int) (rank.Order, error) {
	switch c {
	case 0:
		return rank.Paper, nil
	case 1:
		return rank.Groups, nil
	case 2:
		return rank.Lex, nil
	}
	return 0, &argError{msg: "unknown order code: want 0 (paper), 1 (groups) or 2 (lex)"}
}
