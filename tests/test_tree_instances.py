"""Instances in the state-space trees: blocked squares, pre-placed queens, excluded diagonals.

Counts and solution sets are checked against a brute force over all permutations written here from the
instance's parts (not from ``Instance.allowed``), for random instances of n = 5..8.
"""

import itertools
import random

import pytest
from nqueens.models import mary, permutation, subset

from nqueens.core.instance import Instance

SETTINGS = [(p, o) for p in ("none", "forward-checking", "arc-consistency") for o in ("static", "first-fail")]


def brute_force(inst):
    n = inst.n
    blocked, queens = set(inst.blocked), dict(inst.queens)
    found = set()
    for q in itertools.permutations(range(n)):
        if len({r + c for r, c in enumerate(q)}) < n or len({r - c for r, c in enumerate(q)}) < n:
            continue
        if any((r, c) in blocked for r, c in enumerate(q)):
            continue
        if any(r + c in inst.excluded_sum or r - c in inst.excluded_difference for r, c in enumerate(q)):
            continue
        if any(q[r] != c for r, c in queens.items()):
            continue
        found.add(q)
    return found


def random_instance(kind, n, seed):
    rng = random.Random(seed)
    if kind == "blocked":
        squares = rng.sample([(r, c) for r in range(n) for c in range(n)], n + rng.randrange(n))
        return Instance.make(n, blocked=squares)
    if kind == "completion":
        # queens of one random solution (consistent), or random squares (often inconsistent)
        if seed % 2:
            q = rng.choice(sorted(brute_force(Instance.make(n))))
            rows = rng.sample(range(n), rng.randrange(1, 3))
            return Instance.make(n, queens=[(r, q[r]) for r in rows])
        return Instance.make(n, queens=[(r, rng.randrange(n)) for r in rng.sample(range(n), 2)])
    return Instance.make(
        n,
        excluded_sum=rng.sample(range(2 * n - 1), rng.randrange(1, 4)),
        excluded_difference=rng.sample(range(-(n - 1), n), rng.randrange(0, 3)),
    )


INSTANCES = [(kind, n, seed) for kind in ("blocked", "completion", "excluded") for n in range(5, 9) for seed in (1, 2)]


@pytest.mark.parametrize(("kind", "n", "seed"), INSTANCES, ids=[f"{k}-{n}-{s}" for k, n, s in INSTANCES])
def test_counts_and_solutions_agree_with_brute_force(kind, n, seed):
    inst = random_instance(kind, n, seed)
    want = brute_force(inst)
    trees = [(mary, s) for s in SETTINGS] + [(permutation, s) for s in SETTINGS] + [(subset, ("none", "static"))]
    for module, (propagation, order) in trees:
        settings = {"propagation": propagation, "order": order} if module is not subset else {}
        if module is subset and n > 7:
            continue  # the cell tree is slow in pure backtracking
        assert module.count(n, instance=inst, **settings).total == len(want), (module.__name__, settings, inst)
        got = [tuple(q) for batch in module.batches(n, instance=inst, **settings) for q in batch.tolist()]
        assert len(got) == len(set(got)) and set(got) == want, (module.__name__, settings, inst)
        assert all(inst.admits(q) for q in got)


def test_some_instances_have_solutions_and_some_do_not():
    sizes = [len(brute_force(random_instance(*case))) for case in INSTANCES]
    assert any(sizes) and not all(sizes)


@pytest.mark.parametrize("module", [mary, permutation, subset], ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_an_inconsistent_instance_has_no_solution(module):
    attacking = Instance.make(6, queens=[(0, 0), (2, 2)])
    on_a_block = Instance.make(6, queens=[(1, 3)], blocked=[(1, 3)])
    for inst in (attacking, on_a_block):
        assert not inst.consistent()
        settings = SETTINGS if module is not subset else [("none", "static")]
        for propagation, order in settings:
            kw = {"propagation": propagation, "order": order} if module is not subset else {}
            assert module.count(6, instance=inst, **kw).total == 0
            assert list(module.batches(6, instance=inst, **kw)) == []


def test_generate_and_test_keeps_to_the_instance():
    inst = Instance.make(6, excluded_sum=[5])
    want = brute_force(inst)
    for module in (mary, permutation):
        assert module.count(6, mode="generate-and-test", instance=inst).total == len(want)
    assert subset.count(4, mode="generate-and-test", instance=Instance.make(4, blocked=[(0, 1)])).total == 1


def test_propagation_prunes_the_forbidden_squares_at_the_root():
    inst = Instance.make(8, blocked=[(0, c) for c in range(4)])
    a = mary.accounting(8, propagation="forward-checking", instance=inst)
    assert a.pruned_by_propagation[1] == 4 and a.generated[1] == 4
    assert a.solutions == len(brute_force(inst))


def test_through_the_facade():
    import nqueens

    inst = random_instance("blocked", 7, 3)
    want = brute_force(inst)
    for name in ("mary", "permutation", "subset"):
        r = nqueens.count(inst, name, nodes=True)
        assert r.total == len(want) and r.stats["instance"] == inst.describe()
        assert set(nqueens.solutions(inst, name)) == want
    assert nqueens.count(inst, "mary", propagation="arc-consistency", order="first-fail").total == len(want)
