"""One vocabulary of search effort: named quantities, and each backend's statistics mapped onto them.

Every solver reports its effort in its own words (CP-SAT *branches* and *conflicts*, OR-tools' classic CP
*branches* and *failures*, python-constraint's *assignments*, a SAT solver's *decisions*, a MIP solver's
branch-and-bound nodes, MiniZinc's ``-s`` statistics, the toolkit's trees and dancing links). A run record keeps
those raw ``stats`` and, beside them, ``effort``: the same numbers under the names of :data:`QUANTITIES`, where a
word means one thing in every table. ``docs/effort.md`` says, solver by solver, what each column counts and which
columns can be set side by side across solvers.

This is vocabulary: it names no solver. Each solver declares which of its statistics make which quantity, beside
its code (:attr:`nqueens.Solver.effort`); the experiment layer hands a run's statistics and that declaration to
:func:`effort`.

Examples
--------
>>> declared = {"branches": ("branches",), "propagations": ("binary_propagations", "integer_propagations")}
>>> effort(declared, {"branches": 40, "conflicts": 3, "binary_propagations": 10, "integer_propagations": 5})
{'branches': 40, 'propagations': 15}
>>> effort(TREE_SEARCH, {"generated": 15721, "tests": 15720, "consistency_checks": 60458}, nodes=2057)
{'nodes': 2057, 'generated': 15721, 'checks': 60458, 'tests': 15720}
>>> primary({'nodes': 2057, 'generated': 15721})
('nodes', 2057)

References
----------
R. M. Haralick and G. L. Elliott, "Increasing tree search efficiency for constraint satisfaction problems",
Artificial Intelligence 14 (1980) 263-313: the consistency check.
D. E. Knuth, "Dancing links", 2000: the updates of Algorithm X.
"""

from typing import Any

__all__ = ["QUANTITIES", "HAND_WRITTEN", "TREE_SEARCH", "TREE_MODELS", "effort", "primary", "tree_name", "describe"]

# name -> (what one unit is, which solvers it can be compared across). Ordered: the first a run has is the one
# a one-column table shows (:func:`primary`).
QUANTITIES = {
    "nodes": (
        "feasible nodes of a named state-space tree, root included (the partial placements the search stands on; "
        "the tree is the record's search_tree)",
        "across every solver that searches the same tree (same search_tree)",
    ),
    "search_nodes": (
        "nodes of a solver's own search tree as the solver counts them (MiniZinc's nodes)",
        "between runs of the same solver only",
    ),
    "branches": (
        "branching decisions of a CP search (a value tried for a variable, or its refutation)",
        "between OR-tools CP and CP-SAT with a fixed search, roughly; not with the other quantities",
    ),
    "lp_nodes": ("branch-and-bound nodes of a MIP solver, summed over its solves", "between MIP runs only"),
    "generated": (
        "candidate nodes a tree search created and tested, accepted or not, root included",
        "across the tree models (the same tree and the same propagation give the same number)",
    ),
    "assignments": (
        "values a generic CSP solver assigned to a variable (python-constraint): the candidates it tried",
        "roughly with generated, minus the root",
    ),
    "failures": (
        "dead ends: a propagation that failed or a domain that emptied (OR-tools CP, MiniZinc)",
        "between CP solvers, roughly",
    ),
    "conflicts": ("conflicts a CDCL solver analysed (SAT solvers, CP-SAT)", "between CDCL solvers"),
    "decisions": ("decisions of a SAT solver", "between SAT solvers"),
    "propagations": (
        "propagations: literals a SAT solver implied, or propagator runs of a CP solver",
        "between runs of the same solver only (each counts its own unit)",
    ),
    "checks": (
        "consistency checks (Haralick & Elliott): one test of one pair of queen placements",
        "across the tree models and propagation methods",
    ),
    "tests": (
        "candidate tests of a hand-written search, in its own unit (a comparison of check(k), a marker lookup, a "
        "bit test, one test per candidate of a tree)",
        "between runs of the same method only",
    ),
    "constraint_calls": ("constraint evaluations of python-constraint", "between csp runs only"),
    "pruned": ("values propagation removed before they were generated", "across the tree models"),
    "symmetry_checks": (
        "lookups of an image of a partial placement under a symmetry (symmetry broken during a tree search)",
        "between the ways of breaking symmetry on one tree",
    ),
    "updates": ("links Algorithm X removed from their lists (Knuth's updates)", "between dlx runs only"),
    "lp_iterations": ("simplex iterations of a MIP solver, summed over its solves", "between MIP runs only"),
    "solves": ("solver calls (one per solution for MIP, with a no-good cut between)", "between MIP runs only"),
    "subproblems": ("independent pieces an engine split the count into", "between runs of the same engine only"),
}

# The tree formulations whose trees a solver can claim to search (``nqueens tree --model``).
TREE_MODELS = ("permutation", "mary", "subset")

# What a solver declares as its ``effort`` (:attr:`nqueens.Solver.effort`): {quantity: the raw statistics summed
# into it}, ``nodes`` from the record's own field. The two that many solvers share:
# the hand-written searches of the seed texts: nodes and candidate tests from their instrumented kernels;
HAND_WRITTEN = {"nodes": (), "tests": ("tests",)}
# the tree formulations (permutation, mary, subset) with their propagation.
TREE_SEARCH = {
    "nodes": (),
    "generated": ("generated",),
    "tests": ("tests",),
    "checks": ("consistency_checks",),
    "pruned": ("pruned_by_propagation",),
    "symmetry_checks": ("symmetry_checks",),
}


def effort(declared, stats, nodes=None):
    """The effort of one run in the names of :data:`QUANTITIES`, in their order.

    Parameters
    ----------
    declared : dict or None
        The solver's declaration of its effort (:attr:`nqueens.Solver.effort`): quantity -> the statistics summed
        into it. ``None`` (a solver that declares none) takes the statistics whose names are already quantities.
    stats : dict
        The solver's own statistics; values that are not numbers are left out.
    nodes : int, optional
        The record's feasible nodes (its ``nodes`` field), where they were counted.

    Returns
    -------
    dict
        Quantity name -> int or float; a quantity none of whose statistics is there is left out.
    """
    stats = stats or {}
    mapping: Any = declared or {name: (name,) for name in QUANTITIES}
    out: dict[str, Any] = {}
    for name in QUANTITIES:
        if name == "nodes":
            if _number(nodes) and "nodes" in mapping:
                out["nodes"] = int(nodes)
            elif nodes is None and isinstance(stats.get("nodes"), int) and _number(stats["nodes"]) and not declared:
                out["nodes"] = stats["nodes"]
            continue
        values = [stats[key] for key in mapping.get(name, ()) if _number(stats.get(key))]
        if values:
            out[name] = sum(values)
    return out


def primary(amounts):
    """The first quantity of ``amounts`` in :data:`QUANTITIES` order, as ``(name, value)``; ``None`` if empty."""
    for name in QUANTITIES:
        if name in (amounts or {}):
            return name, amounts[name]
    return None


def tree_name(model, options=None):
    """The name of a tree: the model, then the settings that change it (``permutation, forward-checking``).

    Examples
    --------
    >>> tree_name("mary", {"propagation": "forward-checking", "order": "static", "mode": "backtracking"})
    'mary, forward-checking'
    """
    options = options or {}
    parts = [model]
    for key, plain in (("mode", "backtracking"), ("propagation", "none"), ("order", "static"), ("symmetry", "none")):
        value = options.get(key, plain)
        if value != plain:
            parts.append(str(value))
    return ", ".join(parts)


def describe(amounts):
    """A compact text of an effort dict (``2,057 nodes; 15,721 generated``), for tables. Every amount is a count:
    a median of an even number of runs (``61361.5``) is shown in whole units like the others (``61,362``).

    Examples
    --------
    >>> describe({"branches": 61361.5, "conflicts": 9555})
    '61,362 branches; 9,555 conflicts'
    """
    return "; ".join(f"{round(value):,} {name}" for name, value in amounts.items())


def _number(value):
    # A count of effort is a finite number >= 0: a NaN, an infinity or a negative count is no measure of anything.
    from nqueens.core.fields import is_number

    return is_number(value, 0)
