"""Bit operations the kernels share (numba; imported by kernels only, never at start-up).

:func:`popcount` is LLVM's ``ctpop`` on the integer as numba holds it: one instruction where the processor has one,
vectorised in loops, and of the argument's own type (a ``uint64`` stays a ``uint64``, so sums of counts keep their
type). Under ``NUMBA_DISABLE_JIT=1`` it is Python's ``int.bit_count``.

Examples
--------
In a kernel (the intrinsic exists only in compiled code):

>>> from numba import njit
>>> int(njit(lambda x: popcount(x))(0b1011))
3
"""

from numba import config, types
from numba.extending import intrinsic

__all__ = ["popcount"]

if config.DISABLE_JIT:  # type: ignore[attr-defined]  # set by numba from the environment

    def popcount(x):
        """The number of set bits of the integer ``x >= 0``."""
        return int(x).bit_count()

else:

    @intrinsic
    def popcount(typingctx, x):
        """The number of set bits of the integer ``x >= 0``, of the type of ``x``."""
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return x(x), codegen
