"""Attack rules of the N-Queens family: the one home of what a queen attacks.

A rule is data: a name, the attack test between two squares, the squares a piece attacks (what a viewer draws
and what a model turns into lines or masks), and the order of its symmetry group.

- ``queen``: rows, columns and both diagonals (OEIS A000170 total, A002562 unique).
- ``superqueen`` (amazon): the queen's moves and the knight's (OEIS A051223 total, A051224 unique); group: the
  8 symmetries of the square.
- ``toroidal``: rows, columns and the diagonals wrapped around the board (OEIS A051906); solutions exist only
  when gcd(n, 6) = 1 (Pólya). Group: the square's 8 symmetries together with the n^2 translations of the
  torus, order 8 n^2 for n > 2; "unique" means one solution per orbit under that group.

Squares are ``(row, col)`` pairs, 0-based. Known counts live in ``tests/known.py``, never here.
"""

from __future__ import annotations

from dataclasses import dataclass

from nqueens.core.errors import NQueensError

__all__ = [
    "Rule",
    "RULES",
    "get_rule",
    "rule_of",
    "square_group_refusal",
    "need_square_group",
    "attacks",
    "attacked_squares",
    "is_solution",
    "row_masks",
    "count",
    "solutions",
    "images",
    "SymmetryTally",
    "classes",
    "RULE_NAMES",
    "diagonals",
    "knight_pairs",
    "offsets",
    "KNIGHT_STEPS",
]

# The knight's moves downwards as (rows apart, column difference): what a model with one variable per row forbids.
KNIGHT_STEPS = ((1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class Rule:
    """An attack rule.

    Parameters
    ----------
    name : str
        Registry key.
    knight : bool
        The piece also moves as a knight.
    wrap : bool
        Diagonals wrap around the board (a torus).
    description : str
        One line for tables and titles.
    """

    name: str
    knight: bool = False
    wrap: bool = False
    description: str = ""

    def group_order(self, n: int) -> int:
        """Order of the rule's symmetry group acting on an n x n board (n >= 1)."""
        base = 1 if n == 1 else 8
        return base * n * n if self.wrap and n > 2 else base

    def attacks(self, n: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when a piece on ``a`` attacks square ``b`` (``a != b``) on an n x n board."""
        (r1, c1), (r2, c2) = a, b
        if (r1, c1) == (r2, c2):
            return False
        if r1 == r2 or c1 == c2:
            return True
        dr, dc = r2 - r1, c2 - c1
        if self.wrap:
            if (dr - dc) % n == 0 or (dr + dc) % n == 0:
                return True
        elif abs(dr) == abs(dc):
            return True
        return self.knight and (abs(dr), abs(dc)) in ((1, 2), (2, 1))

    def attacked(self, n: int, row: int, col: int) -> set[tuple[int, int]]:
        """The squares a piece on ``(row, col)`` attacks on an n x n board (what a viewer shades)."""
        return attacked_squares(n, (row, col), self)

    def is_solution(self, q, n: int | None = None) -> bool:
        """True when ``q`` (``q[row] = column``) places n mutually non-attacking pieces under this rule."""
        q = [int(c) for c in q]
        if n is not None and len(q) != n:
            return False
        return is_solution(q, self)

    def square_maps(self, n: int) -> list:
        """The group of :meth:`group` acting on squares, map by map in the same order: ``maps[g][r * n + c]`` is
        the square ``(r, c)`` goes to (``r' * n + c'``). What a search that checks partial placements against
        their images reads (:mod:`nqueens.models.symmetry`).

        Examples
        --------
        >>> maps = RULES["queen"].square_maps(4)
        >>> len(maps), maps[0] == list(range(16)), maps[4][1]  # identity first; transpose takes (0, 1) to (1, 0)
        (8, True, 4)
        >>> len(RULES["toroidal"].square_maps(5))
        200
        """

        def d4(k, r, c):
            if k >= 4:
                r, c = c, r
            if k & 1:
                r = n - 1 - r
            if k & 2:
                c = n - 1 - c
            return r, c

        shifts = [(a, b) for a in range(n) for b in range(n)] if self.wrap else [(0, 0)]
        return [
            [(d4(k, r, c)[0] + a) % n * n + (d4(k, r, c)[1] + b) % n for r in range(n) for c in range(n)]
            for a, b in shifts
            for k in range(8)
        ]

    def group(self, n: int) -> list:
        """The rule's symmetry group as maps on solutions (tuples ``q[row] = column``), identity first.

        The square's 8 symmetries (D4: the flips of rows and columns, with and without the transpose); on a
        torus each composed with the n^2 cyclic translations ``q'[i] = q[i - a] + b (mod n)``. The list has
        8 maps (8 n^2 on a torus); for small n some coincide as maps, which is why :meth:`group_order` is 1
        for n = 1 (and 8 for a torus with n <= 2).
        """

        def d4(k):
            def f(q):
                q = list(q)
                if k >= 4:  # transpose: the inverse permutation
                    inv = [0] * len(q)
                    for i, c in enumerate(q):
                        inv[c] = i
                    q = inv
                if k & 1:
                    q = q[::-1]
                if k & 2:
                    q = [n - 1 - c for c in q]
                return tuple(q)

            return f

        def shift(a, b, g):
            return lambda q: tuple((c + b) % n for c in (lambda p: p[-a:] + p[:-a] if a else p)(list(g(q))))

        maps = [d4(k) for k in range(8)]
        if not self.wrap:
            return maps
        return [shift(a, b, g) for a in range(n) for b in range(n) for g in maps]


RULES = {
    "queen": Rule("queen", description="queens on a square board"),
    "superqueen": Rule("superqueen", knight=True, description="superqueens (queen + knight moves)"),
    "toroidal": Rule("toroidal", wrap=True, description="queens on a torus (diagonals wrap)"),
}


RULE_NAMES = tuple(RULES)


def get_rule(rule: str | Rule) -> Rule:
    """The :class:`Rule` named ``rule``; a one-line :class:`NQueensError` naming the allowed ones otherwise."""
    if isinstance(rule, Rule):
        return rule
    try:
        return RULES[rule]
    except (KeyError, TypeError):
        raise NQueensError(f"unknown rule {rule!r}; allowed: {', '.join(RULES)}") from None


def rule_of(options: dict | None) -> str:
    """The name of the attack rule a solver's ``options`` ask for: their ``rule``, the queen's when they name none.

    >>> rule_of({"rule": "superqueen"}), rule_of({}), rule_of(None)
    ('superqueen', 'queen', 'queen')
    """
    return (options or {}).get("rule") or "queen"


def square_group_refusal(what: str, rule: str | Rule = "queen", instance=None) -> str | None:
    """Why ``what``, which reduces by the square's 8 symmetries, cannot be made under ``rule`` on ``instance``: an
    instance does not keep them, and a torus has a larger group; ``None`` when it can.

    >>> square_group_refusal("--fundamental", "toroidal")
    "--fundamental needs the square's 8 symmetries, and the rule 'toroidal' has a larger group (with the n^2 translations): `nqueens count N --rules toroidal` gives its orbit classes"
    """
    said = f"{what} needs the square's 8 symmetries"
    if instance is not None and not instance.is_plain:
        return f"{said}, which an instance does not keep"
    r = get_rule(rule)
    if r.wrap:
        return (
            f"{said}, and the rule {r.name!r} has a larger group (with the n^2 translations): "
            f"`nqueens count N --rules {r.name}` gives its orbit classes"
        )
    return None


def need_square_group(what: str, rule: str | Rule = "queen", instance=None) -> None:
    """Raise :class:`NQueensError` with :func:`square_group_refusal`'s reason when there is one."""
    reason = square_group_refusal(what, rule, instance)
    if reason is not None:
        raise NQueensError(reason)


def _check_n(n: int) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise NQueensError(f"n must be a positive integer, got {n!r}")


def attacks(n: int, a: tuple[int, int], b: tuple[int, int], rule: str | Rule = "queen") -> bool:
    """True when a piece on square ``a`` attacks square ``b`` under ``rule``."""
    return get_rule(rule).attacks(n, a, b)


def attacked_squares(n: int, square: tuple[int, int], rule: str | Rule = "queen") -> set[tuple[int, int]]:
    """The squares a piece on ``square`` attacks on an n x n board under ``rule`` (for viewers and models)."""
    _check_n(n)
    r = get_rule(rule)
    row, col = square
    if not (0 <= row < n and 0 <= col < n):
        raise NQueensError(f"square {square!r} is off a {n} x {n} board")
    return {(i, j) for i in range(n) for j in range(n) if r.attacks(n, square, (i, j))}


def row_masks(n: int, square: tuple[int, int], rule: str | Rule = "queen") -> list[int]:
    """Per-row bitmasks (bit j = column j) of the squares ``square`` attacks: what a row-by-row search forbids."""
    masks = [0] * n
    for i, j in attacked_squares(n, square, rule):
        masks[i] |= 1 << j
    return masks


def is_solution(cols, rule: str | Rule = "queen") -> bool:
    """True when ``cols`` (column of the queen in each row) places n mutually non-attacking pieces."""
    n = len(cols)
    r = get_rule(rule)
    if sorted(cols) != list(range(n)):
        return False
    return not any(r.attacks(n, (i, cols[i]), (j, cols[j])) for i in range(n) for j in range(i + 1, n))


def count(n: int, rule: str | Rule = "queen") -> int:
    """Number of solutions under ``rule``: a row-by-row bitmask search (pure Python; small n).

    Each placement ORs its per-row attack masks into the rows below; memory is O(n^2) masks.
    """
    _check_n(n)
    r = get_rule(rule)
    table = [[row_masks(n, (i, j), r) for j in range(n)] for i in range(n)]
    full = (1 << n) - 1

    def go(row: int, forbidden: list[int]) -> int:
        if row == n:
            return 1
        total = 0
        free = full & ~forbidden[row]
        while free:
            bit = free & -free
            free ^= bit
            masks = table[row][bit.bit_length() - 1]
            total += go(row + 1, [f | m for f, m in zip(forbidden, masks)])
        return total

    return go(0, [0] * n)


def solutions(n: int, rule: str | Rule = "queen"):
    """Yield every solution under ``rule`` as a tuple of columns, in lexicographic order (streams; small n)."""
    _check_n(n)
    r = get_rule(rule)
    table = [[row_masks(n, (i, j), r) for j in range(n)] for i in range(n)]
    cols: list[int] = []

    def go(row: int, forbidden: list[int]):
        if row == n:
            yield tuple(cols)
            return
        for j in range(n):
            if not forbidden[row] >> j & 1:
                cols.append(j)
                yield from go(row + 1, [f | m for f, m in zip(forbidden, table[row][j])])
                cols.pop()

    yield from go(0, [0] * n)


def images(cols, rule: str | Rule = "queen") -> set[tuple[int, ...]]:
    """The orbit of a solution under the rule's group: the square's 8 maps, and on a torus every translation too."""
    n = len(cols)
    r = get_rule(rule)
    squares = [(i, c) for i, c in enumerate(cols)]
    shifts = [(a, b) for a in range(n) for b in range(n)] if r.wrap else [(0, 0)]
    out = set()
    for a, b in shifts:
        moved = [((i + a) % n, (j + b) % n) for i, j in squares]
        for k in range(8):
            pts = moved
            for _ in range(k % 4):
                pts = [(j, n - 1 - i) for i, j in pts]
            if k >= 4:
                pts = [(i, n - 1 - j) for i, j in pts]
            board = [0] * n
            for i, j in pts:
                board[i] = j
            out.add(tuple(board))
    return out


class SymmetryTally:
    """What a count makes of the solutions a model with the option ``symmetry`` finds (the one place, for every
    model that states the choices as constraints): ``none`` counts them; ``half`` weighs each by 2 unless its first
    queen stands on the middle column (its own mirror image); ``lex`` sorts them by orbit size under ``rule``'s
    group, one solution standing for its orbit.

    >>> t = SymmetryTally("lex")
    >>> t.add([1, 3, 0, 2]); t.answer()
    {'total': 2, 'unique': 1, 'classes': {2: 1}}
    """

    def __init__(self, symmetry: str = "none", rule: str | Rule = "queen"):
        self.symmetry, self.rule = symmetry, rule
        self.found = self.weighted = 0
        self.sizes: dict[int, int] = {}

    def add(self, cols) -> None:
        """One solution found, ``cols[row]`` its queen's column (0-based; with ``none``, not read)."""
        self.found += 1
        if self.symmetry == "half":
            self.weighted += 1 if 2 * int(cols[0]) == len(cols) - 1 else 2
        elif self.symmetry == "lex":
            size = len(images([int(c) for c in cols], self.rule))
            self.sizes[size] = self.sizes.get(size, 0) + 1

    def answer(self) -> dict:
        """The count's fields: ``total``, and with ``lex`` ``unique`` and ``classes``."""
        if self.symmetry == "half":
            return {"total": self.weighted}
        if self.symmetry == "lex":
            classes = dict(sorted(self.sizes.items()))
            return {"total": sum(k * v for k, v in classes.items()), "unique": self.found, "classes": classes}
        return {"total": self.found}

    def stats(self) -> dict:
        """What the stats say besides: the solutions found, where they are not the total."""
        return {} if self.symmetry == "none" else {"found": self.found}


def classes(n: int, rule: str | Rule = "queen") -> list[tuple[int, ...]]:
    """One representative (the lexicographically least) per orbit of solutions under the rule's group."""
    reps = set()
    for s in solutions(n, rule):
        reps.add(min(images(s, rule)))
    return sorted(reps)


# What a general model posts: rows and columns are every rule's; a rule adds its diagonal lines (at most one piece
# on each) and, with a knight, the pairs of squares a knight apart. Integer models with one variable per row use
# the offsets between rows instead.


def diagonals(n: int, rule: str | Rule = "queen") -> list[list[tuple[int, int]]]:
    """The rule's diagonal lines, each holding at most one piece: the square's 2(2n - 1) diagonals (lines of one
    square included), or on a torus the 2n wrapped ones (``(r + c) mod n`` and ``(r - c) mod n``, n squares each).

    Examples
    --------
    >>> len(diagonals(4)), len(diagonals(4, "toroidal"))
    (14, 8)
    >>> sorted(map(len, diagonals(3)))
    [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    """
    _check_n(n)
    r = get_rule(rule)
    size = n if r.wrap else 2 * n - 1
    sums: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    differences: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for i in range(n):
        for j in range(n):
            if r.wrap:
                sums[(i + j) % n].append((i, j))
                differences[(i - j) % n].append((i, j))
            else:
                sums[i + j].append((i, j))
                differences[i - j + n - 1].append((i, j))
    return sums + differences


def knight_pairs(n: int, rule: str | Rule = "queen") -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of squares a knight's move apart, the upper square first, when the rule's piece moves as a knight;
    none otherwise. Each pair is listed once.

    Examples
    --------
    >>> knight_pairs(3, "superqueen")[:2]
    [((0, 0), (1, 2)), ((0, 0), (2, 1))]
    >>> len(knight_pairs(8, "superqueen")), knight_pairs(8, "queen")
    (168, [])
    """
    _check_n(n)
    if not get_rule(rule).knight:
        return []
    pairs = []
    for i in range(n):
        for j in range(n):
            for di, dj in KNIGHT_STEPS:
                if i + di < n and 0 <= j + dj < n:
                    pairs.append(((i, j), (i + di, j + dj)))
    return sorted(pairs)


def offsets(n: int, rule: str | Rule, d: int) -> tuple[int, ...]:
    """The column differences ``q[i + d] - q[i]`` that make two pieces ``d`` rows apart attack each other, the
    column (difference 0) left out: what an integer model with one variable per row forbids between such rows.

    Examples
    --------
    >>> offsets(8, "queen", 3), offsets(8, "superqueen", 1), offsets(8, "superqueen", 2)
    ((-3, 3), (-2, -1, 1, 2), (-2, -1, 1, 2))
    >>> offsets(5, "toroidal", 2)
    (-3, -2, 2, 3)
    """
    _check_n(n)
    r = get_rule(rule)
    if not 1 <= d < n:
        raise NQueensError(f"rows of an {n} x {n} board are 1..{n - 1} apart, got {d}")
    # Two squares d rows apart whose columns differ by delta, both on the board (the attack test reads differences).
    found = [delta for delta in range(-(n - 1), n) if delta and r.attacks(n, (0, max(0, -delta)), (d, max(0, delta)))]
    return tuple(found)
