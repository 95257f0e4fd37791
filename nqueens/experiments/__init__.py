"""The experiment runner behind ``nqueens compare``: runs with limits, statuses, repeats, the pool.

The names a script or a notebook needs are here: ``from nqueens import experiments``, then
``experiments.run(experiments.problems_from_range("4..8"), experiments.parse_solvers("bitwise,dlx"))``.

The modules, one job each:

- :mod:`~nqueens.experiments.runner`: :func:`run` and :func:`compare`, which tie the others together, and the
  :class:`Experiment` they return (every public name below is also importable from here);
- :mod:`~nqueens.experiments.columns`: the columns (``--solvers`` parsed once into
  :class:`~nqueens.experiments.columns.Column` values that carry their solver) and the problems (board sizes,
  instance files);
- :mod:`~nqueens.experiments.plan`: the grid of runs, what is unsupported and why, seeds and repeats;
- :mod:`~nqueens.experiments.execute`: making the runs, in this process, in worker processes with limits
  (:mod:`~nqueens.experiments.pool`, :mod:`~nqueens.experiments.worker`), under ``runexec``
  (:mod:`~nqueens.experiments.runexec`, :mod:`~nqueens.experiments.resources`) or on a Dask cluster;
- :mod:`~nqueens.experiments.stored`: the runs in the result store, keyed by the digest of the solver's code, and
  their reuse;
- :mod:`~nqueens.experiments.questions`: the table of questions, each declared in its module
  (:mod:`~nqueens.experiments.solutions`, :mod:`~nqueens.experiments.optimum`) as a
  :class:`~nqueens.experiments.question.Question`; :mod:`~nqueens.experiments.parameters`: the rules of the
  parameters, checked where :func:`run` is entered;
- :mod:`~nqueens.experiments.judge`: the runs judged as their question judges them, alone and together;
- :mod:`~nqueens.experiments.certificates`: ``certify=``, each answered run's certificate, written and checked;
- :mod:`~nqueens.experiments.trees`: the search tree a run's nodes belong to.
"""

__all__ = [
    "Experiment",
    "run",
    "compare",
    "parse_solvers",
    "default_columns",
    "problems_from_range",
    "problems_from_instances",
]


def __getattr__(name):
    # The runner is imported when one of its names is first asked for, not with the package: the command line reads
    # the table of questions (nqueens.experiments.questions) for its choices without loading the runner.
    if name in __all__:
        from nqueens.experiments import runner

        return getattr(runner, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
