"""The CUDA kernel of the GPU counter (numba's CUDA target; imported only when a GPU count runs).

:mod:`nqueens.native.gpu` explains the method and :mod:`nqueens.native.gpu_kernels` builds the items. numba's CUDA
simulator (``NUMBA_ENABLE_CUDASIM=1``, set before numba is imported) runs this same code on the CPU, with blocks
of :data:`THREADS` = 4 threads instead of 128.

numba widens integer arithmetic to 64 bits; every mask is therefore cast back to 32 bits after each operation,
which lets the compiler keep the search in 32-bit registers and instructions, and the stack index is unsigned
(no negative-index wraparound test). The casts are NumPy's scalar types, which numba compiles and the simulator
runs quickly.
"""

import os

import numpy as np
from nqueens.native.gpu_kernels import _INDEX_AT, MAX_ROWS, SHIFT_AT
from numba import cuda, uint32

__all__ = ["THREADS", "SIGNATURE", "finish", "ptx"]

SIMULATED = os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0")
THREADS = 4 if SIMULATED else 128  # threads per block: the shared arrays hold MAX_ROWS words for each
SIGNATURE = "void(int64, int64, int64, uint32[:, ::1], uint32[:, ::1], int64[::1], uint64[::1])"

U32 = np.uint32
U64 = np.uint64
_T = U64(THREADS)
_SIZE = MAX_ROWS * THREADS
_SHIFT = U32(SHIFT_AT)
_AT = U32(_INDEX_AT)
_LOW = U32((1 << _INDEX_AT) - 1)
_ONE = U32(1)
_ZERO = U32(0)


@cuda.jit(cache=True)
def finish(n, g, nodes, rows, items, next_item, out):
    """Finish work items until none is left: ``n`` the board, ``g`` the rows to fill (``3 <= g <= MAX_ROWS``),
    ``rows`` and ``items`` from :func:`nqueens.native.gpu_kernels.build_items`, ``next_item`` an int64 array
    holding 0 (the counter every thread takes its next item from), ``out`` a uint64 array: the completions of
    item ``i`` at ``out[i]``, or, when ``nodes`` is 1, at ``out[2 i]`` with the queens placed (the nodes of the
    search above the last row) at ``out[2 i + 1]``.

    The stack is in shared memory, laid out ``[depth][thread]`` so that the threads of a warp touch distinct
    banks: the constellation's row masks, the squares left at each depth with the column of the queen placed
    there (to undo the column and ``\\`` masks), and the ``/`` mask at each depth (a right shift drops bits the
    undo would need). The last two rows are counted without a stack: for each square left in the last but one,
    the squares left in the last (``popc``).
    """
    xs = cuda.shared.array(_SIZE, dtype=uint32)  # [depth][thread]: the rows of the thread's constellation
    avs = cuda.shared.array(_SIZE, dtype=uint32)  # [depth][thread]: squares left | column placed << _AT
    rds = cuda.shared.array(_SIZE, dtype=uint32)  # [depth][thread]: the "/" diagonals there
    tid = U64(cuda.threadIdx.x)
    full = U32((U64(1) << U64(n)) - U64(1))
    last = U64(g - 3)  # the depth whose next two rows are the last ones, counted at once
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
        j = U64(0)
        p = tid  # j * _T + tid
        x = xs[p]  # the row word of depth j
        a = U32(~U32(cols | ld | rd | x) & full)
        while True:
            if a != _ZERO:
                bit = U32(a & U32(~a + _ONE))
                a = U32(a ^ bit)
                s = U32(x >> _SHIFT)
                nc = U32(cols | bit)
                nl = U32(U32(ld | bit) << s)
                nr = U32(U32(rd | bit) >> s)
                x1 = xs[p + _T]
                nxt = U32(~U32(nc | nl | nr | x1) & full)
                if nodes:
                    visited += U64(1)
                if j == last:
                    s1 = U32(x1 >> _SHIFT)
                    x2 = xs[p + _T + _T]
                    if nodes:
                        visited += U64(cuda.popc(nxt))
                    while nxt != _ZERO:
                        b1 = U32(nxt & U32(~nxt + _ONE))
                        nxt = U32(nxt ^ b1)
                        below = U32(nc | b1 | U32(U32(nl | b1) << s1) | U32(U32(nr | b1) >> s1) | x2)
                        count += U64(cuda.popc(U32(~below & full)))
                elif nxt != _ZERO:
                    avs[p] = U32(a | U32(U32(31 - cuda.clz(bit)) << _AT))
                    rds[p] = rd
                    cols = nc
                    ld = nl
                    rd = nr
                    a = nxt
                    x = x1
                    j += U64(1)
                    p += _T
            else:
                if j == U64(0):
                    break
                j -= U64(1)
                p -= _T
                w = avs[p]
                x = xs[p]
                a = U32(w & _LOW)
                bit = U32(_ONE << U32(w >> _AT))
                s = U32(x >> _SHIFT)
                cols = U32(cols ^ bit)
                ld = U32(U32(ld >> s) & U32(~bit))
                rd = rds[p]
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
