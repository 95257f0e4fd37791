"""Published values the suite checks against. None of these numbers come from the toolkit's computations: the
sequences are kept in :mod:`nqueens.core.published` (each with where it is published), which
``tests/test_published.py`` checks against a brute-force count of its own.

- ``TOTAL``: OEIS A000170, number of ways to place n non-attacking queens on an n x n board (n = 1..27).
- ``UNIQUE``: OEIS A002562, number of solutions inequivalent under the 8 symmetries of the board (n = 1..27).
- ``KNUTH_PROFILE_8``: Knuth, TAOCP vol. 4B, section 7.2.2 (Backtrack programming): the backtrack tree of the
  8-queens problem, nodes per level (the root, then partial placements of 1..8 non-attacking queens), 2057 in all.
- ``SEED_004_6``: the four solutions for n = 6 (the classical 6-queens solutions, one orbit of four), in
  lexicographic order, written in seed 004's result-file format (count line, then 1-based columns).
- ``LEETCODE_4``: the expected output of LeetCode 51 for n = 4 (seed 001).
- ``TOROIDAL``: OEIS A051906, number of ways to place n non-attacking queens on an n x n toroidal board (diagonals
  wrap around), n = 1..13; nonzero exactly for n coprime to 6 (Pólya).
- ``SUPERQUEEN``: OEIS A051223, n non-attacking superqueens (queen + knight), n = 1..18.
"""

from nqueens.core import published

TOTAL = published.TOTAL
UNIQUE = published.UNIQUE
KNUTH_PROFILE_8 = published.KNUTH_PROFILE_8

SEED_004_6 = """4
2,4,6,1,3,5
3,6,2,5,1,4
4,1,5,2,6,3
5,3,1,6,4,2
"""

LEETCODE_4 = [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]

TOROIDAL = {n: total for n, total in published.TOROIDAL.items() if n <= 13}
SUPERQUEEN = published.SUPERQUEEN
