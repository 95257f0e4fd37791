"""The 8 symmetries of the board (the dihedral group D4) acting on solutions, and reduction to fundamental ones.

A solution ``q`` (``q[row] = column``) is a permutation, and every rotation or reflection of the square maps a
permutation to a permutation and a queens solution to a queens solution. Everything here works on batches,
numpy arrays of shape ``(m, n)``: a symmetry is an index shuffle, a column complement (``n - 1 - q``) or an
inverse permutation (a scatter), vectorised in :func:`transform`, :func:`images` and :func:`canonical`. The
reduction itself (:func:`fundamental`, :func:`orbit_size`) runs a compiled kernel over each chunk that reads
the images off the solution and its inverse element by element and stops at the first difference, so
reducing the 14,772,512 solutions of ``n = 16`` streams chunk by chunk, never a Python loop per solution
(``benchmarks/symmetry_n16.py`` measures it).

The canonical form of a solution is the lexicographically smallest of its 8 images; its orbit (the set of its
distinct images) has 1, 2, 4 or 8 members. A fundamental (unique) solution is a canonical one (docs/design.md).
Since every orbit has exactly one canonical member, :func:`fundamental` streams over a complete enumeration and
keeps no set of the solutions seen. Two independent checks of it: :func:`burnside` (the number of orbits is the
average number of solutions fixed by a symmetry) and :func:`orbit_graph` (the orbits are the connected
components of a graph whose edges are the symmetries).

Examples
--------
>>> from nqueens.analysis.symmetry import canonical, fundamental, orbit_size
>>> canonical((2, 0, 3, 1))
(1, 3, 0, 2)
>>> orbit_size((1, 3, 0, 2))
2
>>> import nqueens
>>> [(q, size) for q, size in fundamental(nqueens.batches(6))]
[((1, 3, 5, 0, 2, 4), 4)]

References
----------
OEIS A002562 (fundamental solutions) and A000170 (all solutions).
W. Burnside, *Theory of Groups of Finite Order* (1897): the orbit-counting lemma.
"""

from collections import Counter
from typing import Any

import numpy as np

from nqueens.core import d4
from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit

__all__ = [
    "SYMMETRIES",
    "transform",
    "images",
    "canonical",
    "orbit",
    "orbit_size",
    "symmetry_type",
    "fundamental",
    "fundamental_batches",
    "classes",
    "burnside",
    "orbit_graph",
]

# The elements of D4, identity first, as nqueens.core.d4 defines them (the maps of squares are written there).
SYMMETRIES = d4.NAMES

_CHUNK = 1 << 14


def transform(batch, name):
    """The image of each solution under one symmetry.

    Parameters
    ----------
    batch : array_like of shape (m, n), or one solution (a tuple or list)
        Permutations, ``q[row] = column``.
    name : str
        One of :data:`SYMMETRIES`.

    Returns
    -------
    numpy.ndarray of shape (m, n) (the input's dtype), or a tuple for a tuple (or list) input

    Raises
    ------
    NQueensError
        For an unknown symmetry, or a row that is not a permutation of ``0 .. n-1``.

    Examples
    --------
    >>> transform((0, 2, 4, 1, 3), "rot90")
    (4, 1, 3, 0, 2)
    >>> transform([[1, 3, 0, 2]], "flip-cols")
    array([[2, 0, 3, 1]], dtype=uint8)
    """
    if name not in SYMMETRIES:
        raise NQueensError(f"unknown symmetry {name!r}; the symmetries are {', '.join(SYMMETRIES)}")
    q, single = _as_batch(batch)
    out = _image(q, name, _inverse(q) if name in _USES_INVERSE else None)
    return _as_tuple(out[0]) if single else out


def images(batch):
    """All 8 images of each solution, in the order of :data:`SYMMETRIES`.

    Returns
    -------
    numpy.ndarray of shape (8, m, n), or a list of 8 tuples for one solution

    Examples
    --------
    >>> images((1, 3, 0, 2))
    [(1, 3, 0, 2), (1, 3, 0, 2), (1, 3, 0, 2), (1, 3, 0, 2), (2, 0, 3, 1), (2, 0, 3, 1), (2, 0, 3, 1), (2, 0, 3, 1)]
    """
    q, single = _as_batch(batch)
    inv = _inverse(q)
    out = np.stack([_image(q, name, inv) for name in SYMMETRIES])
    return [_as_tuple(row) for row in out[:, 0]] if single else out


def canonical(q_or_batch):
    """The canonical form: the lexicographically smallest of the 8 images.

    Returns
    -------
    tuple for one solution, or numpy.ndarray of shape (m, n) for a batch

    Examples
    --------
    >>> canonical((3, 1, 4, 2, 0))
    (0, 2, 4, 1, 3)
    """
    q, single = _as_batch(q_or_batch)
    inv = _inverse(q)
    best = q.copy()
    for name in SYMMETRIES[1:]:
        image = _image(q, name, inv)
        less = _lex_less(image, best)
        best[less] = image[less]
    return _as_tuple(best[0]) if single else best


def orbit(q):
    """The distinct images of one solution, sorted (its orbit under the 8 symmetries).

    Examples
    --------
    >>> orbit((1, 3, 0, 2))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    return sorted(set(images(tuple(q))))


def orbit_size(q_or_batch):
    """The number of distinct images: 1, 2, 4 or 8 (8 divided by the number of symmetries that fix it).

    Returns
    -------
    int for one solution, or numpy.ndarray of shape (m,) (uint8) for a batch

    Examples
    --------
    >>> orbit_size((1, 3, 5, 0, 2, 4)), orbit_size((0, 4, 7, 5, 2, 6, 1, 3))
    (4, 8)
    """
    q, single = _as_batch(q_or_batch)
    _, sizes = _reduce_checked(q, every=True)
    return int(sizes[0]) if single else sizes


def symmetry_type(q):
    """The names of the symmetries that fix one solution, in the order of :data:`SYMMETRIES`.

    For ``n >= 2`` no reflection fixes a queens solution, so the answer is the identity alone (orbit of 8),
    the identity and ``rot180`` (orbit of 4), or the four rotations (orbit of 2).

    Examples
    --------
    >>> symmetry_type((1, 3, 0, 2))
    ('identity', 'rot90', 'rot180', 'rot270')
    >>> symmetry_type((1, 3, 5, 0, 2, 4))
    ('identity', 'rot180')
    """
    batch, _ = _as_batch(tuple(q))
    inv = _inverse(batch)
    return tuple(name for name in SYMMETRIES if np.array_equal(_image(batch, name, inv), batch))


def fundamental(solutions):
    """Yield each orbit's canonical representative once, with its orbit size.

    Parameters
    ----------
    solutions : iterable
        Solutions (tuples, lists or 1-d arrays), or ``(m, n)`` batches such as :func:`nqueens.batches` yields
        (a single 2-d array is taken as one batch). It must be the complete solution set of one ``n``, or any
        set closed under the 8 symmetries, without repeats.

    Yields
    ------
    (tuple, int)
        A canonical solution and the size of its orbit, in the order the input holds them.

    Raises
    ------
    NQueensError
        If a row is not a permutation, or the rows do not all have the same length.

    Examples
    --------
    >>> import nqueens
    >>> [size for _, size in fundamental(nqueens.solutions(8))]
    [8, 8, 8, 8, 8, 8, 8, 8, 8, 4, 8, 8]

    Notes
    -----
    Every orbit has exactly one canonical member, so a solution is yielded exactly when it equals its own
    canonical form: nothing is remembered between chunks and memory stays bounded by one chunk. The test is
    made on the input alone, so on an input that is *not* closed under symmetry the result is the canonical
    solutions that happen to be present (an orbit whose canonical member is missing is silently absent) and a
    repeated canonical solution is yielded again; the orbit size is always that of the full orbit. Reduce the
    complete enumeration, or use :func:`orbit_graph` for an arbitrary set.

    Each chunk costs O(m n) in the worst case and about O(m) in practice: the kernel compares the 7 other
    images with a solution from the left and stops at the first difference, and most solutions lose to their
    mirror image at the first column. The kernel also checks that every row is a permutation.
    """
    for batch, sizes in fundamental_batches(solutions):
        yield from zip((tuple(row) for row in batch.tolist()), sizes.tolist())


def fundamental_batches(solutions):
    """The chunked form of :func:`fundamental`: yield ``(canonical rows, orbit sizes)`` arrays per chunk.

    Takes the same input as :func:`fundamental`; yields one pair per input chunk (possibly empty), the rows of
    shape ``(k, n)`` and the sizes of shape ``(k,)``.

    Examples
    --------
    >>> import nqueens
    >>> [(rows.tolist(), sizes.tolist()) for rows, sizes in fundamental_batches(nqueens.batches(4))]
    [([[1, 3, 0, 2]], [2])]
    """
    for batch in _chunks(solutions):
        if not len(batch):
            continue
        keep, sizes = _reduce_checked(batch, every=False)
        yield batch[keep], sizes[keep]


def classes(solutions):
    """The orbit classes of a complete solution set: ``{orbit size: number of fundamental solutions}``.

    ``sum(classes.values())`` is the unique count and ``sum(size * number)`` the total (docs/design.md).

    Examples
    --------
    >>> import nqueens
    >>> classes(nqueens.batches(8))
    {4: 1, 8: 11}
    """
    tally: Counter = Counter()
    for _, sizes in fundamental_batches(solutions):
        tally.update(sizes.tolist())
    return dict(sorted(tally.items()))


def burnside(n, solutions):
    """Count the orbits by Burnside's lemma: the average number of solutions fixed by a symmetry.

    Independent of canonical forms: each symmetry's fixed points are counted by comparing every solution with
    its image, and the number of orbits is their sum over the 8 symmetries divided by 8.

    Parameters
    ----------
    n : int
        Board size (the input may be empty, as for ``n = 2, 3``).
    solutions : iterable
        As for :func:`fundamental`: a complete solution set (closed under symmetry).

    Returns
    -------
    (int, dict)
        The number of orbits, and ``{symmetry name: number of solutions it fixes}``.

    Raises
    ------
    NQueensError
        If a solution does not have ``n`` columns, or the sum is not a multiple of 8 (the input is not closed
        under symmetry).

    Examples
    --------
    >>> import nqueens
    >>> unique, fixed = burnside(8, nqueens.batches(8))
    >>> unique, fixed["identity"], fixed["rot180"], fixed["rot90"]
    (12, 92, 4, 0)
    """
    fixed = dict.fromkeys(SYMMETRIES, 0)
    for batch in _chunks(solutions):
        if batch.shape[1] != n:
            raise NQueensError(f"a solution has {batch.shape[1]} columns; expected n = {n}")
        _check_permutations(batch)
        inv = _inverse(batch)
        for name in SYMMETRIES:
            fixed[name] += int(np.count_nonzero((_image(batch, name, inv) == batch).all(axis=1)))
    total = sum(fixed.values())
    if total % 8:
        raise NQueensError(f"the solutions are not closed under the 8 symmetries (fixed points sum to {total})")
    return total // 8, fixed


def orbit_graph(solutions):
    """The graph whose nodes are solutions and whose edges join each solution to its images.

    Its connected components are the orbits: a cross-check of :func:`fundamental` built with networkx, for
    small ``n`` (one Python node per solution). Images that are not in the input are added as nodes, so the
    components are the orbits of the input's closure under symmetry.

    Returns
    -------
    networkx.Graph
        Nodes are tuples; each edge has the attribute ``symmetry`` (the first name of :data:`SYMMETRIES` that
        maps one end to the other). Fixed points get no self-loop.

    Examples
    --------
    >>> import networkx as nx, nqueens
    >>> graph = orbit_graph(nqueens.solutions(8))
    >>> graph.number_of_nodes(), nx.number_connected_components(graph)
    (92, 12)
    """
    import networkx as nx

    graph = nx.Graph()
    for batch in _chunks(solutions):
        every = images(batch)
        for index, q in enumerate(batch.tolist()):
            q = tuple(q)
            graph.add_node(q)
            for name, image in zip(SYMMETRIES[1:], every[1:, index].tolist()):
                image = tuple(image)
                if image != q and not graph.has_edge(q, image):
                    graph.add_edge(q, image, symmetry=name)
    return graph


# --- helpers -----------------------------------------------------------------------------------------------

_USES_INVERSE = frozenset(name for g, name in enumerate(SYMMETRIES) if d4.MAPS[g][0][1] != 0)

# The order in which _reduce compares the images with a solution: those that most often differ at the first
# column first (flip-cols is smaller for every solution whose first column is right of the middle), so most
# solutions are rejected after one or two comparisons. Codes are the indices in SYMMETRIES.
_TEST_ORDER = np.array(
    [
        SYMMETRIES.index(name)
        for name in ("flip-cols", "flip-rows", "rot180", "rot90", "rot270", "transpose", "anti-transpose")
    ],
    np.int64,
)


def _image(q, name, inv):
    # q: (m, n) permutations; inv: their inverses (inv[q[r]] = r), for the symmetries that swap rows and columns.
    return d4.apply(q, SYMMETRIES.index(name), inv)


def _inverse(q):
    return d4.inverse_permutation(q)


def _lex_less(a, b):
    """Row-wise ``a < b`` in lexicographic order, for two (m, n) arrays."""
    differ = a != b
    first = differ.argmax(axis=1)[:, None]
    return differ.any(axis=1) & (np.take_along_axis(a, first, 1)[:, 0] < np.take_along_axis(b, first, 1)[:, 0])


def _reduce_checked(q, every):
    """``(keep, sizes)`` from :func:`_reduce`, or the error naming the first row that is not a permutation."""
    keep = np.zeros(len(q), dtype=np.bool_)
    sizes = np.zeros(len(q), dtype=np.uint8)
    bad = _reduce(q, _TEST_ORDER, every, keep, sizes)
    if bad >= 0:
        raise NQueensError(
            f"row {bad} ({q[bad].tolist()}) is not a permutation of 0..{q.shape[1] - 1}; symmetries act on solutions"
        )
    return keep, sizes


@njit(cache=True, nogil=True)
def _reduce(q, order, every, keep, sizes):
    # Row by row: the inverse permutation (which also checks that the row is one), then the 7 other images
    # compared with the row, element by element from the left, each stopping at the first difference; an
    # image element is read off q or inv by the formulas of _image, never built. keep[i]: no image is smaller
    # (the row is canonical); sizes[i]: 8 over the number of images equal to the row, for the canonical rows
    # (for every row when `every`). Returns -1, or the index of the first row that is not a permutation.
    m, n = q.shape
    top = n - 1
    inv = np.empty(n, np.int64)
    for i in range(m):
        inv[:] = -1
        for r in range(n):
            c = np.int64(q[i, r])
            if c < 0 or c >= n or inv[c] >= 0:
                return i
            inv[c] = r
        canonical = True
        fixed = 1
        for s in order:
            sign = 0
            for k in range(n):
                if s == 1:  # rot90
                    v = top - inv[k]
                elif s == 2:  # rot180
                    v = top - np.int64(q[i, top - k])
                elif s == 3:  # rot270
                    v = inv[top - k]
                elif s == 4:  # flip-rows
                    v = np.int64(q[i, top - k])
                elif s == 5:  # flip-cols
                    v = top - np.int64(q[i, k])
                elif s == 6:  # transpose
                    v = inv[k]
                else:  # anti-transpose
                    v = top - inv[top - k]
                own = np.int64(q[i, k])
                if v != own:
                    sign = -1 if v < own else 1
                    break
            if sign == 0:
                fixed += 1
            elif sign < 0:
                canonical = False
                if not every:
                    break
        keep[i] = canonical
        if canonical or every:
            sizes[i] = 8 // fixed
    return -1


def _as_tuple(row):
    return tuple(int(c) for c in row)


def _check_range(q):
    m, n = q.shape
    if not np.issubdtype(q.dtype, np.integer):
        raise NQueensError(f"solutions are lists of integer columns, got {q.dtype} values")
    if m and n and (int(q.min()) < 0 or int(q.max()) >= n):
        raise NQueensError(f"columns must be in 0..{n - 1} for n = {n}")


def _check_permutations(q):
    _check_range(q)
    m, n = q.shape
    if m and n:
        # With a repeated column some column c is never written, and q[inv[c]] != c for it.
        ok = (np.take_along_axis(q, _inverse(q), 1) == np.arange(n)).all(axis=1)
        if not ok.all():
            bad = int(np.flatnonzero(~ok)[0])
            raise NQueensError(
                f"row {bad} ({q[bad].tolist()}) is not a permutation of 0..{n - 1}; symmetries act on solutions"
            )


def _as_batch(data, check=True):
    """``(batch, single)``: an (m, n) array in the smallest unsigned dtype, and whether one solution came in.

    ``check=False`` leaves the permutation test to the caller (the :func:`_reduce` kernel makes it on the fly);
    columns outside ``0 .. n-1`` are refused either way, before the cast could wrap them around.
    """
    if isinstance(data, np.ndarray) and data.ndim == 2:
        q, single = data, False
    elif (
        isinstance(data, np.ndarray)
        and data.ndim == 1
        or isinstance(data, (tuple, list))
        and not (data and isinstance(data[0], (tuple, list, np.ndarray)))
    ):
        q, single = np.asarray(data).reshape(1, -1), True
    else:
        q, single = np.asarray(data), False
        if q.ndim != 2:
            raise NQueensError("expected one solution or a batch of solutions of shape (m, n)")
    n = q.shape[1]
    if check:
        _check_permutations(q)
    elif q.dtype != dtype_for(max(n, 1)):
        _check_range(q)
    if q.dtype != dtype_for(max(n, 1)):
        q = q.astype(dtype_for(max(n, 1)))
    return q, single


def _chunks(solutions):
    """Batches of at most a chunk of rows from batches, one 2-d array, or single solutions."""
    if isinstance(solutions, np.ndarray) and solutions.ndim == 2:
        solutions = (solutions,)
    pending: list[Any] = []
    n = None
    for item in solutions:
        if isinstance(item, np.ndarray) and item.ndim == 2:
            if pending:
                yield _as_batch(pending, check=False)[0]
                pending = []
            n = _same_n(n, item.shape[1])
            batch, _ = _as_batch(item, check=False)
            for start in range(0, len(batch), _CHUNK):
                yield batch[start : start + _CHUNK]
            continue
        row = tuple(int(c) for c in item)
        n = _same_n(n, len(row))
        pending.append(row)
        if len(pending) == _CHUNK:
            yield _as_batch(pending, check=False)[0]
            pending = []
    if pending:
        yield _as_batch(pending, check=False)[0]


def _same_n(n, width):
    if n is not None and width != n:
        raise NQueensError(f"solutions of different sizes in one input: {n} and {width} columns")
    return width
