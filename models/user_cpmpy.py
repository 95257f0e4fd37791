"""A user's CPMpy model as a solver: written once as a function, run on every CPMpy backend.

A researcher writes the model as ``def model(n, instance) -> (cpmpy.Model, q)``: ``q`` holds ``n`` integer
variables, ``q[row]`` the column (0-based) of the queen in that row, and ``instance`` is ``None`` for the plain
problem or an :class:`~nqueens.core.instance.Instance` (``instance.allowed()`` gives each row's allowed columns as
a bit mask). A published model runs as it is written, too:

- a function of ``n`` alone (``def n_queens(n=16)``, CPMpy's own prob054 example) takes no instances;
- it may return the model alone, or the model with a tuple of arrays (``model, (queens,)``): the row-to-column
  array is then the one array of ``n`` variables among those returned, else among the model's variables grouped
  by name (``queens[0]``, ``queens[1]``, ...), or the one the option ``array`` names;
- an array whose domain starts at 1 is read as 1-based (columns ``1..n``).

The toolkit enumerates and counts with CPMpy's ``solveAll`` on the backend named by the option
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

from typing import Any

from nqueens.models import cpmpy_model

from nqueens.core.errors import NQueensError

__all__ = ["cpmpy_solver", "optimizer_solver"]


def optimizer_solver(function, *, name):
    """The :class:`~nqueens.core.protocol.Solver` of a user's optimiser: an optimisation hook
    ``optimize(problem, n, *, timeout, improved, **options)`` (see :meth:`~nqueens.core.protocol.Solver.optimizer`),
    or a CPMpy optimisation model ``model(problem, n) -> (cpmpy.Model, board)``: a model with an objective
    (``minimize`` for domination, ``maximize`` for peaceable queens) and its board, ``{"x": n x n 0-1 variables}``
    or ``{"w": ..., "b": ...}``, solved on the backend the option ``backend`` names."""
    import inspect

    from nqueens.models.cpmpy_spec import OPTIMIZE_BACKENDS

    from nqueens.core.protocol import Option, Solver

    summary = (function.__doc__ or "").strip().split("\n")[0]
    parameters = inspect.signature(function).parameters
    if "improved" in parameters:  # its keyword parameters with defaults are its options
        options = tuple(
            Option(p.name, type(p.default), p.default, f"an option of {function.__name__}")
            for p in parameters.values()
            if p.kind == p.KEYWORD_ONLY
            and p.name not in ("timeout", "improved")
            and p.default is not p.empty
            and isinstance(p.default, bool | int | float | str)
        )
        origin = f"the optimiser {function.__name__}"
        return Solver(name=name, origin=origin, summary=summary, options=options, optimize=function)

    def optimize(problem, n, *, timeout=None, improved, backend="ortools"):
        cp = cpmpy_model._cpmpy()
        built = function(problem, n)
        if not (isinstance(built, tuple) and len(built) == 2 and isinstance(built[0], cp.Model)):
            raise NQueensError(
                f"the model function {function.__name__!r} must return (cpmpy.Model, board), got {type(built).__name__}"
            )
        model, board = built
        armies = ("x",) if problem == "domination" else ("w", "b")
        if not isinstance(board, dict) or any(getattr(board.get(a), "shape", None) != (n, n) for a in armies):
            raise NQueensError(f"the model function's board must map {', '.join(armies)} to n x n 0-1 variables")
        return cpmpy_model.solve_optimum(model, board, problem, n, backend=backend, timeout=timeout, improved=improved)

    backend = Option("backend", str, "ortools", "the solver CPMpy hands the model to", OPTIMIZE_BACKENDS)
    return Solver(
        name=name,
        origin=f"the CPMpy optimisation model {function.__name__}",
        summary=summary,
        options=(backend,),
        optimize=optimize,
    )


def cpmpy_solver(build, *, name):
    """The :class:`~nqueens.core.protocol.Solver` that runs the CPMpy model function ``build``.

    Its capabilities are ``count``, ``enumerate`` and, for a function of ``(n, instance)``, ``instance`` (the
    function receives the instance and must respect it); its options are ``backend``, one of
    :data:`nqueens.models.cpmpy_model.BACKENDS`, and ``array``, the name of the row-to-column variables.
    """
    import inspect

    from nqueens.models.cpmpy_spec import BACKEND

    from nqueens.core.protocol import Option, Solver

    array = Option(
        "array", str, "", "the row-to-column variables by name (default: the one array of n variables returned)"
    )
    try:
        inspect.signature(build).bind(1, None)
        takes_instance = True
    except (TypeError, ValueError):
        takes_instance = False

    def count(n, *, nodes=False, instance=None, backend="ortools", array=""):
        return cpmpy_model.count(n, instance=instance, backend=backend, build=_built(build, takes_instance, array))

    def batches(n, *, limit=None, instance=None, backend="ortools", array=""):
        return cpmpy_model.batches(
            n, limit=limit, instance=instance, backend=backend, build=_built(build, takes_instance, array)
        )

    return Solver(
        name=name,
        family="model",
        origin=f"the CPMpy model function {getattr(build, '__name__', 'model')}",
        can=("count", "enumerate", "instance") if takes_instance else ("count", "enumerate"),
        summary=(build.__doc__ or "a CPMpy model").strip().split("\n")[0],
        reach=8,
        options=(BACKEND, array),
        no_instance=f"the model function {getattr(build, '__name__', 'model')} takes n alone, not an instance",
        count=count,
        batches=batches,
        warmup=cpmpy_model.warmup,
    )


def _built(build, takes_instance, named):
    """``build`` as :mod:`~nqueens.models.cpmpy_model` calls it: ``(n, instance) -> (cpmpy.Model, q)``, ``q`` the
    0-based row-to-column array found as the module docstring says."""

    def model(n, instance):
        import cpmpy as cp

        built = build(n, instance) if takes_instance else build(n)
        if isinstance(built, cp.Model):
            m, returned = built, ()
        elif isinstance(built, tuple) and len(built) == 2 and isinstance(built[0], cp.Model):
            m, returned = built
        else:
            raise NQueensError(
                f"the model function {getattr(build, '__name__', build)!r} must return a cpmpy.Model, or "
                f"(cpmpy.Model, q), got {type(built).__name__}"
            )
        q = _array(cp, m, returned, n, named, getattr(build, "__name__", "model"))
        if min(v.lb for v in q) == 1:  # 1..n, as published models often are
            q = cp.cpm_array(q) - 1
        return m, q

    return model


def _array(cp, m, returned, n, named, function):
    """The ``n`` row variables: those named ``named``, else the one array of shape ``(n,)`` returned, else the one
    group of ``n`` variables ``NAME[i]`` in the model."""
    from cpmpy.transformations.get_variables import get_variables_model

    groups: dict[Any, Any] = {}
    for var in get_variables_model(m):
        base, bracket, index = var.name.partition("[")
        if bracket and index.rstrip("]").isdigit():
            groups.setdefault(base, {})[int(index.rstrip("]"))] = var
    rows = {base: [found[i] for i in range(n)] for base, found in groups.items() if sorted(found) == list(range(n))}
    if named:
        if named not in rows:
            shown = ", ".join(sorted(rows)) or "none"
            raise NQueensError(
                f"the model of {function!r} has no {n} variables {named}[0..{n - 1}] (its arrays of {n}: {shown})"
            )
        return cp.cpm_array(rows[named])
    if hasattr(returned, "shape") or (
        isinstance(returned, list | tuple) and returned and not any(hasattr(x, "shape") for x in returned)
    ):
        return cp.cpm_array(returned)  # q itself, as the toolkit's own protocol returns it
    arrays = [x for x in returned if getattr(x, "shape", None) == (n,)]
    if len(arrays) == 1:
        return arrays[0]
    if not arrays and len(rows) == 1:
        return cp.cpm_array(next(iter(rows.values())))
    found = len(arrays) or len(rows)
    raise NQueensError(
        f"the model of {function!r} has {found or 'no'} arrays of {n} integer variables: name the row-to-column "
        "one with --option array=NAME (its variables are NAME[0], NAME[1], ...)"
    )
