"""The toolkit's entries beside counting and solving: construction, instance generation, model export and the
state-space trees, for the commands and for scripts.

The command line reaches the algorithms only through the facade (:mod:`nqueens.api` for the solvers, this module
for the rest), so that it names no kernel or formulation module. Importing this module loads no numpy and no
numba: each function imports its algorithm when it is called, and the constants come from the light package
:mod:`nqueens.models`.
"""

from pathlib import Path

from nqueens.core.errors import NQueensError
from nqueens.models import EXPORT_MAX_N, MODELS, MODES, ORDERS, PROPAGATIONS, SYMMETRIES

__all__ = [
    "TREE_MODELS",
    "MODES",
    "PROPAGATIONS",
    "SYMMETRIES",
    "ORDERS",
    "EXPORT_MAX_N",
    "construct",
    "random_instance",
    "model_exports",
    "optimization_export",
    "tree_formulation",
    "check_tree_settings",
    "propagation_max_n",
    "graph_format",
    "write_graph",
    "examples_folder",
    "copy_examples",
]

TREE_MODELS = MODELS  # the state-space tree formulations, in the order the commands offer them


def construct(n, method="explicit", **options):
    """One verified solution of a large board (:func:`nqueens.native.construct.construct`)."""
    from nqueens.native.construct import construct as build

    return build(n, method, **options)


def random_instance(kind, n, k, **options):
    """A seeded random instance (:func:`nqueens.native.instances.random_instance`)."""
    from nqueens.native.instances import random_instance as generate

    return generate(kind, n, k, **options)


def model_exports():
    """The writers of the n-queens models as files (:mod:`nqueens.models.export`: ``dimacs``, ``lp``, ``mps``,
    ``xcsp3``, ``minizinc``, ``estimate``)."""
    from nqueens.models import export

    return export


def optimization_export(problem, n, fmt, *, symmetry=False):
    """The text of an optimisation problem's model file (:func:`nqueens.models.optimize.export`)."""
    from nqueens.models.optimize import export

    return export(problem, n, fmt, symmetry=symmetry)


def tree_formulation(name):
    """The module of the tree formulation ``name`` (its ``FORMULATION``, ``accounting``, ``graph``, ``warmup``)."""
    from nqueens.models.tree import formulation

    return formulation(name)


def check_tree_settings(form, mode, **settings):
    """Refuse settings the formulation ``form`` does not take (:func:`nqueens.models.tree.check_settings`)."""
    from nqueens.models.tree import check_settings

    return check_settings(form, mode, **settings)


def propagation_max_n():
    """The largest board the propagating row trees take (each row's domain is a 64-bit mask)."""
    from nqueens.models.rows import MAX_N

    return MAX_N


def graph_format(path):
    """The format an exported tree is written in, from the file's name (an error for an unknown suffix)."""
    from nqueens.models.tree_export import export_format

    return export_format(path)


def write_graph(g, path):
    """Write the explored tree ``g`` to ``path`` (GraphML or DOT)."""
    from nqueens.models.tree_export import write_graph as write

    return write(g, path)


def examples_folder():
    """The examples the README and the docs use (your own solver, the MiniZinc and CPMpy models, the papers'
    reproductions, a plugin package, a notebook): the installed package's copy (``nqueens/examples`` in the
    wheel), or in a clone the ``examples/`` folder beside ``nqueens/``.

    Raises
    ------
    NQueensError
        If neither is there.
    """
    package = Path(__file__).resolve().parent
    for folder in (package / "examples", package.parent / "examples"):
        if (folder / "my_solver.py").is_file():
            return folder
    raise NQueensError(f"the examples are not installed with this package ({package}): reinstall nqueens")


def copy_examples(folder):
    """Copy the examples (:func:`examples_folder`) into ``folder``, which must not exist or be empty; return the
    files written, relative to it.

    Raises
    ------
    NQueensError
        If ``folder`` holds something already (nothing is overwritten).
    """
    import shutil

    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise NQueensError(f"{folder} exists and is not an empty folder: give a new one (nothing is overwritten)")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", ".ipynb_checkpoints")
    shutil.copytree(examples_folder(), target, ignore=skip, dirs_exist_ok=True)
    return sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
