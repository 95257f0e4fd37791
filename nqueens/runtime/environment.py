"""What a run was made with: the toolkit's and the solver libraries' versions, and the machine.

Every experiment run records both (:class:`nqueens.core.record.RunRecord` ``versions`` and ``machine``), so that a
table can be published with what made it. Versions are read from the installed packages' metadata, nothing is
imported: a library that is not installed is left out.

Examples
--------
>>> sorted(machine())
['cores', 'cpu', 'platform', 'python']
>>> versions()["nqueens"] == __import__("nqueens").__version__
True
"""

import functools
import os
import platform
import re
import sys
from typing import Any

__all__ = ["TOOLKIT", "versions", "machine"]

# The distributions every run uses (arrays and kernels) and the XCSP3 export's; each solver declares its own
# (:attr:`nqueens.core.protocol.Solver.libraries`). A MiniZinc model's run adds MiniZinc's version and its
# solver's (their binaries are no Python packages: the model reports them in its statistics, ``versions``).
TOOLKIT = ("numpy", "numba", "pycsp3")


def versions(solvers=()):
    """``{"nqueens": ..., "python": ..., library: version, ...}`` for the :data:`TOOLKIT` and the libraries the
    ``solvers`` declare, those installed."""
    names = dict.fromkeys(TOOLKIT)
    for spec in solvers:
        names.update(dict.fromkeys(spec.libraries))
    return dict(_versions(tuple(names)))


@functools.cache
def _versions(names):
    from nqueens.core.version import __version__

    found = {"nqueens": __version__, "python": platform.python_version()}
    named = _dist_info_versions()
    for name in names:
        version = named.get(_normalise(name)) or _metadata_version(name)
        if version:
            found[name] = version
    return found


def _normalise(name):
    return re.sub(r"[-_.]+", "_", name).lower()


def _dist_info_versions():
    """``{normalised name: version}`` read from the names of the ``NAME-VERSION.dist-info`` folders on the path,
    the first of each name as the import system would find it (reading each package's metadata file and parsing
    it as email, as ``importlib.metadata.version`` does, costs about 50 ms for eight libraries)."""
    named: dict[Any, Any] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for folder in names:
            if folder.endswith(".dist-info") and "-" in folder:
                name, _, version = folder[: -len(".dist-info")].partition("-")
                named.setdefault(_normalise(name), version)
    return named


def _metadata_version(name):
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


@functools.cache
def machine():
    """``{"cpu": model name, "cores": logical cores, "python": implementation and version, "platform": ...}``."""
    return {
        "cpu": _cpu(),
        "cores": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
    }


def _cpu():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"
