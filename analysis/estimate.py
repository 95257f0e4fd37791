"""Knuth's random-probe estimate of the size of a backtracking tree.

A probe walks from the root to a leaf or a dead end, choosing each time one of the ``d`` feasible children of
the current node uniformly at random. With ``d_0, d_1, ...`` the numbers met on the way, the probe's value

    X = 1 + d_0 + d_0 d_1 + d_0 d_1 d_2 + ...

is an unbiased estimate of the number of feasible nodes of the tree, root included (a node at depth ``k`` is
reached with probability ``1 / (d_0 ... d_{k-1})``); the same weights applied to the candidates each node
generates estimate the generated nodes. The mean of many probes, with its standard error, tells in
milliseconds how big a tree is that no one could search: that is what lets ``nqueens count`` warn before a run
that would take hours (:mod:`nqueens.runtime.forecast`).

The probes walk a formulation through the same functions its tree search uses
(:func:`nqueens.models.tree.sample`, :func:`nqueens.models.walk.walker`), so every formulation the tree core
knows has an estimate. The three formulations (:mod:`nqueens.analysis.trees`) differ in what a node is:

``permutation``, ``mary``
    A node at depth ``k`` places queens in rows ``0 .. k-1``; it is feasible when no two attack each other, so
    the two trees have the same feasible nodes (Knuth's 2057 for ``n = 8``). They differ in what a node
    generates: ``n - k`` candidates (the unused columns) for ``permutation``, ``n`` for ``mary``.
``subset``
    A node at depth ``k`` has decided the first ``k`` cells in row-major order, each "queen" or "empty"; each
    node generates both. It is feasible when no two of its queens attack each other and every row it has
    completed holds a queen (the checks that can be made on the cells decided so far). Its probes choose with
    weights that keep the queen's column uniform over a row's free squares (see :mod:`nqueens.models.subset`).

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
from nqueens.models import tree as _tree
from nqueens.models.tree import MODELS

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError

__all__ = ["MODELS", "MAX_N", "Estimate", "estimate", "warmup"]

MAX_N = 63  # the largest board of the bit-mask solvers whose runs the estimate forecasts


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
    rule: str = "queen"

    def to_dict(self):
        """The ``nqueens estimate --json`` document (docs/design.md)."""
        return {
            **({} if self.rule == "queen" else {"rule": self.rule}),
            "n": self.n,
            "model": self.model,
            "probes": self.probes,
            "estimate": self.estimate,
            "stderr": self.stderr,
        }


def estimate(n, model="permutation", *, probes=10000, seed=0, rule="queen"):
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
    rule : str
        The attack rule (:mod:`nqueens.core.rules`): the row trees take ``superqueen`` and ``toroidal``.

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
    Each probe tests every child of the nodes on its path: O(n**3) steps for the row trees (a refused
    candidate is scanned against the placed queens) and for ``subset`` (a row's free squares are counted for
    the weights). The seed goes through :class:`numpy.random.SeedSequence` to the kernel, which seeds numba's
    own generator (with ``NUMBA_DISABLE_JIT=1``, numpy's global one).
    """
    n = check_n(n)
    if n > MAX_N:
        raise NQueensError(f"the estimator takes n <= {MAX_N} (the bit-mask solvers' limit), got {n}")
    if model not in MODELS:
        raise NQueensError(f"unknown model {model!r}; the models are {', '.join(MODELS)}")
    probes = check_n(probes, what="probes")
    if probes < 2:
        raise NQueensError("probes must be an integer >= 2 (the standard error needs two probes)")
    seed = _check_seed(seed)
    kernel_seed = int(np.random.SeedSequence(seed).generate_state(1)[0])
    form = _tree.formulation(model).FORMULATION
    start = time.perf_counter()
    out, level = _tree.sample(form, n, probes, kernel_seed, rule=rule)
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
        rule=rule,
    )


def warmup():
    """Compile the probe kernels (or load them from numba's cache)."""
    for model in MODELS:
        _tree.sample(_tree.formulation(model).FORMULATION, 4, 2, 0)


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise NQueensError(f"seed must be an integer >= 0, got {seed!r}")
    return int(seed)
