"""The bit-width limits of the native kernels, stated once (the registry's ``max_n`` and its reasons).

Nothing here imports numpy or numba, so the registry can read these numbers without compiling anything.
"""

__all__ = ["MASK_MAX_N", "MASK_REASON", "DIAGONALS_MAX_N", "DIAGONALS_REASON"]

# Columns (or rows) as the bits of an int64: bits 0..62, bit 63 being the sign.
MASK_MAX_N = 63
MASK_REASON = "64-bit masks"

# Both diagonal directions, 2n - 1 lines each, as the bits of an int64 (seed 004's check).
DIAGONALS_MAX_N = 32
DIAGONALS_REASON = "64-bit masks of the 2n - 1 diagonals"
