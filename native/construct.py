"""One solution for a large board, without search or with a local one, verified in O(n).

Counting stops being possible long before ``n`` stops being interesting: the solutions of ``n = 10**7`` cannot
be enumerated, but one of them can be written down. Three methods:

``explicit``
    The closed-form solutions by the residue of ``n`` modulo 6 (Hoffman, Loessi and Moore 1969; in the form
    given by Bernhardsson 1991), valid for every ``n >= 4`` and ``n = 1``. O(n) time, one pass.
``toroidal``
    Seed 004's divide-and-conquer idea made precise. A solution is *toroidal* when it also holds on the torus,
    where diagonals wrap around: the values ``q[i]``, ``(q[i] + i) mod n`` and ``(q[i] - i) mod n`` are each all
    distinct. For ``n`` coprime to 6 the linear solution ``q(i) = k*i mod n`` with ``gcd(k(k-1)(k+1), n) == 1``
    (``k = 2`` always works) is toroidal, and the *product* of toroidal solutions ``a`` (side ``s``) and ``b``
    (side ``t``), ``q[t*x + y] = t*a[x] + b[y]``, is a toroidal solution of side ``s*t``: a board of ``s x s``
    blocks, block ``(x, a[x])`` holding a copy of ``b``. So 5 gives 25, and 25 gives 125, as seed 004 draws it.
    Only for ``n`` divisible by 2 or 3 is there no toroidal solution at all (Pólya 1918).
``min-conflicts``
    Local search (Minton, Johnston, Philips and Laird 1990): place the queens row by row on a column with the
    fewest conflicts with the rows above (ties at random), then repeatedly move a queen in conflict, chosen at
    random, to a column of its row with the fewest conflicts. Queen counters per column and per diagonal make
    each conflict test and each move O(1).

Every method's answer goes through :func:`verify`, a separate O(n) check that marks columns and diagonals in
occupancy arrays (seed 000's ``Y``, ``L``, ``R``); the ``valid`` of a :class:`Construction` is its word, not the
constructor's.

References
----------
.. [1] E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the solution of the m queens problem",
   Mathematics Magazine 42(2), 66-72 (1969).
.. [2] B. Bernhardsson, "Explicit solutions to the N-queens problem for all N", ACM SIGART Bulletin 2(2), 7 (1991).
.. [3] G. Pólya, "Über die 'doppelt-periodischen' Lösungen des n-Damen-Problems", in W. Ahrens, Mathematische
   Unterhaltungen und Spiele, vol. 2, 364-374 (1918).
.. [4] S. Minton, M. D. Johnston, A. B. Philips and P. Laird, "Solving large-scale constraint satisfaction and
   scheduling problems using a heuristic repair method", AAAI-90, 17-24 (1990).
.. [5] P. L'Ecuyer, "Efficient and portable combined random number generators", CACM 31(6), 742-751 (1988).
.. [6] Seed 004 (the divide-and-conquer sketch: 5 -> 25 -> 125) and seed 000 (marker arrays ``Y``, ``L``, ``R``).
"""

import functools
import math
import time
from dataclasses import dataclass, field

import numpy as np

from nqueens.core import memory
from nqueens.core.board import check_n, dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit

__all__ = [
    "METHODS",
    "Construction",
    "construct",
    "memory_needed",
    "explicit",
    "toroidal",
    "linear",
    "product",
    "min_conflicts",
    "verify",
    "is_toroidal",
    "warmup",
]

METHODS = ("explicit", "toroidal", "min-conflicts")

# Random columns tried per row in the greedy start before scanning them all (see _greedy).
_GREEDY_TRIES = 64
# Min-conflicts starts again from a new greedy start after this many moves: on small boards it can settle in a
# local minimum it never leaves, while a run that succeeds needs about 50 moves at any n (Minton et al.).
_RESTART = 1000
# The default cap on moves: ten restarts.
_MAX_STEPS = 10 * _RESTART
# The parameters of L'Ecuyer's combined generator [5]: two multiplicative generators modulo two primes.
_M1, _A1, _M2, _A2 = 2147483563, 40014, 2147483399, 40692


@dataclass(frozen=True)
class Construction:
    """One constructed solution and the verifier's verdict on it.

    Attributes
    ----------
    n : int
    method : str
        One of :data:`METHODS`.
    solution : numpy.ndarray
        ``solution[row] = column``, 0-based, in the smallest unsigned dtype that holds ``n - 1``.
    valid : bool
        What :func:`verify` says: no two queens share a column or a diagonal.
    seconds : float
        Wall-clock time of construction and verification, after the kernels are compiled or loaded.
    stats : dict
        The method's own effort: for ``min-conflicts`` the ``seed``, the ``steps`` (queens moved), the
        ``start_conflicts`` (queens in conflict after the first greedy start) and the ``restarts``.
    """

    n: int
    method: str
    solution: np.ndarray = field(repr=False)
    valid: bool
    seconds: float
    stats: dict = field(default_factory=dict)

    def to_dict(self, solution=False):
        """The ``--json`` shape ``{"n", "method", "valid", "seconds"}``, plus ``"solution"`` if asked."""
        doc = {"n": self.n, "method": self.method, "valid": self.valid, "seconds": self.seconds}
        if solution:
            doc["solution"] = self.solution.tolist()
        return doc


def construct(n, method="explicit", *, seed=None, max_steps=None):
    """Construct one solution of the ``n``-queens problem and verify it.

    Parameters
    ----------
    n : int
        Board size: ``n = 1`` or ``n >= 4`` (no solution exists for 2 and 3); ``toroidal`` needs ``n`` coprime
        to 6.
    method : str
        ``"explicit"`` (default), ``"toroidal"`` or ``"min-conflicts"``.
    seed : int, optional
        Only for ``min-conflicts``: the seed of its random choices (default 0), for a reproducible answer.
    max_steps : int, optional
        Only for ``min-conflicts``: the most queens it may move (see :func:`min_conflicts`).

    Returns
    -------
    Construction
        The solution and :func:`verify`'s verdict, with the time both took.

    Raises
    ------
    NQueensError
        For an unknown method, an ``n`` the method cannot serve (the message says why), a ``seed`` or
        ``max_steps`` given to a method without random choices, or ``min-conflicts`` out of steps.

    Examples
    --------
    >>> c = construct(8)
    >>> c.valid, c.solution.tolist()
    (True, [3, 5, 7, 1, 6, 0, 2, 4])
    >>> construct(25, "toroidal").valid
    True
    >>> construct(1000, "min-conflicts", seed=1).to_dict().keys()
    dict_keys(['n', 'method', 'valid', 'seconds'])
    """
    if method not in METHODS:
        raise NQueensError(f"unknown method {method!r}; methods: {', '.join(METHODS)}")
    if method != "min-conflicts" and (seed is not None or max_steps is not None):
        raise NQueensError(f"seed and max_steps (--seed, --max-steps) apply to min-conflicts only, not to {method}")
    n = check_n(n)
    memory.check(memory_needed(n, method), f"constructing and verifying a solution of n = {n} by {method}")
    stats = {}
    if method == "min-conflicts":
        _check_solvable(n)
        seed = 0 if seed is None else _check_seed(seed)
        max_steps = _check_max_steps(n, max_steps)
        stats["seed"] = seed

        def build():
            q, effort = _solve_min_conflicts(n, seed, max_steps)
            stats.update(effort)
            return q

    else:
        # Refuse a bad n before the warm-up; the method checks it again, cheaply.
        (_check_solvable if method == "explicit" else _check_toroidal)(n)
        build = functools.partial(explicit if method == "explicit" else toroidal, n)
    _warm(dtype_for(n))
    start = time.perf_counter()
    q = build()
    valid = verify(q)
    seconds = time.perf_counter() - start
    return Construction(n=n, method=method, solution=q, valid=valid, seconds=seconds, stats=stats)


def explicit(n):
    """The classical closed-form solution for ``n``, by the residue of ``n`` modulo 6.

    With ``m = n`` for even ``n`` and ``m = n - 1`` for odd ``n`` (the last queen then goes in the corner
    ``(n - 1, n - 1)``, which no queen of the ``m x m`` solution attacks), and ``h = m / 2``, rows 0-based:

    - ``m mod 6`` is 0 or 4: ``q[i] = 2i + 1`` and ``q[h + i] = 2i`` for ``i < h`` (odd columns, then even);
    - ``m mod 6 == 2``: ``v = (2i + h - 1) mod m``, ``q[i] = v`` and ``q[m - 1 - i] = m - 1 - v`` for ``i < h``.

    Parameters
    ----------
    n : int
        ``n = 1`` or ``n >= 4``.

    Returns
    -------
    numpy.ndarray
        ``q[row] = column``, dtype :func:`nqueens.core.board.dtype_for(n) <nqueens.core.board.dtype_for>`.

    Raises
    ------
    NQueensError
        For ``n`` = 2 or 3 (no solution exists) or a bad ``n``.

    Examples
    --------
    >>> explicit(4).tolist(), explicit(5).tolist()
    ([1, 3, 0, 2], [1, 3, 0, 2, 4])
    >>> explicit(3)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: no solution exists for n = 3; every n >= 4 (and n = 1) has one

    Notes
    -----
    O(n) time, the output array is the only memory. Odd columns then even ones put two queens on one sum
    diagonal exactly when ``h mod 3 == 1``, i.e. ``m mod 6 == 2``, the case the second rule covers; neither
    rule puts a queen on the main diagonal, so the corner queen of odd ``n`` is never attacked [1]_ [2]_.

    References
    ----------
    .. [1] Hoffman, Loessi and Moore, Mathematics Magazine 42(2), 1969.
    .. [2] Bernhardsson, ACM SIGART Bulletin 2(2), 1991.
    """
    n = _check_solvable(check_n(n))
    q = np.empty(n, dtype_for(n))
    _explicit(n, q)
    return q


def toroidal(n):
    """A toroidal solution for ``n`` coprime to 6: linear solutions of ``n``'s prime factors, multiplied.

    ``n`` is split into its prime factors (each at least 5); each prime ``p`` has the linear toroidal solution
    ``q(i) = 2i mod p`` (:func:`linear`), and the factors are combined left to right with :func:`product`. For
    ``n = 5**k`` this is seed 004's picture: 5 gives 25, 25 gives 125, 125 gives 625.

    Parameters
    ----------
    n : int
        An integer >= 1 coprime to 6.

    Returns
    -------
    numpy.ndarray
        ``q[row] = column``; no two queens share a column or a diagonal, even when diagonals wrap around.

    Raises
    ------
    NQueensError
        If ``n`` is divisible by 2 or 3: then no toroidal solution exists (Pólya 1918); ``explicit`` has one.

    Examples
    --------
    >>> toroidal(5).tolist()
    [0, 2, 4, 1, 3]
    >>> q = toroidal(25)
    >>> q[:5].tolist(), q[5:10].tolist()
    ([0, 2, 4, 1, 3], [10, 12, 14, 11, 13])
    >>> is_toroidal(toroidal(125)), verify(toroidal(625))
    (True, True)
    >>> toroidal(8)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: no toroidal solution exists for n = 8: n is divisible by 2, and toroidal solutions exist exactly when n is coprime to 6 (Pólya 1918); use the explicit method (--method explicit)
    """
    n = _check_toroidal(check_n(n))
    factors = _prime_factors(n)
    if not factors:
        return np.zeros(1, dtype_for(1))
    q = linear(factors[0])
    for p in factors[1:]:
        q = product(q, linear(p))
    return q


def linear(n, k=2):
    """The linear solution ``q(i) = k*i mod n``, which is toroidal when ``k``, ``k - 1`` and ``k + 1`` are coprime to ``n``.

    On the torus the queen of row ``i`` sits on column ``k*i``, sum diagonal ``(k + 1)*i`` and difference
    diagonal ``(k - 1)*i`` (mod ``n``): each is a bijection of the rows exactly when its factor is a unit mod
    ``n``. ``k = 2`` works for every ``n`` coprime to 6.

    Parameters
    ----------
    n : int
    k : int
        The multiplier, an integer.

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    NQueensError
        If ``k*(k - 1)*(k + 1)`` shares a factor with ``n`` (the message names which of the three lines fails).

    Examples
    --------
    >>> linear(7, 3).tolist()
    [0, 3, 6, 2, 5, 1, 4]
    >>> linear(7, 6)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: q(i) = 6*i mod 7 is not a toroidal solution: gcd(k + 1, n) = 7, so two queens share a sum diagonal; k, k - 1 and k + 1 must all be coprime to n
    """
    n = check_n(n)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise NQueensError(f"k must be an integer, got {k!r}")
    k = int(k)
    for factor, line in ((k, "column"), (k - 1, "difference diagonal"), (k + 1, "sum diagonal")):
        g = math.gcd(factor, n)
        if g != 1:
            name = {k: "k", k - 1: "k - 1", k + 1: "k + 1"}[factor]
            raise NQueensError(
                f"q(i) = {k}*i mod {n} is not a toroidal solution: gcd({name}, n) = {g}, so two queens share a "
                f"{line}; k, k - 1 and k + 1 must all be coprime to n"
            )
    q = np.empty(n, dtype_for(n))
    _linear(n, k % n, q)
    return q


def product(a, b):
    """The product of two toroidal solutions: side ``len(a) * len(b)``, ``q[t*x + y] = t*a[x] + b[y]``.

    Cut the big board into ``s x s`` blocks of ``t x t`` squares (``s = len(a)``, ``t = len(b)``): block row
    ``x`` has its queens in block column ``a[x]``, arranged inside the block as ``b``. Two queens in different
    blocks differ modulo ``t`` as ``b``'s queens do, or else lie in blocks that ``a`` keeps apart; on the torus
    both arguments hold for columns and both diagonal families, so the product is toroidal (hence a solution).

    Parameters
    ----------
    a, b : array_like
        Toroidal solutions (checked with :func:`is_toroidal`).

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    NQueensError
        If ``a`` or ``b`` is not a toroidal solution: the product of ordinary solutions is not a solution.

    Examples
    --------
    >>> product([0, 2, 4, 1, 3], [0])[:5].tolist()
    [0, 2, 4, 1, 3]
    >>> q = product(linear(5), linear(7))
    >>> len(q), is_toroidal(q)
    (35, True)
    >>> product([1, 3, 0, 2], [0, 2, 4, 1, 3])
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: the first factor is not a toroidal solution; the product needs two toroidal solutions
    """
    a = _as_columns(a, "the first factor")
    b = _as_columns(b, "the second factor")
    for q, name in ((a, "first"), (b, "second")):
        if not is_toroidal(q):
            raise NQueensError(
                f"the {name} factor is not a toroidal solution; the product needs two toroidal solutions"
            )
    n = len(a) * len(b)
    q = np.empty(n, dtype_for(n))
    _product(a.astype(np.int64), b.astype(np.int64), q)
    return q


def min_conflicts(n, *, seed=0, max_steps=None):
    """A solution by min-conflicts local search with a greedy start (Minton et al. 1990).

    Parameters
    ----------
    n : int
        ``n = 1`` or ``n >= 4``.
    seed : int
        Seed of the random choices, an integer >= 0: the same seed gives the same solution, compiled or not.
    max_steps : int, optional
        The most queens moved, over all restarts, before giving up; 10,000 by default. A run needs about 50
        moves at any ``n`` (Minton et al.); a run still in conflict after 1,000 starts again from a new greedy
        start, so small boards, where the search can settle in a local minimum, are solved too.

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    NQueensError
        For ``n`` = 2 or 3, a bad ``seed`` or ``max_steps``, or when the search is still in conflict after
        ``max_steps`` moves (try another seed).

    Examples
    --------
    >>> verify(min_conflicts(200, seed=7))
    True
    >>> bool((min_conflicts(50, seed=3) == min_conflicts(50, seed=3)).all())
    True

    Notes
    -----
    State: ``q[row]`` and three counters, ``Y[c]`` queens in column ``c``, ``L[r + c]`` and ``R[r - c + n - 1]``
    queens on each diagonal, so the conflicts of a square are ``Y + L + R`` in O(1) and a move is O(1). The greedy
    start tries random free columns first: a free column on two empty diagonals has no conflict, the least
    possible, and rejection sampling picks uniformly among those, so this is Minton's greedy start with random
    ties at O(1) expected cost for most rows. A repair step scans the ``n`` columns of one row, O(n), so the
    whole search is O(n) times the moves, which do not grow with ``n``. Random
    numbers come from L'Ecuyer's combined generator, in int64 arithmetic, so the Python source and the
    compiled kernel make the same choices.
    """
    n = _check_solvable(check_n(n))
    q, _ = _solve_min_conflicts(n, _check_seed(seed), _check_max_steps(n, max_steps))
    return q


def verify(q):
    """True if ``q`` is a solution: ``n`` queens, one per row, no two on a column or a diagonal. O(n).

    Independent of every constructor here: it marks each queen's column and both diagonals in occupancy
    arrays (seed 000's ``Y``, ``L``, ``R``) and stops at the first square already marked.

    Parameters
    ----------
    q : array_like
        ``q[row] = column``.

    Returns
    -------
    bool
        ``False`` also for an empty ``q`` or a column outside ``0 .. n-1``.

    Examples
    --------
    >>> verify([1, 3, 0, 2]), verify([0, 2, 1]), verify([0, 5])
    (True, False, False)
    """
    q = _as_columns(q, "q", strict=False)
    return q is not None and len(q) > 0 and bool(_first_conflict(q, False) < 0)


def is_toroidal(q):
    """True if ``q`` is a toroidal solution: columns, ``(q[i] + i) mod n`` and ``(q[i] - i) mod n`` all distinct.

    Examples
    --------
    >>> is_toroidal([0, 2, 4, 1, 3]), is_toroidal([1, 3, 0, 2])
    (True, False)
    """
    q = _as_columns(q, "q", strict=False)
    return q is not None and len(q) > 0 and bool(_first_conflict(q, True) < 0)


def warmup():
    """Compile the kernels (or load them from numba's cache) for every solution dtype."""
    for n in (8, 300, 70000):
        _warm(dtype_for(n))


# -- kernels -------------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _explicit(n, q):
    # Hoffman-Loessi-Moore / Bernhardsson, 0-based; see explicit().
    m = n - (n & 1)
    h = m // 2
    if m % 6 != 2:
        for i in range(h):
            q[i] = 2 * i + 1
            q[h + i] = 2 * i
    else:
        for i in range(h):
            v = (2 * i + h - 1) % m
            q[i] = v
            q[m - 1 - i] = m - 1 - v
    if n & 1:
        q[n - 1] = n - 1


@njit(cache=True, nogil=True)
def _linear(n, k, q):
    for i in range(n):
        q[i] = (k * i) % n


@njit(cache=True, nogil=True)
def _product(a, b, q):
    s = a.shape[0]
    t = b.shape[0]
    for x in range(s):
        block = t * np.int64(a[x])
        for y in range(t):
            q[t * x + y] = block + np.int64(b[y])


@njit(cache=True, nogil=True)
def _first_conflict(q, torus):
    # Seed 000's marker arrays: Y columns, L sum diagonals k + q[k], R difference diagonals k - q[k] + n - 1; on
    # the torus the diagonals are taken modulo n.
    n = q.shape[0]
    lines = n if torus else 2 * n - 1
    Y = np.zeros(n, np.bool_)
    L = np.zeros(lines, np.bool_)
    R = np.zeros(lines, np.bool_)
    for k in range(n):
        c = np.int64(q[k])
        if c < 0 or c >= n:
            return k
        s = k + c
        d = k - c + n - 1
        if torus:
            s %= n
            d = (k - c + n) % n
        if Y[c] or L[s] or R[d]:
            return k
        Y[c] = True
        L[s] = True
        R[d] = True
    return -1


@njit(cache=True, nogil=True)
def _rand(rng, m):
    # L'Ecuyer's combined generator [5]: rng = [s1, s2]; a number in 0 .. m-1. Products stay below 2**47.
    rng[0] = (rng[0] * 40014) % 2147483563
    rng[1] = (rng[1] * 40692) % 2147483399
    z = (rng[0] - rng[1]) % 2147483562
    return z % m


@njit(cache=True, nogil=True)
def _min_conflicts(n, rng, max_steps, q, out):
    """Greedy start and repair, restarted every ``_RESTART`` moves; the moves taken, or -1 when ``max_steps``
    ran out. ``out[0]`` gets the queens in conflict after the first greedy start, ``out[1]`` the restarts."""
    # Queens per column Y, per sum diagonal L (r + c), per difference diagonal R (r - c + n - 1).
    Y = np.zeros(n, np.int64)
    L = np.zeros(2 * n - 1, np.int64)
    R = np.zeros(2 * n - 1, np.int64)
    # The rows in conflict, cand[0:ncand] (perhaps with some that no longer are), and which rows are listed.
    cand = np.empty(n, np.int64)
    listed = np.zeros(n, np.bool_)
    steps = 0
    while True:
        Y[:] = 0
        L[:] = 0
        R[:] = 0
        listed[:] = False
        _greedy(n, rng, q, Y, L, R)
        ncand = 0
        for r in range(n):
            c = q[r]
            if Y[c] + L[r + c] + R[r - c + n - 1] > 3:
                cand[ncand] = r
                listed[r] = True
                ncand += 1
        if steps == 0:
            out[0] = ncand
        budget = min(_RESTART, max_steps - steps)
        used = _repair(n, rng, budget, q, Y, L, R, cand, listed, ncand)
        if used >= 0:
            return steps + used
        steps += budget
        if steps >= max_steps:
            return -1
        out[1] += 1


@njit(cache=True, nogil=True)
def _greedy(n, rng, q, Y, L, R):
    # Row by row, a column with the fewest conflicts with the rows above, ties at random. Try random free
    # columns first: one on two empty diagonals has no conflict, the least possible (rejection sampling keeps
    # the choice uniform among those). Then scan the free columns, then, if every one is attacked, all columns.
    free = np.arange(n)
    where = np.arange(n)
    nfree = n
    for r in range(n):
        c = -1
        for _ in range(_GREEDY_TRIES):
            j = free[_rand(rng, nfree)]
            if L[r + j] == 0 and R[r - j + n - 1] == 0:
                c = j
                break
        if c < 0:
            ties = 0
            for t in range(nfree):
                j = free[t]
                if L[r + j] == 0 and R[r - j + n - 1] == 0:
                    ties += 1
                    if _rand(rng, ties) == 0:
                        c = j
        if c < 0:
            c = _best_column(n, r, Y, L, R, rng)
        q[r] = c
        Y[c] += 1
        L[r + c] += 1
        R[r - c + n - 1] += 1
        if Y[c] == 1:
            nfree -= 1
            last = free[nfree]
            free[where[c]] = last
            where[last] = where[c]


@njit(cache=True, nogil=True)
def _repair(n, rng, budget, q, Y, L, R, cand, listed, ncand):
    # Minton's repair: a random queen in conflict moves to a column of its row with the fewest conflicts, ties
    # at random (its own column included). The moves taken when no queen is in conflict, -1 after `budget`.
    steps = 0
    while ncand > 0:
        t = _rand(rng, ncand)
        r = cand[t]
        c = q[r]
        if Y[c] + L[r + c] + R[r - c + n - 1] == 3:
            ncand -= 1
            cand[t] = cand[ncand]
            listed[r] = False
            continue
        if steps == budget:
            return -1
        steps += 1
        Y[c] -= 1
        L[r + c] -= 1
        R[r - c + n - 1] -= 1
        c = _best_column(n, r, Y, L, R, rng)
        q[r] = c
        Y[c] += 1
        L[r + c] += 1
        R[r - c + n - 1] += 1
        if Y[c] + L[r + c] + R[r - c + n - 1] == 3:
            ncand -= 1
            cand[t] = cand[ncand]
            listed[r] = False
        else:
            # The queens on the new square's lines are in conflict now: list them.
            for j in range(n):
                if not listed[j] and j != r:
                    d = q[j]
                    if d == c or j + d == r + c or j - d == r - c:
                        cand[ncand] = j
                        listed[j] = True
                        ncand += 1
    return steps


@njit(cache=True, nogil=True)
def _best_column(n, r, Y, L, R, rng):
    # The column of row r with the fewest conflicts; ties at random (count them, then pick one).
    best = np.int64(3 * n + 3)
    ties = 0
    for c in range(n):
        v = Y[c] + L[r + c] + R[r - c + n - 1]
        if v < best:
            best = v
            ties = 1
        elif v == best:
            ties += 1
    pick = _rand(rng, ties)
    for c in range(n):
        if Y[c] + L[r + c] + R[r - c + n - 1] == best:
            if pick == 0:
                return c
            pick -= 1
    return -1


# -- helpers -------------------------------------------------------------------------------------------------


def _solve_min_conflicts(n, seed, max_steps):
    rng = np.array([seed % (_M1 - 1) + 1, (seed // (_M1 - 1)) % (_M2 - 1) + 1], np.int64)
    q = np.empty(n, np.int64)
    out = np.zeros(2, np.int64)
    steps = _min_conflicts(n, rng, max_steps, q, out)
    if steps < 0:
        raise NQueensError(
            f"min-conflicts found no solution for n = {n} within {max_steps} steps (seed {seed}); "
            "try another seed, more steps, or --method explicit"
        )
    return q.astype(dtype_for(n)), {"steps": int(steps), "start_conflicts": int(out[0]), "restarts": int(out[1])}


def memory_needed(n, method="explicit"):
    """Bytes that :func:`construct` allocates for ``n``: the solution, the verifier's marks, and for
    ``min-conflicts`` its counters (8-byte columns, counts per column and diagonal, the conflict list).

    Examples
    --------
    >>> memory_needed(10**6)
    9000000
    """
    q = dtype_for(n).itemsize * n
    marks = 5 * n  # verify(): Y (n), L and R (2n - 1 each), one byte each
    if method == "min-conflicts":
        return q + marks + 57 * n
    if method == "toroidal":
        return q + marks + 16 * n
    return q + marks


def _check_solvable(n):
    if n in (2, 3):
        raise NQueensError(f"no solution exists for n = {n}; every n >= 4 (and n = 1) has one")
    return n


def _check_toroidal(n):
    for p in (2, 3):
        if n % p == 0:
            raise NQueensError(
                f"no toroidal solution exists for n = {n}: n is divisible by {p}, and toroidal solutions exist "
                "exactly when n is coprime to 6 (Pólya 1918); use the explicit method (--method explicit)"
            )
    return n


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**62:
        raise NQueensError(f"seed must be an integer in 0 .. 2**62 - 1, got {seed!r}")
    return int(seed)


def _check_max_steps(n, max_steps):
    if max_steps is None:
        return _MAX_STEPS
    if isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer)) or max_steps < 0:
        raise NQueensError(f"max_steps must be an integer >= 0, got {max_steps!r}")
    return int(max_steps)


def _prime_factors(n):
    factors = []
    p = 5
    while p * p <= n:
        while n % p == 0:
            factors.append(p)
            n //= p
        p += 2
    if n > 1:
        factors.append(n)
    return factors


def _as_columns(q, what, strict=True):
    """``q`` as a 1-d integer array (numpy arrays of an integer dtype as they are); ``None`` if it is not one
    and not ``strict``."""
    if isinstance(q, np.ndarray) and q.ndim == 1 and q.dtype.kind in "iu":
        return q
    try:
        values = list(q)
    except TypeError:
        values = None
    if values is None or not all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in values):
        if strict:
            raise NQueensError(f"{what} must be a sequence of integer columns, got {q!r}")
        return None
    try:
        return np.array(values, np.int64)
    except OverflowError:
        if strict:
            raise NQueensError(f"{what} has a column outside the int64 range") from None
        return None


def _warm(dtype):
    q = np.empty(5, dtype)
    _explicit(5, q)
    _linear(5, 2, q)
    _first_conflict(q, False)
    _first_conflict(q, True)
    _product(np.zeros(5, np.int64), np.zeros(1, np.int64), q)
    _first_conflict(np.zeros(1, np.int64), False)
    _min_conflicts(5, np.ones(2, np.int64), 10, np.empty(5, np.int64), np.zeros(2, np.int64))
