"""The bit-width limits of the native kernels, stated once (the registry's ``max_n`` and its reasons).

Nothing here imports numpy or numba, so the registry can read these numbers without compiling anything.
"""

from nqueens.core.errors import NQueensError

__all__ = ["MASK_MAX_N", "MASK_REASON", "DIAGONALS_MAX_N", "DIAGONALS_REASON", "check_limit"]

# Columns (or rows) as the bits of an int64: bits 0..62, bit 63 being the sign.
MASK_MAX_N = 63
MASK_REASON = "64-bit masks"

# Both diagonal directions, 2n - 1 lines each, as the bits of an int64 (seed 004's check).
DIAGONALS_MAX_N = 32
DIAGONALS_REASON = "64-bit masks of the 2n - 1 diagonals"


def check_limit(n, max_n, what, reason):
    """``n`` checked by :func:`nqueens.core.board.check_n` and refused above ``max_n``, the limit of ``what``
    (``"solver 'fast'"``) for ``reason``; for a function that the facade's checks do not guard."""
    from nqueens.core.board import check_n

    n = check_n(n)
    if n > max_n:
        raise NQueensError(f"n = {n} is above the limit of {what}, n <= {max_n} ({reason})")
    return n
