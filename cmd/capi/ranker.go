package main

import (
	"sync"

	"edgrid/rank"
)

// ranker returns the Ranker every call shares, with the embedded tables: it
// keeps the enumerators of the groups it visits, which later queries on those
// groups reuse. A failure to load the tables is an internal error.
var ranker = sync.OnceValues(func() (*rank.Ranker, error) { return rank.New(nil, nil) })

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
