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
   diagonal mask and row, the last row counted at once with ``popc``. Every turn of its loop places one queen
   for every thread of a warp, whatever their depths: the stack holds only partial boards with squares left
   (four words each: columns, the two diagonal masks, the squares left with the row), an entry is dropped as
   its last square is taken, and a child is pushed unless it is the last row or dead, so no turn is spent
   going back up and the threads of a warp stay on the same instructions (after Yao and Li). The stack and the
   constellation's row words (what the border queens take, and the distance from the free row before: a row
   with a side queen is skipped) live in shared memory laid out ``[depth][thread]``, so the threads of a warp
   hit distinct banks. Every mask is 32 bits, so ``n <= 27`` (the row shares a word with the squares left).
3. **weights and classes**: each completion of a representative fixed by ``h`` symmetries stands for ``8 / h``
   solutions, so the host multiplies each item's count by its constellation's weight: the total. The unique
   solutions and the orbit classes follow by Burnside's lemma from the solutions fixed by the half and the
   quarter turn (no mirror fixes a solution of ``n > 1``), which the quadrant counter's search over the upper
   half of the board counts on the CPU in a few subproblems of their own, beside the GPU's (at ``n = 22``
   1.25 million solutions fixed by the half turn against 2.7 trillion in all). The fast counter instead tests
   the orbit of every completion of a symmetric constellation, a top-down search on the CPU that at
   ``n = 20`` took longer than the GPU's whole share.

Every item's count goes to its own slot of an output array (no shared counters); the host adds them up in
64 bits per subproblem.

Subproblems, the store and clusters
-----------------------------------
A subproblem is a list of constellations ``(t, b, l, r, h)`` (its result: their weighted solutions), or a range
of top-row columns for the solutions fixed by a rotation; :func:`task` gives the same result wherever it runs. A
constellation subproblem runs on this process's GPU; on a machine without one (a CPU worker of a Dask cluster)
the fast counter's CPU kernel finishes the same constellations, so GPU and CPU workers of one cluster share a
count. Each finished subproblem is stored, and an interrupted count resumes from the store. One kernel launch
finishes one subproblem (a second or a few at ``n = 22``), so Ctrl-C is seen between launches and a killed count
loses only the subproblems in flight. Four local threads feed the GPU, each on its own CUDA stream: while one
builds its items or counts rotation-fixed solutions on the CPU, the others' kernels run.

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
>>> len(plan(22)), len(plan(16))  # constellation groups, and pieces of the rotation-fixed counts
(86, 3)
"""

import hashlib
import threading

import numpy as np
from nqueens.native import engine as _cpu
from nqueens.native import gpu_kernels as _k
from nqueens.native import gpu_spec, quadrants
from nqueens.native._gpu_probe import device_present, simulated
from nqueens.native._limits import check_limit

from nqueens.core.d4 import classes_from_fixed
from nqueens.core.errors import NQueensError
from nqueens.core.record import Subproblem

__all__ = [
    "ALGORITHM_VERSION",
    "NAME",
    "MAX_N",
    "WORKERS",
    "device_present",
    "simulated",
    "subproblem_count",
    "rows_on_device",
    "REFERENCE_SECONDS",
    "GROWTH",
    "forecast_seconds",
    "plan",
    "task",
    "solve",
    "profile",
    "combine",
    "warmup",
]

ALGORITHM_VERSION = "2"
CONSTELLATIONS, FIXED_180, FIXED_90 = 0, quadrants.FIXED_180, quadrants.FIXED_90  # the kinds of subproblem
NAME = "gpu"
MAX_N = _k.MAX_N
# Local threads that feed the GPU: while one builds its items or counts rotation-fixed solutions on the CPU,
# the others' kernels run (each on its own CUDA stream).
WORKERS = gpu_spec.SOLVER.threads

# Seconds of a whole count (`nqueens count N --solver gpu`) on one NVIDIA H200, from benchmarks/gpu_device.sh, and
# the growth per n beyond (n = 21 -> 22 took 8x): the forecast's curve.
REFERENCE_SECONDS = {16: 0.5, 17: 0.64, 18: 0.59, 19: 0.91, 20: 3.31, 21: 20.6, 22: 166.0}
GROWTH = 8.0

_SPLIT_FROM = 18  # below this a count is one subproblem
_BLOCKS_PER_SM = 12  # blocks per multiprocessor on a device
_SIM_BLOCKS = 2  # and under the simulator, where every thread is a Python thread
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


def forecast_seconds(n, measured_n, measured_seconds, workers=1):
    """The time of a count of ``n``, forecast from a measured count of ``measured_n`` on this machine and the
    counter's own curve (:data:`REFERENCE_SECONDS`, then :data:`GROWTH` per n); the GPU does the work, so the
    local threads do not change it.

    Examples
    --------
    >>> round(forecast_seconds(22, 20, 3.31))
    166
    """
    curve = (REFERENCE_SECONDS, GROWTH)
    return measured_seconds * quadrants._reference(n, *curve) / quadrants._reference(measured_n, *curve)


def plan(n):
    """The subproblems of the count of ``n``: the fast counter's representatives dealt round-robin, payload
    ``(CONSTELLATIONS, table)``, and the solutions fixed by the half and the quarter turn, payload
    ``(FIXED_180, first, last)`` / ``(FIXED_90, first, last)`` (top-row queen in columns ``first .. last - 1``),
    counted on the CPU by the quadrant counter's search, spread evenly through the plan so that they run beside
    the GPU's subproblems.

    Examples
    --------
    >>> sum(len(s.payload[1]) for s in plan(12) if s.payload[0] == CONSTELLATIONS) == len(
    ...     _cpu.start_constellations(12))
    True
    >>> sorted({s.payload[0] for s in plan(12)}) == [CONSTELLATIONS, FIXED_180, FIXED_90]
    True
    """
    n = check_limit(n, MAX_N, f"solver {NAME!r}", "32-bit masks")
    table = _cpu.start_constellations(n)
    groups = subproblem_count(n, len(table))
    payloads: list[tuple] = [(CONSTELLATIONS, np.ascontiguousarray(table[index::groups])) for index in range(groups)]
    pieces = 1 if n < _SPLIT_FROM else n // 2
    edges = [round(n * k / pieces) for k in range(pieces + 1)]
    fixed = [(kind, a, b) for kind in (FIXED_180, FIXED_90) for a, b in zip(edges, edges[1:]) if b > a]
    step = max(1, len(payloads) // len(fixed))
    for k, payload in enumerate(fixed):  # one after every `step` GPU subproblems, from the first on
        payloads.insert(min(len(payloads), k * (step + 1)), payload)
    return [Subproblem(n, index, payload, _digest(n, payload)) for index, payload in enumerate(payloads)]


def solve(n, table, device=None, g=None):
    """The solutions whose start constellation is in the classes of ``table`` (rows ``(t, b, l, r, h)``): each
    representative's completions times ``8 / h``; the fast counter's :func:`nqueens.native.engine.solve` gives
    the same total.

    ``device``: run on the GPU (True), on the CPU (False), or on the GPU when there is one (None); ``g``: the
    rows the kernel fills (:func:`rows_on_device` by default).
    """
    table = np.ascontiguousarray(table, dtype=np.int64)
    if table.ndim != 2 or table.shape[1] != 5:
        raise NQueensError(f"a subproblem table has rows (t, b, l, r, h), got shape {table.shape}")
    if device is None:
        device = simulated() or _cuda_available()
    if not device or n < 6:  # below 6 a constellation may leave fewer than 2 free rows
        return _cpu.solve(n, table)["total"]
    g = _check_g(n, rows_on_device(n) if g is None else g)
    rows, items = _k.build_items(n, table, g)
    try:
        counts = _launch(n, g, rows, items)()
    except NQueensError:
        raise
    except Exception as exc:  # the driver's errors (CudaAPIError, CudaSupportError, out of memory)
        if type(exc).__module__.startswith(("numba", "cuda")):
            raise NQueensError(f"the CUDA device failed: {type(exc).__name__}: {_one_line(exc)}") from None
        raise
    weights = (8 // table[:, 4]).astype(np.uint64)
    return int((counts * weights[items[:, 0]]).sum(dtype=np.uint64))


def task(n, index, payload):
    """One subproblem of :func:`plan` (a pure function): ``{"kind", "count"}``, the weighted solutions of its
    constellations, or the solutions fixed by its rotation."""
    kind = int(payload[0])
    if kind == CONSTELLATIONS:
        found = solve(n, payload[1])
    elif kind in (FIXED_180, FIXED_90):  # the quadrant counter's subproblems of these kinds
        found = quadrants.task(n, index, payload)["count"]
    else:
        raise NQueensError(f"unknown kind of subproblem {kind} for solver {NAME!r}")
    return {"kind": kind, "count": int(found)}


def combine(n, results):
    """The count of ``n`` from the results of all its subproblems, in any order: the total from the
    constellations, and the classes by Burnside's lemma from the solutions fixed by the rotations (no mirror
    fixes a solution of ``n > 1``): ``classes[2] = R90 / 2``, ``classes[4] = (R180 - R90) / 4``,
    ``classes[8] = (total - R180) / 8``.

    Examples
    --------
    >>> combine(8, [task(8, s.index, s.payload) for s in plan(8)])["classes"]
    {4: 1, 8: 11}
    """
    sums = {CONSTELLATIONS: 0, FIXED_180: 0, FIXED_90: 0}
    seen = set()
    for result in results:
        kind = int(result["kind"])
        sums[kind] += int(result["count"])
        seen.add(kind)
    if seen != set(sums):
        raise NQueensError(f"the results of a {NAME!r} count of n = {n} lack a kind of subproblem")
    total, r180, r90 = sums[CONSTELLATIONS], sums[FIXED_180], sums[FIXED_90]
    classes = classes_from_fixed(n, total, r180, r90)
    stats = {"constellations": len(_cpu.start_constellations(n)), "fixed_180": r180, "fixed_90": r90}
    return {"total": total, "unique": sum(classes.values()), "classes": classes, "stats": stats}


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
    function that waits for it and returns the completions of each item (uint64; with ``nodes``: an array of two
    columns, completions and nodes, and the seconds the kernels took)."""
    from nqueens.native import gpu_device
    from numba import cuda

    if len(items) == 0:
        return (lambda: (np.zeros((0, 2), np.uint64), 0.0)) if nodes else (lambda: np.zeros(0, np.uint64))
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
        began, ended = cuda.event(), cuda.event()
        began.record(stream)
        for start in range(0, len(items), chunk):
            part = np.ascontiguousarray(items[start : start + chunk])
            d_items = cuda.to_device(part, stream=stream)
            d_next = cuda.to_device(np.zeros(1, np.int64), stream=stream)
            d_out = cuda.device_array(width * len(part), np.uint64, stream=stream)
            blocks = max(1, min(blocks_max, -(-len(part) // threads)))
            gpu_device.finish[blocks, threads, stream](n, g, int(nodes), d_rows, d_items, d_next, d_out)
            pending.append(d_out)
        ended.record(stream)

    def wait():
        parts = []
        for d_out in pending:
            parts.append(d_out.copy_to_host(stream=stream))
        stream.synchronize()
        if nodes:
            return np.concatenate(parts).reshape(-1, 2), began.elapsed_time(ended) / 1000
        return np.concatenate(parts)

    return wait


def profile(n, table, g=None):
    """The work items of ``table`` and, from one kernel run that also counts nodes, their completions and
    nodes: ``{"items", "g", "found", "nodes", "seconds", "kernel_seconds"}`` (seconds with the copies to and
    from the device, and of the kernel alone; for benchmarks: nodes per second on a device)."""
    import time

    table = np.ascontiguousarray(table, dtype=np.int64)
    g = _check_g(n, rows_on_device(n) if g is None else g)
    rows, items = _k.build_items(n, table, g)
    start = time.perf_counter()
    counts, kernel = _launch(n, g, rows, items, nodes=True)()
    seconds = time.perf_counter() - start
    return {
        "items": len(items),
        "g": g,
        "found": int(counts[:, 0].sum(dtype=np.uint64)),
        "nodes": int(counts[:, 1].sum(dtype=np.uint64)),
        "seconds": seconds,
        "kernel_seconds": kernel,
    }


def _check_g(n, g):
    if not 2 <= g <= min(n - 4, _k.MAX_ROWS):
        raise NQueensError(f"g = {g}: the kernel fills 2 to {min(n - 4, _k.MAX_ROWS)} rows for n = {n}")
    return g


def _one_line(exc):
    return " ".join(str(exc).split()) or "no message"


def _digest(n, payload):
    """The digest of a subproblem: its description ``(n, ALGORITHM_VERSION, payload)``."""
    kind = int(payload[0])
    if kind == CONSTELLATIONS:
        body = ";".join(",".join(map(str, row)) for row in payload[1].tolist())
    else:
        body = f"{int(payload[1])}..{int(payload[2])}"
    text = f"nqueens {NAME} {ALGORITHM_VERSION} n={n} kind={kind} {body}"
    return hashlib.sha256(text.encode()).hexdigest()
