"""A MiniZinc model file as a solver, run through the ``minizinc`` binary.

The model takes the board size as the parameter ``n`` and has ``q``, the row-to-column array of ``n`` integer
variables (1-based as MiniZinc models usually are, or 0-based: each solution says which, since its columns are
``1..n`` or ``0..n-1``). A model that also declares the parameters of ``nqueens export --model minizinc``
(``blocked``, ``queens``, ``excluded_sum``, ``excluded_difference``, 1-based squares and 0-based diagonal indices)
takes problem instances too. Solutions are read as they are printed (``--output-mode json``), so enumeration
streams and stopping it ends the MiniZinc process; a count asks for all solutions (``-a``) and is reported only
when MiniZinc says the search was complete (``==========``).

Options: ``solver`` (a MiniZinc solver id, ``gecode`` by default) and ``library`` (``-G``: the globals library;
Debian's ``flatzinc`` package ships a Gecode library older than its MiniZinc, whose ``inverse.mzn`` breaks
``include "globals.mzn"``: ``library=std`` uses MiniZinc's own decompositions instead).

References
----------
N. Nethercote et al., "MiniZinc: Towards a Standard CP Modelling Language", CP 2007; https://www.minizinc.org.
"""

import atexit
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np

from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally

__all__ = ["minizinc_solver", "binary"]

_INSTANCE_PARAMETERS = ("blocked", "queens", "excluded_sum", "excluded_difference")
_CHUNK = 256
_RUNNING = set()


def binary():
    """The path of the ``minizinc`` binary, or ``None``."""
    return shutil.which("minizinc")


def minizinc_solver(path):
    """The :class:`~nqueens.core.protocol.Solver` that runs the MiniZinc model at ``path``."""
    from nqueens.core.protocol import Option, Solver

    path = Path(path)
    text = path.read_text(errors="replace")
    if not re.search(r"\bq\s*;", text) and not re.search(r":\s*q\s*(;|=|::)", text):
        raise NQueensError(
            f"MiniZinc model {str(path)!r} declares no array q (the row-to-column array the toolkit reads)"
        )
    takes_instance = all(re.search(rf"\b{name}\s*;", text) for name in _INSTANCE_PARAMETERS)
    name = re.sub(r"[^a-z0-9-]+", "-", path.stem.lower()).strip("-") or "model"

    def count(n, *, nodes=False, instance=None, solver="gecode", library=""):
        start = time.perf_counter()
        total, complete, stats = 0, False, {}
        for kind, value in _run(path, n, instance, solver, library, takes_instance):
            if kind == "solution":
                total += 1
            elif kind == "complete":
                complete = True
            elif kind == "stats":
                stats.update(value)
        if not complete:
            raise NQueensError(f"MiniZinc ({solver}) did not report a complete search; no count is reported")
        stats.update(solver=solver, time_solve=time.perf_counter() - start)
        return Tally(total=total, stats=stats)

    def batches(n, *, limit=None, instance=None, solver="gecode", library=""):
        dtype, rows = dtype_for(n), []
        for kind, value in _run(path, n, instance, solver, library, takes_instance, limit=limit):
            if kind == "solution":
                rows.append(value)
                if len(rows) == _CHUNK:
                    yield np.array(rows, dtype=dtype)
                    rows = []
        if rows:
            yield np.array(rows, dtype=dtype)

    def warmup():
        if binary() is None:
            raise NQueensError(
                "MiniZinc models need the minizinc binary on PATH (Debian: apt-get install minizinc flatzinc; "
                "or the MiniZinc bundle from minizinc.org)"
            )

    return Solver(
        name=name,
        family="model",
        origin=f"the MiniZinc model {path.name}",
        can=("count", "enumerate", "instance") if takes_instance else ("count", "enumerate"),
        summary=f"MiniZinc model {path.name}",
        reach=8,
        no_instance="the model does not declare blocked, queens, excluded_sum and excluded_difference",
        options=(
            Option("solver", str, "gecode", "the MiniZinc solver (minizinc --solvers lists them)"),
            Option("library", str, "", "the globals library (-G), e.g. std for MiniZinc's decompositions"),
        ),
        count=count,
        batches=batches,
        warmup=warmup,
    )


def _run(path, n, instance, solver, library, takes_instance, *, limit=None):
    """Yield ``("solution", q)``, ``("stats", dict)`` and ``("complete", None)`` as MiniZinc prints them."""
    exe = binary()
    if exe is None:
        raise NQueensError("the minizinc binary is not on PATH (Debian: apt-get install minizinc flatzinc)")
    command = [exe, "--solver", solver, "--output-mode", "json", "--statistics", str(path)]
    if library:
        command[1:1] = ["-G", library]
    if limit is None:
        command.insert(1, "-a")
    elif limit > 1:
        command[1:1] = ["-n", str(limit)]
    command += ["-D", _data(n, instance, takes_instance)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _RUNNING.add(process)
    buffer, found = [], 0
    try:
        for line in process.stdout:
            stripped = line.strip()
            if stripped == "----------":
                q = _solution(json.loads("".join(buffer) or "{}"), n, path)
                buffer = []
                found += 1
                yield "solution", q
                if limit is not None and found >= limit:
                    return
            elif stripped == "==========":
                yield "complete", None
            elif stripped == "=====UNSATISFIABLE=====":
                yield "complete", None
            elif stripped.startswith("%%%mzn-stat:"):
                key, _, value = stripped[len("%%%mzn-stat:") :].strip().partition("=")
                yield "stats", {f"mzn_{key}": _number(value)}
            elif stripped.startswith("%") or stripped.startswith("====="):
                continue
            else:
                buffer.append(line)
        process.wait()
        if process.returncode != 0:
            message = (process.stderr.read() or "").strip().splitlines()
            hint = (
                "; Debian's Gecode library is older than its MiniZinc: try --option library=std"
                if any("inverse" in m for m in message)
                else ""
            )
            raise NQueensError(f"minizinc failed: {message[-1] if message else process.returncode}{hint}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        _RUNNING.discard(process)


def _data(n, instance, takes_instance):
    """The ``-D`` data: ``n``, and the instance's parameters in the export's convention (1-based squares; all
    empty for the plain problem) when the model declares them."""
    parts = [f"n = {n};"]
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


def _solution(document, n, path):
    q = document.get("q")
    if not isinstance(q, list) or len(q) != n or not all(isinstance(v, int) for v in q):
        raise NQueensError(f"MiniZinc model {path.name} printed q = {q!r}, not {n} integers")
    if set(q) == set(range(1, n + 1)) and 0 not in q:
        return [v - 1 for v in q]
    return q


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
