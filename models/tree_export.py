"""The explored tree of a formulation as a networkx graph, and the files it is written to (GraphML, DOT).

A picture to open in Gephi or yEd: every node the search generated, numbered in depth-first order (the root
0), with its depth, its partial placement as text, whether it failed a check and whether it is a solution.

Examples
--------
>>> from nqueens.models import permutation
>>> g = permutation.graph(4)
>>> g.number_of_nodes(), sum(1 for _, d in g.nodes(data=True) if d["solution"])
(33, 2)
"""

import numpy as np
from nqueens.models import EXPORT_MAX_N, EXPORT_MAX_NODES
from nqueens.models import walk as _walk

from nqueens.core.errors import NQueensError

__all__ = ["EXPORT_MAX_N", "EXPORT_MAX_NODES", "graph", "export_format", "write_graph"]

# An exported tree is meant to be opened in Gephi or yEd.


def graph(
    form,
    n,
    mode="backtracking",
    *,
    walk,
    propagation="none",
    order="static",
    instance=None,
    rule="queen",
    symmetry="none",
):
    """The explored tree as a :class:`networkx.DiGraph`, for ``n <= EXPORT_MAX_N``; ``walk`` is the tree walk
    (:func:`nqueens.models.tree.run`, handed down by the formulation's ``graph``).

    Every node (numbered in depth-first order, the root 0) carries ``depth``, ``placement`` (the partial
    placement as text), ``pruned`` (it failed a check) and ``solution``; with the option ``symmetry``
    (:mod:`nqueens.models.symmetry`) also ``symmetry``, true for a node symmetry breaking pruned (``pruned`` too);
    edges go from parent to child. The
    graph has ``sum(generated)`` nodes of the accounting and ``leaves`` nodes without children; children that
    propagation removed were never generated and are not in it.

    Raises
    ------
    NQueensError
        For ``n > EXPORT_MAX_N``, an explored tree above ``EXPORT_MAX_NODES`` nodes, or first-fail order (a
        placement is written row by row).
    """
    import networkx as nx

    if n > EXPORT_MAX_N:
        raise NQueensError(f"tree export is for n <= {EXPORT_MAX_N} (a picture to open in Gephi or yEd); got n = {n}")
    if order != "static":
        raise NQueensError("tree export writes placements row by row: use order static")
    settings = {"propagation": propagation, "order": order, "instance": instance, "rule": rule, "symmetry": symmetry}
    counts, _, _ = walk(form, n, mode, **settings)
    explored = int(counts[_walk.GENERATED].sum())
    if explored > EXPORT_MAX_NODES:
        raise NQueensError(
            f"the {form.name} tree for n = {n} in {mode} mode has {explored:,} explored nodes; "
            f"an export holds at most {EXPORT_MAX_NODES:,}"
        )
    trace = np.zeros((explored, 4), np.int64)
    walk(form, n, mode, trace=trace, **settings)
    g = nx.DiGraph(n=n, model=form.name, mode=mode)
    if propagation != "none":
        g.graph["propagation"] = propagation
    if symmetry != "none":
        g.graph["symmetry"] = symmetry
    placement = [""] * explored
    for node, (parent, depth, move, flag) in enumerate(trace.tolist()):
        if parent >= 0:
            placement[node] = placement[parent] + form.token(n, depth, move)
        marks = {"symmetry": flag == _walk.TRACE_SYMMETRY} if symmetry != "none" else {}
        g.add_node(
            node,
            depth=depth,
            placement=placement[node],
            pruned=flag in (_walk.TRACE_PRUNED, _walk.TRACE_SYMMETRY),
            solution=flag == _walk.TRACE_SOLUTION,
            **marks,
        )
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

    from nqueens.core.files import replaced, replaced_path

    kind = export_format(path)
    try:
        if kind == "graphml":
            with replaced_path(path) as partial:
                nx.write_graphml(g, partial)
        else:
            with replaced(path) as handle:
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
