package canon

//go:generate go run ../internal/gen/bandforms

// generatedBandForms parses bandFormText, the committed output of
// DeriveBandForms; TestGeneratedBandForms re-derives and compares.
func generatedBandForms() [][27]uint8 {
	forms := make([][27]uint8, 0, NumBandForms)
	for i := 0; i+28 <= len(bandFormText); i += 28 {
		var f [27]uint8
		for j := range 27 {
			f[j] = bandFormText[i+j] - '0'
		}
		forms = append(forms, f)
	}
	return forms
}
