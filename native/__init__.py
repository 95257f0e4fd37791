"""Hand-written iterative solvers of the seed texts and the fast counting engine, as numba kernels.

Each module ports one algorithm family and keeps its source's names. Kernels are private
``@njit(cache=True, nogil=True)`` functions over ints and small arrays; public wrappers validate input and build
:class:`nqueens.core.record.Tally` records. Importing this package compiles nothing.
"""
