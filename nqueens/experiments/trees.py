"""The tree a solver claims to search, and the check of its node profile against that tree.

A solver that counts nodes says whose tree they belong to: the tree formulations (``permutation``, ``mary``,
``subset``) search the tree their options name; the seed texts' plain backtracking (``backtrack``, ``bitwise``,
``bitmask-recursive``) stands on Knuth's tree, the m-ary tree with every constraint checked at each node;
``generate-test`` on the permutation tree in generate-and-test mode. An outside solver states its claim in its
declaration, ``Solver(..., claims_tree=("permutation", {"propagation": "forward-checking"}))``: a model of
:data:`nqueens.core.effort.TREE_MODELS` and the options of ``nqueens tree`` that shape it (``mode``,
``propagation``, ``order``).

:func:`profile_mismatch` compares a run's feasible nodes per depth with the tree's own (counted by the toolkit's
tree formulation) and names the first depth where they differ: ``nqueens check-solver`` fails a solver there, and
``nqueens compare --nodes`` flags two columns that claim the same tree and disagree.

Examples
--------
>>> from nqueens.registry import get_solver
>>> claimed_tree(get_solver("bitwise"), {})
('mary', {})
>>> profile_mismatch((1, 4, 7, 4, 2), "permutation", {}, 4)
'depth 2: 7 nodes, the permutation tree has 6 nodes'
"""

from nqueens.core.effort import TREE_MODELS, tree_name
from nqueens.core.errors import NQueensError

__all__ = ["claimed_tree", "check_claim", "reference_profile", "profile_mismatch", "search_tree"]

# The built-ins outside the tree formulations whose node profiles are a tree formulation's, node for node.
_SAME_AS = {
    "backtrack": ("mary", {}),
    "bitwise": ("mary", {}),
    "bitmask-recursive": ("mary", {}),
    "generate-test": ("permutation", {"mode": "generate-and-test"}),
}
_SHAPING = ("mode", "propagation", "order", "symmetry")


def claimed_tree(spec, options):
    """``(model, shaping options)`` of the tree ``spec`` claims to search with ``options``, or ``None``.

    Raises
    ------
    NQueensError
        For a claim that names no tree formulation, or an option that does not shape one.
    """
    if spec.source == "built-in":
        if spec.name in TREE_MODELS:
            return spec.name, {k: options[k] for k in _SHAPING if k in options and options[k] != _PLAIN[k]}
        return _SAME_AS.get(spec.name)
    claim = getattr(spec, "claims_tree", None)
    if claim is None:
        return None
    return check_claim(spec.name, claim)


def check_claim(name, claim):
    """The claim ``(model, options)`` (or a bare model name) of solver ``name``, checked; see :func:`claimed_tree`."""
    from nqueens.registry import get_solver

    if isinstance(claim, str):
        claim = (claim, {})
    if not isinstance(claim, tuple | list) or len(claim) != 2 or not isinstance(claim[1], dict):
        raise NQueensError(f"solver {name!r}: claims_tree must be (MODEL, {{OPTION: VALUE}}), got {claim!r}")
    model, options = claim
    if model not in TREE_MODELS:
        raise NQueensError(
            f"solver {name!r} claims the tree {model!r}, which does not exist; the trees: {', '.join(TREE_MODELS)}"
        )
    unknown = sorted(set(options) - set(_SHAPING))
    if unknown:
        raise NQueensError(
            f"solver {name!r} claims the {model} tree with {unknown[0]!r}, which does not shape a tree "
            f"(the options that do: {', '.join(_SHAPING)})"
        )
    checked = get_solver(model).check_options(dict(options))
    return model, {k: checked[k] for k in _SHAPING if k in checked and checked[k] != _PLAIN[k]}


def search_tree(spec, options, nodes):
    """The name of the tree a run's ``nodes`` belong to: the claimed tree (:func:`claimed_tree`), else the
    solver's own (``None`` when it counted no nodes)."""
    if nodes is None:
        return None
    claim = claimed_tree(spec, options)
    if claim is not None:
        return tree_name(*claim)
    if spec.name == "dlx":
        return f"dlx, choose={options.get('choose', 'min-size')}"
    return f"{spec.name}'s own"


def reference_profile(model, options, n):
    """The feasible nodes per depth of the tree ``model`` with ``options`` for board ``n``, as the toolkit's own
    tree formulation counts them."""
    from nqueens import api

    return api.count(n, model, nodes=True, **options).profile


def profile_mismatch(profile, model, options, n):
    """``None`` when ``profile`` is the tree's, else the first depth where they differ, in words."""
    reference = reference_profile(model, options, n)
    name = tree_name(model, options)
    got = tuple(profile or ())
    for depth in range(max(len(got), len(reference))):
        mine = got[depth] if depth < len(got) else None
        theirs = reference[depth] if depth < len(reference) else None
        if mine != theirs:
            return f"depth {depth}: {_nodes(mine)}, the {name} tree has {_nodes(theirs)}"
    return None


_PLAIN = {"mode": "backtracking", "propagation": "none", "order": "static", "symmetry": "none"}


def _nodes(value):
    return "no level" if value is None else f"{value:,} node{'s' if value != 1 else ''}"
