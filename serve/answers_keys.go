package serve

import "encoding/json"

// The API's keys are snake_case, as the command line's --json output is.
// Decoding an answer also accepts the camelCase spellings of three of them
// (patternFirst, patternAutos, maxSize), so that answers stored with those
// still read.

// UnmarshalJSON reads a PuzzleAnswer, the keys pattern_first and
// pattern_autos also as patternFirst and patternAutos.
func (a *PuzzleAnswer) UnmarshalJSON(b []byte) error {
	type plain PuzzleAnswer
	var v struct {
		plain
		OldFirst *string `json:"patternFirst"`
		OldAutos *int    `json:"patternAutos"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*a = PuzzleAnswer(v.plain)
	if v.OldFirst != nil && a.PatternFirst == "" {
		a.PatternFirst = *v.OldFirst
	}
	if v.OldAutos != nil && a.PatternAutos == 0 {
		a.PatternAutos = *v.OldAutos
	}
	return nil
}

// UnmarshalJSON reads an UnavoidableAnswer, the key max_size also as
// maxSize.
func (a *UnavoidableAnswer) UnmarshalJSON(b []byte) error {
	type plain UnavoidableAnswer
	var v struct {
		plain
		OldMaxSize *int `json:"maxSize"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*a = UnavoidableAnswer(v.plain)
	if v.OldMaxSize != nil && a.MaxSize == 0 {
		a.MaxSize = *v.OldMaxSize
	}
	return nil
}
