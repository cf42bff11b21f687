/* The types of edgrid's C API shared by libedgrid.h's functions: see doc.go. */
#ifndef EDGRID_H
#define EDGRID_H

#include <stdint.h>

/* Status codes every edgrid_ function returns. */
enum {
	EDGRID_OK = 0,           /* done; the outputs are written */
	EDGRID_BAD_INPUT = 1,    /* a row of the input is bad: see edgrid_error */
	EDGRID_BAD_ARGUMENT = 2, /* an argument other than the rows is bad */
	EDGRID_INTERNAL = 3      /* a failure inside the library (a recovered panic) */
};

/* edgrid_error describes a failure. row is the 0-based input row at fault
   and cell its 0-based cell (0..80, row by row), or -1 when the failure is
   not about a row or a cell; message is NUL-terminated, truncated to fit. */
typedef struct {
	int64_t row;
	int32_t cell;
	char message[512];
} edgrid_error;

#endif
