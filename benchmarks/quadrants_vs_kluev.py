"""The quadrant counter against E. Kluev's N-Queens-Count-Sol, side by side in one run.

    python benchmarks/quadrants_vs_kluev.py --kluev DIR              # n = 16 17 18, 3 rounds
    python benchmarks/quadrants_vs_kluev.py --kluev DIR --n 18 --repeat 5 --fast 0

Kluev's program is built for each n with its own ``build.sh`` (g++ -std=c++20 -O3 -march=native) into a
temporary folder and run as ``nqN 1``: its first argument is the number of worker threads, so this is one
thread. Each round runs, one after the other, Kluev on one and on two threads (the second shows how free the
second core is), ``quadrants`` on one and on two threads, and
(for n <= ``--fast``) the ``fast`` counter on one thread, so that the load of a shared machine falls on all of
them alike. Ours run in a fresh child process each (kernels loaded first, not timed; ``quadrants.count`` in
process, ``fast`` through ``nqueens.count`` without a store), which also gives the peak memory of that count; Kluev's time is the one it prints. Reported per n: medians, the ratio of each median to
Kluev's, the parallel efficiency ``t(1) / (2 t(2))``, the CPU seconds (user time, all threads) of the
one-thread runs against Kluev's (a ratio other processes on the machine disturb less), whether all totals agree
with each other and with OEIS A000170, the size of the quadrant table, the half boards built and the peak
resident memory.

Kluev's sources (with its ``build.sh``) are not part of this repository: name their folder with ``--kluev DIR``
or ``$NQUEENS_KLUEV``. Without them, or without ``g++``, the script says so in one line and exits.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

from nqueens.core.published import TOTAL  # OEIS A000170, so the benchmark checks what it times

ENV_VAR = "NQUEENS_KLUEV"  # the folder of Kluev's sources, when --kluev is not given

CHILD = """
import json, resource, sys, time
import nqueens
from nqueens.native import quadrants
n, workers = int(sys.argv[2]), int(sys.argv[3])
if sys.argv[1] == "quadrants":
    quadrants.warmup()
    run = lambda: quadrants.count(n, workers=workers)
else:
    nqueens.count(12, sys.argv[1], store="none")
    run = lambda: nqueens.count(n, sys.argv[1], workers=workers, store="none")
c0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
t0 = time.perf_counter()
r = run()
t1 = time.perf_counter()
c1 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
stated = quadrants.memory_needed(n, workers)
print(json.dumps(dict(total=r.total, seconds=t1 - t0, cpu=c1 - c0, peak=peak, stated=stated, stats=r.stats)))
"""


def build(peer, n, folder):
    out = subprocess.run([os.path.join(peer, "build.sh"), str(n), folder], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"building Kluev's program for n = {n} failed: {out.stderr.strip()}")
    return out.stdout.strip().splitlines()[-1]


def kluev(binary, n, threads=1):
    """(seconds, cpu seconds, total) of one run on ``threads`` threads."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run([binary, str(threads)], capture_output=True, text=True, check=True).stdout
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return float(fields["Elapsed time"].split()[0]), cpu, int(fields["Result"])


def ours(solver, n, workers):
    """The child's record: total, seconds, cpu, peak (bytes), stats."""
    out = subprocess.run([sys.executable, "-c", CHILD, solver, str(n), str(workers)], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{solver} failed for n = {n}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[16, 17, 18])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--fast", type=int, default=17, help="run the fast counter for n up to this (0: never)")
    parser.add_argument("--no-two", action="store_true", help="skip the two-thread runs (Kluev's and ours)")
    parser.add_argument("--kluev", default=os.environ.get(ENV_VAR), help=f"folder of Kluev's sources (${ENV_VAR})")
    args = parser.parse_args(argv)
    if not args.kluev or not os.path.isfile(os.path.join(args.kluev, "build.sh")):
        where = f"no build.sh in {args.kluev}" if args.kluev else f"give its folder with --kluev DIR or ${ENV_VAR}"
        print(f"skipped: Kluev's program is not at hand ({where})")
        return 0
    if shutil.which("g++") is None:
        print("skipped: g++ is not installed")
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for n in args.n:
            binary = build(args.kluev, n, folder)
            runs = {"kluev": [], "kluev2": [], "q1": [], "q2": [], "fast": []}
            cpu = {"kluev": [], "q1": []}
            totals = {TOTAL[n]} if n in TOTAL else set()
            record = None
            for _ in range(args.repeat):
                seconds, used, total = kluev(binary, n)
                runs["kluev"].append(seconds)
                cpu["kluev"].append(used)
                totals.add(total)
                if not args.no_two:
                    seconds, _, total = kluev(binary, n, 2)
                    runs["kluev2"].append(seconds)
                    totals.add(total)
                record = ours("quadrants", n, 1)
                runs["q1"].append(record["seconds"])
                cpu["q1"].append(record["cpu"])
                totals.add(record["total"])
                if not args.no_two:
                    two = ours("quadrants", n, 2)
                    runs["q2"].append(two["seconds"])
                    totals.add(two["total"])
                if n <= args.fast:
                    fast = ours("fast", n, 1)
                    runs["fast"].append(fast["seconds"])
                    totals.add(fast["total"])
            med = {k: statistics.median(v) for k, v in runs.items() if v}
            cpu_med = {k: statistics.median(v) for k, v in cpu.items()}
            rows.append((n, med, cpu_med, len(totals) == 1, record))
            print(f"n = {n}: {json.dumps({k: [round(x, 3) for x in v] for k, v in runs.items() if v})}", flush=True)
    print()
    print(
        "| n | Kluev, 1 thread | Kluev, 2 threads (efficiency) | quadrants, 1 thread "
        "| quadrants, 2 threads (efficiency) | fast, 1 thread | CPU s, Kluev / quadrants "
        "| growth per n, Kluev / quadrants (CPU) | totals agree "
        "| quadrant table | half boards | memory stated / peak (1 thread) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    previous = {}
    for n, med, cpu_med, agree, record in rows:
        k, q1 = med["kluev"], med["q1"]
        k2 = f"{med['kluev2']:.2f} s ({k / (2 * med['kluev2']):.0%})" if "kluev2" in med else ""
        q2 = f"{med['q2']:.2f} s ({med['q2'] / k:.2f}x, {q1 / (2 * med['q2']):.0%})" if "q2" in med else ""
        fast = f"{med['fast']:.2f} s ({med['fast'] / k:.2f}x)" if "fast" in med else ""
        growth = ""
        if n - 1 in previous:
            growth = (
                f"{cpu_med['kluev'] / previous[n - 1]['kluev']:.1f}x / {cpu_med['q1'] / previous[n - 1]['q1']:.1f}x"
            )
        previous[n] = cpu_med
        print(
            f"| {n} | {k:.2f} s | {k2} | {q1:.2f} s ({q1 / k:.2f}x) | {q2} "
            f"| {fast} | {cpu_med['kluev']:.2f} / {cpu_med['q1']:.2f} ({cpu_med['q1'] / cpu_med['kluev']:.2f}x) "
            f"| {growth} | {'yes' if agree else 'NO'} | {record['stats']['table_placements']:,} placements "
            f"| {record['stats']['half_boards']:,} | {record['stated'] / 2**20:.0f} / {record['peak'] / 2**20:.0f} MiB |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
