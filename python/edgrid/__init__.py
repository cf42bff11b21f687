"""edgrid: Sudoku solution grids and puzzles up to symmetry, in batches over NumPy arrays.

A grid or puzzle is a row of 81 cells, row by row (cell 0 is r1c1, cell 80
r9c9), each 1-9 or 0 for an empty cell. Every function takes a batch, a
:data:`Rows`: a NumPy uint8 array of shape (N, 81) (or (81,) for one row), a
string of 81 characters (digits 1-9, any of ``. 0 - * _ x`` for an empty
cell), or a list of such strings; and returns arrays with one row per input
row, in order. :func:`unrank` takes :data:`Numbers` instead.

The work runs in edgrid's Go library (a c-shared build of cmd/capi/) on all cores,
``workers`` goroutines (0: one per core) for every batch function but
:func:`scan` (one core), with the GIL released: other Python threads run
meanwhile, and several threads may call at once. The library does not
survive ``fork``: in a process forked after ``import edgrid`` (multiprocessing's
default start method on Linux) every call raises RuntimeError; use the
"spawn" or "forkserver" start method. Inputs are read where they
lie and outputs written straight into the arrays returned, with the few
exceptions python/README.md lists (scan's result, the numbers of rank and
puzzle_id in bulk, the IDs as Python strings).

A bad row raises :class:`InputError` (a ValueError) naming the first bad row
and its cell, as ``grids[17]: cell 5 (r1c5) ...``; nothing is returned for
the batch.

The functions:

- :func:`minlex`: the minlex form of solution grids and their automorphisms.
- :func:`rank`, :func:`unrank`: the number of a grid's class, 1..5,472,730,538,
  in the paper's, the groups' or lexicographic order, and back.
- :func:`canon_puzzles`, :func:`pattern`: the minlex form of puzzles and of
  their clue patterns.
- :func:`solve`: solution counts up to a limit and the first solution.
- :func:`puzzle_id`, :func:`from_id`: a compact ID of a puzzle with one
  solution, the same for equivalent puzzles, and back.
- :func:`invariants`: numbers every grid of a class shares (automorphisms,
  unavoidable sets of four cells, intercalates, ...).
- :func:`group`: the minlex grids of one of the 3,541 groups.
- :func:`scan`: the puzzles of a given number of clues of one solution grid.
- :func:`generate`, :func:`rate`: random minimal puzzles, rated, and the
  rating of any puzzle (guesses and grade, as ``edgrid generate`` and
  ``edgrid rate``).
- :func:`cells`, :func:`strings`: strings into rows, to parse once for several
  calls, and rows back into strings.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterable, Sequence

import numpy as np

from . import _lib
from ._inputs import EMPTY, Numbers, Rows, cell_mask as _cell_mask, cell_name as _cell_name, numbers as _numbers, rows as _rows, texts as _texts
from .errors import InputError, InternalError

__all__ = [
    "GRADES",
    "InputError",
    "InternalError",
    "NUM_GROUPS",
    "Numbers",
    "ORDERS",
    "Rows",
    "TOTAL",
    "canon_puzzles",
    "cells",
    "from_id",
    "generate",
    "group",
    "invariants",
    "minlex",
    "pattern",
    "puzzle_id",
    "rank",
    "rate",
    "scan",
    "solve",
    "strings",
    "unrank",
]

TOTAL = 5_472_730_538
"""The number of essentially different solution grids: rank's numbers run 1..TOTAL."""

NUM_GROUPS = 3541
"""The number of groups (docs/design/method.md): group's argument runs 1..NUM_GROUPS."""

ORDERS = ("paper", "groups", "lex")
"""The numberings of rank and unrank (docs/design/numbering.md):

- ``"paper"``: the paper's order, groups in order and inside each the order of
  its dancing-links search;
- ``"groups"``: the same groups, ascending inside each;
- ``"lex"``: plain lexicographic order of the 81 digits.
"""

Rows = Rows
"""A batch of grids or puzzles: a NumPy uint8 array of shape (N, 81) or (81,),
one string of 81 characters (digits 1-9; any of ``. 0 - * _ x`` for an empty
cell; surrounding whitespace ignored), bytes likewise, or a sequence of them."""

Numbers = Numbers
"""A batch of class numbers for :func:`unrank`: an integer, a sequence of
integers, or a NumPy integer array of shape (N,)."""

DEFAULT_INVARIANTS = ("autos", "ua4", "intercalates")
_DEFAULT_NAMES = (list(DEFAULT_INVARIANTS), ",".join(DEFAULT_INVARIANTS).encode("utf-8"))
"""The invariants :func:`invariants` computes when none are named: the cheap ones."""

_ID_WIDTH = 32  # the longest ID: 10 digits, '-', 21 hexadecimal digits


def _call(name: str, arg: str, f, *args) -> None:
    """Call the C function f with args and an error record; raise on failure.

    In a process forked after the import it raises RuntimeError instead: the
    library's Go runtime does not survive fork, and a call would hang.
    """
    if _lib.forked:
        raise RuntimeError(_lib.FORKED_MESSAGE)
    e = _lib.Error()
    status = f(*args, ctypes.byref(e))
    if status == _lib.OK:
        return
    message = e.message.decode("utf-8", "replace")
    row = e.row if e.row >= 0 else None
    cell = e.cell if e.cell >= 0 else None
    if status == _lib.BAD_INPUT:
        # The library says "row N: cause"; name the argument instead.
        cause = message.split(": ", 1)[1] if row is not None and ": " in message else message
        where = f"{arg}[{row}]" if row is not None else arg
        raise InputError(f"{where}: {cause}", row, cell)
    if status == _lib.BAD_ARGUMENT:
        raise InputError(f"{name}: {message}")
    raise InternalError(f"{name}: {message}")


def _ptr(a: np.ndarray) -> int:
    """The address of a C-contiguous array's first byte."""
    if not a.nbytes:
        return 0  # the library reads no row of an empty batch
    if a.flags.writeable:
        # A third of the cost of __array_interface__, which builds a dict;
        # from_buffer takes only writable buffers.
        return ctypes.addressof(ctypes.c_char.from_buffer(a))
    return a.__array_interface__["data"][0]


_INT32_MAX = 2**31 - 1
_INT64_MAX = 2**63 - 1


def _integer(value: object, name: str, lo: int, hi: int, meaning: str = "") -> int:
    """value as an int in lo..hi; anything else raises InputError naming the
    argument and its range (``meaning`` says what special values mean)."""
    want = f"want an integer {lo}..{hi}{f' ({meaning})' if meaning else ''}"
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InputError(f"{name}: {value!r} is not an integer: {want}")
    if not lo <= value <= hi:
        raise InputError(f"{name}: {value} is out of range: {want}")
    return int(value)


def _workers(workers: object) -> int:
    """The workers argument, checked: 0 (one per core) up to the C int32's largest."""
    if type(workers) is int and 0 <= workers <= _INT32_MAX:
        return workers
    return _integer(workers, "workers", 0, _INT32_MAX, "0: one goroutine per core")


def _order(order: str) -> int:
    try:
        return ORDERS.index(order)
    except ValueError:
        raise InputError(f"order {order!r}: want one of {', '.join(ORDERS)}") from None


def _invariant_names(names: str | Sequence[str]) -> tuple[list[str], bytes]:
    """names as a checked list and as the library's comma-separated bytes;
    the default tuple's answer is kept, so a call on one row does not build
    it again."""
    if names is DEFAULT_INVARIANTS:
        return _DEFAULT_NAMES
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, Iterable):
        raise InputError(f"invariants: names {names!r}: want a list of invariant names such as {', '.join(DEFAULT_INVARIANTS)}")
    names = list(names)
    if not names or any(not isinstance(s, str) or not s or "," in s for s in names):
        raise InputError(f"invariants: names {names!r}: want a list of invariant names such as {', '.join(DEFAULT_INVARIANTS)}")
    return names, ",".join(names).encode("utf-8")


def minlex(grids: Rows, *, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The minlex form of each solution grid and its number of automorphisms.

    The minlex form is the smallest grid, read as 81 digits, that relabelling
    digits, transposing and permuting bands, stacks, rows and columns inside
    them make of the grid: two grids are equivalent exactly when their forms
    are equal. Every cell must hold 1-9 and no unit a digit twice.

    Returns ``(forms, autos)``: a uint8 array of shape (N, 81) and an int32
    array of shape (N,), the automorphism counts (1..648).
    """
    g = _rows(grids, "grids")
    n = len(g)
    forms = np.empty((n, 81), dtype=np.uint8)
    autos = np.empty(n, dtype=np.int32)
    _call("minlex", "grids", _lib.lib.edgrid_minlex, _ptr(g), n, _ptr(forms), _ptr(autos), _workers(workers))
    return forms, autos


def rank(grids: Rows, order: str = "paper", *, workers: int = 0) -> np.ndarray:
    """The number, 1..5,472,730,538, of each solution grid's class in ``order``.

    ``order`` is one of :data:`ORDERS`. No catalog is needed: a query
    regenerates a small part of one group, about a millisecond. Equivalent
    grids get the same number; ``unrank(rank(g, o), o)`` is ``minlex(g)[0]``.

    Returns an int64 array of shape (N,).
    """
    o = _order(order)
    g = _rows(grids, "grids")
    n = len(g)
    out = np.empty(n, dtype=np.int64)
    _call("rank", "grids", _lib.lib.edgrid_rank, _ptr(g), n, o, _ptr(out), _workers(workers))
    return out


def unrank(numbers: Numbers, order: str = "paper", *, workers: int = 0) -> np.ndarray:
    """The minlex grid of each class number (1..5,472,730,538) in ``order``.

    ``numbers`` is an integer, a list of them or an integer array. Returns a
    uint8 array of shape (N, 81).
    """
    o = _order(order)
    x = _numbers(numbers, "numbers")
    n = len(x)
    out = np.empty((n, 81), dtype=np.uint8)
    _call("unrank", "numbers", _lib.lib.edgrid_unrank, _ptr(x), n, o, _ptr(out), _workers(workers))
    return out


def canon_puzzles(puzzles: Rows, pattern_first: bool = False, *, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The minlex form of each puzzle and its number of automorphisms.

    A puzzle need not be valid or have a solution; cells must be 0-9. The
    plain order compares the 81 cells with an empty cell (0) below every
    digit; ``pattern_first`` compares the clue patterns first, then the
    digits, the order of sudoku-minlexing-tool, whose forms it reproduces
    (docs/guide/puzzles.md). Equivalent puzzles get equal forms.

    Returns ``(forms, autos)``: a uint8 array of shape (N, 81), 0 for an empty
    cell, and an int32 array of shape (N,): the geometric transforms that map
    the puzzle onto itself with some relabelling (3,359,232 for an empty one).
    """
    p = _rows(puzzles, "puzzles")
    n = len(p)
    forms = np.empty((n, 81), dtype=np.uint8)
    autos = np.empty(n, dtype=np.int32)
    if not isinstance(pattern_first, (bool, np.bool_)):
        raise InputError(f"pattern_first: {pattern_first!r}, want True or False")
    _call("canon_puzzles", "puzzles", _lib.lib.edgrid_canon_puzzles, _ptr(p), n, int(bool(pattern_first)), _ptr(forms), _ptr(autos), _workers(workers))
    return forms, autos


def pattern(puzzles: Rows, *, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The minlex form of each puzzle's clue pattern and its automorphisms.

    A pattern is the set of clue cells; its form is the smallest 0/1 string
    (1 for a clue) the geometric transforms make of it. Cells must be 0-9.

    Returns ``(forms, autos)``: a uint8 array of shape (N, 81) of 0s and 1s and
    an int32 array of shape (N,).
    """
    p = _rows(puzzles, "puzzles")
    n = len(p)
    forms = np.empty((n, 81), dtype=np.uint8)
    autos = np.empty(n, dtype=np.int32)
    _call("pattern", "puzzles", _lib.lib.edgrid_pattern, _ptr(p), n, _ptr(forms), _ptr(autos), _workers(workers))
    return forms, autos


def solve(puzzles: Rows, limit: int = 2, *, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The number of solutions of each puzzle, up to ``limit``, and its first solution.

    ``limit`` stops each count: 1 asks whether there is a solution, 2 (the
    default) whether it is unique; 0 counts them all, which for a puzzle of
    few clues may not end. It is an integer 0..2**63-1. Givens that repeat a digit in a row,
    column or box are an error, as for ``edgrid solve``.

    Returns ``(counts, solutions)``: an int64 array of shape (N,) and a uint8
    array of shape (N, 81) holding the lexicographically smallest solution
    of each puzzle (the one ``edgrid solve`` prints), all 0 when it has none.
    """
    limit = _integer(limit, "limit", 0, _INT64_MAX, "0: count all solutions")
    p = _rows(puzzles, "puzzles")
    n = len(p)
    counts = np.empty(n, dtype=np.int64)
    sols = np.empty((n, 81), dtype=np.uint8)
    _call("solve", "puzzles", _lib.lib.edgrid_solve, _ptr(p), n, limit, _ptr(counts), _ptr(sols), _workers(workers))
    return counts, sols


def puzzle_id(puzzles: Rows, *, workers: int = 0) -> list[str]:
    """The compact ID of each puzzle, which must have exactly one solution.

    An ID is ``NUMBER-MASK``: the number of the solution's class in
    lexicographic order and the clue cells in that class's minlex grid as 21
    hexadecimal digits, the smallest over the grid's automorphisms. Equivalent
    puzzles get the same ID; :func:`from_id` gives a puzzle back.

    Returns a list of N strings.
    """
    p = _rows(puzzles, "puzzles")
    n = len(p)
    out = np.zeros(n, dtype=f"S{_ID_WIDTH}")
    _call("puzzle_id", "puzzles", _lib.lib.edgrid_puzzle_id, _ptr(p), n, _ptr(out), _ID_WIDTH, _workers(workers))
    return [b.decode("ascii") for b in out.tolist()]


def from_id(ids: str | Sequence[str] | np.ndarray, *, workers: int = 0) -> np.ndarray:
    """The puzzle each ID names: the clues of its class's minlex grid at its mask.

    The puzzle is equivalent to every puzzle that has the ID. An ID that
    :func:`puzzle_id` never writes (malformed, a number out of range, an
    empty mask, clues that leave several solutions, a mask that is not the
    smallest over the grid's automorphisms) raises InputError.

    Returns a uint8 array of shape (N, 81), 0 for an empty cell.
    """
    t, width = _texts(ids, "ids")
    n = len(t)
    out = np.empty((n, 81), dtype=np.uint8)
    _call("from_id", "ids", _lib.lib.edgrid_from_id, _ptr(t), n, width, _ptr(out), _workers(workers))
    return out


def invariants(grids: Rows, names: Sequence[str] = DEFAULT_INVARIANTS, *, workers: int = 0) -> dict[str, np.ndarray]:
    """Invariants of each solution grid: numbers all the grids of a class share.

    ``names`` are among these (``edgrid query --list`` defines them):

    - microseconds a grid: ``autos`` (automorphisms), ``ua4`` (unavoidable
      sets of four cells), ``intercalates`` (2x2 latin subsquares), ``ua2``
      (minimal unavoidable sets of two digits), ``band1``,
      ``band2``, ``band3``, ``stack1``, ``stack2``, ``stack3`` (the band form,
      1..416, of each band and stack of the minlex grid), ``band3s`` (the
      orbits of the automorphisms on the three bands and three stacks);
    - milliseconds a grid: ``ua6``, ``ua8``, ``ua9``, ``ua10``, ``ua11``,
      ``ua12`` (minimal unavoidable sets of that many cells);
    - a full scan of each grid, taking seconds to many minutes a grid:
      ``p16`` and ``p17``, the numbers of 16- and 17-clue puzzles (docs/guide/scan.md).
      Do not ask for these on more than a few grids.

    An unknown name raises InputError listing the known ones.

    Returns a dict from each name to an int64 array of shape (N,).
    """
    names, joined = _invariant_names(names)
    g = _rows(grids, "grids")
    n = len(g)
    values = np.empty((len(names), n), dtype=np.int64)
    _call("invariants", "grids", _lib.lib.edgrid_invariants, _ptr(g), n, joined, len(joined), _ptr(values), _workers(workers))
    return {name: values[k] for k, name in enumerate(names)}


def group(n: int, *, workers: int = 0) -> np.ndarray:
    """The minlex grids of group ``n`` (1..3,541, in the paper's order), ascending.

    A group holds the grids of one first band and column-1 setting
    (docs/design/method.md); the enumeration runs on ``workers`` cores. Group 1 has
    110,494 grids; the largest hold a few million.

    Returns a uint8 array of shape (M, 81).
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise InputError(f"group: {n!r}: want a group number 1..{NUM_GROUPS}")
    if not 1 <= n <= NUM_GROUPS:
        raise InputError(f"group {n}: want 1..{NUM_GROUPS}")
    size = ctypes.c_int64()
    _call("group", "n", _lib.lib.edgrid_group_size, int(n), ctypes.byref(size))
    out = np.empty((size.value, 81), dtype=np.uint8)
    _call("group", "n", _lib.lib.edgrid_group, int(n), _ptr(out), size.value, _workers(workers))
    return out


def scan(
    grid: Rows,
    clues: int = 17,
    *,
    minimal: bool | None = None,
    first: bool = False,
    cells: np.ndarray | Sequence[int] | None = None,
    max_puzzles: int = 100_000,
) -> np.ndarray:
    """The puzzles of ``clues`` clues of one solution grid, as ``edgrid scan`` finds them.

    A puzzle is a set of the grid's cells whose digits have the grid as their
    only completion; the scan collects the grid's unavoidable sets and
    searches the clue sets that hit them all (docs/guide/scan.md). It takes
    seconds to minutes a grid for 16 or 17 clues, on one core.

    ``minimal``: None (the default) reports every puzzle up to 17 clues and
    only minimal ones from 18 (a 17 plus a clue is an 18); True only
    minimal puzzles, False every puzzle. ``first`` stops at the first
    puzzle. ``cells``: 81 values 0 or 1, 1 where clues may go (integers or
    booleans), or the command line's ``--cells`` MASK, 81 characters 0 and
    1; fewer cells than ``clues`` is an error. More than ``max_puzzles``
    puzzles is an error.

    Returns a uint8 array of shape (M, 81): the grid's digits in each
    puzzle's clue cells, 0 elsewhere, sorted as ``edgrid scan`` prints them.
    """
    g = _rows(grid, "grid")
    if len(g) != 1:
        raise InputError(f"grid: {len(g)} rows, want one grid")
    if isinstance(clues, bool) or not isinstance(clues, (int, np.integer)) or not 1 <= clues <= 81:
        raise InputError(f"clues: {clues!r}, want 1..81")
    if isinstance(max_puzzles, bool) or not isinstance(max_puzzles, (int, np.integer)) or not 1 <= max_puzzles <= 10_000_000:
        raise InputError(f"max_puzzles: {max_puzzles!r}, want 1..10,000,000")
    mode = {None: 0, True: 1, False: 2}.get(minimal)
    if mode is None:
        raise InputError(f"minimal: {minimal!r}, want None, True or False")
    if not isinstance(first, (bool, np.bool_)):
        raise InputError(f"first: {first!r}, want True or False")
    mask = None
    if cells is not None:
        mask = _cell_mask(cells, "cells")
        if (n := int(mask.sum())) < clues:
            raise InputError(f"cells: {n} cells, fewer than clues {clues}: no puzzle can fit")
    # The library writes the puzzles into this buffer of max_puzzles rows
    # (pages it never writes cost no memory); the rows found are copied out
    # so the result does not hold the whole buffer.
    out = np.empty((int(max_puzzles), 81), dtype=np.uint8)
    count = ctypes.c_int64()
    _call(
        "scan", "grid", _lib.lib.edgrid_scan, _ptr(g), int(clues), mode, 1 if first else 0,
        _ptr(mask) if mask is not None else None, _ptr(out), int(max_puzzles), ctypes.byref(count),
    )
    return out[: count.value].copy()


GRADES = ("simple", "easy", "intermediate", "hard", "expert")
"""The grade names, easiest first: grade code k (1..5) is ``GRADES[k - 1]``."""

_METHODS = {"top-down": 0, "controlled-bias": 1}
_OVER = {"grids": 0, "classes": 1, "backtrack": 2}


def _grade_range(rating: str | None) -> tuple[int, int]:
    """The codes of a grade or ``A..B`` range of grade names (None: any)."""
    if rating is None:
        return 0, 0
    a, _, b = str(rating).partition("..")
    try:
        lo, hi = GRADES.index(a) + 1, GRADES.index(b or a) + 1
    except ValueError:
        lo, hi = 0, -1
    if lo > hi:
        raise InputError(f"rating: {rating!r}, want a grade or A..B of {', '.join(GRADES)} (easiest first)")
    return lo, hi


def rate(puzzles: Rows, *, workers: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The guess count and grade of each puzzle, as ``edgrid rate`` rates it.

    The grade is the hardest technique of a fixed ladder that solving
    easiest-first needs (docs/guide/generate.md): simple, easy, intermediate
    (qqwing's names), hard, expert (the ladder is stuck). The guesses are
    the branchings of a fixed search over its whole tree, 0 exactly when the
    ladder solves the puzzle. A puzzle without a unique solution is an error.

    Returns ``(guesses, grades)``: an int64 array of shape (N,) and a uint8
    array of grade codes 1..5 (``GRADES[code - 1]`` is the name).
    """
    p = _rows(puzzles, "puzzles")
    n = len(p)
    guesses = np.empty(n, dtype=np.int64)
    grades = np.empty(n, dtype=np.int32)
    _call("rate", "puzzles", _lib.lib.edgrid_rate, _ptr(p), n, _ptr(guesses), _ptr(grades), _workers(workers))
    return guesses, grades.astype(np.uint8)


def generate(
    n: int,
    *,
    method: str = "top-down",
    over: str = "grids",
    clues: int | tuple[int, int] | None = None,
    minimal: bool = False,
    rating: str | None = None,
    seed: int = 1,
    workers: int = 0,
) -> dict[str, np.ndarray]:
    """``n`` random puzzles (1..10,000,000), rated, as ``edgrid generate`` makes them.

    ``method``: "top-down" (minimal puzzles) or "controlled-bias" (Berthier's
    generator, seconds a puzzle). ``over``: the grids drawn uniformly over
    all "grids", over "classes", or by "backtrack" (fast, not uniform).
    ``clues``: K or (A, B), with ``minimal`` for minimal puzzles only.
    ``rating``: a grade or "A..B" range of grade names. The same ``seed``
    gives the same puzzles whatever ``workers``.

    Returns a dict of arrays: ``puzzles`` and ``solutions`` uint8 (n, 81),
    ``clues`` int32 (n,), ``guesses`` int64 (n,) and ``grades`` uint8 (n,)
    grade codes (``GRADES[code - 1]``).
    """
    n = _integer(n, "n", 1, 10_000_000)
    if method not in _METHODS:
        raise InputError(f"method: {method!r}, want top-down or controlled-bias")
    if over not in _OVER:
        raise InputError(f"over: {over!r}, want grids, classes or backtrack")
    lo = hi = 0
    if clues is not None:
        lo, hi = (clues, clues) if isinstance(clues, (int, np.integer)) else tuple(clues)
        lo, hi = _integer(lo, "clues", 17, 81), _integer(hi, "clues", 17, 81)
        if lo > hi:
            raise InputError(f"clues: {clues!r}, want K or (A, B) inside 17..81")
    g_lo, g_hi = _grade_range(rating)
    seed = _integer(seed, "seed", 0, 2**64 - 1)
    out = {
        "puzzles": np.empty((n, 81), dtype=np.uint8),
        "solutions": np.empty((n, 81), dtype=np.uint8),
        "clues": np.empty(n, dtype=np.int32),
        "guesses": np.empty(n, dtype=np.int64),
        "grades": np.empty(n, dtype=np.int32),
    }
    _call(
        "generate", "n", _lib.lib.edgrid_generate, n, _METHODS[method], _OVER[over], lo, hi, 1 if minimal else 0,
        g_lo, g_hi, seed, _ptr(out["puzzles"]), _ptr(out["solutions"]), _ptr(out["clues"]), _ptr(out["guesses"]),
        _ptr(out["grades"]), _workers(workers),
    )
    out["grades"] = out["grades"].astype(np.uint8)
    return out


def cells(rows: Rows) -> np.ndarray:
    """Rows as the uint8 array of shape (N, 81) every function reads.

    Strings are 81 characters: digits 1-9, and any of ``. 0 - * _ x`` for an
    empty cell (0); surrounding whitespace is ignored. Parsing once saves the
    work when the same strings go to several functions. An array is checked
    for dtype and shape and returned as it is (or as a C-contiguous copy).
    """
    return _rows(rows, "rows")


def strings(rows: np.ndarray | Sequence[Sequence[int]], empty: str = ".") -> list[str]:
    """Rows of 81 cells as strings: digits 1-9, ``empty`` for a 0 cell.

    ``rows`` is an integer array (any integer dtype) or nested lists of
    shape (N, 81) or (81,); a value outside 0..9 raises InputError naming its
    row and cell (it is never cast). The inverse of the string input every
    function accepts.
    """
    a = np.asarray(rows)
    if a.ndim == 1:
        a = a.reshape(1, -1)
    if a.ndim != 2 or a.shape[1] != 81:
        raise InputError(f"rows: shape {a.shape}, want (N, 81) or (81,)")
    if a.dtype.kind not in "iu":
        raise InputError(f"rows: dtype {a.dtype}, want integers 0-9")
    if not isinstance(empty, str) or len(empty) != 1 or not empty.isascii():
        raise InputError(f"empty {empty!r}: want one ASCII character")
    if a.size and (a.dtype != np.uint8 or a.max() > 9):
        flat = a.reshape(-1)
        bad = np.flatnonzero((flat < 0) | (flat > 9))
        if bad.size:
            row, cell = divmod(int(bad[0]), 81)
            raise InputError(f"rows[{row}]: {_cell_name(cell)} holds {flat[bad[0]]}, want 0-9", row, cell)
        a = a.astype(np.uint8)
    table = np.frombuffer((empty + "123456789").encode("ascii"), dtype=np.uint8)
    text = table[a].tobytes().decode("ascii")
    return [text[i : i + 81] for i in range(0, len(text), 81)]
