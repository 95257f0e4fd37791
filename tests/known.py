"""Published values the suite checks against. None of these numbers come from the toolkit.

- ``TOTAL``: OEIS A000170, number of ways to place n non-attacking queens on an n x n board (n = 1..27).
- ``UNIQUE``: OEIS A002562, number of solutions inequivalent under the 8 symmetries of the board (n = 1..27).
- ``KNUTH_PROFILE_8``: Knuth, TAOCP vol. 4B, section 7.2.2 (Backtrack programming): the backtrack tree of the
  8-queens problem, nodes per level (the root, then partial placements of 1..8 non-attacking queens), 2057 in all.
- ``SEED_004_6``: the four solutions for n = 6 (the classical 6-queens solutions, one orbit of four), in
  lexicographic order, written in seed 004's result-file format (count line, then 1-based columns).
- ``LEETCODE_4``: the expected output of LeetCode 51 for n = 4 (seed 001).
- ``TOROIDAL``: OEIS A051906, number of ways to place n non-attacking queens on an n x n toroidal board (diagonals
  wrap around), n = 1..13; nonzero exactly for n coprime to 6 (Pólya).
"""

TOTAL = {
    1: 1,
    2: 0,
    3: 0,
    4: 2,
    5: 10,
    6: 4,
    7: 40,
    8: 92,
    9: 352,
    10: 724,
    11: 2680,
    12: 14200,
    13: 73712,
    14: 365596,
    15: 2279184,
    16: 14772512,
    17: 95815104,
    18: 666090624,
    19: 4968057848,
    20: 39029188884,
    21: 314666222712,
    22: 2691008701644,
    23: 24233937684440,
    24: 227514171973736,
    25: 2207893435808352,
    26: 22317699616364044,
    27: 234907967154122528,
}

UNIQUE = {
    1: 1,
    2: 0,
    3: 0,
    4: 1,
    5: 2,
    6: 1,
    7: 6,
    8: 12,
    9: 46,
    10: 92,
    11: 341,
    12: 1787,
    13: 9233,
    14: 45752,
    15: 285053,
    16: 1846955,
    17: 11977939,
    18: 83263591,
    19: 621012754,
    20: 4878666808,
    21: 39333324973,
    22: 336376244042,
    23: 3029242658210,
    24: 28439272956934,
    25: 275986683743434,
    26: 2789712466510289,
    27: 29363495934315694,
}

KNUTH_PROFILE_8 = (1, 8, 42, 140, 344, 568, 550, 312, 92)

SEED_004_6 = """4
2,4,6,1,3,5
3,6,2,5,1,4
4,1,5,2,6,3
5,3,1,6,4,2
"""

LEETCODE_4 = [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]

TOROIDAL = {1: 1, 2: 0, 3: 0, 4: 0, 5: 10, 6: 0, 7: 28, 8: 0, 9: 0, 10: 0, 11: 88, 12: 0, 13: 4524}

# OEIS A051223: n non-attacking superqueens (queen + knight) on an n x n board, n = 1..18.
SUPERQUEEN = {
    1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 4, 11: 44, 12: 156, 13: 1876, 14: 5180,
    15: 32516, 16: 202900, 17: 1330622, 18: 8924976,
}  # fmt: skip
