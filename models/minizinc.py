"""A MiniZinc model file as a solver, run through the ``minizinc`` binary, as published.

The model has a row-to-column array of ``n`` integer variables (1-based as MiniZinc models usually are, or
0-based: each solution says which, since its columns are ``1..n`` or ``0..n-1``), and it is read as it stands:

- **the array** is the one named by the option ``array``; without it, ``q`` if the model outputs an integer array
  of that name, else the one integer array among the model's outputs (``minizinc --model-interface-only``):
  CSPLib's models call it ``queens``. A model with several asks for ``--option array=NAME``.
- **n** is given as the parameter ``n``; a model that sets ``n = 8;`` itself answers that board only (and any other
  ``n`` is refused with one line).
- **the globals library**: Debian's ``flatzinc`` package ships a Gecode library older than its MiniZinc, whose
  ``inverse.mzn`` breaks ``include "globals.mzn"``. A model that does not compile against the solver's own
  library but does against MiniZinc's ``std`` library is run with ``-G std`` (the run's ``stats`` say so, under
  ``mzn_library``); ``library=NAME`` names the library (``-G NAME``) and turns that off.
- **flags**: ``flags="..."`` passes further ``minizinc`` command-line flags through (split as a shell would).

A model that also declares the parameters of ``nqueens export --model minizinc`` (``blocked``, ``queens``,
``excluded_sum``, ``excluded_difference``, 1-based squares and 0-based diagonal indices) takes problem instances
too. Solutions are read as they are printed (``--output-mode json``), so enumeration streams and stopping it ends
the MiniZinc process; a count asks for all solutions (``-a``) and is reported only when MiniZinc says the search
was complete (``==========``). A count's ``stats`` hold ``versions``: MiniZinc's and its solver's.

Options: ``solver`` (a MiniZinc solver id, ``gecode`` by default), ``library``, ``flags``, ``array`` and
``symmetry``.

- **symmetry**: the tree models' choices a model can state (:mod:`nqueens.models.symmetry`), added to the model as
  a second model file that MiniZinc reads after it (:func:`symmetry_model`), on the array the run reads: ``half``
  (the first row's queen on the left half of its row, the middle column included: the exact total) and ``lex``
  (lex-leader constraints for the 7 other symmetries of the square, through the inverse permutation: one solution
  per class, so a count has ``unique``, ``classes`` and the ``total`` they stand for). The group is the square's 8
  symmetries: right for queens and superqueens, not for a torus; an instance does not keep it (refused). The array
  must be declared over ``n`` columns (``1..n`` or ``0..n-1``), which the added file asserts. Gecode's LDSB
  (lightweight dynamic symmetry breaking) has no MiniZinc syntax, so it is not among the choices.

References
----------
N. Nethercote et al., "MiniZinc: Towards a Standard CP Modelling Language", CP 2007; https://www.minizinc.org.
"""

import atexit
import functools
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.files import replaced
from nqueens.core.record import Tally
from nqueens.core.rules import SymmetryTally, need_square_group

__all__ = ["minizinc_solver", "binary", "fixed_n"]

_INSTANCE_PARAMETERS = ("blocked", "queens", "excluded_sum", "excluded_difference")
_CHUNK = 256
_RUNNING: set[Any] = set()


def binary():
    """The path of the ``minizinc`` binary, or ``None``."""
    return shutil.which("minizinc")


def fixed_n(text):
    """The board size a MiniZinc model sets itself (``n = 8;`` or ``int: n = 8;``), or ``None``.

    Examples
    --------
    >>> fixed_n("int: n;  array[1..n] of var 1..n: q;  n = 8;  % data")
    8
    >>> fixed_n("int: n; % n = 8;") is None
    True
    """
    found = re.search(r"(?:^|;)\s*(?:int\s*:\s*)?n\s*=\s*(\d+)\s*;", _code(text))
    return int(found.group(1)) if found else None


def minizinc_solver(path):
    """The :class:`~nqueens.core.protocol.Solver` that runs the MiniZinc model at ``path``."""
    from nqueens.core.protocol import Option, Solver

    path = Path(path)
    text = path.read_text(errors="replace")
    code = _code(text)
    takes_instance = all(re.search(rf"\b{name}\s*;", code) for name in _INSTANCE_PARAMETERS)
    name = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-") or "model"
    fixed = fixed_n(text)
    sense = re.search(r"\bsolve\b[^;]*?\b(minimize|maximize)\b", code)

    def count(n, *, nodes=False, instance=None, solver="gecode", library="", flags="", array="", symmetry="none"):
        start = time.perf_counter()
        complete, stats = False, {}
        run = _Run(path, solver, library, flags, array, takes_instance, symmetry, instance)
        weighed = SymmetryTally(symmetry)
        for kind, value in run.events(n, instance):
            if kind == "solution":
                weighed.add(value)
            elif kind == "complete":
                complete = True
            elif kind == "stats":
                stats.update(value)
        if not complete:
            raise NQueensError(f"MiniZinc ({solver}) did not report a complete search; no count is reported")
        stats.update(run.notes(), time_solve=time.perf_counter() - start)
        return Tally(**weighed.answer(), stats={**stats, **weighed.stats()})

    def batches(
        n, *, limit=None, instance=None, solver="gecode", library="", flags="", array="", symmetry="none", stats=None
    ):
        dtype, rows = dtype_for(n), []
        run = _Run(path, solver, library, flags, array, takes_instance, symmetry, instance)
        for kind, value in run.events(n, instance, limit=limit):
            if kind == "solution":
                rows.append(value)
                if symmetry == "half" and 2 * value[0] != n - 1:  # it stands for its mirror image too
                    rows.append([n - 1 - c for c in value])
                if len(rows) >= _CHUNK:
                    yield np.array(rows, dtype=dtype)
                    rows = []
            elif kind == "stats" and stats is not None:
                stats.update(value)
        if stats is not None:
            stats.update(run.notes())
        if rows:
            yield np.array(rows, dtype=dtype)

    def warmup():
        if binary() is None:
            raise NQueensError(
                "MiniZinc models need the minizinc binary on PATH (Debian: apt-get install minizinc flatzinc; "
                "or the MiniZinc bundle from minizinc.org)"
            )

    if sense is not None:  # an optimisation model: it answers optimize, and only that
        return Solver(
            name=name,
            origin=f"the MiniZinc model {path.name} (solve {sense[1]})",
            can=("optimize",),
            summary=f"MiniZinc optimisation model {path.name}",
            options=_OPTIONS[:3]
            + (Option("board", str, "", "the board's 2-D 0-1 arrays (default: x for domination, w,b for peaceable)"),),
            optimize=_optimizer(path, sense[1]),
            warmup=warmup,
            effort=_EFFORT,
        )
    return Solver(
        name=name,
        family="model",
        origin=f"the MiniZinc model {path.name}",
        can=("count", "enumerate", "instance") if takes_instance else ("count", "enumerate"),
        summary=f"MiniZinc model {path.name}" + (f" (n = {fixed})" if fixed is not None else ""),
        reach=8 if fixed is None else max(8, fixed),
        fixed_n=fixed,
        limit_reason=f"{path.name} sets n = {fixed} itself" if fixed is not None else "",
        no_instance="the model does not declare blocked, queens, excluded_sum and excluded_difference",
        options=_OPTIONS,
        count=count,
        batches=batches,
        warmup=warmup,
        effort=_EFFORT,
    )


# MiniZinc's -s statistics in the effort vocabulary, as count, batches and the optimisation hook read them.
_EFFORT = {
    "search_nodes": ("mzn_nodes",),
    "failures": ("mzn_failures",),
    "propagations": ("mzn_propagations",),
    "conflicts": ("mzn_conflicts",),
    "decisions": ("mzn_decisions",),
}


def _options():
    from nqueens.core.protocol import Option

    return (
        Option("solver", str, "gecode", "the MiniZinc solver (minizinc --solvers lists them)"),
        Option(
            "library",
            str,
            "",
            "the globals library (-G), e.g. std for MiniZinc's decompositions (default: the solver's own, "
            "std where the model compiles only against that)",
        ),
        Option("flags", str, "", 'further minizinc flags, passed through (e.g. "-G std" or "--fzn-flags -p1")'),
        Option("array", str, "", "the row-to-column array (default: q, else the model's one integer array)"),
        Option(
            "symmetry",
            str,
            "none",
            "symmetry broken by constraints added to the model (the tree models' choices a model states): none, "
            "half (the first row's queen on its left half, the middle column included: the exact total), lex "
            "(lex-leader constraints over the 8 board symmetries: only fundamental solutions, count adds unique "
            "and classes); the model's rule must keep the square's 8 symmetries (queens, superqueens)",
            ("none", "half", "lex"),
        ),
    )


_OPTIONS = _options()


class _Run:
    """One run of the model: the command line (solver, library, flags) and the array read, settled once per
    model and setting from the model's interface (see the module docstring)."""

    def __init__(self, path, solver, library, flags, array, takes_instance, symmetry="none", instance=None):
        if symmetry != "none":
            need_square_group(f"symmetry={symmetry}", "queen", instance)
        try:
            self.flags = shlex.split(flags)
        except ValueError as exc:
            raise NQueensError(f"option flags={flags!r} cannot be split into minizinc flags: {exc}") from None
        self.path, self.solver, self.takes_instance = path, solver, takes_instance
        self.peak: list[float | None] = []  # MiB: the minizinc process tree's memory, read while it runs
        self.library, self.retried, interface = _settle(str(path), path.stat().st_mtime_ns, solver, library, flags)
        self.takes_n = "n" in interface.get("input", {})
        self.array = _array(path, interface, array)
        self.symmetry = None if symmetry == "none" else _symmetry_file(self.array, symmetry)

    def notes(self):
        """What the run's ``stats`` say about it: the library used (and why), the array, the versions, and the
        peak resident memory of the minizinc process tree (``child_peak_memory``, MiB, read from ``/proc``)."""
        notes = {"solver": self.solver, "array": self.array, "versions": _versions(self.solver)}
        peaks = [peak for peak in self.peak if peak is not None]
        if peaks:
            notes["child_peak_memory"] = max(peaks)
        if self.library:
            notes["mzn_library"] = self.library + (f" ({self.retried})" if self.retried else "")
        return notes

    def command(self, limit):
        command = [binary(), "--solver", self.solver, *self.flags]
        if self.library:
            command += ["-G", self.library]
        if limit is None:
            command.append("-a")
        elif limit > 1:
            command += ["-n", str(limit)]
        command += ["--output-mode", "json", "--statistics", str(self.path)]
        return command + ([self.symmetry] if self.symmetry else [])

    def events(self, n, instance, *, limit=None):
        """Yield ``("solution", q)``, ``("stats", dict)`` and ``("complete", None)`` as MiniZinc prints them.

        With a ``limit`` MiniZinc is asked for that many solutions (``-n``, or none of ``-a``/``-n`` for one) and
        stops by itself; it is read to its end, so that the statistics it prints after the last solution (its
        effort up to there) arrive."""
        command = self.command(limit)
        data = _data(n, instance, self.takes_instance, self.takes_n)
        if data:
            command += ["-D", data]
        for kind, value in _printed(command, self.path, self.peak):
            if kind == "document":
                yield "solution", _solution(value, n, self.path, self.array, self.takes_n)
            else:
                yield kind, value


# The square's 7 non-trivial symmetries as images of q (0-based, m = n - 1) with p its inverse permutation.
_IMAGES = ("m - q[i]", "q[m - i]", "m - q[m - i]", "p[i]", "m - p[i]", "p[m - i]", "m - p[m - i]")


def symmetry_model(array, way):
    """The MiniZinc text that breaks symmetry ``way`` (``half`` or ``lex``) on the model's row-to-column ``array``.

    Examples
    --------
    >>> print(symmetry_model("q", "half").splitlines()[-1])
    constraint 2 * q__[0] <= nq__ - 1;
    """
    if way not in ("half", "lex"):
        raise NQueensError(f"symmetry must be one of none, half, lex; got {way!r}")
    a = array
    lines = [
        f"% nqueens: symmetry={way} on the array {a} (0-based copies q__ and p__, whatever the model's base)",
        f"int: nq__ = length({a});",
        f"int: cb__ = assert(forall(i in index_set({a}))(has_bounds({a}[i])) /\\ ub_array({a}) - lb_array({a}) = "
        f'nq__ - 1, "symmetry={way}: the array {a} must be declared over the n columns (1..n or 0..n-1)", '
        f"lb_array({a}));",
        f"array[0..nq__ - 1] of var 0..nq__ - 1: q__ = array1d(0..nq__ - 1, [{a}[i] - cb__ | i in index_set({a})]);",
    ]
    if way == "half":
        return "\n".join([*lines, "constraint 2 * q__[0] <= nq__ - 1;"]) + "\n"
    lines = ['include "lex_lesseq.mzn";', *lines, "array[0..nq__ - 1] of var 0..nq__ - 1: p__;"]
    lines.append("constraint forall(i in 0..nq__ - 1)(p__[q__[i]] = i);")
    for image in _IMAGES:
        term = image.replace("q[", "q__[").replace("p[", "p__[").replace("m", "(nq__ - 1)")
        lines.append(f"constraint lex_lesseq(q__, [{term} | i in 0..nq__ - 1]);")
    return "\n".join(lines) + "\n"


@functools.cache
def _symmetry_file(array, way):
    """A file holding :func:`symmetry_model` (one per array and way, removed at exit)."""
    folder = tempfile.mkdtemp(prefix="nqueens-mzn-")
    atexit.register(shutil.rmtree, folder, True)
    path = os.path.join(folder, f"symmetry-{way}.mzn")
    with replaced(path) as fh:
        fh.write(symmetry_model(array, way))
    return path


def _printed(command, path, peak):
    """Run ``command`` (a ``minizinc`` command line with ``--output-mode json``) and yield ``("document", dict)``
    for each solution, ``("stats", dict)`` and ``("complete", line)`` (the search is complete: the last solution
    optimal, all solutions found, or none exists) as MiniZinc prints them; an exit status other than 0 is an error.
    The process tree's memory is read into ``peak`` while it runs (:func:`_watch`). Closing the generator ends the
    process."""
    with tempfile.TemporaryFile(mode="w+") as errors:  # a file: a pipe could fill while stdout is read
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        _RUNNING.add(process)
        watching = _watch(process.pid, peak)
        buffer: list[str] = []
        try:
            for line in process.stdout or ():
                stripped = line.strip()
                if stripped == "----------":
                    yield "document", json.loads("".join(buffer) or "{}")
                    buffer = []
                elif stripped in ("==========", "=====UNSATISFIABLE====="):
                    yield "complete", stripped
                elif stripped.startswith("%%%mzn-stat:"):
                    peak.append(_high_water(process.pid))
                    key, _, value = stripped[len("%%%mzn-stat:") :].strip().partition("=")
                    yield "stats", {f"mzn_{key}": _number(value)}
                elif stripped.startswith("%") or stripped.startswith("====="):
                    continue
                else:
                    buffer.append(line)
            process.wait()
            if process.returncode != 0:
                errors.seek(0)
                raise NQueensError(f"minizinc failed on {path.name}: {_last_error(errors.read())}")
        finally:
            watching.set()
            if process.poll() is None:
                process.kill()
                process.wait()
            _RUNNING.discard(process)


def _optimizer(path, sense):
    """The optimisation hook of a MiniZinc model with ``solve minimize`` or ``solve maximize`` (``sense``), run
    unchanged: ``n`` given as a parameter (unless the model sets it), every intermediate solution (``-a``) reported
    as MiniZinc prints it, the complete search (``==========``) the proof. The board is read from the 2-D 0-1 (or
    bool) arrays the option ``board`` names: by default ``x`` for domination, ``w,b`` for peaceable queens."""

    def optimize(problem, n, *, timeout=None, improved, solver="gecode", library="", flags="", board=""):
        from nqueens.core.optimization import SENSE

        want = "minimize" if SENSE[problem] == "min" else "maximize"
        if sense != want:
            raise NQueensError(f"MiniZinc model {path.name} says solve {sense}, and {problem} asks to {want}")
        names = board.split(",") if board else (["x"] if problem == "domination" else ["w", "b"])
        if len(names) != (1 if problem == "domination" else 2):
            raise NQueensError(f"board={board}: {problem} is read from {'one array' if len(names) == 2 else 'two'}")
        library, _, interface = _settle(str(path), path.stat().st_mtime_ns, solver, library, flags)
        command = [binary(), "--solver", solver, *shlex.split(flags), *(["-G", library] if library else [])]
        command += ["-a", "--output-mode", "json", "--output-objective", "--statistics"]
        if timeout is not None:
            command += ["--time-limit", str(max(1, int(float(timeout) * 1000)))]
        if "n" in interface.get("input", {}):
            command += ["-D", f"n = {n};"]
        found, stats, end = False, {}, None
        peak: list[float | None] = []  # MiB: the process tree's memory, read while it runs
        for kind, value in _printed([*command, str(path)], path, peak):
            if kind == "document":
                armies = []
                for name in names:
                    rows = value.get(name)
                    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
                        raise NQueensError(f"MiniZinc model {path.name} printed no 2-D array {name!r} (option board)")
                    armies.append([(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v])
                found = True
                improved(armies[0] if problem == "domination" else tuple(armies), objective=value.get("_objective"))
            elif kind == "stats":
                stats.update(value)
            else:
                end = value
        if any(p is not None for p in peak):
            stats["child_peak_memory"] = max(p for p in peak if p is not None)
        if end == "=====UNSATISFIABLE=====":
            return {"status": "infeasible", "stats": stats}
        return {"status": "optimal" if end and found else "feasible" if found else "unknown", "stats": stats}

    return optimize


_WATCH = 0.005  # seconds between two readings of the minizinc process tree's memory


def _watch(pid, peaks):
    """Read the memory of ``pid``'s process tree (:func:`_high_water`) into ``peaks`` every :data:`_WATCH`
    seconds, on a daemon thread, until the event it returns is set: the FlatZinc solver's process may have ended
    before minizinc prints its last statistics."""
    import threading

    done = threading.Event()

    def watch():
        while not done.wait(_WATCH):
            peaks.append(_high_water(pid))

    threading.Thread(target=watch, name="nqueens-minizinc-memory", daemon=True).start()
    return done


def _high_water(pid):
    """The peak resident memory (MiB) so far of the running process ``pid`` and the processes it started (the
    FlatZinc solver minizinc runs): the sum of their ``VmHWM``, each one's own peak (together a bound from above
    of their joint peak); ``None`` where ``/proc`` cannot tell.

    Read from ``/proc`` while they run (every few milliseconds, and at the statistics lines): ``getrusage`` and
    ``wait4`` would charge a child with the resident size of the process that started it, which its ``exec``
    inherits as a high-water mark."""
    total, seen, todo = 0.0, set(), [pid]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            with open(f"/proc/{current}/status", encoding="ascii") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as children:
                    todo.extend(int(child) for child in children.read().split())
        except (OSError, ValueError, StopIteration):
            if current == pid:
                return None
    return total


@functools.lru_cache(maxsize=64)
def _settle(path, mtime, solver, library, flags):
    """``(library, why, interface)``: the globals library to run the model with and the model's interface.

    Without ``library`` and ``-G`` among the flags, a model that does not compile against the solver's own
    library but does against MiniZinc's ``std`` library is run with ``std`` (``why`` says so)."""
    split = shlex.split(flags)
    first, error = _interface(path, solver, library, split)
    if first is not None:
        return library, "", first
    if not library and not any(f in ("-G", "--globals-dir", "--mzn-globals-dir") for f in split):
        second, _ = _interface(path, solver, "std", split)
        if second is not None:
            return "std", f"the {solver} library failed: {error}", second
    raise NQueensError(f"minizinc cannot read {Path(path).name}: {error}")


def _interface(path, solver, library, flags):
    """The model's interface (``minizinc --model-interface-only``) and ``None``, or ``None`` and the error."""
    exe = binary()
    if exe is None:
        raise NQueensError("the minizinc binary is not on PATH (Debian: apt-get install minizinc flatzinc)")
    command = [exe, "--solver", solver, *flags, *(["-G", library] if library else []), "--model-interface-only", path]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return None, _last_error(done.stderr or done.stdout or f"exit status {done.returncode}")
    try:
        return json.loads(done.stdout[done.stdout.index("{") :]), None
    except ValueError:
        return None, f"minizinc printed no model interface: {done.stdout.strip()[:200]!r}"


def _array(path, interface, named):
    """The name of the row-to-column array: ``named``, else ``q``, else the one integer array of the output."""
    arrays = sorted(
        key for key, kind in interface.get("output", {}).items() if kind.get("type") == "int" and kind.get("dim") == 1
    )
    if named:
        if named not in arrays:
            shown = ", ".join(arrays) or "none"
            raise NQueensError(
                f"MiniZinc model {path.name} outputs no integer array {named!r} (its integer arrays: {shown})"
            )
        return named
    if "q" in arrays:
        return "q"
    if len(arrays) == 1:
        return arrays[0]
    if not arrays:
        raise NQueensError(
            f"MiniZinc model {path.name} outputs no integer array (the row-to-column array the toolkit reads)"
        )
    raise NQueensError(
        f"MiniZinc model {path.name} outputs {len(arrays)} integer arrays ({', '.join(arrays)}): name the "
        "row-to-column one with --option array=NAME"
    )


@functools.cache
def _versions(solver):
    """``{"minizinc": version, solver: version}`` as ``minizinc --version`` and ``--solvers-json`` say."""
    found: dict[str, str] = {}
    exe = binary()
    if exe is None:
        return found
    done = subprocess.run([exe, "--version"], capture_output=True, text=True)
    version = re.search(r"version (\S+)", done.stdout)
    if version:
        found["minizinc"] = version.group(1)
    done = subprocess.run([exe, "--solvers-json"], capture_output=True, text=True)
    try:
        configs = json.loads(done.stdout)
    except ValueError:
        configs = []
    for config in configs:
        ident = str(config.get("id", ""))
        if solver in (ident, ident.rpartition(".")[2]) and config.get("version"):
            found[solver] = str(config["version"])
            break
    return found


def _last_error(text):
    """The line of MiniZinc's error output that says what is wrong (its warnings left out)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith(("Error", "MiniZinc:")) or "error" in line.lower()]
    return (errors or lines or ["(no message)"])[-1 if not errors else 0][:300]


def _data(n, instance, takes_instance, takes_n=True):
    """The ``-D`` data: ``n`` (unless the model sets it), and the instance's parameters in the export's
    convention (1-based squares; all empty for the plain problem) when the model declares them."""
    parts = [f"n = {n};"] if takes_n else []
    if takes_instance:
        if instance is None:
            from nqueens.core.instance import Instance

            instance = Instance(n)

        def pairs(cells):
            flat = ", ".join(f"{r + 1}, {c + 1}" for r, c in cells)
            return f"array2d(1..{len(cells)}, 1..2, [{flat}])"

        parts += [
            f"blocked = {pairs(sorted(instance.blocked))};",
            f"queens = {pairs(sorted(instance.queens))};",
            f"excluded_sum = {{{', '.join(map(str, sorted(instance.excluded_sum)))}}};",
            f"excluded_difference = {{{', '.join(map(str, sorted(instance.excluded_difference)))}}};",
        ]
    return " ".join(parts)


def _solution(document, n, path, array="q", takes_n=True):
    q = document.get(array)
    if not isinstance(q, list) or not all(isinstance(v, int) for v in q):
        raise NQueensError(f"MiniZinc model {path.name} printed {array} = {q!r}, not {n} integers")
    if len(q) != n:
        why = "" if takes_n else f" (the model sets n itself: it answers a board of {len(q)})"
        raise NQueensError(f"MiniZinc model {path.name} printed {array} with {len(q)} values, not n = {n}{why}")
    if set(q) == set(range(1, n + 1)) and 0 not in q:
        return [v - 1 for v in q]
    return q


def _code(text):
    """The model's text without its comments (``% ...`` and ``/* ... */``)."""
    return re.sub(r"%[^\n]*", "", re.sub(r"/\*.*?\*/", " ", text, flags=re.S))


def _number(text):
    text = text.strip().strip('"')
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@atexit.register
def _stop_all():
    for process in list(_RUNNING):
        if process.poll() is None:
            process.kill()
