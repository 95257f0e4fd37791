"""The compiled depth-first walker and Knuth's random probe over a state-space tree formulation.

A formulation is nine small numba functions over its ``int64`` state array ``s`` (see
:mod:`nqueens.models.tree` for what each one means): ``(width, offered, allowed, push, pop, whole, move, emit,
weight)``. :func:`walker` builds the walker and the probe of one formulation with its functions bound in as free
variables, so numba calls them directly and inlines the hot ones (passed as function values, they would be
called through a pointer on every node). Both are called by the formulation's own cached entry kernels, whose
arguments are plain ints and arrays, and are named after the functions bound in
(:func:`nqueens.core.jit.njit_bound`): the kernels of two formulations, cached by two processes, each hold their
own. An edit of this file recompiles the formulations' kernels (the cache folders are keyed by the sources a
kernel module imports, :mod:`nqueens.core.cache`).

The per-depth counters are one ``(3, depth + 1)`` array: row :data:`GENERATED`, row :data:`FEASIBLE` and row
:data:`PRUNED` (children that propagation removed before the search could generate them).
"""

import numpy as np

from nqueens.core.jit import njit, njit_bound

__all__ = [
    "GENERATED",
    "FEASIBLE",
    "PRUNED",
    "SOLUTIONS",
    "LEAVES",
    "TRACED",
    "TRACE_PRUNED",
    "TRACE_FEASIBLE",
    "TRACE_SOLUTION",
    "TRACE_SYMMETRY",
    "walker",
    "every",
    "new_path",
]

# Rows of the per-depth counters.
GENERATED, FEASIBLE, PRUNED = 0, 1, 2

# tally[...] slots written by the walker.
SOLUTIONS, LEAVES, TRACED = 0, 1, 2

# trace[:, 3]: what became of an explored node.
TRACE_PRUNED, TRACE_FEASIBLE, TRACE_SOLUTION, TRACE_SYMMETRY = 0, 1, 2, 3


@njit(cache=True, nogil=True, inline="always")
def _enter(n, d, i, s):
    return True


@njit(cache=True, nogil=True, inline="always")
def _leave(n, d, s):
    return


@njit(cache=True, nogil=True, inline="always")
def _found(n, s):
    return


def walker(width, offered, allowed, push, pop, whole, move, emit, weight, enter=_enter, leave=_leave, found=_found):
    """The walker and the probe of one formulation: ``(walk, probe)``, compiled with its functions bound in.

    The formulation's functions are free variables of the two, so numba resolves each call statically and
    inlines those marked ``inline="always"``: no function value is passed at run time. ``enter``, ``leave`` and
    ``found`` are the hooks of symmetry breaking (:func:`nqueens.models.symmetry.hooks`): ``enter(n, d, i, s)``
    after child ``i`` was pushed, False when symmetry prunes it (the walk pops it again: generated, not
    feasible, traced as :data:`TRACE_SYMMETRY`); ``leave(n, d, s)`` after a child that ``enter`` kept was
    popped; ``found(n, s)`` at each solution. Left out, they do nothing.
    """

    # The walk is a function of its own, called by the formulation's search kernel and by the probe's exact walks
    # (numba compiles it once for both; inlined into each, the probe's compile took a minute and the walk's
    # half of that again). One call per walk costs nothing beside the nodes it visits.
    bound = njit_bound((width, offered, allowed, push, pop, whole, move, emit, weight, enter, leave, found), nogil=True)

    @bound
    def walk(n, depth, top, backtracking, s, path, counts, tally, out, trace, budget):
        """Search the tree of the formulation depth-first, resuming from ``path``; return the rows written.

        ``path`` (``3 * depth + 4`` ints, see :func:`new_path`) holds the search position: ``path[0]`` is the
        current depth (``-1`` before the start, ``-2`` once the search has ended), then per depth ``d``: the
        children of the current depth-``d`` node tried so far, how many of them propagation removed (a node
        whose every child was removed is a leaf), and the node's index in ``trace``. The walk ends when it climbs
        above depth ``top``: ``top = 0`` walks the whole tree from the root; a caller that has pushed a node at
        depth ``top`` itself (``path[0] = top``, its tried and removed children 0) walks that node's subtree
        only, and pops the node itself.

        Solutions are written to ``out`` until it is full (then the walk returns, to be resumed); an empty ``out``
        means count only. A non-empty ``trace`` gets one row ``(parent, depth, move, flag)`` per generated node, in
        depth-first order, the root first. A positive ``budget`` also returns (to be resumed) after that many steps.
        """
        generated = counts[GENERATED]
        feasible = counts[FEASIBLE]
        pruned = counts[PRUNED]
        nxt = path[1 : depth + 2]
        cut = path[depth + 2 : 2 * depth + 3]
        ids = path[2 * depth + 3 : 3 * depth + 4]
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
            cut[0] = 0
            generated[0] += 1
            feasible[0] += 1
            if tracing:
                trace[0, 0] = -1
                trace[0, 1] = 0
                trace[0, 2] = -1
                trace[0, 3] = TRACE_FEASIBLE
                ids[0] = 0
                tally[TRACED] = 1
        while d >= top:
            steps += 1
            if budget > 0 and steps > budget:
                path[0] = d
                return filled
            i = nxt[d]
            if i < width(n, d, s):
                nxt[d] = i + 1
                child = d + 1
                if not offered(n, d, i, s):
                    pruned[child] += 1
                    cut[d] += 1
                    continue
                generated[child] += 1
                node = -1
                if tracing:
                    node = tally[TRACED]
                    tally[TRACED] = node + 1
                    trace[node, 0] = ids[d]
                    trace[node, 1] = child
                    trace[node, 2] = move(n, d, i, s)
                    trace[node, 3] = TRACE_PRUNED
                if backtracking and not allowed(n, d, i, s):
                    tally[LEAVES] += 1
                    continue
                if not push(n, d, i, s):
                    # propagation emptied a domain: the child failed its check
                    tally[LEAVES] += 1
                    pop(n, d, i, s)
                    continue
                if not enter(n, d, i, s):
                    # symmetry breaking pruned the child
                    tally[LEAVES] += 1
                    if tracing:
                        trace[node, 3] = TRACE_SYMMETRY
                    pop(n, d, i, s)
                    continue
                if child == depth:
                    tally[LEAVES] += 1
                    if backtracking or whole(n, s):
                        feasible[child] += 1
                        tally[SOLUTIONS] += 1
                        found(n, s)
                        if tracing:
                            trace[node, 3] = TRACE_SOLUTION
                        if capacity > 0:
                            emit(n, s, out[filled])
                            filled += 1
                    pop(n, d, i, s)
                    leave(n, d, s)
                    if capacity > 0 and filled == capacity:
                        path[0] = d
                        return filled
                    continue
                feasible[child] += 1
                if tracing:
                    trace[node, 3] = TRACE_FEASIBLE
                    ids[child] = node
                d = child
                nxt[d] = 0
                cut[d] = 0
            else:
                if nxt[d] == cut[d]:
                    tally[LEAVES] += 1
                d -= 1
                if d >= top:
                    pop(n, d, nxt[d] - 1, s)
                    leave(n, d, s)
        path[0] = -2
        return filled

    @bound
    def probe(n, depth, s0, probes, seed, out, level, path, counts, tally):
        """Knuth's random probes of the backtracking tree of the formulation from the state ``s0``.

        Each probe goes down from the root, choosing one feasible child at a time: child ``i`` with probability
        ``weight(i) / sum of the weights`` (the formulation's sampling weights; uniform when they are equal), its
        weight ``1 / probability`` multiplied into the running weight of the path. A feasible child of weight 0 is
        not sampled: its subtree is walked exactly (with :func:`walk`) and added with the parent's weight. The
        children are ranked by their ``move`` before the draw, so two formulations that offer the same decisions in
        another order make the same random choices.

        ``out`` receives the mean and the sum of squared deviations (Welford) of the estimated feasible nodes and
        of the estimated generated nodes; ``level[k]`` the sum of the probes' estimates at depth ``k``. ``path``,
        ``counts`` and ``tally`` are scratch space for the exact walks.
        """
        np.random.seed(seed)
        # the exact walks' arguments as values, not constants: numba compiles a function once per literal argument
        exact = np.bool_(True)
        none = np.int64(0)
        s = s0.copy()
        nothing = np.zeros((0, 1), np.int64)
        no_trace = np.zeros((0, 4), np.int64)
        child = np.zeros(8, np.int64)
        rank = np.zeros(8, np.int64)
        share = np.zeros(8, np.float64)
        mean = 0.0
        m2 = 0.0
        gmean = 0.0
        gm2 = 0.0
        for t in range(probes):
            for k in range(s0.shape[0]):  # a copy by hand: s[:] = s0 compiles numba's shape checks and messages
                s[k] = s0[k]
            weight_now = 1.0  # 1 / probability of the current node
            nodes = 1.0
            generated = 1.0
            level[0] += 1.0
            d = 0
            while d < depth:
                w = width(n, d, s)
                if w > child.shape[0]:
                    child = np.zeros(w, np.int64)
                    rank = np.zeros(w, np.int64)
                    share = np.zeros(w, np.float64)
                m = 0
                g = 0
                for i in range(w):
                    if not offered(n, d, i, s):
                        continue
                    g += 1
                    if not allowed(n, d, i, s):
                        continue
                    ok = push(n, d, i, s)
                    pop(n, d, i, s)
                    if not ok:
                        continue
                    # insert child i, ranked by its move
                    key = move(n, d, i, s)
                    j = m
                    while j > 0 and rank[j - 1] > key:
                        child[j] = child[j - 1]
                        rank[j] = rank[j - 1]
                        share[j] = share[j - 1]
                        j -= 1
                    child[j] = i
                    rank[j] = key
                    share[j] = weight(n, d, i, s)
                    m += 1
                generated += weight_now * g
                total = 0.0
                for j in range(m):
                    if share[j] > 0.0:
                        total += share[j]
                        continue
                    # a subtree too small to sample: walk it exactly
                    push(n, d, child[j], s)
                    counts[:, :] = 0
                    path[0] = d + 1
                    path[d + 2] = 0
                    path[depth + d + 3] = 0
                    walk(n, depth, d + 1, exact, s, path, counts, tally, nothing, no_trace, none)
                    pop(n, d, child[j], s)
                    nodes += weight_now
                    level[d + 1] += weight_now
                    for k in range(d + 2, depth + 1):
                        nodes += weight_now * counts[FEASIBLE, k]
                        level[k] += weight_now * counts[FEASIBLE, k]
                        generated += weight_now * counts[GENERATED, k]
                if total == 0.0:
                    break
                pick = -1
                r = np.random.random() * total
                for j in range(m):
                    if share[j] > 0.0:
                        pick = j
                        r -= share[j]
                        if r < 0.0:
                            break
                weight_now *= total / share[pick]
                push(n, d, child[pick], s)
                d += 1
                nodes += weight_now
                level[d] += weight_now
            delta = nodes - mean
            mean += delta / (t + 1)
            m2 += delta * (nodes - mean)
            delta = generated - gmean
            gmean += delta / (t + 1)
            gm2 += delta * (generated - gmean)
        out[0] = mean
        out[1] = m2
        out[2] = gmean
        out[3] = gm2

    return walk, probe


@njit(cache=True, nogil=True, inline="always")
def every(n, d, i, s):
    """The ``offered`` of a search that propagates nothing: every child of the explicit tree is generated."""
    return True


def new_path(depth):
    """A fresh search position for :func:`walk` over a tree of this depth (before the start)."""
    path = np.zeros(3 * depth + 4, np.int64)
    path[0] = -1
    return path
