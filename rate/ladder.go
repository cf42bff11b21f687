package rate

import "fmt"

// Technique is a step of the ladder, easiest first. A solver tries them in
// this order and goes back to the first after any step that placed a digit
// or removed a candidate, so that a technique is used only when every
// easier one is stuck.
type Technique uint8

// The ladder. After the hidden pair the order is Sudoku Explainer's (its
// ratings 3.2 x-wing, 3.6 naked triple, 3.8 swordfish, 4.0 hidden triple,
// 5.0 naked quad, 5.2 jellyfish, 5.4 hidden quad); before it, qqwing's
// grades (naked singles alone, then hidden singles, then locked candidates
// and pairs).
const (
	NakedSingle      Technique = iota + 1 // a cell with one candidate left
	HiddenSingle                          // a digit with one place left in a row, column or box
	LockedCandidates                      // a digit of a box confined to a line, or of a line to a box
	NakedPair                             // two cells of a unit with the same two candidates
	HiddenPair                            // two digits of a unit with the same two places
	XWing                                 // a digit in two rows confined to two columns, or the transpose
	NakedTriple                           // three cells of a unit with three candidates between them
	Swordfish                             // fish of size three
	HiddenTriple                          // three digits of a unit with three places between them
	NakedQuad                             // four cells of a unit with four candidates between them
	Jellyfish                             // fish of size four
	HiddenQuad                            // four digits of a unit with four places between them
	Guess                                 // the ladder is stuck: the search branches
)

// NumTechniques is the number of rungs, Guess included.
const NumTechniques = int(Guess)

var techniqueNames = [...]string{"", "naked-single", "hidden-single", "locked-candidates", "naked-pair",
	"hidden-pair", "x-wing", "naked-triple", "swordfish", "hidden-triple", "naked-quad", "jellyfish",
	"hidden-quad", "guess"}

// String returns the technique's name, as "naked-single"; 0 is "none".
func (t Technique) String() string {
	if t == 0 || int(t) >= len(techniqueNames) {
		return "none"
	}
	return techniqueNames[t]
}

// Grade is the level of a puzzle by the hardest technique it needs.
type Grade uint8

// The grades. Simple, easy and intermediate are qqwing's: a puzzle qqwing
// solves with naked singles alone is simple, with hidden singles easy,
// with locked candidates and naked or hidden pairs intermediate. qqwing
// calls everything beyond expert; edgrid keeps hard for the rest of the
// ladder (fish, triples, quads) and expert for puzzles that need a guess.
const (
	Simple       Grade = iota + 1 // naked singles
	Easy                          // hidden singles
	Intermediate                  // locked candidates, naked and hidden pairs
	Hard                          // x-wing to hidden quad
	Expert                        // guessing
)

// NumGrades is the number of grades.
const NumGrades = int(Expert)

var gradeNames = [...]string{"", "simple", "easy", "intermediate", "hard", "expert"}

// String returns the grade's name, as "easy"; 0 is "none".
func (g Grade) String() string {
	if g == 0 || int(g) >= len(gradeNames) {
		return "none"
	}
	return gradeNames[g]
}

// ParseGrade reads a grade's name.
func ParseGrade(s string) (Grade, error) {
	for g := Simple; g <= Expert; g++ {
		if gradeNames[g] == s {
			return g, nil
		}
	}
	return 0, fmt.Errorf("rate: %q is not a grade (want simple, easy, intermediate, hard or expert)", s)
}

// Grade returns the grade of a puzzle whose hardest technique is t; a
// puzzle with all its cells given (t = 0) is simple.
func (t Technique) Grade() Grade {
	switch {
	case t <= NakedSingle:
		return Simple
	case t == HiddenSingle:
		return Easy
	case t <= HiddenPair:
		return Intermediate
	case t < Guess:
		return Hard
	}
	return Expert
}
