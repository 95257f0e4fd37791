"""Outside solvers: installed plugins, solver files and modules, CPMpy and MiniZinc models.

A researcher's own solver runs beside the built-in ones, on the same footing, without editing the toolkit. It
comes in one of four ways, all resolved by :func:`resolve` (which :func:`nqueens.registry.get_solver` calls for a
name it does not know):

``PATH.py:ATTR`` or ``PATH.py``
    A Python file; ``ATTR`` (default ``solver``) is a :class:`~nqueens.registry.Solver`, a generator function
    of solutions, or a CPMpy model function ``model(n, instance) -> (cpmpy.Model, q)``.
``package.module:ATTR``
    The same, from an importable module.
``PATH.mzn``
    A MiniZinc model with ``n`` as a parameter and ``q`` as the row-to-column array, run through the
    ``minizinc`` binary (:mod:`nqueens.models.minizinc`).
``NAME``
    An installed package's solver, declared in the entry-point group ``nqueens.solvers``
    (``NAME = "package.module:attr"`` in its ``pyproject.toml``; the entry point's name is the solver's name).

A solver that breaks the protocol, a name that clashes with a built-in, and a plugin that fails to import are
each one :class:`~nqueens.core.errors.NQueensError` naming the plugin; listing the plugins (:func:`discover`)
reports a broken one and goes on, so the built-in solvers always work.

Every outside solver carries a ``fingerprint`` of its code (a digest of its file, or its package's version and
its module's digest) so that the result store reuses a stored answer only for the same code; the built-ins are
fingerprinted by their sources and the project modules they import (:func:`code_digest`).
"""

import contextlib
import contextvars
import hashlib
import importlib
import importlib.util
import inspect
import sys
from dataclasses import replace
from pathlib import Path

from nqueens.core.cache import module_digest
from nqueens.core.errors import NQueensError
from nqueens.core.files import not_regular
from nqueens.core.protocol import Solver
from nqueens.core.sandbox import importing

__all__ = ["GROUP", "resolve", "discover", "code_digest", "module_digest", "from_object", "import_limit"]

GROUP = "nqueens.solvers"
_LONGEST = 1000  # characters of an outside solver's spec (a path's limit is 4,096, a file name's 255)
_RESOLVED: dict = {}  # spec's key (_key) or solver name -> Solver, for this process


def resolve(spec: str, builtins) -> Solver:
    """The outside solver ``spec`` names (see the module docstring); ``builtins`` are the built-in solvers' names
    (:data:`nqueens.registry.REGISTRY`), which an outside solver may not take.

    Raises
    ------
    NQueensError
        For a spec that names nothing, a file or module that fails to import, an attribute that is not a
        solver, a name that clashes with a built-in, or a declaration that breaks the protocol.
    """
    if len(spec) > _LONGEST:
        raise NQueensError(
            f"solver {spec[:40]!r}... is {len(spec):,} characters long: a solver is a name, FILE.py:ATTR, "
            f"package.module:ATTR or MODEL.mzn, at most {_LONGEST:,} characters"
        )
    target, _, attr = spec.rpartition(":") if _has_attr(spec) else (spec, "", "")
    key = _key(spec, target or spec, attr)
    if key in _RESOLVED:
        return _RESOLVED[key]
    if target.endswith(".mzn") or spec.endswith(".mzn"):
        solver = _minizinc(target or spec)
    elif target.endswith(".py") or spec.endswith(".py") or "/" in target or "/" in spec:
        solver = _from_file(target or spec, attr or "solver")
    elif attr:
        solver = _from_module(target, attr)
    else:
        solver = _from_entry_point(spec)
        if solver is None:
            known = ", ".join(builtins)
            raise NQueensError(
                f"unknown solver {spec!r}; known solvers: {known}; or an outside solver: FILE.py:ATTR, "
                f"package.module:ATTR, MODEL.mzn, or a plugin installed in the entry-point group {GROUP!r}"
            )
    if solver.name in builtins:
        raise NQueensError(
            f"outside solver {spec!r} is named {solver.name!r}, which is a built-in solver; give it another name"
        )
    if key is not None:
        _RESOLVED[key] = solver
    _RESOLVED[solver.name] = solver  # by its name: the solver read last
    return solver


def _key(spec, file, attr):
    """What a resolved spec is remembered by: a module or plugin by its name; a file (``.py``, ``.mzn``, a path)
    by where it is and its state, so that the same relative path from another folder, or the file after an edit,
    is resolved again rather than taken for the solver read before."""
    if not (file.endswith((".py", ".mzn")) or "/" in file):
        return spec
    try:
        path = Path(file).expanduser().resolve()
        stat = path.stat()
    except (OSError, RuntimeError):
        return None  # resolved again each time: the error it raises says what is wrong
    return (str(path), attr, stat.st_mtime_ns, stat.st_size)


def discover(builtins) -> tuple[list[Solver], list[str]]:
    """The installed plugins: ``(solvers, errors)``, each error one line naming the plugin that failed;
    ``builtins`` as for :func:`resolve`."""
    from importlib.metadata import entry_points

    solvers, errors = [], []
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            solvers.append(resolve(point.name, builtins))
        except NQueensError as exc:
            errors.append(str(exc))
    return solvers, errors


def from_object(obj, *, where, ref, fingerprint, source, default_name=None):
    """The :class:`~nqueens.registry.Solver` an outside object declares, or an error naming ``where``.

    ``obj`` is a Solver, a generator function of solutions, a CPMpy model function, an optimiser (a function that
    takes ``improved``, or a CPMpy optimisation model ``model(problem, n)``), or a module with an attribute
    ``solver``.
    """
    if inspect.ismodule(obj) and hasattr(obj, "solver"):
        obj = obj.solver
    name = default_name or getattr(obj, "__name__", "").replace("_", "-")  # a function's, for the solver it makes
    if isinstance(obj, Solver):
        solver = obj
    elif inspect.isgeneratorfunction(obj):
        summary = (obj.__doc__ or "").strip().split("\n")[0]
        solver = Solver(name=name, solutions=obj, origin=f"the generator {obj.__name__}", summary=summary)
    elif inspect.isfunction(obj) and _optimizes(obj):
        from nqueens.models.user_cpmpy import optimizer_solver

        solver = optimizer_solver(obj, name=name)
    elif inspect.isfunction(obj):
        from nqueens.models.user_cpmpy import cpmpy_solver

        solver = cpmpy_solver(obj, name=name)
    else:
        raise NQueensError(
            f"{where} is a {type(obj).__name__}, not a solver: give an nqueens.Solver, a generator function of "
            "solutions, or a CPMpy model function model(n, instance) -> (model, q)"
        )
    wrong = solver.problems()
    if wrong:
        raise NQueensError(f"{where} breaks the solver protocol: {'; '.join(wrong)}")
    return replace(solver, source=source, ref=ref, fingerprint=fingerprint)


def _optimizes(function):
    """Whether a function is an optimiser: it takes ``improved`` (an optimisation hook), or its first parameter is
    ``problem`` (a CPMpy optimisation model ``model(problem, n)``)."""
    names = list(inspect.signature(function).parameters)
    return "improved" in names or names[:1] == ["problem"]


def code_digest(solver: Solver) -> str:
    """A short digest of the code behind ``solver``'s answers.

    A built-in's digest covers its module and every project module it imports, transitively, so a change to any
    of them gives a new digest; an outside solver's is its ``fingerprint``.
    """
    if solver.fingerprint is not None:
        return solver.fingerprint
    return module_digest(solver.module or "nqueens.registry")


# -- the four ways in -----------------------------------------------------------------------------------------


def _has_attr(spec):
    """Whether ``spec`` ends in ``:ATTR`` (a Python identifier), not a drive letter or a bare name."""
    head, sep, tail = spec.rpartition(":")
    return bool(sep and head and tail.isidentifier())


def _shown(path_text):
    """A file's name as an error line quotes it: whole, or its ends around ``...`` when it is long."""
    return repr(path_text if len(path_text) <= 100 else f"{path_text[:60]}...{path_text[-20:]}")


def _from_file(path_text, attr):
    path = Path(path_text).expanduser()
    where = f"solver file {_shown(path_text)}"
    if path.suffix != ".py":
        if ".py:" in path_text:
            raise NQueensError(
                f"{where}: a solver file is FILE.py or FILE.py:ATTR, one attribute; options are OPT=VALUE"
            )
        raise NQueensError(f"{where} is not a .py file (outside solvers: FILE.py:ATTR, package.module:ATTR, MODEL.mzn)")
    try:
        if not path.is_file():
            kind = not_regular(path)
            raise NQueensError(f"{where} is not a regular file ({kind})" if kind else f"{where} does not exist")
        path = path.resolve()
        source = path.read_bytes()
    except OSError as exc:  # a name too long, a folder that cannot be read
        raise NQueensError(f"{where} cannot be read: {exc.strerror or exc}") from None
    digest = hashlib.sha256(source).hexdigest()[:16]
    module_name = f"nqueens_user_{digest}"
    module = sys.modules.get(module_name)
    if module is None:
        loader_spec = importlib.util.spec_from_file_location(module_name, path)
        assert loader_spec is not None and loader_spec.loader is not None  # a .py file that exists
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[module_name] = module
        try:  # what it prints as it is imported goes to stderr, not into a JSON document
            _imported(where, lambda: loader_spec.loader.exec_module(module))
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
    if not hasattr(module, attr):
        raise NQueensError(f"{where} has no attribute {attr!r} (name it as {path_text}:ATTR)")
    return from_object(
        getattr(module, attr),
        where=f"{path_text}:{attr}",
        ref=f"{path}:{attr}",
        fingerprint=f"file {digest}",
        source=f"file {path}",
        default_name=path.stem.replace("_", "-") if attr in ("solver", "model") else None,
    )


def _from_module(module_name, attr):
    where = f"{module_name}:{attr}"
    module = _imported(f"solver module {module_name!r}", lambda: importlib.import_module(module_name))
    if not hasattr(module, attr):
        raise NQueensError(f"solver module {module_name!r} has no attribute {attr!r}")
    return from_object(
        getattr(module, attr),
        where=where,
        ref=where,
        fingerprint=f"module {_file_digest(module)}",
        source=f"module {module_name}",
    )


def _from_entry_point(name):
    from importlib.metadata import entry_points

    points = [p for p in entry_points(group=GROUP) if p.name == name]
    if not points:
        return None
    point = points[0]
    dist = getattr(point, "dist", None)
    package = f"{dist.name} {dist.version}" if dist is not None else "an unknown package"
    where = f"plugin {name!r} (package {package})"
    obj = _imported(where, point.load)
    module = sys.modules.get(point.module)
    solver = from_object(
        obj,
        where=where,
        ref=name,
        fingerprint=f"package {package} {_file_digest(module)}",
        source=f"package {package}",
        default_name=name,
    )
    if solver.name != name:
        raise NQueensError(f"{where} declares a solver named {solver.name!r}; the entry point's name must be its name")
    return solver


def _minizinc(path_text):
    path = Path(path_text).expanduser()
    try:
        regular = path.is_file()
    except OSError as exc:  # a name too long
        raise NQueensError(f"MiniZinc model {_shown(path_text)} cannot be read: {exc.strerror or exc}") from None
    if not regular:
        kind = not_regular(path)
        what = f"is not a regular file ({kind})" if kind else "does not exist"
        raise NQueensError(f"MiniZinc model {path_text!r} {what}")
    from nqueens.models.minizinc import minizinc_solver

    path = path.resolve()
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return replace(minizinc_solver(path), source=f"file {path}", ref=str(path), fingerprint=f"mzn {digest}")


def _imported(where, load):
    """``load()``, the import of outside code, held at the border (:func:`nqueens.core.sandbox.importing`), and
    within the limit of :func:`import_limit` when one is set: an import that never ends is then an error, not a
    command that never ends (the import goes on, on a daemon thread, until the process exits)."""

    def held():
        with importing(where):
            return load()

    limit = _IMPORT_LIMIT.get()
    if limit is None:
        return held()
    import time

    from nqueens.core import background

    pending = background.start(held, name="nqueens-import")  # its exception is raised here, by result()
    deadline = time.monotonic() + limit
    while not pending.finished.wait(0.05) and time.monotonic() < deadline:
        pass  # in short slices, so that Ctrl-C reaches the main thread at once
    if not pending.done:
        raise NQueensError(f"{where} did not finish importing within {limit:g} s (the --timeout)")
    return pending.result()


@contextlib.contextmanager
def import_limit(seconds):
    """While the block runs, an outside solver's import that takes longer than ``seconds`` (``None``: no limit)
    is an error: the commands that take ``--timeout`` bound the import of the solvers they name with it."""
    token = _IMPORT_LIMIT.set(seconds)
    try:
        yield
    finally:
        _IMPORT_LIMIT.reset(token)


_IMPORT_LIMIT: contextvars.ContextVar = contextvars.ContextVar("nqueens_import_limit", default=None)


# -- digests --------------------------------------------------------------------------------------------------


def _file_digest(module):
    path = getattr(module, "__file__", None)
    if not path or not Path(path).is_file():
        return "nofile"
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
