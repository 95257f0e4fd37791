# mypy: disable-error-code="arg-type,call-arg,operator"
# (numba-cuda types its intrinsics, cuda.atomic.add and cuda.popc, for the CUDA target, not as Python calls)
"""The CUDA kernel of the GPU counter (numba's CUDA target; imported only when a GPU count runs).

:mod:`nqueens.native.gpu` explains the method and :mod:`nqueens.native.gpu_kernels` builds the items. numba's CUDA
simulator (``NUMBA_ENABLE_CUDASIM=1``, set before numba is imported) runs this same code on the CPU, with blocks
of :data:`THREADS` = 4 threads instead of 64.

numba widens integer arithmetic to 64 bits; every mask is therefore cast back to 32 bits after each operation,
which lets the compiler keep the search in 32-bit registers and instructions, and the stack index is unsigned
(no negative-index wraparound test). The casts are NumPy's scalar types, which numba compiles and the simulator
runs quickly.
"""

import os

import numpy as np
from nqueens.native.gpu_kernels import _INDEX_AT, MAX_ROWS, SHIFT_AT
from numba import cuda, uint32

from nqueens.core.cache import place_kernels

try:  # numba-cuda's own cache machinery, where its version has one (else numba's, which nqueens.core.jit set)
    from numba.cuda.core.caching import CacheImpl as _CudaCache
except ImportError:
    _CudaCache = None

__all__ = ["THREADS", "SIGNATURE", "finish", "ptx"]

SIMULATED = os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")
THREADS = 4 if SIMULATED else 64  # threads per block: five shared arrays hold MAX_ROWS words for each
SIGNATURE = "void(int64, int64, int64, uint32[:, ::1], uint32[:, ::1], int64[::1], uint64[::1])"

U32 = np.uint32
U64 = np.uint64
_T = U64(THREADS)
_TS = np.int64(THREADS)
_SIZE = MAX_ROWS * THREADS
_SHIFT = U32(SHIFT_AT)
_AT = U32(_INDEX_AT)
_LOW = U32((1 << _INDEX_AT) - 1)
_ONE = U32(1)
_ZERO = U32(0)
if _CudaCache is not None:
    place_kernels(_CudaCache)


@cuda.jit(cache=True)
def finish(n, g, nodes, rows, items, next_item, out):
    """Finish work items until none is left: ``n`` the board, ``g`` the rows to fill (``2 <= g <= MAX_ROWS``),
    ``rows`` and ``items`` from :func:`nqueens.native.gpu_kernels.build_items`, ``next_item`` an int64 array
    holding 0 (the counter every thread takes its next item from), ``out`` a uint64 array: the completions of
    item ``i`` at ``out[i]``, or, when ``nodes`` is 1, at ``out[2 i]`` with the queens placed (the nodes of the
    search, the last row's counted by ``popc``) at ``out[2 i + 1]``.

    The stack holds the partial boards that still have squares to try, each an entry of four words (columns,
    the two diagonal masks, the squares left with the entry's row above them), in shared memory laid out
    ``[depth][thread]`` so that the threads of a warp touch distinct banks. Every turn of the loop places one
    queen, whatever the thread's depth: it takes the lowest square of the top entry, drops the entry once it has
    none left, and pushes the child unless the child is the last row (counted at once, ``popc``) or dead. So the
    threads of a warp run the same instructions turn after turn (after Yao and Li), with no turns spent going
    back up; the constellation's row words (what the border queens take, and the distance from the row before)
    sit in shared memory beside the stack.
    """
    xs = cuda.shared.array(_SIZE, dtype=uint32)  # [row][thread]: the rows of the thread's constellation
    sc = cuda.shared.array(_SIZE, dtype=uint32)  # [depth][thread]: the stack's columns
    sl = cuda.shared.array(_SIZE, dtype=uint32)  # "\\" diagonals
    sr = cuda.shared.array(_SIZE, dtype=uint32)  # "/" diagonals
    sa = cuda.shared.array(_SIZE, dtype=uint32)  # squares left | row << _AT
    tid = U64(cuda.threadIdx.x)
    full = U32((U64(1) << U64(n)) - U64(1))
    last = U32(g - 2)  # the row whose child is the last row, counted at once
    total = items.shape[0]
    while True:
        i = cuda.atomic.add(next_item, 0, 1)
        if i >= total:
            break
        ci = items[i, 0]
        for j in range(g):
            xs[U64(j) * _T + tid] = rows[ci, j]
        cols = U32(items[i, 1])
        ld = U32(items[i, 2])
        rd = U32(items[i, 3])
        count = U64(0)
        visited = U64(0)
        a = U32(~U32(cols | ld | rd | xs[tid]) & full)
        if a != _ZERO:
            p = np.int64(tid)  # the top entry: depth * _T + tid (signed: it goes below 0 when the stack empties)
            sc[U64(p)] = cols
            sl[U64(p)] = ld
            sr[U64(p)] = rd
            sa[U64(p)] = a
            depth = 1  # entries on the stack
            while depth > 0:
                w = sa[U64(p)]
                a = U32(w & _LOW)
                row = U32(w >> _AT)
                bit = U32(a & U32(~a + _ONE))
                a = U32(a ^ bit)
                sa[U64(p)] = U32(a | U32(row << _AT))
                x1 = xs[U64(row + _ONE) * _T + tid]
                s = U32(x1 >> _SHIFT)
                nc = U32(sc[U64(p)] | bit)
                nl = U32(U32(sl[U64(p)] | bit) << s)
                nr = U32(U32(sr[U64(p)] | bit) >> s)
                nxt = U32(~U32(nc | nl | nr | x1) & full)
                if nodes:
                    visited += U64(1)
                leaf = row == last
                if leaf:
                    count += U64(cuda.popc(nxt))
                    if nodes:
                        visited += U64(cuda.popc(nxt))
                if a == _ZERO:
                    depth -= 1
                    p -= _TS
                if not leaf and nxt != _ZERO:
                    depth += 1
                    p += _TS
                    sc[U64(p)] = nc
                    sl[U64(p)] = nl
                    sr[U64(p)] = nr
                    sa[U64(p)] = U32(nxt | U32(U32(row + _ONE) << _AT))
        if nodes:
            out[2 * i] = count
            out[2 * i + 1] = visited
        else:
            out[i] = count


def ptx(cc=(9, 0)):
    """The kernel compiled to PTX for compute capability ``cc`` (9.0: H100, H200); needs no device, only
    numba's CUDA compiler (a test that the kernel compiles for a real GPU)."""
    code, _ = cuda.compile_ptx(finish.py_func, SIGNATURE, cc=cc)
    return code
