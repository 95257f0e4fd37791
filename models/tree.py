"""The generic state-space tree search behind the ``mary``, ``permutation`` and ``subset`` formulations.

Seed 003 shows that one problem can be searched over different state-space trees: the *explicit* constraints
decide what the tree is (which children a node has), the *implicit* constraints decide which nodes are
feasible. A formulation here says exactly that and nothing more, as seven small numba functions over an
``int64`` state array ``s`` (the partial placement and whatever marks make its checks fast):

``width(n, d, s)``
    how many children the explicit constraints give the current node at depth ``d``;
``allowed(n, d, i, s)``
    the implicit constraints checked on child ``i`` before the search stands on it (backtracking);
``push(n, d, i, s)`` / ``pop(n, d, i, s)``
    move to child ``i`` and back;
``whole(n, s)``
    the test of a complete candidate at a leaf (generate-and-test, seed 004: the whole board at once);
``move(n, d, i, s)``
    the decision child ``i`` makes (a column, or queen/empty for a cell), for exported trees;
``emit(n, s, row)``
    write the solution the state holds into ``row`` (``row[r]`` = column of row ``r``).

:func:`walk` searches depth-first with these, in one of two :data:`MODES`: ``backtracking`` checks the implicit
constraints at every child and never stands on an infeasible node; ``generate-and-test`` checks nothing until a
leaf and then tests the whole candidate, so it visits every node of the explicit tree. Both keep the node
accounting of DESIGN.md, collected into an :class:`Accounting`:

- ``tree_size``: the nodes of the full explicit tree, root included (a closed form per formulation);
- ``generated[d]``: candidate nodes created at depth ``d``, accepted or not (``generated[0] = 1``, the root),
  so ``sum(generated)`` is the size of the explored tree, and equals ``tree_size`` in generate-and-test mode;
- ``feasible[d]``: nodes at depth ``d`` that passed every check made so far (``feasible[0] = 1``);
  ``nodes = sum(feasible)``; at the last depth they are the solutions;
- ``leaves``: nodes of the explored tree without children: the pruned candidates and the complete ones.

Notes
-----
The walker takes the formulation's functions as a tuple (numba specialises it for each tuple of dispatchers).
numba cannot cache a function whose arguments are functions, so :func:`walk` itself is compiled without
``cache=True`` and inlined (``inline="always"``) into each formulation's own ``@njit(cache=True, nogil=True)``
entry kernel, whose arguments are plain ints and arrays: that kernel is what numba caches, and inlining leaves
no function value in it (a function value would carry a process address and make it uncacheable). numba's
cache does not notice edits to this file in kernels cached from other files: after changing :func:`walk`,
delete the formulations' ``__pycache__/*.nbi`` files.

References
----------
Seed 003 (explicit and implicit constraints; permutation tree and full m-ary tree); seed 004 (the 2^(n*n) cell
tree, generate-and-test with a whole-board check at the leaf).
"""

import importlib
import sys
import warnings
from dataclasses import dataclass

import numpy as np
from numba import njit
from numba.core.errors import NumbaExperimentalFeatureWarning

from nqueens.board import check_n, dtype_for
from nqueens.errors import NQueensError
from nqueens.record import Tally

__all__ = [
    "MODES",
    "MODELS",
    "GENERATE_AND_TEST_MAX_NODES",
    "EXPORT_MAX_N",
    "EXPORT_MAX_NODES",
    "Accounting",
    "Formulation",
    "formulation",
    "check_mode",
    "walk",
    "accounting",
    "count",
    "batches",
    "graph",
    "export_format",
    "write_graph",
]

MODES = ("backtracking", "generate-and-test")
MODELS = ("mary", "permutation", "subset")

# Generate-and-test visits every node of the explicit tree: allowed up to this many (a minute or so here).
GENERATE_AND_TEST_MAX_NODES = 1 << 32
# An exported tree is meant to be opened in Gephi or yEd.
EXPORT_MAX_N = 8
EXPORT_MAX_NODES = 250_000

_CHUNK = 4096
# Walker steps between two progress updates (a few hundredths of a second).
_STEPS = 1 << 22

# tally[...] slots written by the walker.
_SOLUTIONS = 0
_LEAVES = 1
_TRACED = 2

# trace[:, 3]: what became of an explored node.
_PRUNED, _FEASIBLE, _SOLUTION = 0, 1, 2


@dataclass(frozen=True)
class Accounting:
    """The node accounting of one formulation, one ``n``, one mode (DESIGN.md, "Node accounting").

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
        Explored nodes without children (pruned candidates and complete candidates).
    """

    n: int
    model: str
    mode: str
    tree_size: int
    generated: tuple
    feasible: tuple
    nodes: int
    leaves: int

    @property
    def solutions(self):
        """The feasible nodes at the last depth: the solutions."""
        return self.feasible[-1]

    @property
    def explored(self):
        """Nodes of the explored tree, root included: ``sum(generated)``."""
        return sum(self.generated)

    def to_dict(self):
        """The ``nqueens tree --json`` document."""
        return {
            "n": self.n,
            "model": self.model,
            "mode": self.mode,
            "tree_size": self.tree_size,
            "generated": list(self.generated),
            "feasible": list(self.feasible),
            "nodes": self.nodes,
            "leaves": self.leaves,
        }


@dataclass(frozen=True)
class Formulation:
    """What the generic search needs to know about one state-space tree.

    Attributes
    ----------
    name : str
        The registry name.
    depth : callable
        ``depth(n)``: the depth of the explicit tree (its leaves are complete candidates).
    tree_size : callable
        ``tree_size(n)``: the closed form of the explicit tree's size, an exact int.
    state : callable
        ``state(n)``: the formulation's initial ``int64`` state array.
    kernel : numba dispatcher
        The formulation's cached entry kernel ``(n, backtracking, s, path, generated, feasible, tally, out,
        trace) -> rows written``, which calls :func:`walk` with its functions.
    token : callable
        ``token(n, depth, move)``: the text a child adds to its parent's placement (for exported trees).
    """

    name: str
    depth: object
    tree_size: object
    state: object
    kernel: object
    token: object


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


@njit(nogil=True, inline="always")
def walk(f, n, depth, backtracking, s, path, generated, feasible, tally, out, trace, budget):
    """Search the tree of formulation ``f`` depth-first, resuming from ``path``; return the rows written.

    ``f`` is the tuple ``(width, allowed, push, pop, whole, move, emit)``. ``path`` holds the search position:
    ``path[0]`` is the current depth (``-1`` before the start, ``-2`` once the search has ended),
    ``path[1 + d]`` the children of the current depth-``d`` node generated so far, and
    ``path[depth + 2 + d]`` that node's index in ``trace``. Solutions are written to ``out`` until it is full
    (then the walk returns, to be resumed); an empty ``out`` means count only. A non-empty ``trace`` gets one
    row ``(parent, depth, move, flag)`` per explored node, in depth-first order, the root first. A positive
    ``budget`` also returns (to be resumed) after that many steps, so a caller can report progress.
    """
    width, allowed, push, pop, whole, move, emit = f
    nxt = path[1 : depth + 2]
    ids = path[depth + 2 : 2 * depth + 3]
    capacity = out.shape[0]
    tracing = trace.shape[0] > 0
    filled = 0
    steps = 0
    d = path[0]
    if d == -2:
        return 0
    if d == -1:
        d = 0
        nxt[0] = 0
        generated[0] += 1
        feasible[0] += 1
        if tracing:
            trace[0, 0] = -1
            trace[0, 1] = 0
            trace[0, 2] = -1
            trace[0, 3] = _FEASIBLE
            ids[0] = 0
            tally[_TRACED] = 1
    while d >= 0:
        steps += 1
        if budget > 0 and steps > budget:
            path[0] = d
            return filled
        i = nxt[d]
        if i < width(n, d, s):
            nxt[d] = i + 1
            child = d + 1
            generated[child] += 1
            node = -1
            if tracing:
                node = tally[_TRACED]
                tally[_TRACED] = node + 1
                trace[node, 0] = ids[d]
                trace[node, 1] = child
                trace[node, 2] = move(n, d, i, s)
                trace[node, 3] = _PRUNED
            if backtracking and not allowed(n, d, i, s):
                tally[_LEAVES] += 1
                continue
            push(n, d, i, s)
            if child == depth:
                tally[_LEAVES] += 1
                if backtracking or whole(n, s):
                    feasible[child] += 1
                    tally[_SOLUTIONS] += 1
                    if tracing:
                        trace[node, 3] = _SOLUTION
                    if capacity > 0:
                        emit(n, s, out[filled])
                        filled += 1
                pop(n, d, i, s)
                if capacity > 0 and filled == capacity:
                    path[0] = d
                    return filled
                continue
            feasible[child] += 1
            if tracing:
                trace[node, 3] = _FEASIBLE
                ids[child] = node
            d = child
            nxt[d] = 0
        else:
            if nxt[d] == 0:
                tally[_LEAVES] += 1
            d -= 1
            if d >= 0:
                pop(n, d, nxt[d] - 1, s)
    path[0] = -2
    return filled


def accounting(form, n, mode="backtracking", progress=False):
    """Walk the whole tree of ``form`` for ``n`` in ``mode``; return its :class:`Accounting`.

    ``progress`` shows a bar on stderr for walks longer than a second (explored nodes, out of the tree size in
    generate-and-test mode).
    """
    n, backtracking = _check(form, n, mode)
    generated, feasible, tally = _run(form, n, backtracking, progress)
    return _accounting(form, n, mode, generated, feasible, tally)


def count(form, n, *, nodes=False, mode="backtracking", progress=False):
    """The registry protocol's ``count``: a :class:`~nqueens.record.Tally` from one full walk.

    ``stats`` holds ``generated`` (explored nodes, root included), ``checks`` (implicit-constraint tests made:
    one per non-root candidate when backtracking, one per complete candidate in generate-and-test mode) and
    ``leaves``. ``progress`` as in :func:`accounting`.
    """
    n, backtracking = _check(form, n, mode)
    generated, feasible, tally = _run(form, n, backtracking, progress)
    checks = int(generated[1:].sum()) if backtracking else int(generated[-1])
    stats = {"generated": int(generated.sum()), "checks": checks, "leaves": int(tally[_LEAVES])}
    if not nodes:
        return Tally(total=int(tally[_SOLUTIONS]), stats=stats)
    profile = tuple(int(x) for x in feasible)
    return Tally(total=int(tally[_SOLUTIONS]), nodes=sum(profile), profile=profile, stats=stats)


def batches(form, n, *, limit=None, mode="backtracking"):
    """The registry protocol's ``batches``: solutions as ``(m, n)`` arrays, the search resumed chunk by chunk."""
    n, backtracking = _check(form, n, mode)
    depth = form.depth(n)
    s = form.state(n)
    path = _path(depth)
    generated, feasible, tally = _counters(depth)
    left = limit
    dtype = dtype_for(n)
    while left is None or left > 0:
        out = np.empty((_CHUNK if left is None else min(_CHUNK, left), n), np.int64)
        filled = _call(form.kernel, n, backtracking, s, path, generated, feasible, tally, out, _NO_TRACE, 0)
        if filled:
            yield out[:filled].astype(dtype)
        if path[0] == -2:
            return
        if left is not None:
            left -= filled


def graph(form, n, mode="backtracking"):
    """The explored tree as a :class:`networkx.DiGraph`, for ``n <= EXPORT_MAX_N``.

    Every node (numbered in depth-first order, the root 0) carries ``depth``, ``placement`` (the partial
    placement as text), ``pruned`` (it failed a check) and ``solution``; edges go from parent to child. The
    graph has ``sum(generated)`` nodes of the accounting and ``leaves`` nodes without children.

    Raises
    ------
    NQueensError
        For ``n > EXPORT_MAX_N`` or an explored tree above ``EXPORT_MAX_NODES`` nodes.
    """
    import networkx as nx

    n, backtracking = _check(form, n, mode)
    if n > EXPORT_MAX_N:
        raise NQueensError(f"tree export is for n <= {EXPORT_MAX_N} (a picture to open in Gephi or yEd); got n = {n}")
    generated, feasible, tally = _run(form, n, backtracking)
    explored = int(generated.sum())
    if explored > EXPORT_MAX_NODES:
        raise NQueensError(
            f"the {form.name} tree for n = {n} in {mode} mode has {explored:,} explored nodes; "
            f"an export holds at most {EXPORT_MAX_NODES:,}"
        )
    trace = np.zeros((explored, 4), np.int64)
    depth = form.depth(n)
    generated, feasible, tally = _counters(depth)
    _call(form.kernel, n, backtracking, form.state(n), _path(depth), generated, feasible, tally, _NO_OUT, trace, 0)
    g = nx.DiGraph(n=n, model=form.name, mode=mode)
    placement = [""] * explored
    for node, (parent, depth, move, flag) in enumerate(trace.tolist()):
        if parent >= 0:
            placement[node] = placement[parent] + form.token(n, depth, move)
        g.add_node(node, depth=depth, placement=placement[node], pruned=flag == _PRUNED, solution=flag == _SOLUTION)
        if parent >= 0:
            g.add_edge(parent, node)
    return g


def export_format(path):
    """``"graphml"`` or ``"dot"`` from the file name, else an error naming both.

    Examples
    --------
    >>> export_format("tree.graphml"), export_format("tree.dot")
    ('graphml', 'dot')
    """
    for kind in ("graphml", "dot"):
        if str(path).lower().endswith("." + kind):
            return kind
    raise NQueensError(f"an export file ends in .graphml or .dot; got {str(path)!r}")


def write_graph(g, path):
    """Write an exported tree to ``path``: GraphML for ``.graphml``, Graphviz DOT for ``.dot``.

    The DOT text is written here (no pydot or pygraphviz needed): every node with its attributes, the placement
    as its label, pruned nodes dashed and solutions with a double border.

    Raises
    ------
    NQueensError
        For any other file extension, or a file that cannot be written.
    """
    import networkx as nx

    kind = export_format(path)
    try:
        if kind == "graphml":
            nx.write_graphml(g, str(path))
        else:
            with open(path, "w", encoding="utf-8") as handle:
                handle.writelines(_dot_lines(g))
    except OSError as exc:
        raise NQueensError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _dot_lines(g):
    def quote(text):
        return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'

    title = f"{g.graph.get('model', 'tree')} n={g.graph.get('n', '')} {g.graph.get('mode', '')}".strip()
    yield f"digraph {quote(title)} {{\n"
    yield '  node [shape=box, fontname="monospace"];\n'
    for node, data in g.nodes(data=True):
        attrs = [
            f"label={quote(data['placement'] or 'root')}",
            f"depth={data['depth']}",
            f"placement={quote(data['placement'])}",
            f"pruned={str(data['pruned']).lower()}",
            f"solution={str(data['solution']).lower()}",
        ]
        if data["pruned"]:
            attrs.append("style=dashed")
        if data["solution"]:
            attrs.append("peripheries=2")
        yield f"  {node} [{', '.join(attrs)}];\n"
    for parent, child in g.edges():
        yield f"  {parent} -> {child};\n"
    yield "}\n"


_NO_OUT = np.zeros((0, 1), np.int64)
_NO_TRACE = np.zeros((0, 4), np.int64)


def _check(form, n, mode):
    n = check_n(n)
    check_mode(mode)
    if mode == "generate-and-test":
        size = form.tree_size(n)
        if size > GENERATE_AND_TEST_MAX_NODES:
            top = max(k for k in range(1, n) if form.tree_size(k) <= GENERATE_AND_TEST_MAX_NODES)
            raise NQueensError(
                f"generate-and-test visits the whole {form.name} tree: {size:.3e} nodes for n = {n}; it runs up to "
                f"{GENERATE_AND_TEST_MAX_NODES:,} nodes (n <= {top} for {form.name}); use mode backtracking"
            )
    return n, mode == "backtracking"


def _path(depth):
    path = np.zeros(2 * depth + 3, np.int64)
    path[0] = -1
    return path


def _counters(depth):
    return np.zeros(depth + 1, np.int64), np.zeros(depth + 1, np.int64), np.zeros(3, np.int64)


def _run(form, n, backtracking, progress=False):
    depth = form.depth(n)
    generated, feasible, tally = _counters(depth)
    s = form.state(n)
    path = _path(depth)
    if not progress:
        _call(form.kernel, n, backtracking, s, path, generated, feasible, tally, _NO_OUT, _NO_TRACE, 0)
        return generated, feasible, tally
    from tqdm import tqdm

    total = None if backtracking else form.tree_size(n)
    desc = f"{form.name} n = {n}"
    with tqdm(total=total, desc=desc, unit=" nodes", unit_scale=True, file=sys.stderr, delay=1.0, leave=False) as bar:
        while path[0] != -2:
            _call(form.kernel, n, backtracking, s, path, generated, feasible, tally, _NO_OUT, _NO_TRACE, _STEPS)
            bar.update(int(generated.sum()) - bar.n)
    return generated, feasible, tally


def _call(kernel, *args):
    # Compiling a kernel that passes functions to `walk` warns that first-class functions are experimental;
    # the walker only calls them (no function values survive inlining), which is the supported part.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
        return kernel(*args)


def _accounting(form, n, mode, generated, feasible, tally):
    feasible = tuple(int(x) for x in feasible)
    return Accounting(
        n=n,
        model=form.name,
        mode=mode,
        tree_size=form.tree_size(n),
        generated=tuple(int(x) for x in generated),
        feasible=feasible,
        nodes=sum(feasible),
        leaves=int(tally[_LEAVES]),
    )
