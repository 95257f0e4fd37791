"""What an outside solver returns is checked before it is counted (boards off the board or of another length, a
Tally whose nodes cannot be true, a statistic that is not finite), code of its that leaves the process or raises
Ctrl-C's exception is its own failure, and a broken declaration, outside or built in, is one line.

Numbers asserted come from outside the code under test: OEIS A000170 (``known``) and brute force written here.
"""

import json
import sys

import pytest
from helpers import one_error_line, run_cli
from known import TOTAL


def _plugin(tmp_path, name, body):
    path = tmp_path / f"{name.replace('-', '_')}.py"
    path.write_text("from nqueens import Solver, Tally\n" + body)
    return str(path)


def _solutions(n):
    # brute force, written here: every permutation with no two queens on a diagonal
    from itertools import permutations

    return [
        q for q in permutations(range(n)) if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n
    ]


SHIFTED = """
from itertools import permutations

def shifted(n, **options):
    for q in permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:
            yield [c + n for c in q]

solver = Solver(name="shifted", solutions=shifted)
"""

LONGER = """
from itertools import permutations

def longer(n, **options):
    for q in permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:
            yield [*q, 0]

solver = Solver(name="longer", solutions=longer)
"""

NEGATIVE = """
def negative(n, *, nodes=False, **options):
    return Tally(total={total}, nodes=-5, profile=(1, -3, 2))

solver = Solver(name="negative", count=negative, can=("count", "nodes"))
"""

UNSUMMED = """
def unsummed(n, *, nodes=False, **options):
    return Tally(total={total}, nodes=10**40, profile=(1, 2, 3))

solver = Solver(name="unsummed", count=unsummed, can=("count", "nodes"))
"""

INFINITE = """
def infinite(n, *, nodes=False, **options):
    return Tally(total={total}, stats={{"speed": float("inf")}})

solver = Solver(name="infinite", count=infinite)
"""


def test_the_brute_force_here_agrees_with_oeis():
    assert [len(_solutions(n)) for n in range(1, 8)] == [TOTAL[n] for n in range(1, 8)]


@pytest.mark.parametrize("name, body", [("shifted", SHIFTED), ("longer", LONGER)])
def test_count_refuses_a_plugin_whose_boards_are_off_the_board_or_of_another_length(capsys, tmp_path, name, body):
    spec = _plugin(tmp_path, name, body)
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 1 and out == "", (out, err)
    assert f"solver {name!r} gave a board that is not a solution of n = 6" in err and "Traceback" not in err


@pytest.mark.parametrize("body, said", [(NEGATIVE, "a negative number of nodes"), (UNSUMMED, "fewer than")])
def test_count_refuses_a_tally_whose_nodes_cannot_be_true(capsys, tmp_path, body, said):
    spec = _plugin(tmp_path, "bad-tally", body.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--nodes")
    assert code == 1 and out == "", (out, err)
    assert "count returned a Tally whose" in err


def test_a_profile_that_does_not_sum_to_the_nodes_is_refused(capsys, tmp_path):
    body = UNSUMMED.replace("10**40", "10**6")
    spec = _plugin(tmp_path, "unsummed", body.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--nodes")
    assert code == 1 and "profile sums to 6, not to its nodes 1,000,000" in err, err


def test_a_statistic_that_is_not_finite_is_refused_so_json_never_prints_infinity(capsys, tmp_path):
    spec = _plugin(tmp_path, "infinite", INFINITE.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--json")
    assert code == 1 and "Infinity" not in out and "statistic 'speed' is inf" in err, (out, err)


@pytest.mark.parametrize("name, body", [("shifted", SHIFTED), ("negative", NEGATIVE)])
def test_compare_marks_a_lying_plugin_error_not_agreed(capsys, tmp_path, name, body):
    spec = _plugin(tmp_path, name, body.format(total=TOTAL[6]) if "{total}" in body else body)
    argv = ["compare", "6..7", "--solvers", f"bitwise,{spec}", "--format", "json", "--store", "none"]
    code, out, err = run_cli(capsys, *(argv + (["--nodes"] if name == "negative" else [])))
    runs = json.loads(out)
    theirs = [r for r in runs if r["solver"] != "bitwise"]
    assert code == 1 and theirs and all(r["status"] == "error" for r in theirs), (runs, err)
    assert all(r["total"] == TOTAL[r["n"]] for r in runs if r["solver"] == "bitwise")
    assert "agreed" not in err.replace("disagreed", "")


# -- no output replaces an input ------------------------------------------------------------------------------


# -- what replay reads is bounded -----------------------------------------------------------------------------


# -- a search too big to trace is refused at once, in words that fit ------------------------------------------


# -- a plot that cannot be drawn is refused before the first run ----------------------------------------------


# -- two writers of one store ---------------------------------------------------------------------------------


# -- outside code that leaves the process, or raises Ctrl-C's exception ---------------------------------------

EXITS = """
import os

def exits(n, **options):
    os._exit(0)
    yield ()

solver = Solver(name="exits", solutions=exits)
"""

RAISES = """
def raises(n, **options):
    raise KeyboardInterrupt
    yield ()

solver = Solver(name="raises", solutions=raises)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "6", "--solver", "{spec}"],
        ["check-solver", "{spec}", "--check", "check_count_totals"],
        pytest.param(["compare", "5..6", "--solvers", "bitwise,{spec}", "--store", "none"], marks=pytest.mark.slow),
    ],
    ids=["count", "check-solver", "compare"],
)
def test_a_plugin_calling_os_exit_does_not_pass_for_a_silent_success(tmp_path, argv):
    import subprocess

    spec = _plugin(tmp_path, "exits", EXITS)
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", *(a.format(spec=spec) for a in argv)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode != 0 and "os._exit(0)" in done.stdout + done.stderr, (done.stdout, done.stderr)


def test_a_plugin_raising_keyboard_interrupt_is_its_error_not_the_users_ctrl_c(capsys, tmp_path):
    spec = _plugin(tmp_path, "raises", RAISES)
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 1 and "raised KeyboardInterrupt" in err and "interrupted" not in err, err


def test_a_plugin_that_behaves_still_exits_0_with_its_answer(tmp_path):
    import subprocess

    spec = _plugin(tmp_path, "fine", SHIFTED.replace("[c + n for c in q]", "list(q)").replace("shifted", "fine"))
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "6", "--solver", spec], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0 and f"{TOTAL[6]} solutions" in done.stdout and done.stderr == "", done.stderr


# -- declarations are checked once, each fault one line -------------------------------------------------------

DECLARATIONS = {
    'Solver(name="x", solutions=s, max_n="x")': "max_n 'x' is not an integer >= 1",
    'Solver(name="x", family="weird", solutions=s)': "family 'weird' is not one of",
    'Solver(name="x", solutions=s, can=("count", "fly"))': "capability 'fly' is not one of",
    'Solver(name="x", solutions=s, reach=30, max_n=10)': "reach 30 is above its max_n 10",
    'Solver(name="x", solutions=s, memory=(-5, 1))': "negative number of bytes",
    'Solver(name="x", solutions=s, memory=-5)': "memory -5 is not (a, b)",
    'Solver(name="x", solutions=s, max_n=0)': "max_n 0 is not an integer >= 1",
    'Solver(name="x", solutions=s, max_n=-1)': "max_n -1 is not an integer >= 1",
    'Solver(name="x", solutions=s, options=[Option("k", kind=str, default="z", choices=("a", "b"), help="h")])': (
        "option k's default 'z' is not one of its choices a, b"
    ),
    "Solver(solutions=s)": "missing 1 required positional argument: 'name'",
    'Solver(name="bitwise", solutions=s)': "'bitwise'",
}
_DECLARATION = (
    "from nqueens import Option, Solver\n\ndef s(n, **options):\n    yield from ()\n\nSOLVER = {}\nsolver = SOLVER\n"
)


@pytest.mark.parametrize("declaration", list(DECLARATIONS))
def test_a_broken_outside_declaration_is_one_line(capsys, tmp_path, declaration):
    path = tmp_path / "declared.py"
    path.write_text(_DECLARATION.format(declaration))
    code, out, err = run_cli(capsys, "count", "4", "--solver", str(path))
    assert code == 2 and DECLARATIONS[declaration] in one_error_line(err), err


@pytest.mark.parametrize("declaration", [d for d in DECLARATIONS if "bitwise" not in d])
def test_a_broken_built_in_declaration_is_one_line_naming_its_module(tmp_path, monkeypatch, declaration):
    from nqueens.core.errors import NQueensError
    from nqueens.registry import _declared

    (tmp_path / "declared_here.py").write_text(_DECLARATION.format(declaration))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "declared_here", raising=False)
    with pytest.raises(NQueensError, match="declared_here") as caught:
        _declared(["declared_here"])
    assert DECLARATIONS[declaration] in str(caught.value) and "\n" not in str(caught.value)


def test_two_built_in_declarations_of_one_name_are_refused(tmp_path, monkeypatch):
    from nqueens.core.errors import NQueensError
    from nqueens.registry import _declared

    (tmp_path / "again_bitwise.py").write_text(_DECLARATION.format('Solver(name="bitwise", solutions=s)'))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(NQueensError, match="names 'bitwise', which another one declares"):
        _declared(["nqueens.native.bitwise_spec", "again_bitwise"])


# -- an outside solver that prints does not break the toolkit's own output -----------------------------------

NOISY = """
import os
import nqueens

print("noise at import")
os.write(1, b"noise from the file descriptor at import\\n")


def solutions(n):
    print("noise while solving")
    os.write(1, b"fd noise while solving\\n")
    import itertools
    for q in itertools.permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
            yield q


def count(n):
    print("noise while counting")
    os.write(1, b"fd noise while counting\\n")
    return sum(1 for _ in solutions(n))


solver = nqueens.Solver(name="noisy", solutions=solutions, count=count, can=("count", "enumerate"), reach=7)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "6", "--solver", "./noisy.py:solver", "--json"],
        ["solve", "6", "--solver", "./noisy.py:solver", "--json"],
        pytest.param(
            ["compare", "5..6", "--solvers", "./noisy.py:solver,bitwise", "--json", "--store", "none"],
            marks=pytest.mark.slow,
        ),
        ["compare", "5..6", "--solvers", "./noisy.py:solver", "--json", "--timeout", "60", "--store", "none"],
    ],
    ids=["count", "solve", "compare", "compare-workers"],
)
def test_an_outside_solver_that_prints_leaves_the_json_whole(cli, tmp_path, argv):
    (tmp_path / "noisy.py").write_text(NOISY)
    done = cli.process(*argv, cwd=tmp_path)  # the prints of the runner's worker processes go to its stderr
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    if argv[0] == "count":
        assert doc["total"] == TOTAL[6]
    elif argv[0] == "solve":
        assert len(doc["solutions"]) == TOTAL[6]
    else:
        assert {(r["n"], r["total"]) for r in doc if "noisy" in r["solver"]} == {(5, TOTAL[5]), (6, TOTAL[6])}
    assert "noise" in done.stderr


# -- a count that is not a number of solutions --------------------------------------------------------------


@pytest.mark.parametrize("answer", ["-5", "True", "2.5", "10**30", "'4'", "nqueens.Tally(total=-1)"])
def test_a_count_that_is_not_a_number_of_solutions_is_refused(cli, tmp_path, answer):
    (tmp_path / "liar.py").write_text(
        f"import nqueens\nsolver = nqueens.Solver(name='liar', count=lambda n: {answer})\n"
    )
    done = cli("count", "6", "--solver", "./liar.py:solver", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    line = one_error_line(done.stderr, alone=True)
    assert "liar" in line and "protocol" in line, line


def test_an_outside_count_as_a_numpy_integer_is_taken(cli, tmp_path):
    (tmp_path / "np.py").write_text(
        "import numpy, nqueens\nsolver = nqueens.Solver(name='np-count', count=lambda n: numpy.int64(4))\n"
    )
    done = cli("count", "6", "--solver", "./np.py:solver", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == TOTAL[6]


def test_a_solver_file_in_a_folder_named_with_an_equals_sign(capsys, tmp_path):
    folder = tmp_path / "a=b"
    folder.mkdir()
    (folder / "rows.py").write_text(
        "from itertools import permutations\n\n"
        "def solutions(n, **options):\n"
        "    for q in permutations(range(n)):\n"
        "        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:\n"
        "            yield q\n"
    )
    spec = f"{folder / 'rows.py'}:solutions"
    code, out, err = run_cli(capsys, "compare", "5..6", "--solvers", f"bitwise,{spec}", "--store", "none")
    assert code == 0 and "both solvers agreed" in out, (out, err)
