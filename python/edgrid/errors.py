"""The exceptions edgrid raises."""

from __future__ import annotations


class InputError(ValueError):
    """A bad row of a batch, or a bad argument.

    ``row`` is the 0-based index of the first bad row in the batch and ``cell``
    the 0-based cell at fault in it (0..80, row by row: cell 9 is r2c1); either
    is None when the error is not about one. The message names both, as
    ``grids[17]: cell 5 (r1c5) ...``.
    """

    def __init__(self, message: str, row: int | None = None, cell: int | None = None):
        super().__init__(message)
        self.row = row
        self.cell = cell


class InternalError(RuntimeError):
    """A failure inside the library (a bug), never caused by the input."""
