"""The 8 symmetries of the square board (the dihedral group D4): the one place they are written down.

Each symmetry is an affine map of squares, ``(r, c) -> (r', c')`` with ``m = n - 1``:

=================  ==================  =================  ==================
``identity``       ``(r, c)``          ``flip-rows``      ``(m - r, c)``   (the row order reversed)
``rot90``          ``(c, m - r)``      ``flip-cols``      ``(r, m - c)``   (the column order reversed)
``rot180``         ``(m - r, m - c)``  ``transpose``      ``(c, r)``       (the main diagonal as mirror)
``rot270``         ``(m - c, r)``      ``anti-transpose`` ``(m - c, m - r)``
=================  ==================  =================  ==================

(rotations clockwise). :data:`MAPS` holds them as integer coefficients, ``MAPS[g] = [[a, b, k], [d, e, l]]``
for ``r' = a r + b c + k m`` and ``c' = d r + e c + l m``: a constant array that numba kernels read
(:func:`square` compiles as it is), the CP-SAT model builder uses square by square, and :func:`apply` turns into
whole-batch numpy operations. The symmetry ``g`` is the index in :data:`NAMES`; :data:`INVERSE` gives the
inverse of each, and :data:`ROTATIONS` the four that no reflection is.

Examples
--------
>>> square(1, 4, 0, 1)          # rot90 takes the queen at (0, 1) of a 4 x 4 board to (1, 3)
(1, 3)
>>> apply([[1, 3, 0, 2]], NAMES.index("flip-cols")).tolist()
[[2, 0, 3, 1]]
"""

import numpy as np

__all__ = [
    "NAMES",
    "MAPS",
    "INVERSE",
    "ROTATIONS",
    "square",
    "apply",
    "images",
    "inverse_permutation",
    "classes_from_fixed",
]

NAMES = ("identity", "rot90", "rot180", "rot270", "flip-rows", "flip-cols", "transpose", "anti-transpose")

MAPS = np.array(
    [
        [[1, 0, 0], [0, 1, 0]],  # identity
        [[0, 1, 0], [-1, 0, 1]],  # rot90
        [[-1, 0, 1], [0, -1, 1]],  # rot180
        [[0, -1, 1], [1, 0, 0]],  # rot270
        [[-1, 0, 1], [0, 1, 0]],  # flip-rows
        [[1, 0, 0], [0, -1, 1]],  # flip-cols
        [[0, 1, 0], [1, 0, 0]],  # transpose
        [[0, -1, 1], [-1, 0, 1]],  # anti-transpose
    ],
    dtype=np.int64,
)

INVERSE = (0, 3, 2, 1, 4, 5, 6, 7)
ROTATIONS = (0, 1, 2, 3)


def square(g, n, r, c):
    """The image of the square ``(r, c)`` of an ``n x n`` board under symmetry ``g`` (plain Python or numba)."""
    m = n - 1
    a = MAPS[g]
    return int(a[0, 0] * r + a[0, 1] * c + a[0, 2] * m), int(a[1, 0] * r + a[1, 1] * c + a[1, 2] * m)


def inverse_permutation(q):
    """``inv`` with ``inv[:, q[:, r]] = r`` for a batch of permutations ``q`` of shape ``(m, n)``."""
    m, n = q.shape
    inv = np.zeros_like(q)
    inv[np.arange(m)[:, None], q] = np.arange(n, dtype=q.dtype)
    return inv


def apply(q, g, inv=None):
    """The images of a batch of solutions ``q`` (shape ``(m, n)``, ``q[row] = column``) under symmetry ``g``.

    A symmetry that keeps rows as rows (``MAPS[g][0][1] == 0``) moves whole rows and maps columns; one that swaps
    rows and columns reads the inverse permutation ``inv`` (computed when not given). Every case is a slice or
    an affine map of an array, no loop over solutions.
    """
    q = np.asarray(q)
    (a, b, k), (d, e, l) = MAPS[g].tolist()
    top = q.dtype.type(q.shape[1] - 1) if q.dtype.kind == "u" else q.shape[1] - 1
    if b == 0:  # r' = a r + k m: row r' holds the image of row r, whose column is d r + e c + l m with d = 0
        rows = q if a == 1 else q[:, ::-1]
        return rows.copy() if e == 1 else top - rows
    # r' = b c + k m: new row r' comes from the column c = inv-row; its column is d r + l m with r = inv[c]
    inv = inverse_permutation(q) if inv is None else inv
    cols = inv if b == 1 else inv[:, ::-1]
    return cols.copy() if d == 1 else top - cols


def images(q, p):
    """The 7 non-trivial images of ``q`` (``p`` its inverse permutation) as lists of expressions ``a * q[i] + b``:
    the same expressions serve ints and a solver's variables (the lex-leader constraints of the CP models). A map
    that keeps rows as rows reads ``q``, one that swaps rows and columns reads ``p``: the image's row ``i`` comes
    from row (or column) ``a (i - k m)`` of the original.

    Examples
    --------
    >>> images([1, 3, 0, 2], [2, 0, 3, 1])[NAMES.index("flip-cols") - 1]
    [2, 0, 3, 1]
    """
    n = len(q)
    top = n - 1
    out = []
    for g in range(1, len(NAMES)):
        (a, b, k), (d, e, l) = MAPS[g].tolist()
        if b == 0:
            out.append([e * q[a * (i - k * top)] + l * top for i in range(n)])
        else:
            out.append([d * p[b * (i - k * top)] + l * top for i in range(n)])
    return out


def classes_from_fixed(n, total, fixed_180, fixed_90):
    """The solutions of ``n`` queens by orbit size under the 8 symmetries, by Burnside's lemma, from the number of
    solutions (``total``), of those a half turn leaves as they are (``fixed_180``) and of those a quarter turn
    leaves as they are (``fixed_90``); no reflection fixes a solution of ``n > 1``. A dict ``{orbit size: number
    of orbits}`` without zeros; an error for counts no set of solutions can have.

    Examples
    --------
    >>> classes_from_fixed(8, 92, 4, 0)
    {4: 1, 8: 11}
    """
    from nqueens.core.errors import NQueensError

    if n == 1:
        return {1: 1}
    if (total - fixed_180) % 8 or (fixed_180 - fixed_90) % 4 or fixed_90 % 2:
        raise NQueensError(f"inconsistent counts for n = {n}: total {total}, R180 {fixed_180}, R90 {fixed_90}")
    classes = {2: fixed_90 // 2, 4: (fixed_180 - fixed_90) // 4, 8: (total - fixed_180) // 8}
    return {size: number for size, number in classes.items() if number}
