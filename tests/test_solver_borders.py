"""Outside solvers at the border: what a user's code does wrong ends in one block that says which solver, which
n, what it was asked (or which check) and the user's own line, with exit status 1; a hanging solver is stopped by
``check-solver --timeout``; a board that breaks the rules is never printed."""

import textwrap
import time

import pytest

FILES = {
    "typeerror.py": """
        import itertools

        def solver(n, *, instance=None):
            for q in itertools.permutations(range(n)):
                if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
                    if n >= 5:
                        q = q + "x"
                    yield q
        """,
    "exits.py": """
        import sys

        def solver(n, *, instance=None):
            sys.exit(3)
            yield ()
        """,
    "wrong.py": """
        def solver(n, *, instance=None):
            yield tuple(range(n))
        """,
    "hangs.py": """
        import time

        def solver(n, *, instance=None):
            while True:
                time.sleep(0.05)
            yield ()
        """,
    "bad_model.py": """
        import cpmpy as cp

        def model(n, instance):
            q = cp.intvar(0, n - 1, shape=n, name="q")
            return cp.Model(cp.AllDifferent(q)), q[: n // 0]
        """,
}


@pytest.fixture
def files(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def _block(done, *needles):
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    err = done.stderr.strip()
    assert err.startswith("error: ") and "Traceback" not in err, err
    assert all(needle in err for needle in needles), (needles, err)
    return err


@pytest.mark.parametrize("command", [("count", "6"), ("solve", "6")])
def test_an_exception_in_a_user_s_solver_is_one_block_with_n_and_the_user_s_line(cli, files, command):
    done = cli(*command, "--solver", "./typeerror.py:solver", cwd=files)
    err = _block(done, "TypeError", "n = 6", "typeerror.py", "line 8", 'q = q + "x"')
    assert len(err.splitlines()) == 2


def test_an_exception_in_a_user_s_cpmpy_model_is_one_block(cli, files):
    done = cli("count", "6", "--solver", "./bad_model.py:model", cwd=files)
    _block(done, "ZeroDivisionError", "n = 6", "bad_model.py", "line 6")


@pytest.mark.parametrize(
    "command",
    [
        ("count", "6", "--solver", "./exits.py:solver"),
        ("compare", "5..6", "--solvers", "bitwise,./exits.py:solver"),
        ("check-solver", "./exits.py:solver", "--no-interrupt"),
    ],
)
def test_a_solver_that_calls_sys_exit_does_not_end_the_command(cli, files, command):
    done = cli(*command, cwd=files)
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "sys.exit(3)" in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_check_solver_names_the_n_of_an_exception(cli, files):
    done = cli("check-solver", "./typeerror.py:solver", "--no-interrupt", cwd=files)
    assert done.returncode == 1
    line = next(line for line in done.stdout.splitlines() if line.startswith("check_count_totals"))
    assert "FAILED" in line and "n = 5" in line and "TypeError" in line, line


@pytest.mark.slow
def test_check_solver_stops_a_hanging_solver_at_its_timeout(cli, files):
    start = time.monotonic()
    # a process: the solver's thread, abandoned at the timeout, sleeps on until the command exits
    done = cli.process("check-solver", "./hangs.py:solver", "--timeout", "2", cwd=files, timeout=120)
    took = time.monotonic() - start
    assert done.returncode == 1 and took < 40, (took, done.stdout, done.stderr)
    assert "no answer within 2 s" in done.stdout and "n = 1" in done.stdout, done.stdout


@pytest.mark.parametrize("spec", ["os.path:join", "json:loads"])
def test_a_callable_that_is_not_a_solver_ends_in_one_block(cli, tmp_path, spec):
    done = cli("count", "6", "--solver", spec, cwd=tmp_path)
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: ") and "n = 6" in done.stderr, done.stderr


def test_a_board_that_breaks_the_rules_is_never_printed(cli, files):
    done = cli("solve", "6", "--solver", "./wrong.py:solver", "--format", "text", cwd=files)
    _block(done, "(0, 1, 2, 3, 4, 5)", "n = 6", "diagonal")
    assert "1,2,3,4,5,6" not in done.stdout
    counted = cli("compare", "6..6", "--solvers", "./wrong.py:solver", "--question", "first", cwd=files)
    assert counted.returncode == 1 and "Traceback" not in counted.stderr
