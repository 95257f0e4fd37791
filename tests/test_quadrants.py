"""The quadrant counter against OEIS and against the fast counter."""

import numpy as np
import pytest
from known import TOTAL, UNIQUE
from nqueens.native import quadrants
from nqueens.native import quadrants_kernels as kernels

import nqueens
from nqueens.api import request
from nqueens.core.errors import NQueensError

# OEIS A032522, solutions fixed by the half turn ("point symmetric"), n = 1..20 (offset 1).
A032522 = (1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136, 420, 1240, 3000, 8152, 18104, 44184, 144620)
# OEIS A033148, solutions fixed by the quarter turn ("rotationally symmetric"), n = 1..20 (offset 1).
A033148 = (1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480)


@pytest.mark.parametrize("n", range(1, 15))
def test_against_oeis_and_fast(n):
    r = quadrants.count(n)
    fast = nqueens.count(n, "fast", store="none")
    assert r.total == TOTAL[n] == fast.total
    assert r.unique == UNIQUE[n] == fast.unique
    assert r.classes == {size: number for size, number in fast.classes.items() if number}


@pytest.mark.parametrize("n", [*range(1, 20), pytest.param(20, marks=pytest.mark.slow)])
def test_rotation_fixed_counts(n):
    assert kernels.symmetric_count(n, 2, 0, n)[0] == A032522[n - 1]
    if n <= 17:
        assert kernels.symmetric_count(n, 1, 0, n)[0] == A033148[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [15, 16])
def test_slow_exact(n):
    r = quadrants.count(n, workers=2)
    assert (r.total, r.unique) == (TOTAL[n], UNIQUE[n])
    assert r.stats["fixed_180"] == A032522[n - 1] and r.stats["fixed_90"] == A033148[n - 1]


def test_quadrant_table_sizes():
    for h in range(8):
        offsets, pieces = kernels.quadrant_table(h)
        assert len(pieces) == offsets[-1] == quadrants.QUADRANT_PLACEMENTS[h]


def test_memory_refusal_names_bytes_and_the_option():
    with pytest.raises(NQueensError, match=r"n = 24 needs about \d+ bytes .* --option memory=\d+G"):
        quadrants.plan(24, memory="1G")
    with pytest.raises(NQueensError, match=r"needs about \d+ bytes .*memory budget of 2097152 bytes"):
        quadrants.count(16, memory="2M")
    with pytest.raises(NQueensError, match="limit"):  # the facade checks the limit, once
        nqueens.count(quadrants.MAX_N + 1, "quadrants")


def test_memory_option_values():
    assert quadrants.parse_memory("8G") == quadrants.parse_memory("8GiB") == 8 * 1024**3
    assert quadrants.parse_memory("1.5g") == 3 * 1024**3 // 2 and quadrants.parse_memory(5 << 20) == 5 << 20
    for bad in ("lots", "-1G", "8X", True, 1000, "0.5K"):
        with pytest.raises(NQueensError, match="memory must be a size"):
            quadrants.parse_memory(bad)
    # An explicit budget is trusted over the memory free now; the default is what is available.
    assert len(quadrants.plan(12, memory="64G")) == len(quadrants.plan(12))


def test_memory_option_on_the_command_line(capsys):
    from nqueens.cli import main

    assert main(["count", "16", "--solver", "quadrants", "-o", "memory=1M", "--store", "none"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: n = 16 needs about ") and len(err.splitlines()) == 1
    assert "--option memory=" in err
    assert main(["count", "13", "--solver", "quadrants", "-o", "memory=1G", "--store", "none", "--json"]) == 0
    assert f'"total": {TOTAL[13]}' in capsys.readouterr().out


def test_join_in_blocks_against_brute_force():
    """The join's blocks of bit planes (several of them: more than BLOCK_WORDS * 64 keys) against a plain
    count of the pairs of keys with no common bit, with weights and long-diagonal marks."""
    rng = np.random.default_rng(7)
    width = 5  # chunks of 5 bits: keys of 40 bits
    ne = kernels.BLOCK_WORDS * 64 * 2 + 77
    ekeys = np.zeros(ne, np.uint64)
    for b in range(40):
        ekeys |= (rng.random(ne) < 0.06).astype(np.uint64) << np.uint64(b)
    wkeys = np.zeros(300, np.uint64)
    for b in range(40):
        wkeys |= (rng.random(300) < 0.06).astype(np.uint64) << np.uint64(b)
    table = np.zeros((kernels.CHUNKS << width, kernels.BLOCK_WORDS + 16), np.uint64)
    marks = np.uint64((1 << 3) | (1 << 30))
    partners = np.array([int(np.count_nonzero((ekeys & w) == 0)) for w in wkeys])
    marked = np.array([bin(int(w & marks)).count("1") for w in wkeys])
    assert partners.sum() > 0 and (marked > 0).any()
    assert kernels._match(wkeys, 300, ekeys, ne, width, table, np.uint64(0), 1) == partners.sum()
    weights = np.where(marked > 0, 2**marked, 2)
    assert kernels._match(wkeys, 300, ekeys, ne, width, table, marks, 2) == int((weights * partners).sum())


@pytest.mark.parametrize("cuts", [0, 3, 6, 10])
@pytest.mark.parametrize("marked", ["planes", "iterated"])
def test_join_in_buckets_against_brute_force(cuts, marked):
    """The bucketed join (keys filed by their cut bits, only compatible buckets compared, several blocks of bit
    planes, the weight read off the marks of either side) against a plain count of the pairs."""
    rng = np.random.default_rng(11)
    width = 5  # chunks of 5 bits: keys of 40 bits

    def keys(count, density):
        out = np.zeros(count, np.uint64)
        for b in range(40):
            out |= (rng.random(count) < density[b]).astype(np.uint64) << np.uint64(b)
        return out

    density = np.where(np.abs(np.arange(40) - 20) < 6, 0.4, 0.05)  # some bits held often, as in the middle
    marks = np.uint64((1 << 3) | (1 << 30))
    left = keys(kernels.BLOCK_WORDS * 64 * 2 + 77, density)
    right = keys(500, density) & ~marks  # the right halves never hold the long diagonals
    partners = np.array([int(np.count_nonzero((left & v) == 0)) for v in right])
    held = np.array([[bin(int(u & marks)).count("1") for u in left]])
    pairs = (left[None, :] & right[:, None]) == 0
    table = np.zeros((kernels.CHUNKS << width, kernels.BLOCK_WORDS + 16), np.uint64)
    isort = np.zeros(len(left), np.uint64)
    tsort = np.zeros(len(left) + 256, np.uint64)
    for plain in (0, 2):
        weights = np.where(held > 0, 2**held, plain)
        expected = int((pairs * weights).sum())
        assert partners.sum() > 0 and expected > 0
        if marked == "planes":
            found = kernels._match_cut(
                right, len(right), left, len(left), width, table, marks, plain, cuts, isort, tsort
            )
        else:
            found = kernels._match_cut(
                left, len(left), right, len(right), width, table, marks, plain, cuts, isort, tsort
            )
        assert found == expected


@pytest.mark.slow
@pytest.mark.timeout(1800)  # a fixed amount of work: the suite's 300 s is too short for it on a busy 2-core machine
@pytest.mark.parametrize("n", [20, 21])
def test_join_in_buckets_against_the_plain_join(n):
    """Joins of n = 20 and 21 large enough for buckets (the centre queen, the middle-row queen's filter and the
    long-diagonal weights among them) count the same as the join that compares every pair of keys."""
    offsets, pieces = quadrants._table(n // 2)
    jobs = quadrants.row_splits(n)
    jobs = np.ascontiguousarray(np.concatenate([jobs[:2], jobs[len(jobs) // 3 :: len(jobs) // 3][:3], jobs[-2:]]))
    plain, bucketed = np.zeros(2 * len(jobs), np.int64), np.zeros(2 * len(jobs), np.int64)
    kernels.join_splits(n, offsets, pieces, jobs, plain, 0)
    kernels.join_splits(n, offsets, pieces, jobs, bucketed)
    assert plain[: len(jobs)].sum() > 0 and np.array_equal(plain, bucketed)


def test_forecast_uses_the_counters_own_growth(monkeypatch):
    """The quadrant counter does not backtrack: its forecast never asks the tree estimator."""
    from nqueens.runtime import forecast as forecast_module

    def no_tree(*args, **kwargs):
        raise AssertionError("the tree estimator was called for the quadrant counter")

    monkeypatch.setattr(forecast_module, "quick_estimate", no_tree)
    monkeypatch.setattr(forecast_module, "_calibrate", no_tree)
    guess = forecast_module.forecast(request(20, "quadrants", workers=2))
    assert guess.method == "growth" and guess.seconds > 0 and guess.memory == quadrants.memory_needed(20, 2)
    # The model: this machine's time for the calibration board times the reference growth from there.
    ratio = quadrants.REFERENCE_SECONDS[20] / quadrants.REFERENCE_SECONDS[guess.calibration_n]
    assert guess.seconds == pytest.approx(guess.rate * ratio / 2)
    # The time measured is kept with the machine's rates: the next forecast reads it and times nothing.
    monkeypatch.setattr(forecast_module, "_time_growth", no_tree)
    assert forecast_module.forecast(request(20, "quadrants", workers=2)).rate == guess.rate
    assert forecast_module.long_run_warning(request(16, "quadrants")) is None
    # A budget of its own: the request then leaves the memory to the plan (this machine may have less than 22 GiB).
    text = forecast_module.long_run_warning(request(25, "quadrants", workers=2, memory="64G"))
    assert text.startswith("warning: counting n = 25 with quadrants is forecast to take about ")
    assert "of memory" in text and "Knuth" not in text


def test_plan_deterministic_and_task_pure():
    a, b = quadrants.plan(13), quadrants.plan(13)
    assert [s.digest for s in a] == [s.digest for s in b] and len({s.key for s in a}) == len(a)
    assert all(np.array_equal(x.payload[1], y.payload[1]) for x, y in zip(a, b) if x.payload[0] == quadrants.JOIN)
    s = a[3]
    assert quadrants.task(s.n, s.index, s.payload) == quadrants.task(s.n, s.index, s.payload)
    results = [quadrants.task(s.n, s.index, s.payload) for s in a]
    assert quadrants.combine(13, results[::-1])["total"] == TOTAL[13]


def test_bad_options():
    with pytest.raises(NQueensError):
        quadrants.count(8, workers=0)


def test_through_the_facade():
    r = nqueens.count(13, "quadrants", workers=2, store="none")
    fast = nqueens.count(13, "fast", store="none")
    assert (r.total, r.unique, r.classes) == (TOTAL[13], UNIQUE[13], fast.classes)
    assert r.stats["subproblems"] == len(quadrants.plan(13))


def test_python_source_without_jit(jit_free):
    """The same kernels as plain Python (NUMBA_DISABLE_JIT=1), n <= 8."""
    assert jit_free() == [[TOTAL[n], UNIQUE[n]] for n in range(1, 9)]
