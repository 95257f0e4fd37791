"""The solution vocabulary: validation and the conversions between every format.

A solution is a tuple of ``n`` ints, ``q[row] = column``, 0-based. A batch of solutions is a numpy array of shape
``(m, n)`` with the smallest unsigned dtype that holds ``n - 1`` (see :func:`dtype_for`).

Formats
-------
``boards``
    LeetCode 51 strings (seed 001): one row per line, ``Q`` for a queen and ``.`` for an empty square; in a
    file, boards are separated by blank lines.
``text``
    The file format of seed 004 (``N=k.txt``): the first line is the number of solutions, then one solution per
    line as 1-based columns separated by commas.
``json``
    ``{"n": 4, "solutions": [[1, 3, 0, 2], [2, 0, 3, 1]]}`` (0-based); with fundamental solutions it also has
    ``"orbits"``, the orbit size of each solution, in the same order.

Every parser checks what it reads and raises :class:`~nqueens.core.errors.NQueensError` naming the line at fault.
"""

import json
import numbers

from nqueens.core.errors import NQueensError

__all__ = [
    "FORMATS",
    "WRITERS",
    "dtype_for",
    "check_n",
    "find_conflict",
    "check_solution",
    "is_solution",
    "as_solution",
    "to_array",
    "to_board",
    "format_boards",
    "parse_boards",
    "format_text",
    "parse_text",
    "to_json",
    "format_json",
    "parse_json",
]


def dtype_for(n):
    """The smallest unsigned numpy dtype that holds the columns ``0 .. n-1``.

    Examples
    --------
    >>> dtype_for(8), dtype_for(300), dtype_for(10**6), dtype_for(2**32 + 1)
    (dtype('uint8'), dtype('uint16'), dtype('uint32'), dtype('uint64'))
    """
    import numpy as np  # here, so that importing the vocabulary (and `nqueens --help`) does not load numpy

    if n <= 256:
        return np.dtype(np.uint8)
    if n <= 65536:
        return np.dtype(np.uint16)
    if n <= 1 << 32:
        return np.dtype(np.uint32)
    return np.dtype(np.uint64)


def check_n(n, *, what="n"):
    """Return ``n`` as an int if it is an integer >= 1, else raise.

    Strings are accepted only when they spell a whole number (``"8"``), so ``"8.5"``, ``"1e3"`` and ``"abc"``
    are refused rather than rounded.

    Raises
    ------
    NQueensError
        If ``n`` is not an integer >= 1.

    Examples
    --------
    >>> check_n("12")
    12
    >>> check_n(0)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: n must be an integer >= 1, got 0
    """
    value = n
    if isinstance(n, str):
        text = n.strip()
        if not text.lstrip("+-").isdigit():
            raise NQueensError(f"{what} must be an integer >= 1, got {n!r}")
        if not text.isascii():  # int() reads other scripts' digits ('٨' is 8): refused, not read as a number
            raise NQueensError(f"{what} must be an integer >= 1 written with the digits 0-9, got {n!r}")
        value = int(text)
    elif isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise NQueensError(f"{what} must be an integer >= 1, got {n!r}")
    value = int(value)
    if value < 1:
        raise NQueensError(f"{what} must be an integer >= 1, got {value}")
    return value


def find_conflict(q):
    """The first pair of rows whose queens attack each other, or ``None`` for a solution.

    Rows are compared in the order (0, 1), (0, 2), ..., (1, 2), ... so the pair named is the first in that
    order. Runs in O(n) using sets of columns and diagonals, then names the pair by a second pass only when a
    conflict exists.

    Returns
    -------
    tuple or None
        ``(i, j, kind)`` with rows ``i < j`` and ``kind`` one of ``"column"``, ``"diagonal"``,
        ``"anti-diagonal"``; ``None`` when no two queens attack each other.

    Raises
    ------
    NQueensError
        If a column is outside ``0 .. n-1``.

    Examples
    --------
    >>> find_conflict((1, 3, 0, 2)) is None
    True
    >>> find_conflict((0, 1, 3, 2))
    (0, 1, 'diagonal')
    """
    q = [int(c) for c in q]
    n = len(q)
    for row, col in enumerate(q):
        if not 0 <= col < n:
            raise NQueensError(f"row {row} has column {col}; columns must be in 0..{n - 1}")
    if len(set(q)) == n and len({r - c for r, c in enumerate(q)}) == n and len({r + c for r, c in enumerate(q)}) == n:
        return None
    for i in range(n):
        for j in range(i + 1, n):
            if q[i] == q[j]:
                return (i, j, "column")
            if q[j] - q[i] == j - i:
                return (i, j, "diagonal")
            if q[i] - q[j] == j - i:
                return (i, j, "anti-diagonal")
    return None  # pragma: no cover - the set test above found a conflict, the pair scan names it


def check_solution(q):
    """Raise :class:`NQueensError` naming the first attacking pair if ``q`` is not a solution.

    Examples
    --------
    >>> check_solution((0, 2, 1))
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: not a solution: the queens in rows 1 and 2 (columns 2 and 1) share an anti-diagonal
    """
    conflict = find_conflict(q)
    if conflict is not None:
        i, j, kind = conflict
        article = "an" if kind[0] == "a" else "a"
        raise NQueensError(
            f"not a solution: the queens in rows {i} and {j} (columns {int(q[i])} and {int(q[j])}) "
            f"share {article} {kind}"
        )


def is_solution(q):
    """True if ``q`` places ``n`` queens, one per row, no two attacking each other.

    Examples
    --------
    >>> is_solution((1, 3, 0, 2)), is_solution((0, 1, 2, 3)), is_solution(())
    (True, False, False)
    """
    if len(q) == 0:
        return False
    try:
        return find_conflict(q) is None
    except NQueensError:
        return False


def as_solution(q):
    """``q`` as a tuple of Python ints (from a list, tuple or numpy row)."""
    return tuple(int(c) for c in q)


def to_array(solutions, n):
    """A batch array of shape ``(m, n)`` from an iterable of solutions.

    Examples
    --------
    >>> to_array([(1, 3, 0, 2), (2, 0, 3, 1)], 4)
    array([[1, 3, 0, 2],
           [2, 0, 3, 1]], dtype=uint8)
    """
    rows = [as_solution(q) for q in solutions]
    for q in rows:
        if len(q) != n:
            raise NQueensError(f"solution {list(q)} has {len(q)} rows; expected {n}")
    import numpy as np

    return np.array(rows, dtype=dtype_for(n)).reshape(len(rows), n)


def to_board(q):
    """The LeetCode 51 board of one solution: a list of ``n`` strings of ``Q`` and ``.``.

    Examples
    --------
    >>> to_board((1, 3, 0, 2))
    ['.Q..', '...Q', 'Q...', '..Q.']
    """
    n = len(q)
    return ["." * c + "Q" + "." * (n - c - 1) for c in map(int, q)]


def format_boards(solutions):
    """Yield the ``boards`` text of each solution, boards separated by one blank line."""
    for index, q in enumerate(solutions):
        prefix = "\n" if index else ""
        yield prefix + "\n".join(to_board(q)) + "\n"


def parse_boards(text):
    """Parse boards separated by blank lines back into a list of solutions.

    Raises
    ------
    NQueensError
        If a row is not made of ``Q`` and ``.`` with exactly one queen, or a board is not square.

    Examples
    --------
    >>> parse_boards(".Q..\\n...Q\\nQ...\\n..Q.\\n")
    [(1, 3, 0, 2)]
    """
    solutions = []
    board = []
    for number, line in enumerate(text.splitlines() + [""], start=1):
        line = line.strip()
        if line:
            if set(line) - {"Q", "."} or line.count("Q") != 1:
                raise NQueensError(f"line {number}: a board row is '.' with exactly one 'Q', got {line!r}")
            board.append((line.index("Q"), len(line)))
        elif board:
            if any(width != len(board) for _, width in board):
                raise NQueensError(f"line {number - 1}: a board must be square, {len(board)} rows of {len(board)}")
            solutions.append(tuple(col for col, _ in board))
            board = []
    return solutions


def format_text(solutions, count):
    """Yield the lines of the seed 004 ``text`` format: the count, then one 1-based solution per line.

    ``count`` must be given up front (the format starts with it); the caller checks it against what follows.

    Examples
    --------
    >>> print("".join(format_text([(1, 3, 0, 2), (2, 0, 3, 1)], 2)), end="")
    2
    2,4,1,3
    3,1,4,2
    """
    yield f"{count}\n"
    for q in solutions:
        yield ",".join(str(int(c) + 1) for c in q) + "\n"


def parse_text(text):
    """Parse the ``text`` format; return ``(n, solutions)`` with 0-based columns.

    ``n`` is ``None`` for a file that declares 0 solutions.

    Raises
    ------
    NQueensError
        If the first line is not a count, a line does not hold ``n`` columns in ``1..n``, or the number of
        solution lines differs from the count.
    """
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise NQueensError("empty input: the text format starts with the number of solutions")
    if not lines[0].isdigit():
        raise NQueensError(f"line 1: expected the number of solutions, got {lines[0]!r}")
    count = int(lines[0])
    solutions = []
    n = None
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split(",")
        if not all(f.strip().isdigit() for f in fields):
            raise NQueensError(f"line {number}: expected 1-based columns separated by commas, got {line!r}")
        q = tuple(int(f) - 1 for f in fields)
        n = n or len(q)
        if len(q) != n or min(q) < 0 or max(q) >= n:
            raise NQueensError(f"line {number}: expected {n} columns in 1..{n}, got {line!r}")
        solutions.append(q)
    if len(solutions) != count:
        raise NQueensError(f"line 1 says {count} solutions but {len(solutions)} follow")
    return n, solutions


def to_json(n, solutions, orbits=None):
    """The ``json`` document as a dict (0-based columns; ``orbits`` only when given)."""
    doc = {"n": int(n), "solutions": [list(as_solution(q)) for q in solutions]}
    if orbits is not None:
        doc["orbits"] = [int(o) for o in orbits]
    return doc


def format_json(n, solutions, orbits=None, stats=None):
    """Yield the ``json`` document in pieces, one solution at a time, so nothing is held in memory.

    ``orbits`` is an iterable parallel to ``solutions``; when given, solutions are consumed first and the
    orbit sizes are written after them, so the caller passes a re-iterable or a list it already holds.
    ``stats`` is a dict the solver fills while the solutions stream (its own effort measures); it is written
    last, under ``"stats"``, when it has anything.

    Examples
    --------
    >>> "".join(format_json(4, [(1, 3, 0, 2), (2, 0, 3, 1)]))
    '{"n": 4, "solutions": [[1, 3, 0, 2], [2, 0, 3, 1]]}\\n'
    """
    yield f'{{"n": {int(n)}, "solutions": ['
    for index, q in enumerate(solutions):
        yield (", " if index else "") + json.dumps(list(as_solution(q)))
    yield "]"
    if orbits is not None:
        yield ', "orbits": ' + json.dumps([int(o) for o in orbits])
    if stats:
        yield ', "stats": ' + json.dumps(stats, default=str)
    yield "}\n"


def parse_json(text):
    """Parse the ``json`` format; return ``(n, solutions, orbits)`` (``orbits`` is ``None`` when absent).

    Raises
    ------
    NQueensError
        If the text is not JSON of that shape or a solution does not have ``n`` columns in ``0..n-1``.
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NQueensError(f"not JSON: {exc}") from None
    if not isinstance(doc, dict) or "n" not in doc or "solutions" not in doc:
        raise NQueensError('expected an object {"n": ..., "solutions": [...]}')
    n = check_n(doc["n"])
    solutions = []
    for index, q in enumerate(doc["solutions"]):
        if (
            not isinstance(q, list)
            or len(q) != n
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n for c in q)
        ):
            raise NQueensError(f"solution {index}: expected {n} columns in 0..{n - 1}, got {q!r}")
        solutions.append(tuple(q))
    orbits = doc.get("orbits")
    if orbits is not None:
        if not isinstance(orbits, list) or len(orbits) != len(solutions) or not all(o in (1, 2, 4, 8) for o in orbits):
            raise NQueensError('"orbits" must list one orbit size (1, 2, 4 or 8) per solution')
    return n, solutions, orbits


# The formats that stream one solution after another, each written by its function: name -> writer(solutions),
# which yields the text (docs/adding-a-solver.md, "Adding an output format"). ``text`` (the count first) and
# ``json`` (one document, the orbit sizes after the solutions) are written by ``nqueens solve`` itself.
WRITERS = {"boards": format_boards}
FORMATS = (*WRITERS, "text", "json")
