package ranges

import "testing"

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{5}, "5"},
		{[]int{1, 2, 3}, "1-3"},
		{[]int{1, 2, 3, 7, 9, 10}, "1-3,7,9-10"},
		{[]int{1, 3, 5}, "1,3,5"},
		{[]int{3540, 3541}, "3540-3541"},
	} {
		if got := Format(c.in); got != c.want {
			t.Errorf("Format(%v) = %q; want %q", c.in, got, c.want)
		}
	}
}
