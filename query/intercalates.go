package query

// Intercalates is the number of intercalates: 2x2 latin subsquares a b / b a
// in any two rows and two columns. A grid has at most 72 (docs/design/method.md).
var Intercalates RunInvariant = intercalatesInv{}

type intercalatesInv struct{}

func (intercalatesInv) Name() string { return "intercalates" }
func (intercalatesInv) Definition() string {
	return "2x2 latin subsquares a b / b a in any two rows and any two columns"
}

// Value, the count itself, is written out in intercalates_gen.go (go
// generate, from intercalates.go.tmpl).

func (intercalatesInv) NewRunner() Runner { return &intercalatesRunner{} }

// intercalatesRunner reads runCache (dominoes.go).
type intercalatesRunner struct{ own runCache }

func (x *intercalatesRunner) Values(r *Run, out []int) {
	copy(out, r.values(&x.own, needIC).ic)
}
