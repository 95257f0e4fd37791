"""The problem as data: an n-queens instance with blocked squares, pre-placed queens and excluded diagonals.

The plain problem is ``Instance(n)``. Research benchmarks three variants of it (and their combinations):

- **n-Queens Completion** (CSPLib prob079): some queens are already on the board; a solution must keep them.
- **Excluded diagonals** (Gent, Jefferson & Nightingale 2017): some diagonals may hold no queen, named by
  ``r + c`` (``excluded_sum``) or ``r - c`` (``excluded_difference``).
- **Blocked n-Queens** (CSPLib prob080): some squares may hold no queen.

Everything is 0-based. An instance is validated once, when it is made (:meth:`Instance.make`, the file readers,
the API and the CLI all go through it), and trusted everywhere inside. Pre-placed queens that attack each other,
or stand on a blocked square or an excluded diagonal, are not an error: the instance simply has no solution.

Examples
--------
>>> inst = Instance.make(4, queens=[(0, 1)])
>>> inst.describe()
{'n': 4, 'blocked': 0, 'queens': 1, 'excluded_sum': 0, 'excluded_difference': 0}
>>> inst.admits((1, 3, 0, 2)), inst.admits((2, 0, 3, 1))
(True, False)
>>> Instance.make(4).is_plain
True
"""

import hashlib
import json
import numbers
from dataclasses import dataclass
from typing import Any

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError

__all__ = ["Instance", "as_instance"]


@dataclass(frozen=True)
class Instance:
    """An n-queens problem instance (0-based, validated; build it with :meth:`make`).

    Attributes
    ----------
    n : int
    blocked : tuple of (row, column)
        Squares that may hold no queen, sorted.
    queens : tuple of (row, column)
        Pre-placed queens a solution must contain, sorted.
    excluded_sum : tuple of int
        Diagonals ``r + c = s`` (0 .. 2n - 2) that may hold no queen, sorted.
    excluded_difference : tuple of int
        Diagonals ``r - c = d`` (-(n - 1) .. n - 1) that may hold no queen, sorted.
    """

    n: int
    blocked: tuple = ()
    queens: tuple = ()
    excluded_sum: tuple = ()
    excluded_difference: tuple = ()

    @classmethod
    def make(cls, n, *, blocked=(), queens=(), excluded_sum=(), excluded_difference=(), where=""):
        """Validate the parts and build the instance; errors name the offending entry (and ``where``)."""
        at = f" in {where}" if where else ""
        try:
            n = check_n(n)
        except NQueensError as exc:
            raise NQueensError(f"{exc}{at}") from None
        blocked = _squares(n, blocked, "blocked", at)
        queens = _squares(n, queens, "queens", at)
        excluded_sum = _diagonals(excluded_sum, 0, 2 * n - 2, "excluded_sum", at)
        excluded_difference = _diagonals(excluded_difference, -(n - 1), n - 1, "excluded_difference", at)
        return cls(n, blocked, queens, excluded_sum, excluded_difference)

    @property
    def is_plain(self):
        """True for the plain n-queens problem (no constraint beyond the board)."""
        return not (self.blocked or self.queens or self.excluded_sum or self.excluded_difference)

    def describe(self):
        """``n`` and how many constraints of each kind: what a record says was solved."""
        return {
            "n": self.n,
            "blocked": len(self.blocked),
            "queens": len(self.queens),
            "excluded_sum": len(self.excluded_sum),
            "excluded_difference": len(self.excluded_difference),
        }

    def to_dict(self):
        """The JSON form (0-based; every key but ``n`` only when it has entries)."""
        doc: dict[str, Any] = {"n": self.n}
        for key in ("blocked", "queens", "excluded_sum", "excluded_difference"):
            if getattr(self, key):
                doc[key] = [list(e) if key in ("blocked", "queens") else e for e in getattr(self, key)]  # squares
        return doc

    @property
    def digest(self):
        """A stable hash of the instance (sha256 of its canonical JSON form): the result store's key."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def allowed(self):
        """Per row, the bit mask of the columns a queen may take (bit c for column c): a list of ``n`` ints.

        A square is allowed unless it is blocked or on an excluded diagonal; in a row with a pre-placed queen
        only that queen's square is allowed (if it is itself allowed). Any search that keeps to these masks and
        to the n-queens rules solves the instance: pre-placed queens that attack each other leave it no solution.
        """
        n = self.n
        full = (1 << n) - 1
        rows = [full] * n
        for r, c in self.blocked:
            rows[r] &= ~(1 << c)
        for s in self.excluded_sum:
            for r in range(max(0, s - n + 1), min(n - 1, s) + 1):
                rows[r] &= ~(1 << (s - r))
        for d in self.excluded_difference:
            for r in range(max(0, d), min(n - 1, n - 1 + d) + 1):
                rows[r] &= ~(1 << (r - d))
        for r, c in self.queens:
            rows[r] &= 1 << c
        return rows

    def consistent(self):
        """True unless two pre-placed queens attack each other or one stands where no queen may."""
        rows = self.allowed()
        seen_r, seen_c, seen_s, seen_d = set(), set(), set(), set()
        for r, c in self.queens:
            if not rows[r] >> c & 1:
                return False
            if r in seen_r or c in seen_c or r + c in seen_s or r - c in seen_d:
                return False
            seen_r.add(r)
            seen_c.add(c)
            seen_s.add(r + c)
            seen_d.add(r - c)
        return True

    def admits(self, q):
        """True if the solution ``q`` (``q[row] = column``; assumed a valid n-queens solution) respects the instance."""
        rows = self.allowed()
        return len(q) == self.n and all(rows[r] >> int(c) & 1 for r, c in enumerate(q))

    def _repr_svg_(self):
        """The board with its blocked squares, excluded diagonals and pre-placed queens (notebooks show it)."""
        from nqueens.core.drawing import svg

        return svg(self.n, instance=self, title=str(self))

    def __str__(self):
        if self.is_plain:
            return f"n = {self.n}"
        # each kind of constraint in words: (one, several)
        words = {
            "blocked": ("blocked", "blocked"),
            "queens": ("queen", "queens"),
            "excluded_sum": ("excluded sum", "excluded sums"),
            "excluded_difference": ("excluded difference", "excluded differences"),
        }
        parts = [f"{v} {words[k][v != 1]}" for k, v in self.describe().items() if k in words and v]
        return f"n = {self.n} with " + ", ".join(parts)


def as_instance(problem):
    """``problem`` as an :class:`Instance`: an Instance is returned as it is, an int means the plain problem."""
    if isinstance(problem, Instance):
        return problem
    return Instance.make(problem)


def _integer(value, what, at):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise NQueensError(f"{what} must be an integer, got {value!r}{at}")
    return int(value)


def _squares(n, entries, what, at):
    if isinstance(entries, (str, bytes)) or not hasattr(entries, "__iter__"):
        raise NQueensError(f"{what} must be a list of [row, column] pairs, got {entries!r}{at}")
    out = set()
    for entry in entries:
        if isinstance(entry, (str, bytes)) or not hasattr(entry, "__len__") or len(entry) != 2:
            raise NQueensError(f"{what}: each entry is a [row, column] pair, got {entry!r}{at}")
        r = _integer(entry[0], f"{what}: row", at)
        c = _integer(entry[1], f"{what}: column", at)
        if not (0 <= r < n and 0 <= c < n):
            raise NQueensError(f"{what}: square ({r}, {c}) is off the {n} x {n} board (0-based: 0 .. {n - 1}){at}")
        if (r, c) in out:
            raise NQueensError(f"{what}: square ({r}, {c}) is listed twice{at}")
        out.add((r, c))
    return tuple(sorted(out))


def _diagonals(entries, low, high, what, at):
    if isinstance(entries, (str, bytes)) or not hasattr(entries, "__iter__"):
        raise NQueensError(f"{what} must be a list of integers, got {entries!r}{at}")
    out = set()
    for entry in entries:
        d = _integer(entry, what, at)
        if not low <= d <= high:
            raise NQueensError(f"{what}: diagonal {d} is out of range {low} .. {high}{at}")
        if d in out:
            raise NQueensError(f"{what}: diagonal {d} is listed twice{at}")
        out.add(d)
    return tuple(sorted(out))
