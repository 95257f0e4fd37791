"""The CUDA kernel of the GPU counter (numba's CUDA target; imported only when a GPU count runs).

:mod:`nqueens.native.gpu` explains the method and :mod:`nqueens.native.gpu_kernels` builds the items. numba's CUDA
simulator (``NUMBA_ENABLE_CUDASIM=1``) runs this same code on the CPU; it replaces this module's ``cuda``.
"""

import numpy as np
from numba import cuda, uint32

U32 = np.uint32  # casts that numba compiles, and that the simulator runs fast
U64 = np.uint64

from nqueens.native.gpu_kernels import _INDEX_AT, SHIFT_AT

__all__ = ["kernel", "ptx"]

_KERNELS = {}
# kernel(n, rows, items, next_item, out)
SIGNATURE = "void(int64, uint32[:, ::1], uint32[:, ::1], int64[::1], uint64[::1])"


def kernel(g, threads, nodes=False):
    """The CUDA kernel that finishes items on their last ``g`` rows, for blocks of ``threads`` threads (compiled
    once per process for each ``(g, threads, nodes)``).

    Signature: ``kernel(n, rows, items, next_item, out)``: ``rows`` and ``items`` from :func:`build_items`,
    ``next_item`` an int64 array of one zero (the atomic counter the threads take items from), ``out`` a uint64
    array with one slot per item (``2`` per item when ``nodes``: completions, then nodes visited).
    """
    key = (g, threads, nodes)
    if key not in _KERNELS:
        _KERNELS[key] = cuda.jit(SIGNATURE, cache=False)(_source(g, threads, nodes))
    return _KERNELS[key]


def ptx(g, threads, nodes=False, cc=(9, 0)):
    """The kernel compiled to PTX for compute capability ``cc``, and its resources: ``(ptx, registers)``, the
    registers per thread read off the PTX's ``.reg`` declarations (an upper bound; ptxas allocates them). Needs no
    device (a check that the kernel compiles, run by the tests)."""
    code, _ = cuda.compile_ptx(_source(g, threads, nodes), SIGNATURE, cc=cc)
    return code


def _source(g, threads, nodes):
    """The kernel's Python function for ``g`` rows and blocks of ``threads`` (the shapes of its shared arrays
    are constants of the closure).

    numba widens integer arithmetic to 64 bits; every mask is therefore cast back to ``uint32`` after each
    operation, which lets the compiler keep the search in 32-bit registers and instructions, and the stack index
    is unsigned (no negative-index wraparound test).
    """
    T = U64(threads)
    SIZE = g * threads
    LAST = U64(g - 2)  # the depth whose next row is the last one, counted at once
    SHIFT = U32(SHIFT_AT)
    AT = U32(_INDEX_AT)
    LOW = U32((1 << _INDEX_AT) - 1)
    ONE = U32(1)
    ZERO = U32(0)
    NODES = nodes

    def finish(n, rows, items, next_item, out):
        xs = cuda.shared.array(SIZE, dtype=uint32)  # [depth][thread]: the rows of the thread's constellation
        avs = cuda.shared.array(SIZE, dtype=uint32)  # [depth][thread]: squares left | column placed << AT
        rds = cuda.shared.array(SIZE, dtype=uint32)  # [depth][thread]: the "/" diagonals there
        tid = U64(cuda.threadIdx.x)
        full = U32((U64(1) << U64(n)) - U64(1))
        total = items.shape[0]
        while True:
            i = cuda.atomic.add(next_item, 0, 1)
            if i >= total:
                break
            ci = items[i, 0]
            for j in range(g):
                xs[U64(j) * T + tid] = rows[ci, j]
            cols = U32(items[i, 1])
            ld = U32(items[i, 2])
            rd = U32(items[i, 3])
            count = U64(0)
            visited = U64(0)
            j = U64(0)
            p = tid  # j * T + tid
            a = U32(~U32(cols | ld | rd | xs[p]) & full)
            while True:
                if a != ZERO:
                    bit = U32(a & U32(~a + ONE))
                    a = U32(a ^ bit)
                    s = U32(xs[p] >> SHIFT)
                    nc = U32(cols | bit)
                    nl = U32(U32(ld | bit) << s)
                    nr = U32(U32(rd | bit) >> s)
                    nxt = U32(~U32(nc | nl | nr | xs[p + T]) & full)
                    if NODES:
                        visited += U64(1)
                    if j == LAST:
                        count += U64(cuda.popc(nxt))
                    elif nxt != ZERO:
                        avs[p] = U32(a | U32(U32(31 - cuda.clz(bit)) << AT))
                        rds[p] = rd
                        cols = nc
                        ld = nl
                        rd = nr
                        a = nxt
                        j += U64(1)
                        p += T
                else:
                    if j == U64(0):
                        break
                    j -= U64(1)
                    p -= T
                    w = avs[p]
                    a = U32(w & LOW)
                    bit = U32(ONE << U32(w >> AT))
                    s = U32(xs[p] >> SHIFT)
                    cols = U32(cols ^ bit)
                    ld = U32(U32(ld >> s) & U32(~bit))
                    rd = rds[p]
            if NODES:
                out[2 * i] = count
                out[2 * i + 1] = visited
            else:
                out[i] = count

    return finish
