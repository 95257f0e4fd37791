"""Gent, Jefferson & Nightingale 2017: the phase transition of excluded-diagonal and blocked n-queens instances.

The paper's generators (CSPLib prob079 ``queens-diag-gen.py``, prob080 ``blocked-gen.py``) are the toolkit's
``nqueens generate excluded|blocked N K --seed S`` (:mod:`nqueens.native.instances`): with the same seed they give
the paper's own excluded-diagonal instances, the first M diagonals of seed S's list. Each instance is decided
(a first solution, or none) by the experiment runner (:func:`nqueens.experiments.run`, question ``first``) with
the instance solver ``lines`` and, on a subset, CP-SAT, the SAT model and OR-tools' classic CP, which must agree.
As M / n grows the instances go from almost all satisfiable to almost none, and the effort peaks where half are:
the paper's phase transition. The published column is the paper's own results file (1,000 instances per n and M,
its bit solver).

Usage::

    python examples/papers/gent_jefferson_nightingale.py --quick   # n = 10, 12, 14, seeds 1..15; blocked n = 10
    python examples/papers/gent_jefferson_nightingale.py --full    # n = 10..21, seeds 1..100 (about 2 h)
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _papers import NOT_AVAILABLE, Reproduction, command_line, published  # noqa: E402
from nqueens.analysis.compare import run_time  # noqa: E402

__all__ = ["PAPER", "SETTINGS", "SOLVERS", "reproduce", "main"]

PAPER = "gent_jefferson_nightingale"
SOLVERS = ("lines", "cpsat", "sat", "cp")
SETTINGS = {
    "quick": {
        "ns": (10, 12, 14), "seeds": range(1, 16),
        "solvers_n": (10,), "solvers_m": range(4, 9), "solvers_seeds": range(1, 9),
        "blocked_n": 10, "blocked_k": range(0, 49, 6), "blocked_seeds": range(1, 11), "timeout": None,
    },
    "full": {
        "ns": tuple(range(10, 22)), "seeds": range(1, 101),
        "solvers_n": (10, 12, 14), "solvers_m": None, "solvers_seeds": range(1, 101),
        "blocked_n": 12, "blocked_k": range(0, 81, 4), "blocked_seeds": range(1, 101), "timeout": 60,
    },
}  # fmt: skip
FULL_SECONDS = 7200


def reproduce(mode="quick", store=None):
    """The phase-transition tables and the figure; a full run's runs go to ``store`` through the runner."""
    from nqueens.native.instances import random_blocked, random_excluded

    from nqueens import experiments
    from nqueens.core.instance_io import write_instance

    pub = published(PAPER)
    rows_pub = {(r["n"], r["m"]): r for r in pub["excluded_diagonals"]["rows"]}
    settings = SETTINGS[mode]
    start = time.perf_counter()
    if store is not None:
        folder = Path(store).parent / "papers" / "gjn-instances"
        folder.mkdir(parents=True, exist_ok=True)
        keep = None
    else:
        keep = tempfile.TemporaryDirectory(prefix="nqueens-gjn-")
        folder = Path(keep.name)

    def write(name, inst):
        path = folder / f"{name}.json"
        if not path.exists():
            write_instance(inst, path)
        return str(path)

    jobs = {}  # solver column -> instance paths
    for n in settings["ns"]:
        for m in _ms(rows_pub, n):
            for seed in settings["seeds"]:
                path = write(f"diag-{n}-{m}-{seed}", random_excluded(n, m, seed=seed))
                jobs.setdefault("lines", []).append(path)
                subset = settings["solvers_m"]
                if n in settings["solvers_n"] and (subset is None or m in subset) and seed in settings["solvers_seeds"]:
                    for solver in SOLVERS[1:]:
                        jobs.setdefault(solver, []).append(path)
    bn = settings["blocked_n"]
    for k in settings["blocked_k"]:
        for seed in settings["blocked_seeds"]:
            jobs["lines"].append(write(f"block-{bn}-{k}-{seed}", random_blocked(bn, k, seed=seed)))

    records = []
    try:
        for solver, paths in jobs.items():
            run = experiments.run(
                experiments.problems_from_instances(paths),
                experiments.parse_solvers(solver),
                question="first",
                timeout=settings["timeout"],
                store=str(store) if store is not None else "none",
            )
            records += run.records
    finally:
        if keep is not None:
            keep.cleanup()

    answers = {}  # (kind, n, m, seed) -> {solver: record}
    for r in records:
        kind, n, m, seed = r.instance.removesuffix(".json").split("-")
        answers.setdefault((kind, int(n), int(m), int(seed)), {})[r.solver] = r
    wrong = [r for r in records if r.status in ("wrong", "error")]
    disagree = [
        key for key, by in answers.items() if len({r.status for r in by.values() if r.status in ("sat", "unsat")}) > 1
    ]

    seeds = list(settings["seeds"])
    diag_rows, curves = [], {}
    for n in settings["ns"]:
        for m in _ms(rows_pub, n):
            got = [answers["diag", n, m, s]["lines"] for s in seeds]
            sat = [r.status == "sat" for r in got]
            p = rows_pub[n, m]
            published_same = [p["sat_1_100"][s - 1] == "1" for s in seeds] if max(seeds) <= 100 else None
            nodes = statistics.median(r.stats.get("nodes", 0) for r in got)
            solver_seconds = []
            for solver in SOLVERS[1:]:
                timed = [
                    run_time(answers["diag", n, m, s][solver]) for s in seeds if solver in answers["diag", n, m, s]
                ]
                timed = [t for t in timed if t is not None]
                solver_seconds.append(statistics.median(timed) if timed else None)
            # a run under a millisecond counts its time over repetitions (inner_time), as every summary does
            lines_seconds = statistics.median(run_time(r) for r in got if run_time(r) is not None)
            row = [n, m, m / n, p["p_sat"], None if published_same is None else sum(published_same) / len(seeds),
                   sum(sat) / len(seeds), None if published_same is None else published_same == sat,
                   p["median_nodes"], nodes, lines_seconds] + solver_seconds  # fmt: skip
            diag_rows.append(row)
            curves.setdefault(n, []).append(row)
    blocked_rows = []
    for k in settings["blocked_k"]:
        got = [answers["block", bn, k, s]["lines"] for s in settings["blocked_seeds"]]
        blocked_rows.append(
            [
                bn,
                k,
                k / bn**2,
                NOT_AVAILABLE,
                sum(r.status == "sat" for r in got) / len(got),
                statistics.median(r.stats.get("nodes", 0) for r in got),
            ]  # fmt: skip
        )
    result = Reproduction(
        paper=PAPER,
        mode=mode,
        title="Gent, Jefferson & Nightingale 2017: the phase transition of n-queens instances",
        tables=[
            (
                f"Excluded diagonals: fraction satisfiable and effort against M / n (seeds {seeds[0]}..{seeds[-1]})",
                [
                    "n",
                    "M",
                    "M / n",
                    "published p(sat), 1000 seeds",
                    f"published p(sat), seeds {seeds[0]}..{seeds[-1]}",
                    "lines p(sat)",
                    "same answers",
                    "published median nodes (bit solver)",
                    "lines median nodes",
                    "lines median s",
                    "cpsat median s",
                    "sat median s",
                    "cp median s",
                ],
                diag_rows,
            ),
            (
                f"Blocked n-queens, n = {bn}: fraction satisfiable against blocked squares / n^2 "
                f"(seeds {settings['blocked_seeds'][0]}..{settings['blocked_seeds'][-1]})",
                ["n", "blocked", "blocked / n^2", "published p(sat)", "lines p(sat)", "lines median nodes"],
                blocked_rows,
            ),
        ],  # fmt: skip
        notes=[
            "Each instance is decided once per solver: its first solution, or a proof that there is none. 'same "
            "answers': for every seed, lines says satisfiable exactly where the paper's results file does (the "
            "instances are the paper's: the generator with the paper's seed). Nodes: lines counts the partial "
            "placements it stands on (root included) until its first solution or the end; the paper's bit solver "
            "counts its own search nodes, a different search, so only the shape of the two curves compares. "
            "cpsat, sat and cp are run on "
            + (
                "every M"
                if settings["solvers_m"] is None
                else f"M = {settings['solvers_m'][0]}..{settings['solvers_m'][-1]}"
            )
            + f" of n = {', '.join(map(str, settings['solvers_n']))}, seeds "
            f"{settings['solvers_seeds'][0]}..{settings['solvers_seeds'][-1]}; their medians are over those seeds.",
            f"Runs that disagree or failed: {len(disagree) + len(wrong)} of {len(records)}"
            + (f" ({', '.join('-'.join(map(str, k)) for k in disagree[:5])})" if disagree else "")
            + ".",
            f"Published: {pub['excluded_diagonals']['source'].split(' Each row')[0]}",
            *(f"Not available here ({what}): {why}" for what, why in pub["not_available"].items()),
        ],
        cells=len(records),
        reused=sum(r.reused for r in records),
        seconds=time.perf_counter() - start,
    )
    result.disagreements = len(disagree) + len(wrong)
    result.draw = lambda plt: _draw(plt, curves, rows_pub, blocked_rows, settings)
    return result


def main(argv=None):
    return command_line(__doc__, reproduce, full_seconds=FULL_SECONDS, paper=PAPER, argv=argv)


def _ms(rows_pub, n):
    return sorted(m for (k, m) in rows_pub if k == n)


def _draw(plt, curves, rows_pub, blocked_rows, settings):
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    (psat, nodes), (solvers, blocked) = axes
    for i, (n, rows) in enumerate(sorted(curves.items())):
        color = f"C{i}"
        x = [r[2] for r in rows]
        psat.plot(x, [r[5] for r in rows], "o-", ms=3, color=color, label=f"n = {n}, lines")
        ms = _ms(rows_pub, n)
        psat.plot([m / n for m in ms], [rows_pub[n, m]["p_sat"] for m in ms], "--", color=color, alpha=0.7,
                  label=f"n = {n}, published")  # fmt: skip
        nodes.plot(x, [r[8] for r in rows], "o-", ms=3, color=color, label=f"n = {n}, lines")
        nodes.plot([m / n for m in ms], [rows_pub[n, m]["median_nodes"] for m in ms], "--", color=color, alpha=0.7,
                   label=f"n = {n}, bit solver (published)")  # fmt: skip
    psat.set_ylabel("fraction satisfiable")
    nodes.set_ylabel("median nodes")
    nodes.set_yscale("log")
    n0 = settings["solvers_n"][0]
    rows = [r for r in curves[n0] if any(v is not None for v in r[10:])]
    for j, solver in enumerate(SOLVERS):
        solvers.plot([r[2] for r in rows], [r[9 + j] for r in rows], "o-", ms=3, label=solver)
    solvers.set_yscale("log")
    solvers.set_ylabel("median seconds")
    solvers.set_title(f"Excluded diagonals, n = {n0}: four solvers")
    for ax in (psat, nodes, solvers):
        ax.set_xlabel("excluded diagonals M / n")
        ax.legend(fontsize=7, ncol=2)
    blocked.plot([r[2] for r in blocked_rows], [r[4] for r in blocked_rows], "o-", ms=3, label="p(sat)")
    twin = blocked.twinx()
    twin.plot([r[2] for r in blocked_rows], [r[5] for r in blocked_rows], "s--", ms=3, color="C1", label="median nodes")
    twin.set_yscale("log")
    twin.set_ylabel("lines median nodes")
    # one legend for both axes: which curve reads against the left axis and which against the right
    left, right = blocked.get_legend_handles_labels(), twin.get_legend_handles_labels()
    blocked.legend(
        left[0] + right[0],
        [f"{label} (left axis)" for label in left[1]] + [f"{label} (right axis)" for label in right[1]],
        fontsize=7,
    )
    blocked.set_xlabel("blocked squares / n^2")
    blocked.set_ylabel("fraction satisfiable")
    blocked.set_title(f"Blocked n-queens, n = {settings['blocked_n']} (no published results here)")
    psat.set_title("Excluded diagonals: fraction satisfiable")
    nodes.set_title("Excluded diagonals: median effort")
    return fig


if __name__ == "__main__":
    raise SystemExit(main())
