"""A user's CPMpy model as a solver: written once as a function, run on every CPMpy backend.

A researcher writes the model as ``def model(n, instance) -> (cpmpy.Model, q)``: ``q`` holds ``n`` integer
variables, ``q[row]`` the column (0-based) of the queen in that row, and ``instance`` is ``None`` for the plain
problem or an :class:`~nqueens.core.instance.Instance` (``instance.allowed()`` gives each row's allowed columns as
a bit mask). The toolkit enumerates and counts with CPMpy's ``solveAll`` on the backend named by the option
``backend``, exactly as it runs its own ``cpmpy`` model (:mod:`nqueens.models.cpmpy_model`): the same stop on
Ctrl-C, the same refusal of a partial count, the same statistics (``time_model``, ``time_solve``, the backend's
status and runtime).

Examples
--------
>>> import cpmpy as cp
>>> def model(n, instance):
...     q = cp.intvar(0, n - 1, shape=n, name="q")
...     return cp.Model(cp.AllDifferent(q), cp.AllDifferent(q + range(n)), cp.AllDifferent(q - range(n))), q
>>> solver = cpmpy_solver(model, name="mine")
>>> solver.load().count(6).total
4
"""

from nqueens.models import cpmpy_model

__all__ = ["cpmpy_solver"]


def cpmpy_solver(build, *, name):
    """The :class:`~nqueens.core.protocol.Solver` that runs the CPMpy model function ``build``.

    Its capabilities are ``count``, ``enumerate`` and ``instance`` (the function receives the instance and must
    respect it); its option ``backend`` is one of :data:`nqueens.models.cpmpy_model.BACKENDS`.
    """
    from nqueens.core.protocol import Option, Solver

    backend = Option(
        "backend",
        str,
        "ortools",
        "the solver CPMpy hands the model to (all but ortools need pip install 'nqueens[solvers]')",
        tuple(cpmpy_model.BACKENDS),
    )

    def count(n, *, nodes=False, instance=None, backend="ortools"):
        return cpmpy_model.count(n, instance=instance, backend=backend, build=build)

    def batches(n, *, limit=None, instance=None, backend="ortools"):
        return cpmpy_model.batches(n, limit=limit, instance=instance, backend=backend, build=build)

    return Solver(
        name=name,
        family="model",
        origin=f"the CPMpy model function {getattr(build, '__name__', 'model')}",
        can=("count", "enumerate", "instance"),
        summary=(build.__doc__ or "a CPMpy model").strip().split("\n")[0],
        reach=8,
        options=(backend,),
        count=count,
        batches=batches,
        warmup=cpmpy_model.warmup,
    )
