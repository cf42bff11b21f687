package bulk

import (
	"bufio"
	"bytes"
)

// bufioReader reads b.
func bufioReader(b []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(b)) }
