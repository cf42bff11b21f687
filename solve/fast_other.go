package solve

import "context"

// Other counts the solutions of p up to two, as Unique does, and when
// there are two writes to other one that differs from g (other is left as
// it was otherwise). With g a solution of p, 2 means p is not a puzzle of
// g and other shows why: the cells where other and g differ are an
// unavoidable set of g that p's clues miss. Errors are those of Count.
func (f *Fast) Other(ctx context.Context, p, g, other *[81]uint8) (int64, error) {
	n, err := f.run(ctx, p, 2, false, 2, nil)
	if err == nil && n == 2 {
		if f.sol != *g {
			*other = f.sol
		} else {
			*other = f.sol2
		}
	}
	return n, err
}
