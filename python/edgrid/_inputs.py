"""Turning the inputs of edgrid's functions into the arrays the C API reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Union

import numpy as np

from .errors import InputError

# Rows is what the grid and puzzle functions accept: a NumPy uint8 array of
# shape (N, 81) or (81,), one string of 81 characters, or a sequence of them.
Rows = Union[np.ndarray, str, bytes, Sequence[str], Sequence[bytes]]

# Numbers is what unrank accepts: an integer, a sequence of integers, or a
# NumPy integer array of shape (N,).
Numbers = Union[int, Sequence[int], np.ndarray]

EMPTY = ".0-*_x"
"""The characters of an empty cell in a string, as the command line reads them."""

_LUT = np.full(256, 255, dtype=np.uint8)
for _d in range(1, 10):
    _LUT[ord("0") + _d] = _d
for _c in EMPTY:
    _LUT[ord(_c)] = 0
_TABLE = _LUT.tobytes()  # the same, for bytes.translate


def cell_name(cell: int) -> str:
    """The name of 0-based cell: 'cell 12 (r2c3)'."""
    return f"cell {cell + 1} (r{cell // 9 + 1}c{cell % 9 + 1})"


def rows(x: Rows, name: str) -> np.ndarray:
    """x as a C-contiguous uint8 array of shape (N, 81).

    An array must be uint8 of shape (N, 81), or (81,) for one row; strings
    must be 81 characters, digits 1-9 for clues and any of . 0 - * _ x for
    empty cells, with surrounding whitespace ignored. Cell values above 9 in
    an array are left to the library, which names the row and cell.
    """
    if isinstance(x, np.ndarray):
        if x.dtype != np.uint8:
            raise InputError(f"{name}: dtype {x.dtype}, want uint8 (digits 1-9, 0 for an empty cell)")
        if x.ndim == 1 and x.shape[0] == 81:
            x = x.reshape(1, 81)
        if x.ndim != 2 or x.shape[1] != 81:
            raise InputError(f"{name}: shape {x.shape}, want (N, 81) or (81,)")
        return np.ascontiguousarray(x)
    if isinstance(x, (str, bytes)):
        x = [x]
    elif not isinstance(x, Iterable):
        raise InputError(f"{name}: {type(x).__name__}, want a uint8 array of shape (N, 81), a string or a list of strings")
    return _from_strings(list(x), name)


def _from_strings(items: list, name: str) -> np.ndarray:
    """Strings of 81 characters as a fresh uint8 array of shape (N, 81).

    The characters go through one bytes.translate (a C loop) and into the
    array without a NumPy indexing pass: a single string costs about as much
    as the checks on it.
    """
    encoded = []
    for i, s in enumerate(items):
        if isinstance(s, (str, bytes)):
            s = s.strip()
            # The length first: characters past the 81st are no cell.
            if len(s) != 81:
                raise InputError(f"{name}[{i}]: {len(s)} characters, want 81", i)
        if isinstance(s, str):
            try:
                s = s.encode("ascii")
            except UnicodeEncodeError:
                cell = next(k for k, c in enumerate(s) if not c.isascii())
                raise InputError(f"{name}[{i}]: {cell_name(cell)}: {s[cell]!r} is not a digit 1-9 or an empty cell ({' '.join(EMPTY)})", i, cell if cell < 81 else None) from None
        elif not isinstance(s, bytes):
            raise InputError(f"{name}[{i}]: {type(s).__name__}, want a string of 81 characters", i)
        encoded.append(s)
    if not encoded:
        return np.zeros((0, 81), dtype=np.uint8)
    data = (encoded[0] if len(encoded) == 1 else b"".join(encoded)).translate(_TABLE)
    bad = data.find(b"\xff")
    if bad >= 0:
        row, cell = divmod(bad, 81)
        c = chr(encoded[row][cell])
        raise InputError(f"{name}[{row}]: {cell_name(cell)}: {c!r} is not a digit 1-9 or an empty cell ({' '.join(EMPTY)})", row, cell)
    # A bytearray makes the array writable, which the call's address lookup
    # is quickest on.
    return np.frombuffer(bytearray(data), dtype=np.uint8).reshape(-1, 81)


def numbers(x: Numbers, name: str) -> np.ndarray:
    """x as a C-contiguous int64 array of shape (N,)."""
    if isinstance(x, np.ndarray):
        if x.dtype.kind not in "iu":
            raise InputError(f"{name}: dtype {x.dtype}, want integers")
        if x.ndim == 0:
            x = x.reshape(1)
        if x.ndim != 1:
            raise InputError(f"{name}: shape {x.shape}, want (N,)")
        if x.dtype == np.uint64:
            big = np.flatnonzero(x > np.iinfo(np.int64).max)
            if big.size:
                i = int(big[0])
                raise InputError(f"{name}[{i}]: number {x[i]} is out of range 1..5472730538", i)
        return np.ascontiguousarray(x, dtype=np.int64)
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        x = [x]
    if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
        raise InputError(f"{name}: {type(x).__name__}, want an integer, a list of integers or an integer array")
    items = list(x)
    for i, v in enumerate(items):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise InputError(f"{name}[{i}]: {v!r} is not an integer", i)
        if not -(2**63) <= v < 2**63:
            raise InputError(f"{name}[{i}]: number {v} is out of range 1..5472730538", i)
    return np.array(items, dtype=np.int64).reshape(-1)


def texts(x: str | Sequence[str] | np.ndarray, name: str) -> tuple[np.ndarray, int]:
    """x as rows of ASCII bytes, NUL-padded, and the row width."""
    if isinstance(x, np.ndarray):
        if x.dtype.kind not in "US":
            raise InputError(f"{name}: dtype {x.dtype}, want strings")
        if x.ndim != 1:
            raise InputError(f"{name}: shape {x.shape}, want (N,)")
        x = x.tolist()
    elif isinstance(x, (str, bytes)):
        x = [x]
    elif not isinstance(x, Iterable):
        raise InputError(f"{name}: {type(x).__name__}, want a string or a list of strings")
    encoded = []
    for i, s in enumerate(x):
        if isinstance(s, str):
            s = s.strip()
            if not s.isascii():
                raise InputError(f"{name}[{i}]: {s!r} is not an ID (NUMBER-MASK, ASCII)", i)
            s = s.encode("ascii")
        elif isinstance(s, bytes):
            s = s.strip()
        else:
            raise InputError(f"{name}[{i}]: {type(s).__name__}, want a string", i)
        if b"\0" in s:
            raise InputError(f"{name}[{i}]: {s!r} holds a NUL byte", i)
        encoded.append(s)
    width = max((len(s) for s in encoded), default=1) or 1
    return np.array(encoded, dtype=f"S{width}").reshape(-1), width


def cell_mask(x: object, name: str) -> np.ndarray:
    """x as 81 uint8 values, 1 where clues may go and 0 elsewhere.

    x is 81 values each 0 or 1 (integers or booleans, a sequence or an
    array), or the command line's MASK: a string of 81 characters 0 and 1.
    Anything else raises InputError naming the first bad value: a value is
    never cast (256 and 0.5 are not 0).
    """
    want = "want 81 values 0 or 1 (1 where clues may go), or a string of 81 characters 0 and 1"
    if isinstance(x, (str, bytes)):
        t = x.strip() if isinstance(x, str) else x.strip().decode("ascii", "replace")
        if len(t) != 81:
            raise InputError(f"{name}: {len(t)} characters, {want}")
        bad = next((k for k, c in enumerate(t) if c not in "01"), None)
        if bad is not None:
            raise InputError(f"{name}: {cell_name(bad)}: {t[bad]!r}, {want}", None, bad)
        return np.frombuffer(t.encode("ascii"), dtype=np.uint8) - ord("0")
    if isinstance(x, np.ndarray):
        a = x
    elif isinstance(x, Iterable):
        items = list(x)
        for k, v in enumerate(items):
            if not isinstance(v, (int, np.integer, bool, np.bool_)):
                raise InputError(f"{name}: {cell_name(k)}: {v!r}, {want}", None, k if k < 81 else None)
        a = np.array(items, dtype=object)
    else:
        raise InputError(f"{name}: {type(x).__name__}, {want}")
    if a.shape != (81,):
        raise InputError(f"{name}: shape {a.shape}, {want}")
    if a.dtype != object and a.dtype.kind not in "biu":
        raise InputError(f"{name}: dtype {a.dtype}, {want}")
    ok = (a == 0) | (a == 1)
    if not ok.all():
        bad = int(np.flatnonzero(~ok)[0])
        raise InputError(f"{name}: {cell_name(bad)}: {a[bad]!r}, {want}", None, bad)
    return np.ascontiguousarray(a.astype(np.uint8))
