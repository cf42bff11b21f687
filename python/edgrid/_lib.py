"""Loading libedgrid, the c-shared build of edgrid's C API (cmd/capi/), with ctypes.

ctypes releases the GIL for the duration of every call into a CDLL, so
batches run on all cores while other Python threads go on.
"""

from __future__ import annotations

import ctypes
import os
import pathlib

# The library's path inside the package: native/ has no __init__.py, so
# pkgutil (help(), pydoc) lists no module for it.
LIBRARY_PATH = ("native", "libedgrid.so")

# Status codes, as cmd/capi/edgrid.h's enum.
OK = 0
BAD_INPUT = 1
BAD_ARGUMENT = 2
INTERNAL = 3


class Error(ctypes.Structure):
    """edgrid_error: the row and cell at fault (-1 for none) and a message."""

    _fields_ = [
        ("row", ctypes.c_int64),
        ("cell", ctypes.c_int32),
        ("message", ctypes.c_char * 512),
    ]


def _path() -> pathlib.Path:
    """The library's path: $EDGRID_LIB, else native/libedgrid.so beside this file."""
    env = os.environ.get("EDGRID_LIB")
    if env:
        return pathlib.Path(env)
    return pathlib.Path(__file__).parent.joinpath(*LIBRARY_PATH)


def _load() -> ctypes.CDLL:
    """Load the library and declare its functions' argument types."""
    path = _path()
    if not path.exists():
        raise ImportError(
            f"edgrid: {path} not found: install the package with "
            "'pip install ./python' (or 'make python'), or build the library in place with "
            "'make python-lib' (GOEXPERIMENT=simd go build -buildmode=c-shared -o python/edgrid/native/libedgrid.so ./cmd/capi on amd64)"
        )
    lib = ctypes.CDLL(str(path))
    p, i32, i64 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64
    e = ctypes.POINTER(Error)
    signatures = {
        "edgrid_minlex": [p, i64, p, p, i32, e],
        "edgrid_rank": [p, i64, i32, p, i32, e],
        "edgrid_unrank": [p, i64, i32, p, i32, e],
        "edgrid_canon_puzzles": [p, i64, i32, p, p, i32, e],
        "edgrid_pattern": [p, i64, p, p, i32, e],
        "edgrid_solve": [p, i64, i64, p, p, i32, e],
        "edgrid_puzzle_id": [p, i64, p, i64, i32, e],
        "edgrid_from_id": [p, i64, i64, p, i32, e],
        "edgrid_invariants": [p, i64, p, i64, p, i32, e],
        "edgrid_invariant_count": [p, i64, p, e],
        "edgrid_group_size": [i32, p, e],
        "edgrid_group": [i32, p, i64, i32, e],
        "edgrid_scan": [p, i32, i32, i32, p, p, i64, p, e],
        "edgrid_rate": [p, i64, p, p, i32, e],
        "edgrid_generate": [i64, i32, i32, i32, i32, i32, i32, i32, ctypes.c_uint64, p, p, p, p, p, i32, e],
    }
    for name, args in signatures.items():
        f = getattr(lib, name)
        f.argtypes = args
        f.restype = ctypes.c_int
    return lib


lib = _load()

FORKED_MESSAGE = (
    "edgrid: this process was forked after edgrid was imported, and the Go runtime "
    "of edgrid's library does not survive fork: start worker processes with "
    "multiprocessing's 'spawn' or 'forkserver' method (multiprocessing.get_context('spawn'), "
    "or multiprocessing_context='spawn' for a PyTorch DataLoader), or import edgrid "
    "only inside the workers"
)

forked = False
"""True in a child forked after the library was loaded: every call then raises."""


def _mark_forked() -> None:
    """Run in the child after every fork: the library is unusable there."""
    global forked
    forked = True


os.register_at_fork(after_in_child=_mark_forked)
