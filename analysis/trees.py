"""Closed-form sizes of the three state-space trees of the n-queens problem, and per-depth comparisons.

Seed 003 builds the same problem on different trees by moving constraints between the explicit side (they
shape the tree) and the implicit side (a check prunes the tree):

``permutation``
    Rows and columns explicit: a node at depth ``k`` has ``n - k`` children (the unused columns), so depth ``k``
    holds ``n! / (n - k)!`` nodes. Diagonals implicit.
``mary``
    Only rows explicit: the full ``n``-ary tree, ``n ** k`` nodes at depth ``k``. Columns and diagonals implicit.
``subset``
    Every one of the ``n * n`` cells is a yes/no decision (row-major order): the full binary tree, ``2 ** k``
    nodes at depth ``k = 0 .. n * n``. Every constraint implicit.

The **tree size** (docs/design.md) counts every node of the full tree, root included: exact Python integers for any
``n``, computed from the sums, never from a float formula. The sizes of the levels are stated once, by each
formulation (``level_sizes`` of :mod:`nqueens.models.mary` and its siblings); this module reads them there. What a search *visits* (``generated`` and ``feasible``
per depth) comes from the formulations themselves (``nqueens.models``) or from Knuth's estimator
(:mod:`nqueens.analysis.estimate`); :func:`profile_table` puts those beside the full tree, depth by depth.

Examples
--------
>>> tree_size(8, "permutation"), tree_size(8, "mary")
(109601, 19173961)
>>> tree_size(2, "subset")
31

References
----------
Seed 003, 回溯法-排列树 / 回溯法-满n叉树 (permutation tree, full m-ary tree); the subset tree of seed 004.
OEIS A000522 (``sum n!/k!``, the permutation tree) and A031972 (``sum n^k``, k = 1..n).
"""

from nqueens.models.tree import MODELS, formulation

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError

__all__ = ["MODELS", "level_sizes", "tree_size", "tree_depth", "profile_table", "format_profile_table"]


def level_sizes(n, model):
    """The number of nodes of the full tree at each depth, root first.

    Parameters
    ----------
    n : int
        Board size, an integer >= 1.
    model : str
        One of :data:`MODELS`.

    Returns
    -------
    tuple of int
        ``n + 1`` entries for ``permutation`` and ``mary``, ``n * n + 1`` for ``subset``.

    Raises
    ------
    NQueensError
        For a bad ``n`` or an unknown model.

    Examples
    --------
    >>> level_sizes(4, "permutation")
    (1, 4, 12, 24, 24)
    >>> level_sizes(3, "mary")
    (1, 3, 9, 27)
    """
    n = check_n(n)
    return _form(model).level_sizes(n)


def tree_size(n, model):
    """The number of nodes of the full state-space tree, root included, as an exact integer.

    Examples
    --------
    >>> tree_size(4, "permutation"), tree_size(4, "mary"), tree_size(4, "subset")
    (65, 341, 131071)
    >>> len(str(tree_size(30, "mary")))
    45

    Notes
    -----
    ``permutation``: ``sum_k n!/(n-k)! = sum_j n!/j!`` (OEIS A000522); ``mary``: ``(n**(n+1) - 1)/(n - 1)``
    (``2`` for ``n = 1``); ``subset``: ``2**(n*n + 1) - 1``.
    """
    n = check_n(n)
    return _form(model).tree_size(n)


def tree_depth(n, model):
    """The depth of the leaves: ``n`` rows, or ``n * n`` cells for ``subset``.

    Examples
    --------
    >>> tree_depth(8, "mary"), tree_depth(8, "subset")
    (8, 64)
    """
    n = check_n(n)
    return _form(model).depth(n)


def profile_table(n, profiles):
    """Per-depth rows that put measured (or estimated) profiles beside the full trees.

    Parameters
    ----------
    n : int
    profiles : dict
        ``{model: {"generated": [...], "feasible": [...]}}`` (either list may be missing), one entry per depth
        from the root, as the formulations' node accounting reports them.

    Returns
    -------
    list of dict
        One row per ``(model, depth)`` with ``model``, ``depth``, ``tree`` (full-tree nodes at that depth),
        ``generated``, ``feasible``, ``feasible/generated`` and ``feasible/tree`` (``None`` where a number is
        missing or a denominator is 0).

    Raises
    ------
    NQueensError
        For an unknown model or a profile longer than the tree is deep.

    Examples
    --------
    >>> rows = profile_table(4, {"mary": {"generated": [1, 4, 16, 24, 8], "feasible": [1, 4, 6, 4, 2]}})
    >>> rows[2]["tree"], rows[2]["feasible/generated"], rows[2]["feasible/tree"]
    (16, 0.375, 0.375)
    """
    n = check_n(n)
    rows = []
    for model, profile in profiles.items():
        widths = level_sizes(n, model)
        generated = list(profile.get("generated") or [])
        feasible = list(profile.get("feasible") or [])
        if max(len(generated), len(feasible)) > len(widths):
            raise NQueensError(f"a {model} profile for n = {n} has at most {len(widths)} depths")
        for depth, width in enumerate(widths):
            g = generated[depth] if depth < len(generated) else None
            f = feasible[depth] if depth < len(feasible) else None
            rows.append(
                {
                    "model": model,
                    "depth": depth,
                    "tree": width,
                    "generated": g,
                    "feasible": f,
                    "feasible/generated": f / g if f is not None and g else None,
                    "feasible/tree": f / width if f is not None else None,
                }
            )
    return rows


def format_profile_table(rows):
    """The rows of :func:`profile_table` as a Markdown table (ratios to 4 significant digits), drawn by :func:`nqueens.core.table.render`.

    Examples
    --------
    >>> print(format_profile_table(profile_table(2, {"permutation": {"feasible": [1, 2, 0]}})), end="")
    | model       | depth | tree | generated | feasible | feasible/generated | feasible/tree |
    |-------------|------:|-----:|----------:|---------:|-------------------:|--------------:|
    | permutation |     0 |    1 |         - |        1 |                  - |             1 |
    | permutation |     1 |    2 |         - |        2 |                  - |             1 |
    | permutation |     2 |    2 |         - |        0 |                  - |             0 |
    """
    from nqueens.core.table import render

    columns = ("model", "depth", "tree", "generated", "feasible", "feasible/generated", "feasible/tree")
    return render(columns, [[_ratio(row[c]) for c in columns] for row in rows])


def _ratio(value):
    return f"{value:.4g}" if isinstance(value, float) else value


def _form(model):
    if model not in MODELS:
        raise NQueensError(f"unknown model {model!r}; the models are {', '.join(MODELS)}")
    return formulation(model).FORMULATION
