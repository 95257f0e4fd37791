"""Knuth's random-probe estimate of the size of a backtracking tree.

A probe walks from the root to a leaf or a dead end, choosing each time one of the ``d`` feasible children of
the current node uniformly at random. With ``d_0, d_1, ...`` the numbers met on the way, the probe's value

    X = 1 + d_0 + d_0 d_1 + d_0 d_1 d_2 + ...

is an unbiased estimate of the number of feasible nodes of the tree, root included (a node at depth ``k`` is
reached with probability ``1 / (d_0 ... d_{k-1})``); the same weights applied to the candidates each node
generates estimate the generated nodes. The mean of many probes, with its standard error, tells in
milliseconds how big a tree is that no one could search: that is what lets ``nqueens count`` warn before a run
that would take hours (:mod:`nqueens.forecast`).

The three formulations (:mod:`nqueens.analysis.trees`) differ in what a node is:

``permutation``, ``mary``
    A node at depth ``k`` places queens in rows ``0 .. k-1``; it is feasible when no two attack each other, so
    the two trees have the same feasible nodes (Knuth's 2057 for ``n = 8``). They differ in what a node
    generates: ``n - k`` candidates (the unused columns) for ``permutation``, ``n`` for ``mary``.
``subset``
    A node at depth ``k`` has decided the first ``k`` cells in row-major order, each "queen" or "empty"; each
    node generates both. It is feasible when no two of its queens attack each other and every row it has
    completed holds a queen (the checks that can be made on the cells decided so far).

Examples
--------
>>> est = estimate(8, "permutation", probes=10000, seed=1)
>>> abs(est.estimate - 2057) < 3 * est.stderr
True
>>> estimate(1, "mary", probes=2).estimate
2.0

References
----------
D. E. Knuth, *Estimating the efficiency of backtrack programs*, Mathematics of Computation 29 (1975) 121-136.
D. E. Knuth, *The Art of Computer Programming* 4B, section 7.2.2 (the 2057-node tree of 8 queens).
"""

import math
import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from nqueens.board import check_n
from nqueens.errors import NQueensError

__all__ = ["MODELS", "MAX_N", "Estimate", "estimate", "warmup"]

MODELS = ("permutation", "mary", "subset")
MAX_N = 63  # rows are int64 bit masks

_PERMUTATION, _MARY, _SUBSET = range(3)

@dataclass(frozen=True)
class Estimate:
    """The result of :func:`estimate`.

    Attributes
    ----------
    n, model, probes, seed : int, str, int, int
    estimate, stderr : float
        Mean and standard error of the estimated number of feasible nodes, root included.
    generated, generated_stderr : float
        The same for the generated nodes (every candidate created and tested, the root counting 1).
    profile : tuple of float
        The estimated feasible nodes per depth (rows, or cells for ``subset``), root first; they add up to
        ``estimate``. Knuth (1975) reads the shape of the tree from it.
    seconds : float
        Time of the probes.
    """

    n: int
    model: str
    probes: int
    seed: int
    estimate: float
    stderr: float
    generated: float
    generated_stderr: float
    profile: tuple = ()
    seconds: float = 0.0

    def to_dict(self):
        """The ``nqueens estimate --json`` document (DESIGN.md)."""
        return {"n": self.n, "model": self.model, "probes": self.probes, "estimate": self.estimate, "stderr": self.stderr}


def estimate(n, model="permutation", *, probes=10000, seed=0):
    """Estimate the feasible (and generated) nodes of one formulation's backtracking tree by random probes.

    Parameters
    ----------
    n : int
        Board size, ``1 <= n <= 63``.
    model : str
        ``permutation``, ``mary`` or ``subset``.
    probes : int
        Number of random probes, at least 2 (the standard error needs two).
    seed : int
        Seed of the probes (a non-negative integer): the same seed gives the same estimate.

    Returns
    -------
    Estimate

    Raises
    ------
    NQueensError
        For a bad ``n``, model, number of probes or seed, or an estimate beyond the range of a float.

    Examples
    --------
    >>> e = estimate(30, "permutation", probes=1000, seed=2)
    >>> 1e21 < e.estimate < 1e24
    True

    Notes
    -----
    Each probe costs O(n) bit operations for ``permutation`` and ``mary``, O(n * n) for ``subset``. The
    seed goes through :class:`numpy.random.SeedSequence` to the kernel, which seeds numba's own generator (with
    ``NUMBA_DISABLE_JIT=1``, numpy's global one).
    """
    n = check_n(n)
    if n > MAX_N:
        raise NQueensError(f"the estimator takes n <= {MAX_N} (rows are 64-bit masks), got {n}")
    if model not in MODELS:
        raise NQueensError(f"unknown model {model!r}; the models are {', '.join(MODELS)}")
    probes = check_n(probes, what="probes")
    if probes < 2:
        raise NQueensError("probes must be an integer >= 2 (the standard error needs two probes)")
    seed = _check_seed(seed)
    kernel_seed = int(np.random.SeedSequence(seed).generate_state(1)[0])
    out = np.zeros(4, np.float64)
    level = np.zeros((n * n if model == "subset" else n) + 1, np.float64)
    start = time.perf_counter()
    if model == "subset":
        _probe_cells(n, probes, kernel_seed, out, level)
    else:
        _probe_rows(n, _PERMUTATION if model == "permutation" else _MARY, probes, kernel_seed, out, level)
    seconds = time.perf_counter() - start
    mean, m2, gmean, gm2 = (float(x) for x in out)
    if not all(math.isfinite(x) for x in (mean, m2, gmean, gm2)):
        raise NQueensError(f"the {model} tree of n = {n} is too large for a floating-point estimate")
    return Estimate(
        n=n,
        model=model,
        probes=probes,
        seed=seed,
        estimate=mean,
        stderr=math.sqrt(m2 / (probes - 1) / probes),
        generated=gmean,
        generated_stderr=math.sqrt(gm2 / (probes - 1) / probes),
        profile=tuple(float(x) / probes for x in level),
        seconds=seconds,
    )


def warmup():
    """Compile the probe kernels (or load them from numba's cache)."""
    out = np.zeros(4, np.float64)
    _probe_rows(4, _PERMUTATION, 2, 0, out, np.zeros(5, np.float64))
    _probe_cells(2, 2, 0, out, np.zeros(5, np.float64))


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise NQueensError(f"seed must be an integer >= 0, got {seed!r}")
    return int(seed)


@njit(cache=True, nogil=True)
def _popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, nogil=True)
def _probe_rows(n, model, probes, seed, out, level):
    # One queen per row; free = the squares of row k no queen attacks (cols, and the two diagonals left and
    # right shifted one column per row, as in seed 000's bitwise method). out receives the running mean and
    # sum of squared deviations (Welford) of the feasible and of the generated estimates; level[k] the sum of
    # the probes' estimates of the feasible nodes at depth k.
    np.random.seed(seed)
    mk = (np.int64(1) << n) - 1
    mean = 0.0
    m2 = 0.0
    gmean = 0.0
    gm2 = 0.0
    for t in range(probes):
        cols = np.int64(0)
        left = np.int64(0)
        right = np.int64(0)
        weight = 1.0  # 1 / probability of the current node
        nodes = 1.0
        generated = 1.0
        level[0] += 1.0
        for k in range(n):
            generated += weight * (n - k if model == 0 else n)
            free = ~(cols | left | right) & mk
            d = _popcount(free)
            if d == 0:
                break
            weight *= d
            nodes += weight
            level[k + 1] += weight
            for _ in range(np.random.randint(0, d)):
                free &= free - 1
            p = free & -free
            cols |= p
            left = ((left | p) << 1) & mk
            right = (right | p) >> 1
        delta = nodes - mean
        mean += delta / (t + 1)
        m2 += delta * (nodes - mean)
        delta = generated - gmean
        gmean += delta / (t + 1)
        gm2 += delta * (generated - gmean)
    out[0] = mean
    out[1] = m2
    out[2] = gmean
    out[3] = gm2


@njit(cache=True, nogil=True)
def _probe_cells(n, probes, seed, out, level):
    # Cells in row-major order, each "queen" or "empty". In row r, free holds the columns no queen of an
    # earlier row attacks and p the queen of row r once placed. A queen is feasible on a free cell of a row
    # without one; "empty" is feasible unless it ends a row that has no queen.
    # Uniform choices would make a probe end a row empty with probability about 1 - 2**-f, so the probe picks
    # the queen on a free cell with probability 1/f (f: free cells left in the row, this one included), which
    # makes the queen's column uniform over the free ones as in the row probe. After the last free cell of a
    # row, "empty" leads to a chain of n-1-c empty cells that dies at the row's end; that subtree is added
    # exactly instead of sampled. Both keep the estimate unbiased (weights are 1/probability of each node).
    np.random.seed(seed)
    mk = (np.int64(1) << n) - 1
    mean = 0.0
    m2 = 0.0
    gmean = 0.0
    gm2 = 0.0
    for t in range(probes):
        cols = np.int64(0)
        left = np.int64(0)
        right = np.int64(0)
        weight = 1.0
        nodes = 1.0
        generated = 1.0
        dead = False
        level[0] += 1.0
        for r in range(n):
            free = ~(cols | left | right) & mk
            f = _popcount(free)
            p = np.int64(0)
            for c in range(n):
                generated += 2.0 * weight
                bit = np.int64(1) << c
                depth = r * n + c + 1  # of the child decided here
                if p != 0 or free & bit == 0:
                    # Only "empty" is feasible, except at the end of a row still without its queen.
                    if p == 0 and c == n - 1:
                        dead = True
                        break
                    nodes += weight
                    level[depth] += weight
                    continue
                if c < n - 1:
                    if f == 1:
                        chain = n - 1 - c
                        nodes += weight * chain
                        generated += 2.0 * weight * chain
                        for j in range(chain):
                            level[depth + j] += weight
                    elif np.random.randint(0, f) != 0:
                        weight *= f / (f - 1.0)
                        nodes += weight
                        level[depth] += weight
                        f -= 1
                        continue
                    else:
                        weight *= f
                        nodes += weight
                        level[depth] += weight
                        p = bit
                        continue
                nodes += weight
                level[depth] += weight
                p = bit
            if dead:
                break
            cols |= p
            left = ((left | p) << 1) & mk
            right = (right | p) >> 1
        delta = nodes - mean
        mean += delta / (t + 1)
        m2 += delta * (nodes - mean)
        delta = generated - gmean
        gmean += delta / (t + 1)
        gm2 += delta * (generated - gmean)
    out[0] = mean
    out[1] = m2
    out[2] = gmean
    out[3] = gm2
