"""The symmetry module against a plain geometric reference, OEIS, Burnside, networkx and the fast counter."""

import json
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from known import TOTAL, UNIQUE
from nqueens.analysis import symmetry
from nqueens.analysis.symmetry import (
    SYMMETRIES,
    burnside,
    canonical,
    classes,
    fundamental,
    images,
    orbit,
    orbit_graph,
    orbit_size,
    symmetry_type,
    transform,
)

import nqueens

ENUMERATORS = [s for s in nqueens.solvers() if "enumerate" in s.can]
UNIQUE_COUNTERS = [s for s in nqueens.solvers() if "unique" in s.can]


# The reference: move every queen (row r, column c) as the geometry says, one point at a time.
_MOVES = {
    "identity": lambda n, r, c: (r, c),
    "rot90": lambda n, r, c: (c, n - 1 - r),
    "rot180": lambda n, r, c: (n - 1 - r, n - 1 - c),
    "rot270": lambda n, r, c: (n - 1 - c, r),
    "flip-rows": lambda n, r, c: (n - 1 - r, c),
    "flip-cols": lambda n, r, c: (r, n - 1 - c),
    "transpose": lambda n, r, c: (c, r),
    "anti-transpose": lambda n, r, c: (n - 1 - c, n - 1 - r),
}


def reference_image(q, name):
    n = len(q)
    moved = dict(_MOVES[name](n, r, c) for r, c in enumerate(q))
    return tuple(moved[r] for r in range(n))


def reference_orbit(q):
    return {reference_image(q, name) for name in SYMMETRIES}


permutations = st.integers(1, 14).flatmap(lambda n: st.permutations(range(n))).map(tuple)


def test_names_are_the_eight_elements_of_d4():
    assert len(SYMMETRIES) == len(set(SYMMETRIES)) == 8 and SYMMETRIES[0] == "identity"
    assert set(SYMMETRIES) == set(_MOVES)


@settings(max_examples=200, deadline=None)
@given(permutations)
def test_transform_moves_every_queen_like_the_geometry(q):
    for name in SYMMETRIES:
        assert transform(q, name) == reference_image(q, name), name
    assert images(q) == [reference_image(q, name) for name in SYMMETRIES]


@settings(max_examples=200, deadline=None)
@given(permutations)
def test_canonical_orbit_and_size_match_the_reference(q):
    ref = reference_orbit(q)
    assert canonical(q) == min(ref)
    assert orbit(q) == sorted(ref)
    assert orbit_size(q) == len(ref)
    assert symmetry_type(q) == tuple(name for name in SYMMETRIES if reference_image(q, name) == q)
    assert len(symmetry_type(q)) * orbit_size(q) == 8  # orbit-stabiliser


def test_the_group_closes_and_rot90_has_order_four():
    q = (2, 4, 1, 7, 0, 6, 3, 5)
    r = q
    for _ in range(4):
        r = transform(r, "rot90")
    assert r == q
    every = set(images(q))
    for image in every:
        assert set(images(image)) == every
    assert transform(transform(q, "flip-rows"), "flip-cols") == transform(q, "rot180")
    assert transform(transform(q, "transpose"), "flip-cols") == transform(q, "rot90")


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.lists(st.permutations(range(n)), min_size=1, max_size=40)))
def test_the_reduction_kernel_agrees_with_the_vectorised_canonical_form(rows):
    batch = np.array(rows, dtype=np.uint8)
    canonical_rows = (canonical(batch) == batch).all(axis=1)
    kept = [q for q, _ in fundamental(batch)]
    assert kept == [tuple(map(int, q)) for q, keep in zip(rows, canonical_rows) if keep]
    assert orbit_size(batch).tolist() == [len(reference_orbit(tuple(q))) for q in rows]


def test_pure_python_kernel(jit_free):
    """The reduction kernel's source runs as plain Python (NUMBA_DISABLE_JIT=1) with the same results."""
    got = jit_free()
    assert got == [{str(k): v for k, v in classes(nqueens.batches(n)).items()} for n in range(1, 8)]
    assert [sum(c.values()) for c in got] == [UNIQUE[n] for n in range(1, 8)]


def test_batches_and_tuples_agree():
    batch = next(nqueens.batches(8))
    for name in SYMMETRIES:
        out = transform(batch, name)
        assert out.shape == batch.shape and out.dtype == batch.dtype
        assert [tuple(row) for row in out.tolist()] == [transform(tuple(q), name) for q in batch.tolist()]
    assert images(batch).shape == (8,) + batch.shape
    assert canonical(batch).tolist() == [list(canonical(tuple(q))) for q in batch.tolist()]
    assert orbit_size(batch).tolist() == [orbit_size(tuple(q)) for q in batch.tolist()]


def check_fundamental(spec, ns):
    assert ns, f"no n to check for {spec.name}"  # a range that is empty checks nothing
    for n in ns:
        found = list(fundamental(nqueens.batches(n, spec.name)))
        assert len(found) == UNIQUE[n], n
        assert sum(size for _, size in found) == TOTAL[n], n
        assert len({q for q, _ in found}) == len(found), n
        if n <= 9:
            for q, size in found:
                assert q == min(reference_orbit(q)) and size == len(reference_orbit(q)), (n, q)


@pytest.mark.parametrize("spec", ENUMERATORS, ids=lambda s: s.name)
def test_fundamental_gives_oeis_unique_counts_for_every_enumerator(spec):
    check_fundamental(spec, range(1, min(10, spec.reach) + 1))


@pytest.mark.slow
@pytest.mark.parametrize("spec", [s for s in ENUMERATORS if s.reach >= 11], ids=lambda s: s.name)
def test_fundamental_for_every_enumerator_up_to_12(spec):
    """The enumerators that reach n = 11 (the others are checked up to their reach above)."""
    check_fundamental(spec, range(11, min(12, spec.reach) + 1))


@pytest.mark.parametrize("n", range(1, 10))
def test_fundamental_matches_orbits_from_the_reference(n):
    all_solutions = list(nqueens.solutions(n, "bitmask-recursive"))
    orbits = {frozenset(reference_orbit(q)) for q in all_solutions}
    want = sorted((min(o), len(o)) for o in orbits)
    assert sorted(fundamental(all_solutions)) == want
    assert classes(all_solutions) == dict(sorted(_count_sizes(len(o) for o in orbits).items()))


@pytest.mark.parametrize("spec", UNIQUE_COUNTERS, ids=lambda s: s.name)
def test_classes_agree_with_counters_that_know_them(spec):
    if "device" in spec.can or spec.name == "gpu":
        from nqueens.native._gpu_probe import device_present

        if not device_present():
            pytest.skip("no CUDA device: the gpu counter's classes are tested under the simulator (test_gpu.py)")
    for n in range(1, min(12, spec.reach) + 1):
        r = nqueens.count(n, spec.name)
        assert classes(nqueens.batches(n)) == {k: v for k, v in sorted(r.classes.items()) if v}, n


@pytest.mark.parametrize("n", range(1, 13))
def test_burnside_agrees_with_oeis(n):
    unique, fixed = burnside(n, nqueens.batches(n))
    assert unique == UNIQUE[n]
    assert fixed["identity"] == TOTAL[n]
    if n > 1:  # no reflection fixes a queens solution
        assert all(fixed[name] == 0 for name in ("flip-rows", "flip-cols", "transpose", "anti-transpose"))
    assert fixed["rot90"] == fixed["rot270"] <= fixed["rot180"]


@pytest.mark.parametrize("n", range(1, 10))
def test_orbit_graph_components_are_the_orbits(n):
    graph = orbit_graph(nqueens.solutions(n))
    components = list(nx.connected_components(graph))
    assert graph.number_of_nodes() == TOTAL[n]
    assert len(components) == UNIQUE[n]
    assert _count_sizes(len(c) for c in components) == _count_sizes(size for _, size in fundamental(nqueens.batches(n)))
    assert sorted(min(c) for c in components) == sorted(q for q, _ in fundamental(nqueens.batches(n)))


def test_fundamental_does_not_depend_on_order_or_chunking(monkeypatch):
    every = list(nqueens.solutions(10))
    want = sorted(fundamental(every))
    random.Random(10).shuffle(every)
    assert sorted(fundamental(every)) == want
    monkeypatch.setattr(symmetry, "_CHUNK", 7)
    assert sorted(fundamental(every)) == want
    assert sorted(fundamental(np.array(every, dtype=np.int64))) == want
    assert sorted(fundamental([list(q) for q in every])) == want


def test_fundamental_on_an_input_not_closed_under_symmetry():
    # The documented behaviour: only the canonical members present, each with its full orbit size.
    every = list(nqueens.solutions(8))
    half = every[: len(every) // 2]
    got = list(fundamental(half))
    assert got == [(q, len(reference_orbit(q))) for q in half if q == min(reference_orbit(q))]
    with pytest.raises(nqueens.NQueensError, match="not closed"):
        burnside(8, half[:3])


def test_empty_input():
    assert list(fundamental(nqueens.batches(3))) == []
    assert classes([]) == {}
    assert burnside(2, []) == (0, dict.fromkeys(SYMMETRIES, 0))


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: transform((1, 3, 0, 2), "rot45"), "unknown symmetry"),
        (lambda: transform((0, 0, 1), "rot90"), "not a permutation"),
        (lambda: canonical((0, 3)), "0..1"),
        (lambda: orbit_size((-1, 0)), "0..1"),
        (lambda: canonical((0.5, 1.0)), "integer"),
        (lambda: list(fundamental([(1, 3, 0, 2), (0, 2, 4, 1, 3)])), "different sizes"),
        (lambda: burnside(5, nqueens.batches(4)), "expected n = 5"),
    ],
)
def test_bad_input_raises_nqueens_error(call, fragment):
    with pytest.raises(nqueens.NQueensError, match=fragment):
        call()


def _count_sizes(sizes):
    tally = {}
    for size in sizes:
        tally[size] = tally.get(size, 0) + 1
    return tally


# --- nqueens solve --fundamental -------------------------------------------------------------------------------


def _cli(capsys, *argv):
    from nqueens.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_8_fundamental_json(capsys):
    code, out, _ = _cli(capsys, "solve", "8", "--fundamental", "--format", "json")
    n, solutions, orbits = nqueens.core.board.parse_json(out)
    assert code == 0 and n == 8 and len(solutions) == UNIQUE[8] == 12
    assert sorted(orbits) == [4] + [8] * 11
    for q, size in zip(solutions, orbits):
        assert nqueens.core.board.is_solution(q) and q == min(reference_orbit(q)) and size == len(reference_orbit(q))


@pytest.mark.parametrize("spec", ENUMERATORS, ids=lambda s: s.name)
def test_solve_fundamental_works_with_every_enumerator(capsys, spec):
    code, out, _ = _cli(capsys, "solve", "7", "--fundamental", "--json", "--solver", spec.name)
    doc = json.loads(out)
    assert code == 0 and len(doc["solutions"]) == UNIQUE[7] and sum(doc["orbits"]) == TOTAL[7]


def test_solve_fundamental_text_declares_the_unique_count(capsys):
    code, out, _ = _cli(capsys, "solve", "6", "--fundamental", "--format", "text")
    assert code == 0 and out == "1\n2,4,6,1,3,5\n"  # seed 004's first 6-queens solution, orbit of four
    code, out, _ = _cli(capsys, "solve", "8", "--fundamental", "--format", "text", "--limit", "5")
    lines = out.splitlines()
    assert lines[0] == "5" and len(lines) == 6


def test_solve_fundamental_limit_counts_fundamental_solutions(capsys):
    code, out, _ = _cli(capsys, "solve", "10", "--fundamental", "--json", "--limit", "4")
    doc = json.loads(out)
    assert len(doc["solutions"]) == len(doc["orbits"]) == 4
    assert all(tuple(q) == min(reference_orbit(tuple(q))) for q in doc["solutions"])
    code, out, _ = _cli(capsys, "solve", "4", "--fundamental")
    assert out == ".Q..\n...Q\nQ...\n..Q.\n"
