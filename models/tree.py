"""The generic state-space tree search behind the ``mary``, ``permutation`` and ``subset`` formulations.

Seed 003 shows that one problem can be searched over different state-space trees: the *explicit* constraints
decide what the tree is (which children a node has), the *implicit* constraints decide which nodes are
feasible. A formulation says exactly that and nothing more, as nine small numba functions over an ``int64``
state array ``s`` (the partial placement and whatever marks make its checks fast):

``width(n, d, s)``
    how many children the explicit constraints give the current node at depth ``d``;
``offered(n, d, i, s)``
    False when propagation has already removed child ``i`` (it is never generated; always True without);
``allowed(n, d, i, s)``
    the implicit constraints checked on child ``i`` before the search stands on it (backtracking);
``push(n, d, i, s)`` / ``pop(n, d, i, s)``
    move to child ``i`` and back; ``push`` returns False when propagation finds the child infeasible;
``whole(n, s)``
    the test of a complete candidate at a leaf (generate-and-test, seed 004: the whole board at once);
``move(n, d, i, s)``
    the decision child ``i`` makes (a column, or queen/empty for a cell), for exported trees and probes;
``emit(n, s, row)``
    write the solution the state holds into ``row`` (``row[r]`` = column of row ``r``);
``weight(n, d, i, s)``
    how likely Knuth's random probe should pick child ``i`` (equal weights: uniformly; 0: count its
    subtree exactly instead), see :func:`nqueens.models.walk.walker`.

A :class:`Formulation` bundles them (in its cached entry kernels) with the tree's depth, the sizes of its full
levels and its initial state. That is all a formulation defines: :func:`solver` makes its registry protocol
(``count``, ``batches``, ``warmup``, ``accounting``, ``graph``), :func:`sample` its random probes for
:mod:`nqueens.analysis.estimate`, and :mod:`nqueens.models.tree_export` draws its explored tree.

The search (:func:`nqueens.models.walk.walker`) runs in one of two :data:`MODES`: ``backtracking`` checks the
implicit constraints at every child and never stands on an infeasible node; ``generate-and-test`` checks
nothing until a leaf and then tests the whole candidate, so it visits every node of the explicit tree. The
row formulations also take ``propagation`` and ``order`` (:mod:`nqueens.models.rows`), in backtracking mode.
The node accounting of docs/design.md is collected into an :class:`Accounting`:

- ``tree_size``: the nodes of the full explicit tree, root included (the sum of the formulation's levels);
- ``generated[d]``: candidate nodes created at depth ``d``, accepted or not (``generated[0] = 1``, the root),
  so ``sum(generated)`` is the size of the explored tree, and equals ``tree_size`` in generate-and-test mode;
- ``feasible[d]``: nodes at depth ``d`` that passed every check made so far (``feasible[0] = 1``);
  ``nodes = sum(feasible)``; at the last depth they are the solutions;
- ``pruned_by_propagation[d]``: children of the explicit tree under the feasible nodes of depth ``d - 1``
  that propagation had removed, so they were never generated (all 0 without propagation): the explicit
  children of the nodes stood on are ``generated + pruned_by_propagation``;
- ``leaves``: nodes of the explored tree without children: the failed candidates, the complete ones, and
  nodes whose every child propagation removed;
- ``pruned_by_symmetry[d]``: with the option ``symmetry`` (:mod:`nqueens.models.symmetry`), the nodes at depth
  ``d`` that passed the implicit constraints and were then pruned by symmetry breaking (generated, not
  feasible), and ``symmetry_checks``, what the checks cost.

References
----------
Seed 003 (explicit and implicit constraints; permutation tree and full m-ary tree); seed 004 (the 2^(n*n) cell
tree, generate-and-test with a whole-board check at the leaf).
"""

import importlib
import inspect
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
from nqueens.models import MODELS, MODES, ORDERS, PROPAGATIONS, SYMMETRIES
from nqueens.models import symmetry as _symmetry
from nqueens.models import tree_export as _export
from nqueens.models import walk as _walk

from nqueens.core.board import check_n, dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally

__all__ = [
    "MODES",
    "MODELS",
    "PROPAGATIONS",
    "ORDERS",
    "SYMMETRIES",
    "GENERATE_AND_TEST_MAX_NODES",
    "Accounting",
    "Formulation",
    "formulation",
    "check_mode",
    "check_settings",
    "accounting",
    "first_solution",
    "count",
    "batches",
    "sample",
    "run",
    "solver",
]

# The formulations, in seed 003's order (the permutation tree first); each is the module of that name.

# Generate-and-test visits every node of the explicit tree: allowed up to this many (a minute or so here).
GENERATE_AND_TEST_MAX_NODES = 1 << 32

_CHUNK = 4096
# Walker steps between two progress updates (a few hundredths of a second).
_STEPS = 1 << 22


@dataclass(frozen=True)
class Accounting:
    """The node accounting of one formulation, one ``n``, one mode (docs/design.md, "Node accounting").

    Attributes
    ----------
    n, model, mode : int, str, str
    tree_size : int
        Nodes of the full explicit tree, root included (exact).
    generated : tuple of int
        Candidate nodes created per depth, accepted or not; ``generated[0] == 1`` is the root.
    feasible : tuple of int
        Nodes per depth that passed every check made so far; ``feasible[0] == 1``.
    nodes : int
        ``sum(feasible)``.
    leaves : int
        Explored nodes without children (failed and complete candidates, nodes left without children).
    propagation, order : str
        The search's settings (``none`` and ``static`` for plain backtracking).
    pruned_by_propagation : tuple of int
        Explicit children removed by propagation before they were generated, per depth.
    consistency_checks : int or None
        Haralick & Elliott's consistency checks (see :mod:`nqueens.models.rows`), for the row formulations
        in backtracking mode.
    symmetry : str
        The way symmetry is broken during the search (:mod:`nqueens.models.symmetry`; ``none``: not at all).
    pruned_by_symmetry : tuple of int
        Nodes pruned by symmetry breaking, per depth (generated, passed the implicit constraints, not feasible).
    symmetry_checks : int or None
        The symmetry checks made (``None`` with symmetry ``none``).
    unique, classes, total : int or None, dict or None, int
        What the solutions found stand for: for the full ways the solutions found are the fundamental ones
        (``unique``), ``classes`` their orbit sizes and ``total`` the solutions they stand for; for ``half`` the
        ``total`` only; without symmetry breaking, ``total`` is the solutions found.
    """

    n: int
    model: str
    mode: str
    tree_size: int
    generated: tuple
    feasible: tuple
    nodes: int
    leaves: int
    propagation: str = "none"
    order: str = "static"
    pruned_by_propagation: tuple = ()
    consistency_checks: int | None = None
    symmetry: str = "none"
    pruned_by_symmetry: tuple = ()
    symmetry_checks: int | None = None
    unique: int | None = None
    classes: dict | None = None
    total: int | None = None

    @property
    def solutions(self):
        """The feasible nodes at the last depth: the solutions."""
        return self.feasible[-1]

    @property
    def explored(self):
        """Nodes of the explored tree, root included: ``sum(generated)``."""
        return sum(self.generated)

    @property
    def plain(self):
        """True for plain backtracking or generate-and-test (no propagation, static order)."""
        return self.propagation == "none" and self.order == "static"

    def to_dict(self):
        """The ``nqueens tree --json`` document; the search's settings, pruned nodes and checks when not plain."""
        keys = ["n", "model", "mode", "tree_size", "generated", "feasible", "nodes", "leaves"]
        if not self.plain:
            keys += ["propagation", "order", "pruned_by_propagation", "consistency_checks"]
        if self.symmetry != "none":
            keys += ["symmetry", "pruned_by_symmetry", "symmetry_checks", "unique", "classes", "total"]
        doc = {}
        for key in keys:
            value = getattr(self, key)
            doc[key] = list(value) if isinstance(value, tuple) else value
        if self.symmetry != "none" and self.classes is not None:
            doc["classes"] = {str(k): v for k, v in self.classes.items()}
        return doc


@dataclass(frozen=True)
class Formulation:
    """What the generic search needs to know about one state-space tree.

    Attributes
    ----------
    name : str
        The registry name.
    depth : callable
        ``depth(n)``: the depth of the explicit tree (its leaves are complete candidates).
    level_sizes : callable
        ``level_sizes(n)``: the nodes of the full explicit tree at each depth, root first (exact ints); the
        one statement of the tree's size.
    state : callable
        ``state(n, propagation, order, instance, rule, symmetry="none", maps=None)``: the formulation's initial
        ``int64`` state array, the block of symmetry breaking at its end (:mod:`nqueens.models.symmetry`).
    kernel : numba dispatcher
        The cached entry kernel ``(n, backtracking, s, path, counts, tally, out, trace, budget) -> rows
        written``, which calls the walk :func:`nqueens.models.walk.walker` builds from the formulation's
        functions (the row trees keep a second one, with plain functions, for propagation ``none`` and order
        ``static``).
    prober : numba dispatcher
        The cached entry kernel ``(n, s, probes, seed, out, level, path, counts, tally)``, which calls the
        probe built with the same functions.
    token : callable
        ``token(n, depth, move)``: the text a child adds to its parent's placement (for exported trees).
    propagates : bool
        Whether it takes ``propagation`` and ``order`` other than ``none`` and ``static``.
    checks : int or None
        The slot of ``s`` that counts consistency checks, if the formulation counts them.
    """

    name: str
    depth: Any
    level_sizes: Any
    state: Any
    kernel: Any
    prober: Any
    token: Any
    propagates: bool = False
    checks: int | None = None

    def tree_size(self, n):
        """Nodes of the full explicit tree, root included: the sum of :attr:`level_sizes`."""
        return sum(self.level_sizes(n))


def formulation(name):
    """The module of the formulation called ``name`` (one of :data:`MODELS`).

    Examples
    --------
    >>> formulation("mary").tree_size(3)
    40
    """
    if name not in MODELS:
        raise NQueensError(f"unknown model {name!r}; the tree models are {', '.join(MODELS)}")
    return importlib.import_module(f"nqueens.models.{name}")


def check_mode(mode):
    """``mode`` if it is one of :data:`MODES`, else an error naming them.

    Examples
    --------
    >>> check_mode("generate-and-test")
    'generate-and-test'
    """
    if mode not in MODES:
        raise NQueensError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    return mode


def check_settings(form, mode, propagation, order):
    """Raise unless ``form`` can search in ``mode`` with ``propagation`` and ``order``.

    Examples
    --------
    >>> from nqueens.models import mary
    >>> check_settings(mary.FORMULATION, "generate-and-test", "forward-checking", "static")
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: propagation forward-checking prunes a backtracking search; generate-and-test checks only complete candidates: use mode backtracking, or propagation none
    """
    check_mode(mode)
    if propagation not in PROPAGATIONS:
        raise NQueensError(f"propagation must be one of {', '.join(PROPAGATIONS)}; got {propagation!r}")
    if order not in ORDERS:
        raise NQueensError(f"order must be one of {', '.join(ORDERS)}; got {order!r}")
    if propagation == "none" and order == "static":
        return
    if not form.propagates:
        raise NQueensError(f"the {form.name} tree takes no propagation or variable order (the row trees do)")
    if mode == "generate-and-test":
        if propagation != "none":
            raise NQueensError(
                f"propagation {propagation} prunes a backtracking search; generate-and-test checks only complete "
                "candidates: use mode backtracking, or propagation none"
            )
        raise NQueensError("order first-fail reads the domains of a backtracking search: use mode backtracking")


def accounting(
    form,
    n,
    mode="backtracking",
    progress=False,
    *,
    propagation="none",
    order="static",
    instance=None,
    rule="queen",
    symmetry="none",
    maps=None,
):
    """Walk the whole tree of ``form`` for ``n``; return its :class:`Accounting`.

    ``progress`` shows a bar on stderr for walks longer than a second (explored nodes, out of the tree size in
    generate-and-test mode). ``symmetry`` breaks the board's symmetry during the search
    (:mod:`nqueens.models.symmetry`); ``maps`` replaces the rule's group with other maps of squares.
    """
    counts, tally, s = _run(form, n, mode, propagation, order, instance, rule, symmetry, maps, progress)
    return _accounting(form, n, mode, propagation, order, counts, tally, s, symmetry)


def first_solution(form, n, *, propagation="none", order="static", instance=None, rule="queen", symmetry="none"):
    """Search the backtracking tree of ``form`` for ``n`` up to its first solution: ``(solution, accounting)``.

    ``solution`` is the first solution in the search's order (``solution[row] = column``, a tuple), or ``None``
    when there is none; ``accounting`` (an :class:`Accounting`) counts what the search made until then: the
    nodes it stood on, those it generated, and the consistency checks of the row trees (Stone & Stone's and
    Haralick & Elliott's measures of the cost of a first solution).

    Examples
    --------
    >>> from nqueens.models import mary
    >>> q, a = first_solution(mary.FORMULATION, 8)
    >>> q, a.nodes, a.solutions
    ((0, 4, 7, 5, 2, 6, 1, 3), 114, 1)
    """
    n, counts, tally, s, path = _start(form, n, "backtracking", propagation, order, instance, rule, symmetry)
    out = np.empty((1, n), np.int64)
    filled = form.kernel(n, True, s, path, counts, tally, out, _NO_TRACE, 0)
    solution = tuple(int(c) for c in out[0]) if filled else None
    return solution, _accounting(form, n, "backtracking", propagation, order, counts, tally, s, symmetry)


def count(
    form,
    n,
    *,
    nodes=False,
    mode="backtracking",
    propagation="none",
    order="static",
    instance=None,
    rule="queen",
    progress=False,
    symmetry="none",
    maps=None,
):
    """The registry protocol's ``count``: a :class:`~nqueens.core.record.Tally` from one full walk.

    ``stats`` holds ``generated`` (explored nodes, root included), ``tests`` (candidate tests: one per
    non-root candidate when backtracking, one per complete candidate in generate-and-test mode) and
    ``leaves``; the row formulations in backtracking mode add ``consistency_checks`` (Haralick & Elliott's
    measure, see :mod:`nqueens.models.rows`), and with propagation ``pruned_by_propagation`` (children removed
    before they were generated). With ``symmetry`` (:mod:`nqueens.models.symmetry`), ``symmetry_checks`` and
    ``pruned_by_symmetry`` (nodes pruned by it) too, and ``found`` (the solutions the search reached); a full way
    returns ``unique`` and ``classes`` with the ``total`` they stand for, ``half`` its ``total``. ``maps``
    replaces the rule's group (see :func:`accounting`). ``progress`` as in :func:`accounting`.
    """
    counts, tally, s = _run(form, n, mode, propagation, order, instance, rule, symmetry, maps, progress)
    stats = _walked(form, counts, tally, s, mode == "backtracking", propagation, symmetry)
    del stats["nodes"]
    total, unique, classes = _answer(tally, s, symmetry)
    if not nodes:
        return Tally(total=total, unique=unique, classes=classes, stats=stats)
    profile = tuple(int(x) for x in counts[_walk.FEASIBLE])
    return Tally(total=total, unique=unique, classes=classes, nodes=sum(profile), profile=profile, stats=stats)


def _answer(tally, s, symmetry):
    """``(total, unique, classes)`` of a finished walk: what the solutions found stand for."""
    found = int(tally[_walk.SOLUTIONS])
    if symmetry == "none":
        return found, None, None
    if symmetry == "half":
        return _symmetry.half_total(s), None, None
    classes = dict(sorted(_symmetry.classes(s).items()))
    return sum(size * number for size, number in classes.items()), found, classes


def batches(
    form,
    n,
    *,
    limit=None,
    mode="backtracking",
    propagation="none",
    order="static",
    instance=None,
    rule="queen",
    stats=None,
    symmetry="none",
):
    """The registry protocol's ``batches``: solutions as ``(m, n)`` arrays, the search resumed chunk by chunk.

    ``stats``, a dict, receives the statistics of :func:`count` and ``nodes`` (feasible nodes, root included)
    for the part of the tree walked so far: with ``limit=1``, up to the first solution. They are updated before
    each chunk is handed on, and final once the stream ends or is closed. With a full way of ``symmetry`` the
    stream holds the solutions found, one per orbit; with ``half``, each solution found and its mirror image
    (every solution once).
    """
    n, counts, tally, s, path = _start(form, n, mode, propagation, order, instance, rule, symmetry)
    backtracking = mode == "backtracking"
    left = limit
    dtype = dtype_for(n)
    while left is None or left > 0:
        out = np.empty((_CHUNK if left is None else min(_CHUNK, left), n), np.int64)
        filled = form.kernel(n, backtracking, s, path, counts, tally, out, _NO_TRACE, 0)
        if stats is not None:
            stats.update(_walked(form, counts, tally, s, backtracking, propagation, symmetry))
        if filled:
            found = out[:filled]
            if symmetry == "half":
                # each solution with the first row's queen left of the middle stands for its mirror image too
                mirrored = found[2 * found[:, 0] != n - 1]
                found = np.concatenate((found, n - 1 - mirrored))
            yield found.astype(dtype)
        if path[0] == -2:
            return
        if left is not None:
            left -= filled


def _walked(form, counts, tally, s, backtracking, propagation, symmetry="none"):
    """The statistics of :func:`count` for the part of the tree walked so far, with its feasible ``nodes``."""
    generated = counts[_walk.GENERATED]
    stats = {
        "nodes": int(counts[_walk.FEASIBLE].sum()),
        "generated": int(generated.sum()),
        "tests": int(generated[1:].sum()) if backtracking else int(generated[-1]),
        "leaves": int(tally[_walk.LEAVES]),
    }
    if form.checks is not None and backtracking:
        stats["consistency_checks"] = int(s[form.checks])
    if propagation != "none":
        stats["pruned_by_propagation"] = int(counts[_walk.PRUNED].sum())
    if symmetry != "none":
        stats["found"] = int(tally[_walk.SOLUTIONS])
        stats["pruned_by_symmetry"] = sum(_symmetry.pruned(s))
        stats["symmetry_checks"] = _symmetry.checks(s)
    return stats


def sample(form, n, probes, seed, *, propagation="none", order="static", instance=None, rule="queen"):
    """Knuth's random probes of the backtracking tree of ``form``: ``(out, level)``.

    ``out`` holds the mean and the sum of squared deviations of the estimated feasible nodes, then the same for
    the generated nodes; ``level[k]`` the sum over the probes of the estimated feasible nodes at depth ``k``
    (see :func:`nqueens.models.walk.walker`). ``seed`` seeds numba's generator (numpy's without the JIT).
    """
    n, counts, tally, s, path = _start(form, n, "backtracking", propagation, order, instance, rule)
    out = np.zeros(4, np.float64)
    level = np.zeros(form.depth(n) + 1, np.float64)
    form.prober(n, s, probes, seed, out, level, path, counts, tally)
    return out, level


def run(
    form,
    n,
    mode="backtracking",
    *,
    propagation="none",
    order="static",
    instance=None,
    rule="queen",
    trace=None,
    progress=False,
    symmetry="none",
    maps=None,
):
    """One full walk: the per-depth counters (rows generated, feasible, pruned), the tally and the final state.

    ``trace``, an ``(explored, 4)`` array, receives the explored tree (see :func:`nqueens.models.walk.walker`).
    """
    return _run(form, n, mode, propagation, order, instance, rule, symmetry, maps, progress, trace)


def _run(form, n, mode, propagation, order, instance, rule, symmetry, maps, progress, trace=None):
    """:func:`run`, its settings in the order of :func:`_start`."""
    n, counts, tally, s, path = _start(form, n, mode, propagation, order, instance, rule, symmetry, maps)
    backtracking = mode == "backtracking"
    trace = _NO_TRACE if trace is None else trace
    if not progress:
        form.kernel(n, backtracking, s, path, counts, tally, _NO_OUT, trace, 0)
        return counts, tally, s
    from tqdm import tqdm

    total = None if backtracking else form.tree_size(n)
    desc = f"{form.name} n = {n}"
    generated = counts[_walk.GENERATED]
    with tqdm(total=total, desc=desc, unit=" nodes", unit_scale=True, file=sys.stderr, delay=1.0, leave=False) as bar:
        while path[0] != -2:
            form.kernel(n, backtracking, s, path, counts, tally, _NO_OUT, trace, _STEPS)
            bar.update(int(generated.sum()) - bar.n)
    return counts, tally, s


def solver(form):
    """The registry protocol of ``form``: the functions ``(accounting, graph, count, batches, warmup)``.

    A formulation's module binds them at its top level, so its solver module is complete once its
    :class:`Formulation` is defined.

    Examples
    --------
    >>> from nqueens.models import mary
    >>> [f.__name__ for f in solver(mary.FORMULATION)]
    ['accounting', 'graph', 'count', 'batches', 'warmup']
    """
    name = form.name
    accounting_ = _bound(form, accounting)
    count_ = _bound(form, count)
    batches_ = _bound(form, batches, ignored="progress")
    graph_ = _bound(form, _export.graph, walk=run)

    def warmup_():
        accounting(form, 4)
        if form.propagates:
            accounting(form, 4, propagation="arc-consistency", order="first-fail")

    accounting_.__doc__ = f"""The node accounting of the {name} tree for ``n`` (see :class:`Accounting`).

    Parameters
    ----------
    n : int
        Board size, >= 1.
    mode : {{"backtracking", "generate-and-test"}}
        Check the implicit constraints at every node, or only complete candidates.
    progress : bool
        A progress bar on stderr for walks longer than a second.
    propagation, order : str
        For the row trees: ``none``, ``forward-checking`` or ``arc-consistency``; ``static`` or
        ``first-fail`` (backtracking mode only).
    symmetry : str
        Symmetry broken during the search (backtracking mode, no instance): ``none``, ``half``, ``lex``,
        ``sbds`` or ``sbdd`` (:mod:`nqueens.models.symmetry`).
    maps : array, optional
        Maps of squares that replace the rule's group (a subgroup breaks part of the symmetry).
    instance : nqueens.core.instance.Instance, optional
        Blocked squares, pre-placed queens, excluded diagonals.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`; the row trees take ``superqueen`` and ``toroidal``).

    Returns
    -------
    Accounting

    Raises
    ------
    NQueensError
        For a bad ``n``, mode or setting, or a generate-and-test walk above
        :data:`~nqueens.models.tree.GENERATE_AND_TEST_MAX_NODES` nodes.

    Examples
    --------
    >>> accounting(4).solutions
    2
    """
    graph_.__doc__ = f"""The explored {name} tree as a networkx DiGraph, for ``n <= 8``
    (see :func:`nqueens.models.tree_export.graph`).

    Examples
    --------
    >>> graph(4).number_of_nodes() == accounting(4).explored
    True
    """
    count_.__doc__ = f"""Count the solutions by searching the {name} tree (the registry protocol's ``count``).

    ``nodes`` adds the feasible nodes per depth; the other keywords as for :func:`accounting`.

    Examples
    --------
    >>> count(6).total
    4
    """
    batches_.__doc__ = f"""Stream the solutions of the {name} tree as ``(m, n)`` arrays, in the search's order.

    ``progress`` is the registry option shared with :func:`count`; a stream shows its own progress.

    Examples
    --------
    >>> sorted(next(batches(4)).tolist())
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    """
    warmup_.__doc__ = "Compile the kernels (or load them from numba's cache)."
    module = f"nqueens.models.{name}"
    functions = {"accounting": accounting_, "graph": graph_, "count": count_, "batches": batches_, "warmup": warmup_}
    for key, function in functions.items():
        function.__name__ = function.__qualname__ = key
        function.__module__ = module
    return tuple(functions.values())


def _bound(form, function, *, ignored=None, **fixed):
    """``function`` with ``form`` and the keywords ``fixed`` bound: it takes and checks the arguments of
    ``function`` less those, and ``ignored``, a keyword (a registry option) taken before ``stats`` and passed on to
    nothing."""
    parameters = [p for p in list(inspect.signature(function).parameters.values())[1:] if p.name not in fixed]
    if ignored is not None:
        at = [p.name for p in parameters].index("stats")
        parameters.insert(at, inspect.Parameter(ignored, inspect.Parameter.KEYWORD_ONLY, default=False))
    signature = inspect.Signature(parameters)

    def bound(*args, **kwargs):
        given = signature.bind(*args, **kwargs).arguments
        given.pop(ignored, None)
        return function(form, **given, **fixed)

    bound.__signature__ = signature  # type: ignore[attr-defined]
    return bound


_NO_OUT = np.zeros((0, 1), np.int64)
_NO_TRACE = np.zeros((0, 4), np.int64)


def _check(form, n, mode, propagation, order, symmetry="none", instance=None):
    n = check_n(n)
    check_settings(form, mode, propagation, order)
    _symmetry.check_symmetry(symmetry, mode=mode, instance=instance)
    if mode == "generate-and-test":
        size = form.tree_size(n)
        if size > GENERATE_AND_TEST_MAX_NODES:
            top = max(k for k in range(1, n) if form.tree_size(k) <= GENERATE_AND_TEST_MAX_NODES)
            raise NQueensError(
                f"generate-and-test visits the whole {form.name} tree: {size:.3e} nodes for n = {n}; it runs up to "
                f"{GENERATE_AND_TEST_MAX_NODES:,} nodes (n <= {top} for {form.name}); use mode backtracking"
            )
    return n


def _start(form, n, mode, propagation, order, instance, rule, symmetry="none", maps=None):
    """A walk's start, once its settings are checked: ``(n, counts, tally, s, path)``, ``n`` checked, the
    per-depth counters and the tally zero, ``s`` the formulation's initial state and ``path`` before the root."""
    n = _check(form, n, mode, propagation, order, symmetry, instance)
    depth = form.depth(n)
    s = form.state(n, propagation, order, instance, rule, symmetry, maps)
    return n, np.zeros((3, depth + 1), np.int64), np.zeros(3, np.int64), s, _walk.new_path(depth)


def _accounting(form, n, mode, propagation, order, counts, tally, s, symmetry="none"):
    feasible = tuple(int(x) for x in counts[_walk.FEASIBLE])
    total, unique, classes = _answer(tally, s, symmetry)
    return Accounting(
        n=n,
        model=form.name,
        mode=mode,
        tree_size=form.tree_size(n),
        generated=tuple(int(x) for x in counts[_walk.GENERATED]),
        feasible=feasible,
        nodes=sum(feasible),
        leaves=int(tally[_walk.LEAVES]),
        propagation=propagation,
        order=order,
        pruned_by_propagation=tuple(int(x) for x in counts[_walk.PRUNED]),
        consistency_checks=int(s[form.checks]) if form.checks is not None and mode == "backtracking" else None,
        symmetry=symmetry,
        pruned_by_symmetry=_symmetry.pruned(s),
        symmetry_checks=None if symmetry == "none" else _symmetry.checks(s),
        unique=unique,
        classes=classes,
        total=total,
    )
