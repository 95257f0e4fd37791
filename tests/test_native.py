"""The seed solvers beyond the conformance suite: their orders, node profiles, checks, next() and limits.

Expected values come from outside the kernels: OEIS and Knuth (known.py), seed 004's n = 6 file, ``math.perm``,
the plain-Python oracle ``bitmask-recursive``, and small recursive Python re-implementations below of each
method's search (its bounds, its order, what it counts as a check), written from the seed texts.
"""

import json
import math
from itertools import permutations

import pytest
from known import KNUTH_PROFILE_8, SEED_004_6, TOTAL

import nqueens
from nqueens.cli import main
from nqueens.core import board

SEED_SOLVERS = ("backtrack", "mirror", "marks", "avail", "bitwise", "sieve", "generate-test")


def oracle(n):
    return list(nqueens.solutions(n, "bitmask-recursive"))


def stream(n, name, **kw):
    return list(nqueens.solutions(n, name, **kw))


def mirror(q):
    n = len(q)
    return tuple(n - 1 - c for c in q)


# ----------------------------------------------------------------------------------------------------------
# Reference searches: recursive, sets instead of the seeds' arrays, counting as the module docstrings define.


def ref_backtrack(n, halved=False):
    """Seed 000 methods 1 and 2: each candidate column of row k is checked once against rows 1..k-1."""
    profile = [1] + [0] * n
    stats = {"checks": 0, "total": 0}
    if halved and n == 1:
        return 1, tuple(profile), 0
    q = [0] * (n + 1)
    m = (n + 1) // 2

    def bound(k):
        if not halved:
            return n
        if k == 1:
            return m
        return m - 1 if k == 2 and n % 2 and q[1] == m else n

    def row(k):
        for c in range(1, bound(k) + 1):
            attacked = False
            for i in range(1, k):
                stats["checks"] += 1
                if q[i] == c or abs(q[i] - c) == k - i:
                    attacked = True
                    break
            if attacked:
                continue
            q[k] = c
            profile[k] += 1
            if k == n:
                stats["total"] += 1
            else:
                row(k + 1)

    row(1)
    return stats["total"] * (2 if halved else 1), tuple(profile), stats["checks"]


def ref_marks(n):
    """Seed 000 method 3: the same nodes as method 2; checks are the y, l, r lookups (stopping at a taken one)."""
    total, profile, _ = ref_backtrack(n, halved=True)
    if n == 1:
        return 0
    checks = 0
    m = (n + 1) // 2
    cols, sums, diffs = set(), set(), set()

    def row(k, first):
        nonlocal checks
        e = m if k == 1 else (m - 1 if k == 2 and n % 2 and first == m else n)
        for c in range(1, e + 1):
            checks += 1
            if c in cols:
                continue
            checks += 1
            if k + c in sums:
                continue
            checks += 1
            if k - c in diffs:
                continue
            if k < n:
                cols.add(c), sums.add(k + c), diffs.add(k - c)
                row(k + 1, c if k == 1 else first)
                cols.remove(c), sums.remove(k + c), diffs.remove(k - c)

    row(1, 0)
    return checks


def ref_avail(n):
    """Seed 000 method 4: every pass over row k walks the free columns from the head of the list; the row's own
    previous column is unlinked during the walk; each column walked costs an l lookup and, if free, an r one."""
    if n == 1:
        return 0
    checks = 0
    m = (n + 1) // 2
    cols, sums, diffs = set(), set(), set()

    def row(k, first):
        nonlocal checks
        e = m if k == 1 else (m - 1 if k == 2 and n % 2 and first == m else n)
        prev = 0
        while True:
            found = 0
            for cur in range(1, e + 1):
                if cur in cols or cur == prev:
                    continue
                checks += 1
                if k + cur in sums:
                    continue
                checks += 1
                if k - cur in diffs or prev > cur:
                    continue
                found = cur
                break
            if not found or k == n:
                return
            cols.add(found), sums.add(k + found), diffs.add(k - found)
            row(k + 1, found if k == 1 else first)
            cols.remove(found), sums.remove(k + found), diffs.remove(k - found)
            prev = found

    row(1, 0)
    return checks


def ref_bitwise_checks(n):
    """Seed 000 method 5: one row test per queen placed, plus one when a row below n runs out of squares."""
    checks = 0

    def row(k, cols, sums, diffs):
        nonlocal checks
        for c in range(n):
            if c in cols or k + c in sums or k - c in diffs:
                continue
            checks += 1
            if k == n - 1:
                return
            row(k + 1, cols | {c}, sums | {k + c}, diffs | {k - c})
        checks += 1

    row(0, frozenset(), frozenset(), frozenset())
    return checks


def ref_sieve(n):
    """Seed 002: rows 0, n-1, ..., 1; row 0 in 0..(n+1)//2, row n-1 in j+1..n-1-j; the last row stops at its
    first free square. Returns the layouts found (in order), the profile and the squares tested."""
    if n == 1:
        return [(0,)], (1, 0), 0
    order = [0, n - 1] + list(range(n - 2, 0, -1))
    profile = [1] + [0] * n
    found = []
    tests = 0
    a = [0] * n

    def free(placed, i, j):
        return all(c != j and abs(c - j) != abs(r - i) for r, c in placed)

    def place(d, placed, lo, hi):
        nonlocal tests
        i = order[d]
        for j in range(lo, hi + 1):
            tests += 1
            if not free(placed, i, j):
                continue
            a[i] = j
            profile[d + 1] += 1
            if i == 1:
                found.append(tuple(a))
                return
            nxt = (j + 1, n - 1 - j) if i == 0 else (0, n - 1)
            place(d + 1, placed + [(i, j)], *nxt)

    place(0, [], 0, (n + 1) // 2)
    return found, tuple(profile), tests


def seed004_lines(q):
    """The lines seed 004's check() examines, and its verdict: every column (a permutation passes), then the
    diagonals i + j = 0 .. 2n-2, then i - j = -(n-1) .. n-1, each up to the first holding two queens."""
    n = len(q)
    lines = n
    for on_line, span in (
        (lambda i, s: i + q[i] == s, range(0, 2 * n - 1)),
        (lambda i, d: i - q[i] == d, range(-(n - 1), n)),
    ):
        for index, line in enumerate(span):
            if sum(on_line(i, line) for i in range(n)) > 1:
                return lines + index + 1, False
        lines += 2 * n - 1
    return lines, True


# ----------------------------------------------------------------------------------------------------------
# Orders


@pytest.mark.parametrize("name", ["backtrack", "bitwise", "generate-test"])
def test_lexicographic_order(name):
    for n in range(1, 10):
        assert stream(n, name) == sorted(oracle(n)), n


def _left_half(q):
    # Seed 000's bounds, 0-based: the first queen left of the middle; for odd n in the middle, the second left.
    n = len(q)
    middle = (n - 1) / 2
    return q[0] < middle or (n % 2 == 1 and q[0] == middle and q[1] < middle)


@pytest.mark.parametrize("name", ["mirror", "marks", "avail"])
def test_mirror_order(name):
    """Each find of the halved search, in lexicographic order, followed by its mirror image."""
    for n in range(2, 10):
        rows = stream(n, name)
        finds = sorted(q for q in oracle(n) if _left_half(q))
        assert rows[0::2] == finds, n
        assert rows[1::2] == [mirror(q) for q in finds], n
    assert stream(1, name) == [(0,)]


def test_sieve_order():
    """Each layout the sieve finds, followed by its flips as the paper's putout() prints them."""
    for n in range(2, 10):
        finds, _, _ = ref_sieve(n)
        expected = []
        for t in finds:
            expected += [t, mirror(t)]
            if t[0] + t[-1] != n - 1:
                v = t[::-1]
                expected += [v, mirror(v)]
        assert stream(n, "sieve") == expected, n
        assert sorted(expected) == sorted(oracle(n)), n


@pytest.mark.parametrize("name", SEED_SOLVERS)
@pytest.mark.parametrize("limit", [1, 2, 3, 7])
def test_limit_is_a_prefix(name, limit):
    assert stream(8, name, limit=limit) == stream(8, name)[:limit]


@pytest.mark.parametrize("name", [s for s in SEED_SOLVERS if s != "generate-test"])
def test_enumeration_stops_early(name):
    """Two solutions of n = 24 come back at once: the kernel stops when its chunk is full."""
    got = stream(24, name, limit=2)
    assert len(got) == 2 and all(board.is_solution(q) for q in got)


# ----------------------------------------------------------------------------------------------------------
# Nodes and checks


@pytest.mark.parametrize("name", ["backtrack", "bitwise"])
def test_knuth_profile(name):
    r = nqueens.count(8, name, nodes=True)
    assert r.profile == KNUTH_PROFILE_8 and r.nodes == 2057


@pytest.mark.parametrize("name", ["mirror", "marks", "avail"])
def test_halved_profile(name):
    for n in range(1, 10):
        total, profile, _ = ref_backtrack(n, halved=True)
        r = nqueens.count(n, name, nodes=True)
        assert (r.total, r.profile) == (total, profile) == (TOTAL[n], profile), n


def test_sieve_profile():
    for n in range(1, 10):
        _, profile, _ = ref_sieve(n)
        assert nqueens.count(n, "sieve", nodes=True).profile == profile, n


def test_generate_test_profile():
    for n in range(1, 9):
        r = nqueens.count(n, "generate-test", nodes=True)
        assert r.profile == tuple(math.perm(n, k) for k in range(n)) + (TOTAL[n],), n


def test_checks():
    for n in range(1, 9):
        got = {name: nqueens.count(n, name, nodes=True).stats["tests"] for name in SEED_SOLVERS}
        assert got["backtrack"] == ref_backtrack(n)[2], n
        assert got["mirror"] == ref_backtrack(n, halved=True)[2], n
        assert got["marks"] == ref_marks(n), n
        assert got["avail"] == ref_avail(n), n
        assert got["bitwise"] == ref_bitwise_checks(n), n
        assert got["sieve"] == ref_sieve(n)[2], n


def test_generate_test_checks():
    """Column tests (n per inner node) plus the lines seed 004's check() examines at every leaf."""
    for n in range(1, 8):
        inner = sum(math.perm(n, k) for k in range(n))
        leaves = [seed004_lines(q) for q in permutations(range(n))]
        assert sum(ok for _, ok in leaves) == TOTAL[n]
        expected = n * inner + sum(lines for lines, _ in leaves)
        assert nqueens.count(n, "generate-test", nodes=True).stats["tests"] == expected, n


def test_plain_count_has_no_nodes():
    r = nqueens.count(8, "sieve")
    assert r.nodes is None and r.profile is None and r.stats == {}


# ----------------------------------------------------------------------------------------------------------
# Seed 004's next()


def test_next_walks_all_92_in_enumeration_order():
    walk = []
    q = nqueens.next_solution(8)
    while q is not None:
        walk.append(q)
        q = nqueens.next_solution(8, q)
    assert len(walk) == 92 == len(set(walk))
    assert walk == stream(8, "generate-test") == sorted(oracle(8))


def test_next_matches_seed_004_file():
    _, solutions = board.parse_text(SEED_004_6)
    walk = [nqueens.next_solution(6)]
    while walk[-1] is not None:
        walk.append(nqueens.next_solution(6, walk[-1]))
    assert walk == solutions + [None]


def test_next_small_boards():
    assert nqueens.next_solution(1) == (0,) and nqueens.next_solution(1, (0,)) is None
    assert nqueens.next_solution(2) is None and nqueens.next_solution(3) is None


@pytest.mark.parametrize(
    "q", [(0, 1, 2, 3), (1, 3, 0), (1, 3, 0, 2, 4), (1, 3, 0, 4), (1, 3, 0, 2.0), (1, 3, 0, True), "abcd", 7]
)
def test_next_refuses_a_bad_q(q):
    with pytest.raises(nqueens.NQueensError):
        nqueens.next_solution(4, q)


@pytest.mark.parametrize("n", [0, -1, 33, "x", 2.5])
def test_next_refuses_a_bad_n(n):
    with pytest.raises(nqueens.NQueensError):
        nqueens.next_solution(n)


# ----------------------------------------------------------------------------------------------------------
# Limits, CLI, pure Python


@pytest.mark.parametrize(("name", "limit"), [("bitwise", 63), ("sieve", 63), ("generate-test", 32)])
def test_limits(name, limit):
    """The facade checks the bit-width limit once, for counting and for enumerating."""
    for call in (lambda: nqueens.count(limit + 1, name), lambda: nqueens.batches(limit + 1, name)):
        with pytest.raises(nqueens.NQueensError, match=f"n <= {limit}"):
            call()


def test_registered_as_designed():
    specs = {s.name: s for s in nqueens.solvers()}
    for name in SEED_SOLVERS:
        spec = specs[name]
        assert spec.family == "native" and spec.origin.startswith("seed 00")
        assert {"count", "enumerate", "nodes"} <= set(spec.can) <= {"count", "enumerate", "nodes", "instance"}
        assert ("instance" in spec.can) == (name in ("backtrack", "bitwise"))
        assert spec.reach == 12


def test_cli_count_with_nodes(capsys):
    assert main(["count", "8", "--solver", "avail", "--nodes", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 92 and doc["nodes"] == sum(doc["profile"]) and doc["profile"][0] == 1
    assert doc["stats"]["tests"] == ref_avail(8)


def test_cli_solve_text_format(capsys):
    assert main(["solve", "6", "--solver", "generate-test", "--format", "text"]) == 0
    assert capsys.readouterr().out == SEED_004_6


def test_pure_python_enumeration_and_nodes(jit_free):
    """With NUMBA_DISABLE_JIT=1 the kernels' Python source enumerates and counts nodes like the compiled code."""
    got = jit_free()
    assert sorted(got) == sorted(SEED_SOLVERS)
    for name in SEED_SOLVERS:
        for n in range(1, 7):
            compiled = nqueens.count(n, name, nodes=True)
            assert got[name][n - 1] == [
                [list(q) for q in sorted(oracle(n))],
                list(compiled.profile),
                compiled.stats["tests"],
            ], (name, n)
