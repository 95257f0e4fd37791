"""``lines`` above n = 63: the multi-word kernel against OEIS, against the 64-bit kernel (forced onto small boards
through its ``words`` parameter) and against independent solvers (dlx, CP-SAT) on seeded instances of n = 64..120."""

import json

import numpy as np
import pytest
from known import TOTAL
from nqueens.native import lines, lines_wide_kernels
from nqueens.native.instances import random_blocked, random_completion, random_excluded

import nqueens
from nqueens.cli import main
from nqueens.core.board import is_solution
from nqueens.core.instance import Instance
from nqueens.core.instance_io import write_instance


def wide(n, instance=None, *, words=None, chunk=5, budget=7):
    """Total, profile and solutions of the multi-word kernel, resumed after every ``chunk`` solutions or
    ``budget`` placements (small, so that every way out of the kernel and back in is taken)."""
    m, w, bits, state = lines_wide_kernels.start(n, instance, words)
    profile = np.zeros(m + 1, np.int64)
    out = np.empty((chunk, n), np.int64)
    found = []
    while state[0] != -2:
        filled = lines_wide_kernels.search(n, m, w, bits, state, out, profile, budget)
        found += [tuple(row) for row in out[:filled].tolist()]
    return len(found), tuple(int(v) for v in profile), found


def narrow(n, instance=None):
    r = lines.count(n, nodes=True, instance=instance)
    return r.total, r.profile, [tuple(row) for batch in lines.batches(n, instance=instance) for row in batch.tolist()]


@pytest.mark.parametrize("words", [1, 3])
def test_plain_boards_match_oeis_and_the_64_bit_tree(words):
    for n in range(1, 10):
        total, profile, found = wide(n, words=words)
        assert total == TOTAL[n], n
        assert len(set(found)) == total and all(is_solution(q) for q in found)
        assert (total, profile, found) == narrow(n), n


def test_small_instances_give_the_64_bit_answers_tree_and_order():
    cases = [Instance.make(8, blocked=[(0, 0), (3, 5)], queens=[(1, 2)], excluded_sum=[9], excluded_difference=[-2])]
    for n in (6, 8, 10):
        for seed in range(3):
            cases.append(random_blocked(n, 2 * n, seed=seed, min_free=2))
            cases.append(random_completion(n, 2, seed=seed, method="random"))
            cases.append(random_excluded(n, n // 2, seed=seed, min_free=2))
    cases.append(Instance.make(8, queens=[(0, 0), (3, 3)]))  # inconsistent: nothing, not even the root
    cases.append(Instance.make(5, queens=[(0, 0), (1, 2), (2, 4), (3, 1), (4, 3)]))  # complete: the root
    for inst in cases:
        got = wide(inst.n, inst, words=2)
        assert got == narrow(inst.n, inst), inst.to_dict()
        assert all(inst.admits(q) and is_solution(q) for q in got[2])


def _instances():
    """Seeded instances of n = 64..120 that every solver here decides in a few seconds at most: prob079's random
    placement with about sqrt(n / 0.19) free rows (the paper's threshold), 16 free rows of a random solution, and
    blocked boards with half their squares blocked."""
    cases = []
    for n, seed in ((64, 0), (80, 1), (100, 2), (120, 3)):
        free = int((n / 0.19) ** 0.5)
        cases.append(("random", random_completion(n, n - free, seed=seed, method="random")))
        cases.append(("solution", random_completion(n, n - 16, seed=seed, method="solution")))
        cases.append(("blocked", random_blocked(n, n * n // 2, seed=seed)))
    return cases


CASES = _instances()
COMPLETION = [pytest.param(inst, id=f"{kind}-{inst.n}") for kind, inst in CASES if kind != "blocked"]
# CP-SAT takes a few seconds on a blocked board of n >= 100 (its model has n^2 / 2 values)
FIRST = [
    pytest.param(inst, id=f"{kind}-{inst.n}", marks=[pytest.mark.slow] if kind == "blocked" and inst.n >= 100 else [])
    for kind, inst in CASES
]


def test_the_cases_take_both_answers():
    assert {lines.count(i.n, instance=i).total > 0 for _, i in CASES if i.queens} == {True, False}


@pytest.mark.parametrize("inst", COMPLETION)
def test_completion_counts_match_dlx(inst):
    dlx = nqueens.get_solver("dlx").load()
    r = lines.count(inst.n, nodes=True, instance=inst)
    assert r.total == dlx.count(inst.n, instance=inst).total
    assert r.nodes == sum(r.profile) and r.profile[0] == 1
    found = [tuple(int(c) for c in q) for batch in lines.batches(inst.n, instance=inst) for q in batch]
    assert len(found) == len(set(found)) == r.total
    assert all(is_solution(q) and inst.admits(q) for q in found)


@pytest.mark.parametrize("inst", FIRST)
def test_first_solutions_agree_with_cpsat(inst):
    pytest.importorskip("ortools")
    stream = lines.batches(inst.n, limit=1, instance=inst)
    first = next(stream, None)
    stream.close()
    theirs = list(nqueens.solutions(inst, "cpsat", limit=1))
    assert (first is not None) == bool(theirs)
    if first is not None:
        q = tuple(int(c) for c in first[0])
        assert is_solution(q) and inst.admits(q)


def test_limit_is_honoured_through_the_api_and_the_cli(capsys, tmp_path):
    inst = random_completion(100, 80, seed=5, method="solution")
    total = lines.count(100, instance=inst).total
    assert total > 3
    got = list(nqueens.solutions(inst, limit=3))
    assert len(got) == 3 and all(is_solution(q) and inst.admits(q) for q in got)
    path = tmp_path / "completion-100.json"
    write_instance(inst, str(path))
    assert main(["solve", "--instance", str(path), "--limit", "2", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["n"] == 100 and len(doc["solutions"]) == 2
    assert all(is_solution(q) and inst.admits(tuple(q)) for q in doc["solutions"])
    assert main(["count", "--instance", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["solver"] == "lines" and doc["total"] == total


@pytest.mark.slow
def test_a_large_completion_instance_is_answered_at_once(capsys, tmp_path):
    """n = 1000 with 700 queens of a random solution: the default solver's first solution."""
    path = tmp_path / "completion-1000.param"
    assert main(["generate", "completion", "1000", "700", "--seed", "1", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["solve", "--instance", str(path), "--limit", "1", "--format", "json"]) == 0
    (q,) = json.loads(capsys.readouterr().out)["solutions"]
    inst = nqueens.core.instance_io.read_instance(str(path))
    assert inst.n == 1000 and is_solution(tuple(q)) and inst.admits(tuple(q))


def test_compare_runs_lines_on_large_instances(capsys, tmp_path):
    for n, seed in ((70, 1), (130, 2)):
        write_instance(random_completion(n, n - 15, seed=seed, method="solution"), str(tmp_path / f"c{n}.json"))
    argv = ["compare", "--instances", str(tmp_path), "--solvers", "lines,dlx", "--format", "json"]
    assert main([*argv, "--store", str(tmp_path / "runs.sqlite")]) == 0
    records = json.loads(capsys.readouterr().out)
    by_n = {}
    for rec in records:
        assert rec["status"] == "solved", rec
        by_n.setdefault(rec["n"], set()).add(rec["total"])
    assert sorted(by_n) == [70, 130] and all(len(totals) == 1 for totals in by_n.values())


def test_a_board_too_large_for_memory_is_refused_naming_the_bytes(capsys):
    with pytest.raises(nqueens.NQueensError, match=r"solver 'lines' on n = 1000000 needs 1e\+13 bytes"):
        nqueens.count(Instance.make(10**6), "lines")
    assert main(["count", "1000000", "--solver", "lines"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: solver 'lines' on n = 1000000 needs ") and err.count("\n") == 1


def test_the_kernel_runs_as_plain_python(jit_free):
    """With NUMBA_DISABLE_JIT=1 the same source counts n = 1..6 (two words a line) and an n = 70 instance."""
    plain, completion = jit_free()
    assert plain == [TOTAL[n] for n in range(1, 7)]
    assert completion == lines.count(70, instance=random_completion(70, 60, seed=3, method="solution")).total
