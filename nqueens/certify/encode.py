"""The certificate checker's own encoder: the clauses a claim stands for, written again from the claim alone.

It imports neither pysat nor :mod:`nqueens.models` (nor anything that does): the checker
(:mod:`nqueens.certify.check`) requires the certificate's CNF to be this clause set, compared as a set of sorted
clauses, so a fault in the models' encoding cannot pass unnoticed. Variable ``r * n + c + 1`` is square
``(r, c)``; auxiliary variables follow in the order the SAT model makes them.

- **queens** (a count or "no solution"): every row and column exactly one queen, every diagonal of the rule at
  most one, the knight's pairs of ``superqueen``, the instance's unit clauses. The cardinality encodings written
  again here are :data:`ENCODINGS` (pysat's ``pairwise``, ``seqcounter`` and ``bitwise``, with pysat's variable
  numbering); a certificate in another encoding is refused in one line.
- **domination**, **peaceable**: the clauses of the SAT model of ``nqueens.models.optimize`` without its bounds,
  and a bound as a totalizer (:func:`at_most`, :func:`at_least`; Bailleux and Boufkhad 2003), which the producer
  takes from here.

References
----------
C. Sinz, "Towards an optimal CNF encoding of Boolean cardinality constraints", CP 2005 (pysat's ``seqcounter``).
O. Bailleux, Y. Boufkhad, "Efficient CNF encoding of Boolean cardinality constraints", CP 2003 (the totalizer).
A. M. Frisch, P. A. Giannaros, "SAT encodings of the at-most-k constraint", ModRef 2010 (the binary encoding).
"""

__all__ = ["ENCODINGS", "RULES", "queens", "domination", "peaceable", "at_most", "at_least", "lines"]

ENCODINGS = ("pairwise", "seqcounter", "bitwise")
RULES = ("queen", "superqueen", "toroidal")

_KNIGHT_DOWN = ((1, -2), (1, 2), (2, -1), (2, 1))


def queens(n, rule, instance, encoding):
    """The clauses of ``n`` queens under ``rule`` (a name of :data:`RULES`) and ``instance`` (its JSON dict:
    ``blocked``, ``queens``, ``excluded_sum``, ``excluded_difference``, 0-based; ``None`` for none): ``(clauses,
    top)``, ``top`` the largest variable.

    Examples
    --------
    >>> cnf, top = queens(4, "queen", None, "pairwise")
    >>> top, len(cnf)
    (16, 84)
    """
    cells = _Encoder(n * n)

    def x(r, c):
        return r * n + c + 1

    for r in range(n):
        cells.exactly_one([x(r, c) for c in range(n)], encoding)
    for c in range(n):
        cells.exactly_one([x(r, c) for r in range(n)], encoding)
    for line in _diagonals(n, rule):
        if len(line) > 1:
            cells.at_most_one([x(r, c) for r, c in line], encoding)
    if rule == "superqueen":
        for r in range(n):
            for c in range(n):
                for dr, dc in _KNIGHT_DOWN:
                    if r + dr < n and 0 <= c + dc < n:
                        cells.clauses.append([-x(r, c), -x(r + dr, c + dc)])
    instance = instance or {}
    excluded_sum, excluded_difference = (
        set(instance.get("excluded_sum", ())),
        set(instance.get("excluded_difference", ())),
    )
    cells.clauses += [[-x(r, c)] for r, c in instance.get("blocked", ())]
    cells.clauses += [
        [-x(r, c)] for r in range(n) for c in range(n) if r + c in excluded_sum or r - c in excluded_difference
    ]
    cells.clauses += [[x(r, c)] for r, c in instance.get("queens", ())]
    return cells.clauses, cells.top


def lines(n):
    """The board's lines in the SAT optimisation model's order: rows, columns, diagonals ``r - c = d`` for ``d``
    from ``-(n - 1)``, anti-diagonals ``r + c = s`` from 0."""
    out = [[(r, c) for c in range(n)] for r in range(n)]
    out += [[(r, c) for r in range(n)] for c in range(n)]
    out += [[(r, r - d) for r in range(n) if 0 <= r - d < n] for d in range(-(n - 1), n)]
    out += [[(r, s - r) for r in range(n) if 0 <= s - r < n] for s in range(2 * n - 1)]
    return out


def domination(n, most):
    """Every square occupied or on a line of a queen, and at most ``most`` queens: ``(clauses, top)``."""
    x = {(r, c): r * n + c + 1 for r in range(n) for c in range(n)}
    clauses = [
        [x[s] for s in x if s[0] == r or s[1] == c or s[0] - s[1] == r - c or s[0] + s[1] == r + c] for r, c in x
    ]
    bound, top = at_most(list(x.values()), most, n * n)
    return clauses + bound, top


def peaceable(n, least):
    """White queens ``w`` (variables ``1 .. n^2``) and black ``b`` (``n^2 + 1 .. 2 n^2``), no square with both,
    no line with both colours (a variable per line and colour, in :func:`lines` order), and at least ``least``
    of each: ``(clauses, top)``."""
    size = n * n
    w = {(r, c): r * n + c + 1 for r in range(n) for c in range(n)}
    b = {s: v + size for s, v in w.items()}
    clauses = [[-w[s], -b[s]] for s in w]
    top = 2 * size
    for line in lines(n):
        lw, lb = top + 1, top + 2
        top += 2
        clauses += [[-w[s], lw] for s in line] + [[-b[s], lb] for s in line] + [[-lw, -lb]]
    white, top = at_least(list(w.values()), least, top)
    black, top = at_least(list(b.values()), least, top)
    return clauses + white + black, top


def at_most(lits, k, top):
    """At most ``k`` of ``lits`` true, as a totalizer over new variables after ``top`` (:func:`_totalizer`, its
    counting-up half) and the unit clause that its output "at least k + 1" is false: ``(clauses, top)``.

    Examples
    --------
    >>> at_most([1, 2, 3], 1, 3)
    ([[4, -3], [4, -2], [5, -2, -3], [6, -4], [7, -5], [6, -1], [7, -1, -4], [8, -1, -5], [-7]], 8)
    >>> at_most([1, 2], 2, 2), at_most([1, 2], -1, 2)
    (([], 2), ([[]], 2))
    """
    if k >= len(lits):
        return [], top
    if k < 0:
        return [[]], top
    clauses, out, top = _totalizer(lits, top, least=False)
    return clauses + [[-out[k]]], top


def at_least(lits, k, top):
    """At least ``k`` of ``lits`` true, as a totalizer over new variables after ``top`` (its counting-down half)
    and the unit clause that its output "at least k" is true: ``(clauses, top)``.

    Examples
    --------
    >>> at_least([1, 2], 1, 2)
    ([[-3, 1, 2], [-4, 1], [-4, 2], [3]], 4)
    >>> at_least([1, 2], 0, 2), at_least([1, 2], 3, 2)
    (([], 2), ([[]], 2))
    """
    if k <= 0:
        return [], top
    if k > len(lits):
        return [[]], top
    clauses, out, top = _totalizer(lits, top, least=True)
    return clauses + [[out[k - 1]]], top


def _totalizer(lits, top, least):
    """Bailleux and Boufkhad's totalizer: a binary tree over ``lits`` whose node outputs ``r[t]`` say "at least
    ``t + 1`` of the literals below are true". Counting up (``least=False``): ``a[i]`` and ``b[j]`` of the two
    children force ``r[i + j]``, so a false output bounds the literals from above; counting down (``least=True``):
    ``r[i + j + 1]`` needs ``a[i + 1]`` or ``b[j + 1]``, so a true output bounds them from below. Returns
    ``(clauses, outputs of the root, top)``; a node's variables are numbered after its children's."""
    if len(lits) == 1:
        return [], [lits[0]], top
    half = len(lits) // 2
    left, a, top = _totalizer(lits[:half], top, least)
    right, b, top = _totalizer(lits[half:], top, least)
    r = list(range(top + 1, top + len(lits) + 1))
    clauses = left + right
    p, q = len(a), len(b)
    for i in range(p + 1):
        for j in range(q + 1):
            if least and i + j < p + q:
                clauses.append([-r[i + j]] + ([a[i]] if i < p else []) + ([b[j]] if j < q else []))
            elif not least and i + j > 0:
                clauses.append([r[i + j - 1]] + ([-a[i - 1]] if i else []) + ([-b[j - 1]] if j else []))
    return clauses, r, top + len(lits)


def _sequential(lits, k, top):
    """At most ``k`` of ``lits`` true, as Sinz's sequential counter over new variables after ``top`` (pysat's
    ``seqcounter``, with its numbering): ``(clauses, top)``. Counter ``s[i][j]`` (``i < len(lits) - 1``,
    ``j < k``) is true when at least ``j + 1`` of the first ``i + 1`` literals are; ``1 <= k < len(lits)``."""
    m = len(lits)
    s = [[top + i * k + j + 1 for j in range(k)] for i in range(m - 1)]
    out = [[-lits[0], s[0][0]]] + [[-s[0][j]] for j in range(1, k)]
    for i in range(1, m - 1):
        out += [[-lits[i], s[i][0]], [-s[i - 1][0], s[i][0]]]
        for j in range(1, k):
            out += [[-lits[i], -s[i - 1][j - 1], s[i][j]], [-s[i - 1][j], s[i][j]]]
        out.append([-lits[i], -s[i - 1][k - 1]])
    out.append([-lits[m - 1], -s[m - 2][k - 1]])
    return out, top + (m - 1) * k


class _Encoder:
    """Clauses and the last variable used; the cardinality encodings with pysat's numbering of auxiliaries."""

    def __init__(self, top):
        self.clauses = []
        self.top = top

    def exactly_one(self, lits, encoding):
        self.clauses.append(list(lits))
        self.at_most_one(lits, encoding)

    def at_most_one(self, lits, encoding):
        m = len(lits)
        if m < 2:
            return
        if encoding == "pairwise" or m == 2:
            self.clauses += [[-lits[i], -lits[j]] for i in range(m) for j in range(i + 1, m)]
        elif encoding == "seqcounter":
            self.clauses, self.top = self.clauses + _sequential(lits, 1, self.top)[0], self.top + m - 1
        elif encoding == "bitwise":
            # Lit i forces the bits of i on ceil(log2 m) new variables, the most significant first.
            bits = (m - 1).bit_length()
            for i, lit in enumerate(lits):
                for j in range(bits):
                    aux = self.top + j + 1
                    self.clauses.append([-lit, aux if i >> (bits - 1 - j) & 1 else -aux])
            self.top += bits
        else:
            raise ValueError(f"encoding {encoding!r} is not re-encoded here")


def _diagonals(n, rule):
    """The rule's diagonal lines in the SAT model's order: sums, then differences (wrapped mod n on a torus),
    each line's squares row by row."""
    wrap = rule == "toroidal"
    size = n if wrap else 2 * n - 1
    sums: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    differences: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for r in range(n):
        for c in range(n):
            if wrap:
                sums[(r + c) % n].append((r, c))
                differences[(r - c) % n].append((r, c))
            else:
                sums[r + c].append((r, c))
                differences[r - c + n - 1].append((r, c))
    return sums + differences
