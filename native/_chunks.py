"""The driver every seed solver shares: run its instrumented, resumable kernel for chunks or for a node count.

Each seed module has two kernels: ``_count(n)``, the text's loop as written (the fast count), and
``_search(n, state, out, profile, checks)``, the same search instrumented and resumable. ``_search`` continues
from ``state`` (``state[0]`` is the search's position: ``-1`` before the start, ``0`` once the search has
ended), adds the feasible nodes it stands on to ``profile[depth]`` and its constraint tests to ``checks[0]``, and
returns how many solutions it emitted. When ``out`` has rows it writes the solutions there and returns as soon as
the next find might not fit (``profile`` and ``checks`` are then scratch: a kernel may skip counting what no one
reads); when ``out`` has no rows it writes nothing and runs to the end.
"""

import numpy as np

from nqueens.core.board import dtype_for
from nqueens.core.record import Tally

__all__ = ["stream", "tally"]

_CHUNK = 1 << 14
_FIRST = 16  # rows of the first chunk


def stream(search, n, state, limit=None, emit=1):
    """Yield the solutions of ``search`` as ``(m, n)`` arrays, resuming the kernel chunk after chunk.

    ``emit`` is the most solutions the method emits at once (2 for a solution and its mirror image, 4 for the
    sieve's flips), so a chunk always has room for one more find. ``limit`` only sizes the chunks: the facade
    cuts the stream, and the kernel stops as soon as a chunk is full. Chunks start small and double up to
    ``_CHUNK`` rows, so the first solutions of a slow search come out at once and a long stream costs few calls.
    """
    size = _CHUNK if limit is None else max(emit, min(_CHUNK, limit))
    out = np.empty((size, n), dtype_for(n))
    profile = np.zeros(n + 1, np.int64)
    checks = np.zeros(1, np.int64)
    room = min(size, max(emit, _FIRST))
    while True:
        filled = search(n, state, out[:room], profile, checks)
        if filled:
            yield out[:filled].copy()
        if state[0] == 0:
            return
        room = min(size, 2 * room)


def tally(search, n, state):
    """Run ``search`` to the end without writing solutions: the :class:`Tally` with nodes, profile, tests."""
    profile = np.zeros(n + 1, np.int64)
    checks = np.zeros(1, np.int64)
    total = search(n, state, np.empty((0, n), dtype_for(n)), profile, checks)
    levels = tuple(int(x) for x in profile)
    return Tally(total=int(total), nodes=sum(levels), profile=levels, stats={"tests": int(checks[0])})
