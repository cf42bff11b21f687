package main

import (
	"bytes"
	"context"
	"fmt"

	"edgrid/canon"
	"edgrid/puzzleid"
	"edgrid/rank"
)

// idWidth is the longest ID: a number of up to 10 digits, '-', 21 hexadecimal
// digits of mask. Text rows of IDs are at least this wide.
const idWidth = 10 + 1 + 21

// namers are the Namers of idRows', fromIDRows' and idRowsBulk's workers,
// over the Ranker every call shares. Their callers have loaded it
// (ranker()) before they take one.
var namers = newStatePool(func() *puzzleid.Namer {
	r, _ := ranker()
	return puzzleid.New(r)
})

// idRows writes the ID of each puzzle into text, one row of stride bytes
// each, padded with NUL bytes. A puzzle without exactly one solution is an
// error.
func idRows(puzzles []canon.Grid, text []byte, stride, workers int) error {
	if stride < idWidth {
		return &argError{msg: fmt.Sprintf("ID rows of %d bytes: want at least %d", stride, idWidth)}
	}
	r, err := ranker()
	if err != nil {
		return err
	}
	ctx := context.Background()
	if len(puzzles) >= bulkRows {
		return idRowsBulk(ctx, r, puzzles, text, stride, workers)
	}
	return forRows(len(puzzles), workers, namers, func(nm *puzzleid.Namer, i int) error {
		p := puzzles[i]
		if err := checkPuzzle(&p); err != nil {
			return err
		}
		id, err := nm.ID(ctx, &p)
		if err != nil {
			return err
		}
		row := text[i*stride : (i+1)*stride]
		clear(row[copy(row, id.String()):])
		return nil
	})
}

// fromIDRows writes the puzzle each ID names; the IDs are rows of stride
// bytes of text, each ending at its first NUL byte or at the row's end.
func fromIDRows(text []byte, stride int, puzzles []canon.Grid, workers int) error {
	if _, err := ranker(); err != nil {
		return err
	}
	ctx := context.Background()
	return forRows(len(puzzles), workers, namers, func(nm *puzzleid.Namer, i int) error {
		row := text[i*stride : (i+1)*stride]
		if k := bytes.IndexByte(row, 0); k >= 0 {
			row = row[:k]
		}
		id, err := puzzleid.Parse(string(row))
		if err != nil {
			return err
		}
		p, err := nm.Puzzle(ctx, id)
		puzzles[i] = p
		return err
	})
}

// idRowsBulk is idRows for a large batch: the keys row by row, then every
// number at once.
func idRowsBulk(ctx context.Context, r *rank.Ranker, puzzles []canon.Grid, text []byte, stride, workers int) error {
	ms := make([]canon.Grid, len(puzzles))
	masks := make([]canon.Mask, len(puzzles))
	err := forRows(len(puzzles), workers, namers, func(nm *puzzleid.Namer, i int) error {
		p := puzzles[i]
		if err := checkPuzzle(&p); err != nil {
			return err
		}
		var err error
		ms[i], masks[i], err = nm.Key(ctx, &p)
		return err
	})
	if err != nil {
		return err
	}
	nums := make([]int64, len(ms))
	if err := rankMinlexRows(ctx, r, ms, rank.Lex, nums, workers); err != nil {
		return err
	}
	for i := range puzzles {
		row := text[i*stride : (i+1)*stride]
		clear(row[copy(row, puzzleid.ID{Number: nums[i], Mask: masks[i]}.String()):])
	}
	return nil
}
