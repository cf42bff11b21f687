package dlx

import "fmt"

// OptionError reports an option that cannot be added or chosen: Item is the
// offending item (-1 when the option itself is at fault).
type OptionError struct {
	Option int
	Item   int
	Reason string
}

// Error implements error.
func (e *OptionError) Error() string {
	if e.Item < 0 {
		return fmt.Sprintf("dlx: option %d %s", e.Option, e.Reason)
	}
	return fmt.Sprintf("dlx: option %d: item %d %s", e.Option, e.Item, e.Reason)
}

// ConflictError reports a Choose whose option covers an item that an
// earlier chosen option (By) already covers.
type ConflictError struct {
	Option int // the option that could not be chosen
	Item   int // the item both options cover
	By     int // the option chosen earlier that covers Item
}

// Error implements error.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("dlx: option %d clashes with chosen option %d on item %d", e.Option, e.By, e.Item)
}

func rangeReason(n int) string {
	if n == 0 {
		return "is out of range (the matrix has no items)"
	}
	return fmt.Sprintf("is out of range 0..%d", n-1)
}
