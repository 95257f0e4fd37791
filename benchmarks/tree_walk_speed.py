"""The tree formulations' walker against the one before the propagation options, side by side in one run.

    python benchmarks/tree_walk_speed.py                      # n = 12, mary and permutation, 5 rounds
    python benchmarks/tree_walk_speed.py --n 11 --models mary,permutation,subset --mode generate-and-test

The modules of the tree core as they were at ``--before`` (default ``c2f92c1``, before the walker was split
into walk/tree/rows and the row trees took ``propagation`` and ``order``) are read with ``git show`` into a
temporary package and imported next to the current ones, so both are compiled by the same numba in the same
process (the old kernels compile afresh, once, in the temporary folder). Each round counts ``n`` with every
model, old then new, plain search (propagation ``none``, order ``static``), so the load of a shared machine
falls on both alike. Reported per model: the median and best wall-clock seconds of the ``count`` call, the
median CPU seconds (this process's user time, which other processes disturb less), and the ratios new / old of
the medians. Before timing, both must give the same total, the same feasible nodes per depth and the same
generated and leaf counts, and the total must be OEIS A000170's. It needs git and a clone that has the old
revision (one line and exit status 2 otherwise).

The speed line (the walker's split must not slow plain search): new / old at most ``--limit`` (1.10) for every
model, in wall-clock and in CPU medians; the script exits 1 when one is missed.
"""

import argparse
import importlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from nqueens.models import tree

from nqueens.core.published import TOTAL

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# The benchmark checks what it times against the published values (OEIS A000170: nqueens.core.published.TOTAL).
# The old tree core: its generic module and the formulations that used it.
OLD_MODULES = ("tree", "mary", "permutation", "subset")


def load_old(rev, folder):
    """The modules of the tree core at ``rev`` as the package ``before_walk`` in ``folder``: ``{model: module}``."""
    package = os.path.join(folder, "before_walk")
    os.makedirs(package)
    with open(os.path.join(package, "__init__.py"), "w", encoding="utf-8"):
        pass
    for name in OLD_MODULES:
        try:
            text = subprocess.run(
                ["git", "-C", ROOT, "show", f"{rev}:models/{name}.py"], capture_output=True, text=True, check=True
            ).stdout
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", None) or str(error)
            sys.stderr.write(f"error: this benchmark reads the old modules with git from a clone: {detail.strip()}\n")
            raise SystemExit(2) from None
        text = text.replace("from nqueens.models import tree", "from before_walk import tree")
        with open(os.path.join(package, f"{name}.py"), "w", encoding="utf-8") as handle:
            handle.write(text)
    sys.path.insert(0, folder)
    return {name: importlib.import_module(f"before_walk.{name}") for name in OLD_MODULES if name != "tree"}


def timed(module, n, mode):
    """(wall seconds, CPU seconds, tally) of one ``count`` of ``module``."""
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    start = time.perf_counter()
    result = module.count(n, mode=mode)
    wall = time.perf_counter() - start
    return wall, resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu, result


def same_answers(old, new, n, mode):
    """Raise unless the old and the new module count and account ``n`` alike."""
    a, b = old.count(n, nodes=True, mode=mode), new.count(n, nodes=True, mode=mode)
    for key in ("generated", "tests", "leaves"):
        if a.stats[key] != b.stats[key]:
            raise SystemExit(f"{new.FORMULATION.name}: {key} {a.stats[key]} before, {b.stats[key]} now")
    if (a.total, a.profile) != (b.total, b.profile):
        raise SystemExit(f"{new.FORMULATION.name}: {a.total} {a.profile} before, {b.total} {b.profile} now")
    if n in TOTAL and b.total != TOTAL[n]:
        raise SystemExit(f"{new.FORMULATION.name} counted {b.total} for n = {n}; OEIS A000170 says {TOTAL[n]}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--models", default="mary,permutation")
    parser.add_argument("--mode", default="backtracking", choices=tree.MODES)
    parser.add_argument("--before", default="c2f92c1", help="the revision of the old tree core")
    parser.add_argument("--limit", type=float, default=1.10, help="the largest ratio new / old accepted")
    args = parser.parse_args(argv)
    models = [m.strip() for m in args.models.split(",") if m.strip()]
    with tempfile.TemporaryDirectory() as folder:
        old = load_old(args.before, folder)
        new = {name: tree.formulation(name) for name in models}
        for name in models:
            same_answers(old[name], new[name], min(args.n, 8 if name != "subset" else 5), args.mode)
            same_answers(old[name], new[name], args.n, args.mode)
        wall = {(name, side): [] for name in models for side in ("old", "new")}
        cpu = {key: [] for key in wall}
        for _ in range(args.repeat):
            for name in models:
                for side, module in (("old", old[name]), ("new", new[name])):
                    seconds, used, _ = timed(module, args.n, args.mode)
                    wall[name, side].append(seconds)
                    cpu[name, side].append(used)
    print(f"n = {args.n}, {args.mode}, propagation none, order static; {args.repeat} rounds; old = {args.before}")
    missed = []
    for name in models:
        for side in ("old", "new"):
            runs = wall[name, side]
            print(
                f"  {name:<12} {side}  wall median {statistics.median(runs):8.4f} s  best {min(runs):8.4f} s"
                f"   cpu median {statistics.median(cpu[name, side]):8.4f} s"
            )
        ratios = {
            kind: statistics.median(times[name, "new"]) / statistics.median(times[name, "old"])
            for kind, times in (("wall", wall), ("cpu", cpu))
        }
        verdict = "met" if max(ratios.values()) <= args.limit else "MISSED"
        line = f"wall {ratios['wall']:.2f}x, cpu {ratios['cpu']:.2f}x"
        print(f"  {name:<12} new / old: {line} (<= {args.limit}: {verdict})")
        if verdict != "met":
            missed.append(name)
    if missed:
        print(f"speed line missed for {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
