"""The published values the toolkit is held to: OEIS sequences, Knuth's tree profile, the seed texts' tables.

None of these numbers comes from the toolkit: each is copied from where it is published (the reference beside
it). The experiment runner judges runs against them (:mod:`nqueens.experiments.judge`), the conformance checks
check solvers against them (:mod:`nqueens.testing`), and the tests, benchmarks and scripts read them from here.
Each sequence is a ``{n: value}`` mapping over the n it is published for.

References
----------
OEIS A000170, A002562, A051223, A051224, A051906, A075458, A250000 (https://oeis.org).
D. E. Knuth, *The Art of Computer Programming*, vol. 4B, section 7.2.2 (Backtrack programming).
Seed 002 (the sieve paper), table 1.
"""

__all__ = [
    "TOTAL",
    "UNIQUE",
    "SUPERQUEEN",
    "SUPERQUEEN_UNIQUE",
    "TOROIDAL",
    "BY_RULE",
    "DOMINATION",
    "PEACEABLE",
    "KNUTH_PROFILE_8",
    "SEED_002_TABLE",
]


def _from_1(*values):
    return dict(enumerate(values, start=1))


# OEIS A000170: the number of ways to place n non-attacking queens on an n x n board, n = 1..27.
TOTAL = _from_1(
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624,
    4968057848, 39029188884, 314666222712, 2691008701644, 24233937684440, 227514171973736, 2207893435808352,
    22317699616364044, 234907967154122528,
)  # fmt: skip

# OEIS A002562: the same, counted up to the 8 symmetries of the board (fundamental solutions), n = 1..27.
UNIQUE = _from_1(
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591, 621012754,
    4878666808, 39333324973, 336376244042, 3029242658210, 28439272956934, 275986683743434, 2789712466510289,
    29363495934315694,
)  # fmt: skip

# OEIS A051223: n non-attacking superqueens (queen + knight moves) on an n x n board, n = 1..18; A051224: the same
# up to the 8 symmetries.
SUPERQUEEN = _from_1(1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900, 1330622, 8924976)
SUPERQUEEN_UNIQUE = _from_1(1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 6, 22, 239, 653, 4089, 25411, 166463, 1115871)

# OEIS A051906: n non-attacking queens on an n x n toroidal board (the diagonals wrap around), n = 1..23; nonzero
# exactly for n coprime to 6 (Polya).
TOROIDAL = _from_1(1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496, 0, 0, 0, 128850048)

# Per attack rule (nqueens.core.rules): (totals, unique counts, (OEIS name of each)); {} where none is published.
BY_RULE = {
    "queen": (TOTAL, UNIQUE, ("A000170", "A002562")),
    "superqueen": (SUPERQUEEN, SUPERQUEEN_UNIQUE, ("A051223", "A051224")),
    "toroidal": (TOROIDAL, {}, ("A051906", None)),
}

# OEIS A075458: the queen domination number (fewest queens that attack or occupy every square), n = 1..25.
DOMINATION = _from_1(1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13, 13, 13)
# OEIS A250000: peaceable queens (the largest equal white and black armies, no queen attacking the other colour),
# n = 1..15.
PEACEABLE = _from_1(0, 0, 1, 2, 4, 5, 7, 9, 12, 14, 17, 21, 24, 28, 32)

# Knuth, TAOCP 4B, 7.2.2: the backtrack tree of the 8-queens problem, nodes per level (the root, then partial
# placements of 1..8 non-attacking queens), 2057 in all.
KNUTH_PROFILE_8 = (1, 8, 42, 140, 344, 568, 550, 312, 92)

# Seed 002, table 1 (N 皇后问题实验数据): n -> (layouts, backtracking seconds, sieve seconds), on a Pentium at
# 2.7 GHz with VC++ under Windows 7.
SEED_002_TABLE = {
    9: (352, 0.002, 0.000),
    10: (724, 0.008, 0.002),
    11: (2680, 0.043, 0.007),
    12: (14200, 0.206, 0.037),
    13: (73712, 1.338, 0.141),
    14: (365596, 8.519, 0.806),
    15: (2279184, 57.935, 5.189),
    16: (14772512, 421.077, 36.465),
    17: (95815104, 3375.823, 261.955),
    18: (666090624, 26001.601, 2022.539),
}
