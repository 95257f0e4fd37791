"""Certified answers (docs/certify.md): counts, "no solution" and optima of the SAT model with a DRAT proof that
the checker accepts, and every kind of fault in a certificate rejected at the step that finds it.

The numbers come from outside the code under test: OEIS A000170, A051223, A051906 (``tests/known.py``), A075458
and A250000, and the answers of the instance files (``tests/instance_answers.json``,
``tests/published_answers.json``). The checker's encoder is held to pysat's clauses as a second implementation,
and its totalizer bounds to counting by hand.
"""

import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from known import SUPERQUEEN, TOROIDAL, TOTAL

from nqueens.certify import encode, produce
from nqueens.certify.check import Rejected, check
from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance
from nqueens.core.instance_io import read_instance

pytest.importorskip("dratify")

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
# OEIS A075458 (queen domination number) and A250000 (peaceable queens), n = 4..8.
DOMINATION = {4: 2, 5: 3, 6: 3, 7: 4, 8: 5}
PEACEABLE = {4: 2, 5: 4, 6: 5, 7: 7, 8: 9}


def _unsatisfiable():
    """The instance files up to n = 48 whose answer is "no solution", with the seconds their certificate takes
    here (produce and check) beside those over five."""
    answers = {**json.loads((HERE / "instance_answers.json").read_text())}
    answers.update(json.loads((HERE / "published_answers.json").read_text()))
    files = []
    for path in sorted(DATA.rglob("*")):
        said = answers.get(path.name)
        if said is not None and said["satisfiable"] is False:
            files.append(path)
    # The ASP folder's copy of instance 1449787798, unsatisfiable by CSPLib's results (data/published/README.md).
    files.append(DATA / "asp" / "blockedqueens.28.1449787798.param")
    return [p for p in files if read_instance(p).n <= 48]


UNSATISFIABLE = _unsatisfiable()
# Produce plus check on two cores, measured (docs/certify.md): diag-17-16-8 and diag-18-17-2 2 s each (fast tier);
# diag-20-19-5 1 min, diag-19-18-3 4 min, blockedqueens.48 2 min and diag-21-19-5 16 min with a 186 MB
# proof and 3 GB of memory: together past the whole suite's 10 minutes, so they are the heavy tier (make test-heavy).
HEAVY = {"diag-19-18-3.param", "diag-20-19-5.param", "diag-21-19-5.param", "blockedqueens.48.1721237620.param"}


def _stamp(folder):
    """Write the files' digests into the claim again, as whoever altered a file would."""
    import hashlib

    claim = json.loads((folder / "claim.json").read_text())
    claim["files"] = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in claim["files"]}
    (folder / "claim.json").write_text(json.dumps(claim))


def _edit_claim(folder, change):
    claim = json.loads((folder / "claim.json").read_text())
    change(claim)
    (folder / "claim.json").write_text(json.dumps(claim))


# -- counts ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n", [*range(1, 11), *(pytest.param(n, marks=pytest.mark.slow) for n in (11, 12))], ids=lambda n: f"n{n}"
)
def test_a_count_with_its_certificate_is_oeis_and_accepted(cli, tmp_path, n):
    done = cli("count", n, "--solver", "sat", "--certify", tmp_path / "c")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"n = {n}, solver sat: {TOTAL[n]:,} solution{'' if TOTAL[n] == 1 else 's'}"
    said = lines[-1]
    if TOTAL[n] > 1:
        assert said.startswith(f"certified: {TOTAL[n]:,} distinct boards checked, the formula with their blocking")
    assert "DRAT proof" in said and "accepted by dratify" in said
    again = cli("certify", "check", tmp_path / "c", "--json")
    assert again.returncode == 0 and json.loads(again.stdout)["answer"] == TOTAL[n]


def test_the_json_of_a_certified_count_carries_the_certificate(cli, tmp_path):
    doc = json.loads(cli("count", "8", "--solver", "sat", "--certify", tmp_path, "--json").stdout)
    assert doc["total"] == 92
    certificate = doc["certificate"]
    assert certificate["status"] == "accepted" and certificate["checker"] == "dratify"
    assert certificate["proof_bytes"] == (tmp_path / "proof.drat").stat().st_size
    assert set(certificate) == {"status", "checker", "version", "proof_bytes", "check_seconds"}
    claim = json.loads((tmp_path / "claim.json").read_text())
    assert claim["n"] == 8 and claim["answer"] == 92 and claim["encoding"] == "pairwise" and claim["rule"] == "queen"
    assert set(claim["files"]) == {"formula.cnf", "boards.txt", "proof.drat"} and "python-sat" in claim["versions"]
    assert not any(line.startswith("c") for line in (tmp_path / "formula.cnf").read_text().splitlines())


@pytest.mark.parametrize(
    "rule, n, known",
    [("superqueen", 10, SUPERQUEEN[10]), ("toroidal", 7, TOROIDAL[7]), ("queen", 9, TOTAL[9])],
)
@pytest.mark.parametrize("encoding", encode.ENCODINGS)
def test_every_encoding_the_checker_writes_again_and_every_rule(tmp_path, rule, n, known, encoding):
    result = produce.count(n, tmp_path, encoding=encoding, rule=rule)
    verdict = check(tmp_path)
    assert result.total == verdict.answer == verdict.boards == known


def test_an_encoding_the_checker_does_not_write_again_is_refused_in_one_line(cli, tmp_path):
    done = cli("count", "6", "--solver", "sat", "--option", "encoding=totalizer", "--certify", tmp_path, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["certificate"] == {"status": "not checked"}
    assert (
        done.stderr.startswith(f"note: the certificate in {tmp_path} is not checked") and done.stderr.count("\n") == 1
    )
    assert "pairwise" in json.loads((tmp_path / "claim.json").read_text())["note"]
    refused = cli("certify", "check", tmp_path)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "a certificate in encoding totalizer is not checked here" in refused.stderr


def test_the_checkers_encoder_makes_the_models_clauses(tmp_path):
    from nqueens.models.sat import clauses

    def normal(cnf):
        return {tuple(sorted(c)) for c in cnf}

    for encoding, rule, n in itertools.product(encode.ENCODINGS, encode.RULES, range(1, 10)):
        instance = Instance.make(n, blocked=[(0, 0)], queens=[(n - 1, 1)], excluded_difference=[1]) if n > 2 else None
        for problem in (None, instance):
            theirs, top = clauses(n, encoding=encoding, rule=rule, instance=problem)
            mine, my_top = encode.queens(n, rule, None if problem is None else problem.to_dict(), encoding)
            assert normal(theirs) == normal(mine) and top == my_top, (encoding, rule, n, problem)


@pytest.mark.parametrize("bound", ["at_most", "at_least"])
def test_the_bounds_allow_exactly_the_assignments_within_them(bound):
    from pysat.solvers import Solver

    for m in range(1, 8):
        for k in range(-1, m + 2):
            lits = list(range(1, m + 1))
            cnf, _ = getattr(encode, bound)(lits, k, m)
            with Solver(name="minisat22", bootstrap_with=cnf) as solver:
                for bits in itertools.product((0, 1), repeat=m):
                    assumed = [v if b else -v for v, b in zip(lits, bits)]
                    within = sum(bits) <= k if bound == "at_most" else sum(bits) >= k
                    assert solver.solve(assumptions=assumed) == within, (m, k, bits)


# a second or more each: the whole suite runs them, not the fast tier
SECONDS = {
    "diag-17-16-8.param",
    "diag-18-17-2.param",
    "asp-blocked-28-1449787798.param",
    "blockedqueens.28.1449787798.param",
    "28-1449787798.json",
}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, marks=[pytest.mark.slow, pytest.mark.heavy, pytest.mark.timeout(3600)])
        if p.name in HEAVY
        else pytest.param(p, marks=pytest.mark.slow)
        if p.name in SECONDS
        else p
        for p in UNSATISFIABLE
    ],
    ids=lambda p: p.name,
)
def test_every_unsatisfiable_instance_file_gets_a_verified_no_solution(tmp_path, path):
    instance = read_instance(path)
    result = produce.count(instance.n, tmp_path, instance=instance)
    verdict = check(tmp_path)
    assert result.total == verdict.answer == 0 and verdict.boards == 0
    assert json.loads((tmp_path / "claim.json").read_text())["instance"]["n"] == instance.n


def test_the_unsatisfiable_files_are_found():
    names = {p.name for p in UNSATISFIABLE}
    assert {"block-10-50-7.param", "blockedqueens.48.1721237620.param", "28-1449787798.json"} <= names
    assert "completion-diag-10-4-1-10.param" not in names  # n = 2547


# -- optima ------------------------------------------------------------------------------------------------------


def _optimum(problem, n):
    from nqueens.models.sat import optimize

    best = []
    said = optimize(problem, n, improved=lambda solution, objective: best.append(solution))
    assert said["status"] == "optimal"
    return best[-1]


@pytest.mark.parametrize("n", [4, 5, 6, 7, pytest.param(8, marks=pytest.mark.slow)])
def test_the_domination_number_is_certified(tmp_path, n):
    produce.optimum("domination", n, _optimum("domination", n), tmp_path)
    verdict = check(tmp_path)
    assert verdict.answer == DOMINATION[n] and verdict.bound == f"at most {DOMINATION[n] - 1} queens"


@pytest.mark.parametrize("n", [4, 5, *(pytest.param(n, marks=pytest.mark.slow) for n in (6, 7, 8))])
def test_peaceable_armies_are_certified(tmp_path, n):
    produce.optimum("peaceable", n, _optimum("peaceable", n), tmp_path)
    verdict = check(tmp_path)
    assert verdict.answer == PEACEABLE[n] and verdict.bound == f"at least {PEACEABLE[n] + 1} queens of each colour"


def test_optimize_certify_prints_the_certified_line(cli, tmp_path):
    done = cli("optimize", "domination", "5", "--solver", "sat", "--certify", tmp_path)
    assert done.returncode == 0 and "objective: 3 queens" in done.stdout
    doc = json.loads(cli("optimize", "peaceable", "4", "--solver", "sat", "--certify", tmp_path / "p", "--json").stdout)
    assert doc[0]["objective"] == PEACEABLE[4] and doc[0]["certificate"]["status"] == "accepted"
    assert "certified: a placement of 3 queens checked, the formula with at most 2 queens refuted" in done.stdout


def test_a_better_placement_is_not_certified_as_optimal(tmp_path):
    with pytest.raises(NQueensError, match="not the optimum"):
        produce.optimum("domination", 5, [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)], tmp_path)


# -- faults ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    """An instance's count certificate (30 boards), another instance's, and an optimum's."""
    root = tmp_path_factory.mktemp("certificates")
    made = {}
    for name, path in (("count", "published/block-10-24-833.param"), ("other", "block-10-40-3.param")):
        instance = read_instance(DATA / path)
        produce.count(instance.n, root / name, instance=instance)
        made[name] = root / name
    produce.optimum("domination", 6, _optimum("domination", 6), root / "optimum")
    made["optimum"] = root / "optimum"
    return made


def _drop(folder):
    lines = (folder / "boards.txt").read_text().splitlines()
    (folder / "boards.txt").write_text("\n".join(lines[:-1]) + "\n")


def _duplicate(folder):
    lines = (folder / "boards.txt").read_text().splitlines()
    lines[2] = lines[1]
    (folder / "boards.txt").write_text("\n".join(lines) + "\n")


def _shift(folder):
    lines = (folder / "boards.txt").read_text().splitlines()
    lines[1] = ",".join(str(int(c) % 10 + 1) for c in lines[1].split(","))
    (folder / "boards.txt").write_text("\n".join(lines) + "\n")


def _foreign(folder):
    """A board of the plain 10-queens problem that the instance blocks."""
    from nqueens.core.rules import solutions

    instance = read_instance(DATA / "published" / "block-10-24-833.param")
    foreign = next(q for q in solutions(10) if not instance.admits(q))
    lines = (folder / "boards.txt").read_text().splitlines()
    lines[1] = ",".join(str(c + 1) for c in foreign)
    (folder / "boards.txt").write_text("\n".join(lines) + "\n")


def _count(delta):
    return lambda folder: _edit_claim(folder, lambda claim: claim.update(answer=claim["answer"] + delta))


def _truncate(folder):
    lines = (folder / "proof.drat").read_text().splitlines()
    (folder / "proof.drat").write_text("\n".join(lines[: len(lines) // 2]) + "\n")


def _tamper(folder):
    lines = (folder / "formula.cnf").read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("-") and len(line.split()) == 2)  # a unit: blocked
    lines[i] = lines[i][1:]
    (folder / "formula.cnf").write_text("\n".join(lines) + "\n")


def _unblock(folder):
    _edit_claim(folder, lambda claim: claim["instance"]["blocked"].pop(0))


MUTATIONS = {
    "a board dropped": (_drop, "boards", "holds 29 boards"),
    "a board duplicated": (_duplicate, "boards", "repeats board 1"),
    "a board shifted": (_shift, "boards", "board 1"),
    "a board of another instance": (_foreign, "boards", "blocked square"),
    "the count plus one": (_count(1), "boards", "the claim says 31"),
    "the count minus one": (_count(-1), "boards", "the claim says 29"),
    "a truncated proof": (_truncate, "proof", "never derives the empty clause"),
    "a tampered CNF": (_tamper, "formula", "formula.cnf"),
    "a blocked square flipped in the claim": (_unblock, "formula", "which the claim does not make"),
}


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_a_faulty_certificate_is_rejected_at_its_step(certificates, tmp_path, mutation):
    change, step, where = MUTATIONS[mutation]
    folder = tmp_path / "c"
    shutil.copytree(certificates["count"], folder)
    assert check(folder).answer == 30  # untouched: accepted
    change(folder)
    _stamp(folder)
    with pytest.raises(Rejected, match=where) as caught:
        check(folder)
    assert caught.value.step == step


def test_a_proof_of_another_formula_is_rejected(certificates, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(certificates["count"], folder)
    shutil.copy(certificates["other"] / "proof.drat", folder / "proof.drat")
    _stamp(folder)
    with pytest.raises(Rejected, match="dratify rejects the proof") as caught:
        check(folder)
    assert caught.value.step == "proof"


def test_a_file_changed_without_its_digest_is_rejected(certificates, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(certificates["count"], folder)
    _drop(folder)
    with pytest.raises(Rejected, match="boards.txt has SHA-256") as caught:
        check(folder)
    assert caught.value.step == "files"


@pytest.mark.parametrize("short", ["one queen short", "one queen short and claimed so"])
def test_a_placement_one_queen_short_of_the_optimum_is_rejected(certificates, tmp_path, short):
    folder = tmp_path / "o"
    shutil.copytree(certificates["optimum"], folder)
    assert check(folder).answer == DOMINATION[6]

    def drop(claim):
        claim["placement"].pop()
        if short.endswith("so"):
            claim["answer"] -= 1

    _edit_claim(folder, drop)
    with pytest.raises(Rejected, match="2 queens placed" if not short.endswith("so") else "neither occupied nor"):
        check(folder)


def test_a_rejected_certificate_is_one_line_and_exit_status_1(cli, certificates, tmp_path):
    folder = tmp_path / "c"
    shutil.copytree(certificates["count"], folder)
    _duplicate(folder)
    _stamp(folder)
    done = cli("certify", "check", folder)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "error: certificate rejected at step boards: board 2 (" + done.stderr.split("(", 1)[1]
    assert done.stderr.count("\n") == 1


@pytest.mark.slow
def test_elimination_on_in_incremental_mode_gives_a_proof_that_is_rejected(tmp_path):
    """CaDiCaL 1.9.5 with variable elimination on (its default), clauses added between solves: from n = 11 its
    proof fails a checker that applies deletions. An upgrade of pysat that changes this shows here."""
    from nqueens.models.sat import clauses
    from pysat.solvers import Solver

    produce.count(11, tmp_path)
    assert check(tmp_path).answer == 2680  # elimination off: accepted
    with Solver(name="cadical195", with_proof=True, bootstrap_with=clauses(11)[0]) as solver:
        while solver.solve():
            solver.add_clause([-v for v in solver.get_model()[:121] if v > 0])
        (tmp_path / "proof.drat").write_text("\n".join(solver.get_proof()) + "\n")
    _stamp(tmp_path)
    with pytest.raises(Rejected, match="dratify rejects the proof at proof line") as caught:
        check(tmp_path)
    assert caught.value.step == "proof"


# -- the checker stands apart ------------------------------------------------------------------------------------

_CHILD = """
import importlib.abc, sys, types
BLOCKED = ("pysat", "pysolvers", "nqueens.models", "numpy", "numba")
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in BLOCKED):
            raise ImportError(name + " is blocked")
sys.meta_path.insert(0, Block())
for name, folder in (("nqueens", sys.argv[1] + "/nqueens"), ("nqueens.certify", sys.argv[1] + "/nqueens/certify")):
    package = types.ModuleType(name)
    package.__path__ = [folder]
    sys.modules[name] = package
from nqueens.certify.check import check, summary
print(summary(check(sys.argv[2])))
"""


def test_the_checker_runs_where_pysat_and_the_models_cannot_be_imported(certificates):
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(HERE.parent), str(certificates["count"])],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("certified: 30 distinct boards checked")


def test_an_outside_checker_is_judged_by_its_verdict_line_not_its_exit_code(certificates, tmp_path, monkeypatch):
    """cake_lpr exits 0 when it rejects: only its line ``s VERIFIED UNSAT`` accepts."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "drat-trim").write_text("#!/bin/sh\necho 's VERIFIED'\n")
    (bin_ / "cake_lpr").write_text("#!/bin/sh\necho 's NOT VERIFIED'\nexit 0\n")
    for tool in bin_.iterdir():
        tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_))
    with pytest.raises(Rejected, match="cake_lpr rejects the proof: s NOT VERIFIED"):
        check(certificates["count"], "cake_lpr")
    (bin_ / "cake_lpr").write_text("#!/bin/sh\necho 'c checked'\necho 's VERIFIED UNSAT'\n")
    assert check(certificates["count"], "cake_lpr").checker == "cake_lpr"
    with pytest.raises(NQueensError, match="needs veripb on PATH"):
        check(certificates["count"], "veripb")


# -- refusals ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, said",
    [
        (["count", "16", "--solver", "sat"], "forecast at about"),
        (["count", "8", "--solver", "dlx"], "--certify is for --solver sat"),
        (["count", "8", "--solver", "sat", "--option", "satsolver=glucose4"], "satsolver=glucose4 writes none"),
        (["count", "8", "--solver", "sat", "--option", "counter=ganak"], "counter=ganak writes none"),
        (["count", "8", "--solver", "sat", "--nodes"], "does not count nodes"),
    ],
    ids=["past the size limit", "another solver", "another sat solver", "ganak", "nodes"],
)
def test_what_cannot_be_certified_is_refused_in_one_line(cli, tmp_path, argv, said):
    done = cli(*argv, "--certify", tmp_path / "c")
    assert done.returncode == 2 and done.stdout == "" and said in done.stderr and done.stderr.count("\n") == 1
    assert not (tmp_path / "c").exists()


def test_no_certificate_there_is_one_line(cli, tmp_path):
    done = cli("certify", "check", tmp_path)
    assert done.returncode == 2 and done.stderr == f"error: {tmp_path} holds no certificate (no claim.json)\n"


def test_the_forecast_is_the_published_count_times_a_size_per_board():
    assert produce.forecast(12) == (TOTAL[12] * 55 * 12, TOTAL[12])
    assert produce.forecast(10, instance=read_instance(DATA / "block-10-50-7.param")) is None
    with pytest.raises(NQueensError, match="past the limit of 1 GB"):
        produce.forecast_line(16)


def test_compare_certify_adds_the_certified_column_and_stores_it(cli, tmp_path):
    store = tmp_path / "runs.sqlite"
    done = cli("compare", "6..8", "--solvers", "sat", "--certify", tmp_path / "c", "--store", store, "--quiet")
    assert done.returncode == 0, done.stderr
    assert "certified" in done.stdout.splitlines()[0] and done.stdout.count("accepted") == 3
    runs = json.loads(cli("runs", "--store", store, "--format", "json").stdout)
    assert [(r["total"], r["certified"]) for r in runs] == [(TOTAL[n], "accepted") for n in (6, 7, 8)]
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == ["6-sat", "7-sat", "8-sat"]


def test_compare_certify_needs_the_sat_model(cli, tmp_path):
    done = cli("compare", "6..7", "--solvers", "sat,dlx", "--certify", tmp_path)
    assert done.returncode == 2 and "dlx writes none" in done.stderr and done.stderr.count("\n") == 1
