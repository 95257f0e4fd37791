"""The toolkit's entries beside counting and solving: construction, instance generation, model export and the
state-space trees, for the commands and for scripts.

The command line reaches the algorithms only through the facade (:mod:`nqueens.api` for the solvers, this module
for the rest), so that it names no kernel or formulation module. Importing this module loads no numpy and no
numba: each function imports its algorithm when it is called, and the constants come from the light package
:mod:`nqueens.models`.
"""

from nqueens.models import EXPORT_MAX_N, MODELS, MODES, ORDERS, PROPAGATIONS

__all__ = [
    "TREE_MODELS",
    "MODES",
    "PROPAGATIONS",
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
