"""The Examples sections of every module's docstrings run as doctests."""

import doctest
import importlib
import pkgutil

import pytest

import nqueens


def _modules():
    for info in pkgutil.walk_packages(nqueens.__path__, "nqueens."):
        if info.name != "nqueens.__main__":
            yield info.name
    for sub in ("native", "models", "analysis"):
        package = importlib.import_module(f"nqueens.{sub}")
        for info in pkgutil.walk_packages(package.__path__, f"nqueens.{sub}."):
            yield info.name


# Modules whose examples take a second or more (estimate's compile its kernels, with a cold cache): the whole suite
# runs them.
_SLOW = {"nqueens.analysis.estimate", "nqueens.analysis.plots", "nqueens.analysis.statistics", "nqueens.models.export"}


# A module's examples compile the kernels they run when the cache lacks them (minutes on a busy 2-core machine,
# nqueens.analysis.estimate's the most): a limit such a machine meets, not the suite's 300 s.
@pytest.mark.timeout(1200)
@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=pytest.mark.slow) if name in _SLOW else name for name in sorted(set(_modules()))]
)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
