"""The fast counter against an independent plain-Python reference: enumeration plus canonical forms.

The reference below knows nothing of the engine: it lists every solution by plain backtracking, writes the 8
symmetries of the square out one by one, and takes the smallest image as the canonical form. For every n up to
12 the engine's total, unique count and orbit classes must equal it. Larger n are checked against OEIS by the
conformance suite (up to the registry's ``reach``).
"""

import json
import os
import subprocess
import sys
from functools import cache
from itertools import combinations

import numpy as np
import pytest
from known import TOTAL, UNIQUE
from nqueens.native import engine

import nqueens
from nqueens import NQueensError

# -- the independent reference -------------------------------------------------------------------------------


@cache
def _all_solutions(n):
    """Every solution, by backtracking row by row over free columns and diagonals (boolean lists)."""
    out = []
    q = [0] * n
    column = [False] * n
    down = [False] * (2 * n)  # row - col + n
    up = [False] * (2 * n)  # row + col

    def place(row):
        if row == n:
            out.append(tuple(q))
            return
        for col in range(n):
            if not (column[col] or down[row - col + n] or up[row + col]):
                q[row] = col
                column[col] = down[row - col + n] = up[row + col] = True
                place(row + 1)
                column[col] = down[row - col + n] = up[row + col] = False

    place(0)
    return out


def _symmetries(n):
    """The 8 symmetries of the square as maps of a square (row, col), written out."""
    m = n - 1
    return [
        lambda r, c: (r, c),  # identity
        lambda r, c: (c, m - r),  # rotation by 90 degrees
        lambda r, c: (m - r, m - c),  # rotation by 180 degrees
        lambda r, c: (m - c, r),  # rotation by 270 degrees
        lambda r, c: (r, m - c),  # mirror left-right
        lambda r, c: (m - r, c),  # mirror top-bottom
        lambda r, c: (c, r),  # main diagonal
        lambda r, c: (m - c, m - r),  # anti-diagonal
    ]


def _images(q):
    n = len(q)
    out = []
    for g in _symmetries(n):
        image = [None] * n
        for r, c in enumerate(q):
            r2, c2 = g(r, c)
            image[r2] = c2
        out.append(tuple(image))
    return out


@cache
def reference(n):
    """(total, unique, classes) by enumeration and canonical forms."""
    solutions = _all_solutions(n)
    classes = {}
    for q in solutions:
        images = _images(q)
        if q == min(images):
            size = len(set(images))
            classes[size] = classes.get(size, 0) + 1
    return len(solutions), sum(classes.values()), classes


def _border_constellations(n):
    """Every valid placement of queens on the four border lines, as a frozenset of squares."""
    found = set()
    for q in _border_candidates(n):
        squares = list(q)
        if all(not _attack(a, b) for a, b in combinations(squares, 2)):
            found.add(frozenset(q))
    return found


def _border_candidates(n):
    m = n - 1
    for t in range(n):
        for b in range(n):
            for l in range(n):
                for r in range(n):
                    squares = {(0, t), (m, b), (l, 0), (r, m)}
                    lines = [
                        [s for s in squares if s[0] == 0],
                        [s for s in squares if s[0] == m],
                        [s for s in squares if s[1] == 0],
                        [s for s in squares if s[1] == m],
                    ]
                    if all(len(line) == 1 for line in lines):
                        yield squares


def _attack(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


# -- results ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [*range(1, 12), pytest.param(12, marks=pytest.mark.slow)])
def test_matches_enumeration_and_canonical_forms(n):
    total, unique, classes = reference(n)
    r = nqueens.count(n, "fast", store="none")
    assert (r.total, r.unique, r.classes) == (total, unique, classes)
    assert (r.total, r.unique) == (TOTAL[n], UNIQUE[n])


def test_count_12_json_from_the_command_line(capsys):
    from nqueens.cli import main

    assert main(["count", "12", "--json", "--store", "none"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["solver"] == "fast" and doc["total"] == 14200 and doc["unique"] == 1787
    assert sum(doc["classes"].values()) == 1787
    assert sum(int(size) * number for size, number in doc["classes"].items()) == 14200
    assert err == ""


def test_fast_is_the_default_counter():
    assert nqueens.count(9, store="none").solver == "fast"


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_workers_do_not_change_the_result(workers):
    r = nqueens.count(14, "fast", workers=workers, store="none")
    assert (r.total, r.unique) == (TOTAL[14], UNIQUE[14])
    assert r.stats["workers"] == workers and r.stats["computed"] == r.stats["subproblems"] == 64


def test_kernels_as_plain_python_give_the_classes(jit_free):
    """With NUMBA_DISABLE_JIT=1 the same source gives the reference's classes (n = 1..7)."""
    got = jit_free()
    for n in range(1, 8):
        total, unique, classes = reference(n)
        assert got[str(n)] == [total, unique, {str(k): v for k, v in classes.items()}], n


# -- constellations and subproblems ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 10))
def test_one_representative_per_class_of_constellations(n):
    every = _border_constellations(n)
    table = engine.start_constellations(n)
    m = n - 1
    seen = set()
    weight = 0
    for t, b, l, r, h in table.tolist():
        squares = frozenset({(0, t), (m, b), (l, 0), (r, m)})
        assert squares in every
        orbit = {frozenset(g(*s) for s in squares) for g in _symmetries(n)}
        assert not (orbit & seen), "two representatives of one class"
        seen |= orbit
        assert h == sum(frozenset(g(*s) for s in squares) == squares for g in _symmetries(n))
        assert len(orbit) == 8 // h
        weight += 8 // h
    assert seen == every and weight == len(every)


@pytest.mark.parametrize("n", range(4, 11))
def test_every_solution_lies_on_the_class_of_a_representative(n):
    """Solutions per class of constellations, from the reference's list, equal the engine's per representative."""
    m = n - 1
    table = engine.start_constellations(n)
    for row in table:
        t, b, l, r, h = (int(x) for x in row)
        squares = frozenset({(0, t), (m, b), (l, 0), (r, m)})
        orbit = {frozenset(g(*s) for s in squares) for g in _symmetries(n)}
        on_class = sum(
            frozenset(s for s in enumerate(q) if s[0] in (0, m) or s[1] in (0, m)) in orbit for q in _all_solutions(n)
        )
        assert engine.solve(n, row[None, :])["total"] == on_class, (n, row)


def test_subproblems_are_pure_and_add_up():
    n = 13
    subproblems = engine.plan(n)
    assert len(subproblems) == engine.subproblem_count(n, len(engine.start_constellations(n))) == 32
    parts = [engine.solve(n, s.payload[0]) for s in subproblems]
    assert sum(p["total"] for p in parts) == TOTAL[n]
    assert sum(sum(p["classes"].values()) for p in parts) == UNIQUE[n]
    # the same description, computed again or in another grouping, gives the same numbers
    assert engine.solve(n, subproblems[5].payload[0]) == parts[5]
    split = [engine.solve(n, subproblems[5].payload[0][i : i + 1]) for i in range(len(subproblems[5].payload[0]))]
    assert sum(p["total"] for p in split) == parts[5]["total"]
    # the plan is deterministic: same digests every time
    assert [s.digest for s in engine.plan(n)] == [s.digest for s in subproblems]
    assert len({s.digest for s in subproblems}) == len(subproblems)


def test_subproblems_are_balanced():
    """Round-robin dealing keeps every subproblem within a factor of the mean work."""
    subproblems = engine.plan(14)
    sizes = np.array([engine.solve(14, s.payload[0])["total"] for s in subproblems], float)
    assert sizes.min() > 0.5 * sizes.mean() and sizes.max() < 1.5 * sizes.mean()


# -- bad input -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"workers": 0}, "workers must be an integer >= 1"),
        ({"workers": "two"}, "takes an integer"),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:9"}, "give one or the other"),
        ({"store": 3}, "takes a str"),
        ({"cached": True, "store": "none"}, "cached needs a result store, not --store none"),
        ({"speed": 3}, "no option 'speed'"),
    ],
)
def test_bad_options_are_clear_errors(kwargs, fragment):
    with pytest.raises(NQueensError, match=fragment):
        nqueens.count(8, "fast", **kwargs)


def test_n_limits():
    assert nqueens.get_solver("fast").max_n == engine.MAX_N == 31
    with pytest.raises(NQueensError, match="integer >= 1"):
        nqueens.count(0, "fast")
    with pytest.raises(NQueensError, match="n <= 31"):
        nqueens.count(32, "fast")
    with pytest.raises(NQueensError, match="does not count nodes"):
        nqueens.count(8, "fast", nodes=True)


def test_other_solvers_reject_the_engine_flags(capsys):
    from nqueens.cli import main

    for flags in (["--workers", "2"], ["--store", "x.sqlite"], ["--cached"], ["--scheduler", "tcp://h:1"]):
        assert main(["count", "8", "--solver", "bitwise", *flags]) == 2
        out, err = capsys.readouterr()
        flag = flags[0].removeprefix("--")
        assert out == "" and err.startswith(f"error: --{flag} is for the solvers that split a count")
        assert f"solver 'bitwise' takes no {flag}" in err and err.count("\n") == 1


def test_unreachable_scheduler_is_one_error_line(monkeypatch, capsys):
    from nqueens.cli import main
    from nqueens.runtime import executors

    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    assert main(["count", "13", "--scheduler", "tcp://127.0.0.1:9", "--store", "none"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: no Dask scheduler answered at tcp://127.0.0.1:9 within 1 s")
    assert err.count("\n") == 1


def test_missing_dask_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(NQueensError, match=r"needs dask distributed.*nqueens\[dist\]"):
        nqueens.count(13, "fast", scheduler="tcp://127.0.0.1:9", store="none")


# -- output ----------------------------------------------------------------------------------------------------


def _on_a_terminal(argv, until=None, timeout=120):
    """Run the CLI with stdout and stderr on a pseudo-terminal (100 columns); return what it wrote.

    With ``until``, stop the process as soon as that text has appeared.
    """
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "nqueens", *argv], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # the process has closed the terminal
                    break
                if not data:
                    break
                out += data
                if until is not None and until in out.decode(errors="replace"):
                    break
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        proc.wait(timeout=timeout)
        os.close(master)
    return out.decode(errors="replace")


@pytest.mark.slow
def test_progress_bar_on_a_terminal_only_without_quiet_or_json():
    shown = _on_a_terminal(["count", "17", "--solver", "fast", "--workers", "1", "--store", "none"], until="/512")
    assert "subproblems/s" in shown and "/512" in shown
    for flag in ("--quiet", "--json"):
        quiet = _on_a_terminal(["count", "16", "--solver", "fast", "--workers", "1", "--store", "none", flag])
        assert "%|" not in quiet and "subproblems/s" not in quiet and str(TOTAL[16]) in quiet.replace(",", "")


@pytest.mark.slow
def test_json_prints_nothing_else(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "13", "--json", "--store", str(tmp_path / "s.sqlite")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["total"] == TOTAL[13]
