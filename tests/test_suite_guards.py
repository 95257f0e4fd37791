"""The suite's own guards: a parametrisation over nothing fails instead of passing, and the markers are declared."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]

pytest_plugins = ["pytester"]


def _ini(pytester):
    pytester.makeini(f"[pytest]\nempty_parameter_set_mark = {CONFIG['empty_parameter_set_mark']}\n")


def test_an_empty_parametrisation_fails_at_collection(pytester):
    """A filter over the registry that matches no solver (``[s for s in solvers() if s.reach >= 99]``) is an
    error of the suite, not a passed or skipped test."""
    _ini(pytester)
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.parametrize("spec", [s for s in range(3) if s > 9])
        def test_every_spec(spec):
            assert spec
        """
    )
    result = pytester.runpytest()
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*Empty parameter set*"])


def test_a_full_parametrisation_runs(pytester):
    _ini(pytester)
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.parametrize("spec", [1, 2])
        def test_every_spec(spec):
            assert spec
        """
    )
    pytester.runpytest().assert_outcomes(passed=2)


def test_nothing_of_the_fault_injection_ships_with_the_package():
    """The worker faults live in tests/faults (a sitecustomize the tests put on PYTHONPATH), not in nqueens."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    shipped = [p for folder in ("nqueens", "models", "native", "analysis") for p in (root / folder).rglob("*.py")]
    assert shipped
    offenders = [str(p) for p in shipped if "NQUEENS_WORKER_FAULT" in p.read_text() or "_inject(" in p.read_text()]
    assert offenders == []
