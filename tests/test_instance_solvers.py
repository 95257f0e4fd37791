"""Every solver with the ``instance`` capability on random blocked, completion and excluded-diagonal instances,
against a brute force over all permutations written here; the published and generated files in tests/data
against answers computed by CP-SAT (tests/instance_answers.json)."""

import json
import os
from itertools import permutations

import pytest
from nqueens.native.instances import random_blocked, random_completion, random_excluded

import nqueens
from nqueens.core.board import is_solution
from nqueens.core.instance import Instance
from nqueens.core.instance_io import read_instance

DATA = os.path.join(os.path.dirname(__file__), "data")

INSTANCE_SOLVERS = [spec for spec in nqueens.solvers() if "instance" in spec.can]


def brute_force(inst):
    """Every permutation of the columns that is an n-queens solution and keeps to the instance's rules,
    checked square by square (not through ``Instance.allowed``)."""
    n = inst.n
    blocked = set(inst.blocked)
    out = set()
    for q in permutations(range(n)):
        if not is_solution(q):
            continue
        if any((r, c) in blocked for r, c in enumerate(q)):
            continue
        if any(q[r] != c for r, c in inst.queens):
            continue
        if any(r + c in inst.excluded_sum or r - c in inst.excluded_difference for r, c in enumerate(q)):
            continue
        out.add(q)
    return out


def _instances():
    cases = []
    for n in (5, 6, 7, 8):
        for seed in range(3):
            cases.append(random_blocked(n, n + seed * 2, seed=seed, min_free=1))
            cases.append(random_completion(n, 1 + seed % 2, seed=seed, method="random"))
            cases.append(random_completion(n, 2, seed=seed, method="solution"))
            cases.append(random_excluded(n, 2 + seed, seed=seed, min_free=1))
    cases.append(
        Instance.make(8, blocked=[(0, 0), (3, 5)], queens=[(1, 2)], excluded_sum=[9], excluded_difference=[-2])
    )
    return cases


CASES = _instances()
EXPECTED = {inst: brute_force(inst) for inst in CASES}


# One SCIP solve per solution (mip) takes seconds: the whole suite runs it.
@pytest.mark.parametrize(
    "spec",
    [pytest.param(s, marks=pytest.mark.slow if s.name == "mip" else ()) for s in INSTANCE_SOLVERS],
    ids=[s.name for s in INSTANCE_SOLVERS],
)
def test_counts_and_solutions_match_brute_force(spec):
    assert any(EXPECTED[inst] for inst in CASES) and any(not EXPECTED[inst] for inst in CASES)
    module = spec.load()
    for inst in CASES:
        want = EXPECTED[inst]
        assert module.count(inst.n, instance=inst).total == len(want), (spec.name, inst.to_dict())
        got = [tuple(int(c) for c in row) for batch in module.batches(inst.n, instance=inst) for row in batch]
        assert len(got) == len(set(got)) and set(got) == want, (spec.name, inst.to_dict())
        assert all(is_solution(q) and inst.admits(q) for q in got)
        if "nodes" in spec.can:
            r = module.count(inst.n, nodes=True, instance=inst)
            assert r.total == len(want) and r.nodes == sum(r.profile) and r.profile[0] == 1


COMPILED = [spec for spec in INSTANCE_SOLVERS if spec.name != "bitmask-recursive"]


@pytest.mark.parametrize("spec", COMPILED, ids=[s.name for s in COMPILED])
def test_larger_instances_match_the_oracle(spec):
    """n = 9, 10: the plain-Python oracle (instance-aware by one mask per row) is the reference."""
    oracle = nqueens.get_solver("bitmask-recursive").load()
    module = spec.load()
    for n in (9, 10):
        for inst in (
            random_blocked(n, 3 * n, seed=n, min_free=3),
            random_excluded(n, n - 2, seed=n),
            random_completion(n, 3, seed=n, method="random"),
        ):
            assert module.count(n, instance=inst).total == oracle.count(n, instance=inst).total, inst.to_dict()


@pytest.mark.parametrize("spec", INSTANCE_SOLVERS, ids=[s.name for s in INSTANCE_SOLVERS])
def test_inconsistent_placed_queens_give_nothing(spec):
    module = spec.load()
    for inst in (
        Instance.make(8, queens=[(0, 0), (3, 3)]),  # same diagonal
        Instance.make(8, queens=[(0, 2), (5, 2)]),  # same column
        Instance.make(8, queens=[(2, 2)], blocked=[(2, 2)]),  # on a blocked square
        Instance.make(8, queens=[(2, 2)], excluded_difference=[0]),  # on an excluded diagonal
    ):
        assert not inst.consistent()
        assert module.count(8, instance=inst).total == 0
        assert sum(len(b) for b in module.batches(8, instance=inst)) == 0


@pytest.mark.parametrize("spec", INSTANCE_SOLVERS, ids=[s.name for s in INSTANCE_SOLVERS])
def test_limit_stops_the_stream(spec):
    inst = random_blocked(10, 12, seed=1)
    stream = spec.load().batches(10, limit=3, instance=inst)
    first = next(stream)
    stream.close()
    assert 1 <= len(first) and all(inst.admits(tuple(int(c) for c in q)) for q in first)


def test_refusing_solvers_say_why():
    for spec in nqueens.solvers():
        if spec.family == "native" and "instance" not in spec.can:
            assert spec.no_instance and "\n" not in spec.no_instance, spec.name
    refusing = [s for s in nqueens.solvers() if s.family == "native" and "instance" not in s.can]
    assert {s.name for s in refusing} >= {"mirror", "sieve"}
    with pytest.raises(nqueens.NQueensError, match="mirror image"):
        nqueens.count(Instance.make(8, blocked=[(0, 0)]), "mirror")
    with pytest.raises(nqueens.NQueensError, match="does not take instances"):
        nqueens.get_solver("mirror").load().count(8, instance=Instance.make(8, blocked=[(0, 0)]))


def _answers():
    with open(os.path.join(DATA, os.pardir, "instance_answers.json")) as handle:
        return json.load(handle)


@pytest.mark.parametrize("name", sorted(_answers()))
def test_data_files_against_cpsat_answers(name):
    """``lines`` decides every file in tests/data as CP-SAT did; small ones are also counted by dlx."""
    answer = _answers()[name]
    inst = read_instance(os.path.join(DATA, name))
    lines = nqueens.get_solver("lines").load()
    stream = lines.batches(inst.n, limit=1, instance=inst)
    first = next(stream, None)
    stream.close()
    assert (first is not None) == answer["satisfiable"]
    if first is not None:
        q = tuple(int(c) for c in first[0])
        assert is_solution(q) and inst.admits(q)
    if answer.get("total") is not None:
        assert lines.count(inst.n, instance=inst).total == answer["total"]
