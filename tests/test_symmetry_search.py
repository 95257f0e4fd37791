"""Symmetry broken during the search of the tree models (option ``symmetry``): the full ways count one solution per
orbit (OEIS A002562 for queens, A051224 for superqueens, A053994 and the classes of A054500-A054502 for toroidal
queens) and their orbits expand back to A000170; ``half`` gives the exact total; a group with one symmetry left out
finds more than A002562; full breaking explores under half of the tree."""

import json

import numpy as np
import pytest
from helpers import one_error_line, run_cli
from known import SUPERQUEEN, TOROIDAL, TOTAL, UNIQUE
from test_rules import A053994, A054500, A054501, A054502

from nqueens.core.errors import NQueensError
from nqueens.core.published import SUPERQUEEN_UNIQUE
from nqueens.core.rules import get_rule, images, solutions

FULL = ("lex", "sbds", "sbdd")
# each tree with the search settings it takes: plain backtracking, then propagation and the first-fail order
SEARCHES = [
    ("permutation", "none", "static"),
    ("permutation", "forward-checking", "static"),
    ("permutation", "arc-consistency", "first-fail"),
    ("mary", "none", "static"),
    ("mary", "forward-checking", "first-fail"),
    ("subset", "none", "static"),
]


def _module(model):
    from nqueens.models import tree

    return tree.formulation(model)


def _count(model, n, symmetry, propagation="none", order="static", **kw):
    return _module(model).count(n, symmetry=symmetry, propagation=propagation, order=order, nodes=True, **kw)


@pytest.mark.parametrize("way", FULL)
@pytest.mark.parametrize(("model", "propagation", "order"), SEARCHES, ids=["-".join(s) for s in SEARCHES])
def test_full_ways_find_the_fundamental_solutions(model, propagation, order, way):
    for n in range(1, 11):
        r = _count(model, n, way, propagation, order)
        assert (r.unique, r.total) == (UNIQUE[n], TOTAL[n]), n
        assert r.profile[-1] == UNIQUE[n] and r.stats["found"] == UNIQUE[n]
        assert sum(r.classes.values()) == UNIQUE[n] and set(r.classes) <= {1, 2, 4, 8}


@pytest.mark.slow
@pytest.mark.parametrize("way", FULL)
@pytest.mark.parametrize("model", ["permutation", "mary", "subset"])
def test_full_ways_find_the_fundamental_solutions_11_12(model, way):
    for n in (11, 12):
        r = _count(model, n, way, "forward-checking" if model != "subset" else "none")
        assert (r.unique, r.total) == (UNIQUE[n], TOTAL[n]), n


@pytest.mark.parametrize(("model", "propagation", "order"), SEARCHES, ids=["-".join(s) for s in SEARCHES])
def test_half_counts_the_total_from_half_the_first_row(model, propagation, order):
    for n in range(1, 11):
        r = _count(model, n, "half", propagation, order)
        assert (r.total, r.unique, r.classes) == (TOTAL[n], None, None), n
        # the solutions found: those with the first queen left of the middle, and the middle ones (odd n)
        middle = sum(1 for q in solutions(n) if 2 * q[0] == n - 1)
        assert r.stats["found"] == (TOTAL[n] - middle) // 2 + middle


@pytest.mark.parametrize("way", ["half", *FULL])
@pytest.mark.parametrize("model", ["permutation", "mary", "subset"])
def test_streams_against_the_post_hoc_reduction(model, way):
    from nqueens.analysis.symmetry import fundamental

    for n in (1, 5, 6, 8):
        found = [tuple(row) for b in _module(model).batches(n, symmetry=way) for row in b.tolist()]
        every = set(solutions(n))
        assert len(found) == len(set(found)) and set(found) <= every
        if way == "half":
            assert set(found) == every  # each solution found and its mirror image: every solution once
            continue
        orbits = [frozenset(images(q)) for q in found]
        assert len(set(orbits)) == len(orbits) == UNIQUE[n]  # one per orbit
        assert set().union(*orbits) == every if orbits else not every
        if way == "lex":  # the lex-leader is the canonical solution the reduction keeps
            assert set(found) == {q for q, _ in fundamental(sorted(every))}


@pytest.mark.parametrize("way", FULL)
@pytest.mark.parametrize("model", ["permutation", "mary"])
def test_superqueen_classes_are_a051224(model, way):
    for n in (1, 5, 10, 11, 12):
        r = _count(model, n, way, "forward-checking", rule="superqueen")
        assert (r.unique, r.total) == (SUPERQUEEN_UNIQUE[n], SUPERQUEEN[n]), n


def _torus_classes(n):
    return {size: k for board, size, k in zip(A054500, A054501, A054502) if board == n}


@pytest.mark.parametrize("way", FULL)
@pytest.mark.parametrize("model", ["permutation", "mary"])
def test_toroidal_classes_are_a053994_and_a054502(model, way):
    # the torus's group: the square's 8 symmetries with the n^2 translations (orbits up to 8 n^2)
    for n in (1, 4, 5, 6, 7, 11, 13):
        r = _count(model, n, way, "forward-checking", rule="toroidal")
        unique = A053994[(n - 1) // 2] if n % 2 else 0
        assert (r.unique, r.total) == (unique, TOROIDAL[n]), n
        if n > 1:
            assert r.classes == _torus_classes(n), n


def test_square_maps_are_the_rules_group():
    # the group the search reads, map by map, is the one the rules keep (Rule.group acts on whole solutions)
    for rule, n in (("queen", 6), ("superqueen", 10), ("toroidal", 5)):
        r = get_rule(rule)
        for q in list(solutions(n, rule))[:3]:
            board = {(i, c) for i, c in enumerate(q)}
            for squares, g in zip(r.square_maps(n), r.group(n), strict=True):
                image = {divmod(squares[i * n + c], n) for i, c in board}
                assert image == {(i, c) for i, c in enumerate(g(q))}


@pytest.mark.parametrize("way", FULL)
@pytest.mark.parametrize("model", ["permutation", "mary", "subset"])
def test_a_group_missing_one_symmetry_finds_too_many(model, way):
    # planted fault: the group without the row flip, or without the transpose; n = 8 then gives more than 12
    maps = np.array(get_rule("queen").square_maps(8))
    assert _count(model, 8, way, maps=maps).unique == UNIQUE[8]
    for left_out in (1, 4):
        assert _count(model, 8, way, maps=np.delete(maps, left_out, axis=0)).unique > UNIQUE[8]


@pytest.mark.parametrize("propagation", ["none", "forward-checking"])
def test_full_breaking_explores_under_half_the_tree(propagation):
    # measured at n = 10 on the permutation tree: lex 0.25, sbds 0.25, sbdd 0.25 of the feasible nodes of
    # none without propagation; 0.264, 0.218 and 0.263 with forward checking
    none = _count("permutation", 10, "none", propagation)
    for way in FULL:
        r = _count("permutation", 10, way, propagation)
        assert r.nodes < none.nodes / 2 and sum(r.profile) == r.nodes
        assert r.stats["generated"] < none.stats["generated"] / 2  # the explored tree too
        assert r.stats["symmetry_checks"] > 0 and r.stats["pruned_by_symmetry"] > 0
    assert _count("permutation", 10, "half", propagation).nodes < none.nodes / 2 + 1


def test_refused_settings():
    from nqueens.core.instance import Instance

    with pytest.raises(NQueensError, match="generate-and-test"):
        _module("mary").count(5, symmetry="lex", mode="generate-and-test")
    with pytest.raises(NQueensError, match="instance"):
        _module("permutation").count(5, symmetry="sbds", instance=Instance.make(5, queens=((0, 1),)))
    with pytest.raises(NQueensError, match="symmetry must be one of"):
        _module("permutation").count(5, symmetry="mirror")


def test_cli_tree_and_count(capsys):
    code, out, _ = run_cli(capsys, "tree", "8", "--model", "permutation", "--symmetry", "sbdd", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["unique"], doc["total"], doc["feasible"][-1]) == (12, 92, 12)
    assert doc["symmetry_checks"] > 0 and len(doc["pruned_by_symmetry"]) == 9
    code, out, _ = run_cli(capsys, "tree", "10", "--model", "mary", "--symmetry", "lex")
    assert code == 0 and "pruned by symmetry" in out and "unique:    92" in out
    code, out, _ = run_cli(capsys, "count", "9", "--solver", "subset", "--option", "symmetry=sbds", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["total"], doc["unique"], doc["classes"]) == (352, 46, {"4": 4, "8": 42})
    code, _, err = run_cli(capsys, "tree", "8", "--compare", "--symmetry", "lex")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_jit_free_source_breaks_symmetry(jit_free):
    # the kernels' Python source (NUMBA_DISABLE_JIT=1): unique and total of every way, n = 1..6
    got = jit_free()
    for key, rows in got.items():
        way = key.split("/")[1]
        assert [row[0] for row in rows] == [TOTAL[n] for n in range(1, 7)], key
        assert [row[1] for row in rows] == ([None] * 6 if way == "half" else [UNIQUE[n] for n in range(1, 7)]), key


@pytest.mark.parametrize("solver", ["cp", *(pytest.param(s, marks=pytest.mark.slow) for s in ("cpsat", "cpmpy"))])
def test_cp_models_state_half_and_lex(solver):
    import nqueens

    for n in range(1, 9 if solver == "cpmpy" else 11):
        lex = nqueens.count(n, solver, symmetry="lex")
        assert (lex.unique, lex.total) == (UNIQUE[n], TOTAL[n]), n
        assert nqueens.count(n, solver, symmetry="half").total == TOTAL[n]
    assert len({tuple(r) for b in nqueens.batches(8, solver, symmetry="half") for r in b.tolist()}) == TOTAL[8]
    n = 10 if solver == "cpmpy" else 11
    assert nqueens.count(n, solver, symmetry="lex", rule="superqueen").unique == SUPERQUEEN_UNIQUE[n]
    assert len([r for b in nqueens.batches(8, solver, symmetry="lex") for r in b.tolist()]) == UNIQUE[8]
    with pytest.raises(NQueensError, match="symmetry must be one of|must be one of"):
        nqueens.count(6, solver, symmetry="sbds")


def test_cpsat_takes_the_flag_it_had():
    import nqueens

    assert nqueens.count(8, "cpsat", symmetry=True).unique == UNIQUE[8]
    assert nqueens.count(8, "cpsat", symmetry="false").unique is None


def test_the_reproduction_runs_in_its_quick_mode(tmp_path, capsys):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "papers"))
    import symmetry_breaking

    assert symmetry_breaking.main(["--quick", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "symmetry_breaking.png").stat().st_size > 0
    out = capsys.readouterr().out
    assert "| 10 | 17,489 | 8,745 |" in out  # forward checking's tree of 10 queens, none and half
    result = symmetry_breaking.reproduce("quick")
    columns, rows = result.table()
    for row in rows:
        cells = dict(zip(columns, row))
        n = cells["n"]
        assert cells["A002562"] == UNIQUE[n] and cells["full ways find A002562"] and cells["totals are A000170"]
        assert all(cells[way] < cells["none"] / 2 for way in FULL) and cells["half"] < cells["none"]


@pytest.mark.parametrize("way", ["half", *FULL])
def test_the_replay_marks_nodes_pruned_by_symmetry(way, tmp_path, capsys):
    from nqueens.analysis.tracefile import read

    from nqueens.tracing import record

    t = record(8, "mary", symmetry=way)
    a = _module("mary").accounting(8, symmetry=way)
    assert t.profile() == (a.generated, a.feasible) and t.solutions == a.solutions
    assert sum(line.startswith("Y ") for line in t.lines) == sum(a.pruned_by_symmetry) > 0
    assert t.expected["source"] == f"nqueens tree 8 --model mary --propagation none --symmetry {way}"
    path = tmp_path / "t.gz"
    code, _, err = run_cli(capsys, "trace", "8", "--solver", f"permutation:symmetry={way}", "-o", path)
    assert code == 0, err
    assert read(path).options["symmetry"] == way and any(line.startswith("Y ") for line in read(path).lines)


def test_an_exported_tree_marks_the_nodes_pruned_by_symmetry():
    g = _module("mary").graph(6, symmetry="lex")
    a = _module("mary").accounting(6, symmetry="lex")
    marked = [d for _, d in g.nodes(data=True) if d["symmetry"]]
    assert g.graph["symmetry"] == "lex" and len(marked) == sum(a.pruned_by_symmetry) > 0
    assert all(d["pruned"] and not d["solution"] for d in marked)
    assert sum(1 for _, d in g.nodes(data=True) if not d["pruned"]) == a.nodes


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["cp", "cpsat"])
def test_cp_models_lex_11_12(solver):
    import nqueens

    for n in (11, 12):
        r = nqueens.count(n, solver, symmetry="lex")
        assert (r.unique, r.total) == (UNIQUE[n], TOTAL[n]), n


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="needs the minizinc binary")
@pytest.mark.parametrize(
    "model",
    [pytest.param("examples/queens.mzn", marks=pytest.mark.slow), "tests/data/published-models/queens5.mzn"],
)
def test_minizinc_models_state_half_and_lex(model):
    # the toolkit's example and CSPLib's published model (its array named queens), run as they stand with the
    # constraints of the option added as a second model file
    from conftest import ROOT

    import nqueens

    path = str(ROOT / model)
    for n in range(1, 10) if model.startswith("examples") else (8,):  # the published model sets n = 8 itself
        lex = nqueens.count(n, path, symmetry="lex")
        assert (lex.unique, lex.total, lex.stats["found"]) == (UNIQUE[n], TOTAL[n], UNIQUE[n]), n
        assert nqueens.count(n, path, symmetry="half").total == TOTAL[n], n
    boards = [tuple(r) for b in nqueens.batches(8, path, symmetry="lex") for r in b.tolist()]
    assert len(boards) == UNIQUE[8] and len(set().union(*(images(b) for b in boards))) == TOTAL[8]
    assert len({tuple(r) for b in nqueens.batches(8, path, symmetry="half") for r in b.tolist()}) == TOTAL[8]


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="needs the minizinc binary")
def test_the_exported_minizinc_model_takes_symmetry_without_an_instance(tmp_path):
    from nqueens.models.export import minizinc

    import nqueens

    path = tmp_path / "exported.mzn"
    path.write_text(minizinc(8)[0])
    assert nqueens.count(8, str(path), symmetry="lex").unique == UNIQUE[8]
    for way in ("lex", "half"):
        with pytest.raises(NQueensError, match="instance does not keep"):
            nqueens.count(nqueens.Instance(6, blocked=[(0, 0)]), str(path), symmetry=way)


def test_the_minizinc_lex_images_are_the_squares_symmetries():
    # the seven images written in MiniZinc are d4's, evaluated on every solution of n = 8
    from nqueens.models.minizinc import _IMAGES

    from nqueens.core import d4

    for q in solutions(8):
        p = [0] * 8
        for r, c in enumerate(q):
            p[c] = r
        written = {tuple(eval(image, {"q": q, "p": p, "m": 7, "i": i}) for i in range(8)) for image in _IMAGES}
        assert written == {tuple(image) for image in d4.images(list(q), p)}


@pytest.mark.skipif(__import__("shutil").which("minizinc") is None, reason="needs the minizinc binary")
def test_a_minizinc_array_without_column_bounds_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "varint.mzn"
    path.write_text(
        'include "alldifferent.mzn";\nint: n;\narray[1..n] of var int: q;\n'
        "constraint forall(i in 1..n)(q[i] >= 1 /\\ q[i] <= n);\nconstraint alldifferent(q);\n"
        "constraint alldifferent([q[i] + i | i in 1..n]);\nconstraint alldifferent([q[i] - i | i in 1..n]);\n"
        "solve satisfy;\n"
    )
    code, out, err = run_cli(capsys, "count", "6", "--solver", path, "--option", "symmetry=lex")
    assert code == 2 and out == "" and "the array q must be declared over the n columns" in one_error_line(err)
