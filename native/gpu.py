"""The GPU counter (registry name ``gpu``): the fast counter's start constellations, finished on an NVIDIA GPU.

The method
----------
The count is the fast counter's (:mod:`nqueens.native.engine`): one representative start constellation per
class under the 8 symmetries of the board (the queens of the four border lines), each weighed by ``8 / h``. The
plan is the same kind of data, the representatives dealt round-robin into subproblems; only the search that
completes a constellation runs on the GPU:

1. **work items** (CPU, :func:`nqueens.native.gpu_kernels.build_items`): each constellation's free rows (the rows
   without a border queen), with what its border queens attack in each, are split by placing queens on all but
   the last ``g`` free rows in every possible way; each placement is an item of four 32-bit words (the
   constellation, and the column and diagonal masks moved to the first of the last ``g`` rows). For ``n = 22``
   ``g = 14``: about 3.7 million items per subproblem.
2. **kernel** (GPU, :func:`nqueens.native.gpu_device.finish`): every thread takes items one after
   another from an atomic counter (threads that finish early take more, so no thread idles while work is left)
   and finishes each with an iterative bitmask search, top down: ``bit = free & -free``, one shift per
   diagonal mask and row, the last row counted at once with ``popc``. Its stack lives in shared memory, laid out
   ``[depth][thread]`` so that the threads of a warp hit distinct banks: one word per depth with the squares
   left and the column placed (to undo the column and ``\\`` masks), one with the ``/`` mask (a right shift loses
   bits that the undo would need), and the constellation's ``g`` row masks with the shift to the next free row.
   Every mask is 32 bits, so ``n <= 27`` (the column index shares the stack word with the squares).
3. **weights**: a constellation that no symmetry fixes (``h = 1``, almost all) has completions that are each a
   fundamental solution with an orbit of 8, so the kernel only counts them: each adds 8 to the total and 1 to the
   8-orbit classes. The few constellations with ``h > 1`` need the orbit size of each completion; they run on the
   CPU (the fast counter's kernel) while the GPU works.

Every item's count goes to its own slot of an output array (no shared counters); the host adds them up in
int64 per subproblem.

Subproblems, the store and clusters
-----------------------------------
A subproblem is a list of constellations ``(t, b, l, r, h)``, as in the fast counter; its result is the same
``{"total", "classes"}``, whatever finished it. :func:`task` runs it on this process's GPU; on a machine without
one (a CPU worker of a Dask cluster) it runs the same constellations with the fast counter's CPU kernel, so GPU
and CPU workers of one cluster share a count, each finished subproblem is stored, and an interrupted count
resumes from the store. One kernel launch finishes one subproblem (a few seconds at most), so Ctrl-C is seen
between launches and a killed count loses only the subproblems in flight.

Without a device, :func:`warmup` (run before every count) raises one line. For tests, numba's CUDA simulator
runs the same kernel code on the CPU: ``NUMBA_ENABLE_CUDASIM=1`` in the environment before numba is imported
(slow: small ``n`` only).

References
----------
T. B. Preusser and J. Engelhardt, *Putting Queens in Carry Chains, No. 27*, J. Signal Processing Systems 88
(2017) 185-201: start constellations, many GPU work items per constellation.
Yao and Li, *Counting N-Queens solutions on GPUs* (2025), arXiv:2511.12009: stack in shared memory by
``[depth][thread]``, dynamic fetching of work.
OEIS A000170 (total) and A002562 (fundamental solutions).

Examples
--------
>>> len(plan(22)), len(plan(16))
(64, 1)
"""

import hashlib
import threading

import numpy as np
from nqueens.native._gpu_probe import device_present, simulated

from nqueens.core.errors import NQueensError
from nqueens.core.record import Subproblem, classes_to_json
from nqueens.native import engine as _cpu
from nqueens.native import gpu_kernels as _k

__all__ = [
    "ALGORITHM_VERSION",
    "SOLVER",
    "MAX_N",
    "WORKERS",
    "device_present",
    "simulated",
    "subproblem_count",
    "rows_on_device",
    "plan",
    "task",
    "solve",
    "profile",
    "combine",
    "warmup",
]

ALGORITHM_VERSION = "1"
SOLVER = "gpu"
MAX_N = _k.MAX_N
# Local threads that feed the GPU: while one builds its items or runs its symmetric constellations on the CPU,
# the other's kernel runs (each on its own CUDA stream).
WORKERS = 2

_SPLIT_FROM = 18  # below this a count is one subproblem
_THREADS = 128  # threads per block on a device
_BLOCKS_PER_SM = 8
_SIM_THREADS = 4  # and under the simulator, where every thread is a Python thread
_SIM_BLOCKS = 2
_MAX_ITEMS = 1 << 24  # items per launch (16 bytes each, and 8 for the count): 384 MiB at most
_lock = threading.Lock()

NO_DEVICE = (
    "no CUDA device: solver 'gpu' needs an NVIDIA GPU with its driver and the 'gpu' extra (pip install "
    "'nqueens[gpu]'); to test it without one, run under numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1, small n "
    "only), or count with --solver fast"
)


def subproblem_count(n, constellations):
    """How many subproblems the count of ``n`` is split into: one below ``n = 18``, then 4 doubling with each
    ``n`` (64 for ``n = 22``), never more than there are constellations. One subproblem is one kernel launch;
    at ``n = 22`` about a second of an H100.

    Examples
    --------
    >>> subproblem_count(12, 705), subproblem_count(20, 9000)
    (1, 16)
    """
    if n < _SPLIT_FROM or constellations <= 1:
        return 1
    return min(constellations, 4 << (n - _SPLIT_FROM))


def rows_on_device(n):
    """``g``, the free rows the kernel fills (the rows before are placed on the CPU, one item per placement):
    ``n - 8``, at least 2 and at most ``n - 4`` (every constellation has that many free rows) and
    :data:`~nqueens.native.gpu_kernels.MAX_ROWS`; under the simulator ``n - 4``, the fewest items. For ``n = 22``
    that is 14 rows and about 3.7 million items per subproblem (0.3 s on one core to build); each row fewer
    multiplies the items by about 7."""
    if simulated():
        return max(2, min(n - 4, _k.MAX_ROWS))
    return max(2, min(n - 8, n - 4, _k.MAX_ROWS))


def plan(n):
    """The subproblems of the count of ``n``: the representatives of the fast counter dealt round-robin.

    Examples
    --------
    >>> sum(len(s.payload[0]) for s in plan(12)) == len(_cpu.start_constellations(12))
    True
    """
    n = _check_n(n)
    table = _cpu.start_constellations(n)
    groups = subproblem_count(n, len(table))
    out = []
    for index in range(groups):
        part = np.ascontiguousarray(table[index::groups])
        out.append(Subproblem(n, index, (part,), _digest(n, part)))
    return out


def solve(n, table, device=None, g=None):
    """Count the solutions on the constellations of ``table``; the same result as the fast counter's
    :func:`nqueens.native.engine.solve`.

    ``device``: run on the GPU (True), on the CPU (False), or on the GPU when there is one (None); ``g``: the
    rows the kernel fills (:func:`rows_on_device` by default).
    """
    table = np.ascontiguousarray(table, dtype=np.int64)
    if table.ndim != 2 or table.shape[1] != 5:
        raise NQueensError(f"a subproblem table has rows (t, b, l, r, h), got shape {table.shape}")
    if device is None:
        device = simulated() or _cuda_available()
    if not device or n < 6:  # below 6 a constellation may leave fewer than 2 free rows
        return _cpu.solve(n, table)
    plain = table[:, 4] == 1
    symmetric = table[~plain]
    on_gpu = np.ascontiguousarray(table[plain])
    g = _check_g(n, rows_on_device(n) if g is None else g)
    rows, items = _k.build_items(n, on_gpu, g)
    try:
        launch = _launch(n, g, rows, items)  # asynchronous: the CPU works on the symmetric ones meanwhile
        result = _cpu.solve(n, symmetric)
        found = launch()
    except NQueensError:
        raise
    except Exception as exc:  # the driver's errors (CudaAPIError, CudaSupportError, out of memory)
        if type(exc).__module__.startswith(("numba", "cuda")):
            raise NQueensError(f"the CUDA device failed: {type(exc).__name__}: {_one_line(exc)}") from None
        raise
    result["total"] += 8 * found
    result["classes"][8] += found
    return result


def task(n, index, payload):
    """One subproblem of :func:`plan`: the JSON form of :func:`solve` on its constellations (a pure function)."""
    (table,) = payload
    result = solve(n, table)
    return {"total": result["total"], "classes": classes_to_json(result["classes"])}


def combine(n, results):
    """The count of ``n`` from the results of all its subproblems, in any order (as the fast counter's)."""
    return _cpu.combine(n, results)


def warmup():
    """Make sure there is a CUDA device (or the simulator), and load the CPU kernels; one line if not."""
    if not simulated() and not _cuda_available():
        raise NQueensError(NO_DEVICE)
    _cpu.warmup()


def _cuda_available():
    try:
        from numba import cuda
    except ImportError:
        return False
    try:
        return bool(cuda.is_available())
    except Exception:
        return False


def _launch(n, g, rows, items, nodes=False):
    """Start the kernel on ``items`` (in chunks of at most ``_MAX_ITEMS``) on a stream of its own; return a
    function that waits for it and returns the sum of the counts (with ``nodes``: the counts and nodes per item,
    an array of two columns)."""
    from numba import cuda

    from nqueens.native import gpu_device

    if len(items) == 0:
        return (lambda: np.zeros((0, 2), np.uint64)) if nodes else (lambda: 0)
    threads = gpu_device.THREADS
    if simulated():
        blocks_max = _SIM_BLOCKS
    else:
        blocks_max = cuda.get_current_device().MULTIPROCESSOR_COUNT * _BLOCKS_PER_SM
    chunk = min(len(items), _MAX_ITEMS)
    width = 2 if nodes else 1
    need = rows.nbytes + chunk * (items.itemsize * _k.ITEM_FIELDS + 8 * width) + 8
    if not simulated():
        free, total = cuda.current_context().get_memory_info()
        if need > free:
            raise NQueensError(
                f"the GPU has {free / 2**20:.0f} MiB free of {total / 2**20:.0f} MiB, and a subproblem of n = {n} "
                f"needs {need / 2**20:.0f} MiB (its items and counts)"
            )
    with _lock:  # the first launch compiles the kernel (or loads it from numba's cache), once
        stream = cuda.stream()
        d_rows = cuda.to_device(rows, stream=stream)
        pending = []
        for start in range(0, len(items), chunk):
            part = np.ascontiguousarray(items[start : start + chunk])
            d_items = cuda.to_device(part, stream=stream)
            d_next = cuda.to_device(np.zeros(1, np.int64), stream=stream)
            d_out = cuda.device_array(width * len(part), np.uint64, stream=stream)
            blocks = max(1, min(blocks_max, -(-len(part) // threads)))
            gpu_device.finish[blocks, threads, stream](n, g, int(nodes), d_rows, d_items, d_next, d_out)
            pending.append(d_out)

    def wait():
        parts = []
        for d_out in pending:
            parts.append(d_out.copy_to_host(stream=stream))
        stream.synchronize()
        if nodes:
            return np.concatenate(parts).reshape(-1, 2)
        return sum(int(p.sum(dtype=np.uint64)) for p in parts)

    return wait


def profile(n, table, g=None):
    """The work items of ``table`` and, from one kernel run that also counts nodes, their completions and
    nodes: ``{"items", "g", "found", "nodes", "seconds"}`` (for benchmarks: nodes per second on a device)."""
    import time

    table = np.ascontiguousarray(table, dtype=np.int64)
    plain = np.ascontiguousarray(table[table[:, 4] == 1])
    g = _check_g(n, rows_on_device(n) if g is None else g)
    rows, items = _k.build_items(n, plain, g)
    start = time.perf_counter()
    counts = _launch(n, g, rows, items, nodes=True)()
    seconds = time.perf_counter() - start
    return {
        "items": len(items),
        "g": g,
        "found": int(counts[:, 0].sum(dtype=np.uint64)),
        "nodes": int(counts[:, 1].sum(dtype=np.uint64)),
        "seconds": seconds,
    }


def _check_g(n, g):
    if not 2 <= g <= min(n - 4, _k.MAX_ROWS):
        raise NQueensError(f"g = {g}: the kernel fills 2 to {min(n - 4, _k.MAX_ROWS)} rows for n = {n}")
    return g


def _one_line(exc):
    return " ".join(str(exc).split()) or "no message"


def _digest(n, table):
    text = f"nqueens {SOLVER} {ALGORITHM_VERSION} n={n} " + ";".join(",".join(map(str, row)) for row in table.tolist())
    return hashlib.sha256(text.encode()).hexdigest()


def _check_n(n):
    from nqueens.core.board import check_n

    n = check_n(n)
    if n > MAX_N:
        raise NQueensError(f"n = {n} is above the limit of solver {SOLVER!r}, n <= {MAX_N} (32-bit masks)")
    return n
