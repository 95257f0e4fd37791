"""Optimisation in the queens family: queens domination and peaceable queens, asked of several solvers and checked.

The short forms of an optimisation experiment (:func:`nqueens.experiments.runner.run` with ``question="optimize"``,
the path ``nqueens compare --question optimize`` and ``nqueens optimize`` take): :func:`optimize` is one run,
:func:`compare` several solvers over several boards. Every solution a solver reports is verified
(:func:`nqueens.core.optimization.verify`); a claimed optimum that another run's verified solution beats, or that
differs from the published value (OEIS A075458, A250000), is ``wrong``. The models are each solver's ``optimize``
(:mod:`nqueens.models.optimize`).

Examples
--------
>>> r = optimize("domination", 5, "cpsat")
>>> r.status, r.objective, r.bound
('optimal', 3, 3.0)
>>> [(r.solver, r.status, r.objective) for r in compare("peaceable", [4], "cpsat,sat")]
[('cpsat', 'optimal', 2), ('sat', 'optimal', 2)]
"""

from nqueens.core.optimization import PROBLEMS

__all__ = ["optimize", "compare", "PROBLEMS"]


def optimize(problem, n, solver="cpsat", *, timeout=None, memory=None, **options):
    """Optimise ``problem`` (``"domination"`` or ``"peaceable"``) on the n x n board with ``solver``: one
    :class:`~nqueens.core.record.RunRecord` (``status``, ``objective``, ``bound``, ``solution``, ``curve``).

    ``options`` are the solver's options (``symmetry=True`` for cpsat, ``backend="exact"`` for cpmpy, ``var=
    "random"`` for cp). With ``timeout`` (seconds) or ``memory`` (MiB) the run is made in a worker process that is
    ended at the limit; its best verified solution is kept (``feasible``).
    """
    return compare(problem, [n], solver, timeout=timeout, memory=memory, **options)[0]


def compare(problem, ns, solvers=None, *, store="none", **options):
    """Every solver (a string ``"cpsat,cp:var=random"``, a list of such names, or every solver that optimises) on
    every board size of ``ns``, judged together; a list of :class:`~nqueens.core.record.RunRecord`. ``timeout``,
    ``memory``, ``seeds``, ``repeat`` and ``store`` are the experiment's (:func:`nqueens.experiments.runner.run`);
    the other ``options`` are set on every column whose solver declares them (``symmetry=True``)."""
    from nqueens.experiments.columns import _columns, default_columns, with_options
    from nqueens.experiments.runner import run

    limits = {key: options.pop(key) for key in ("timeout", "memory", "seeds", "repeat") if key in options}
    columns = _columns(solvers) if solvers is not None else default_columns("optimize")
    return run(ns, with_options(columns, options), question="optimize", problem=problem, store=store, **limits).records
