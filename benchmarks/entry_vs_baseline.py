"""The three commands a request passes through, timed against another install of the toolkit (a baseline).

The request is checked once at the entry (``nqueens.api.request``); this script shows what that costs or saves
as whole processes: ``count 18``, ``solve --instance F --limit 1`` and ``compare 10..12 --solvers bitwise,cp``,
each run by this checkout's ``nqueens`` and by the baseline's in turn (A B A B ...), CPU seconds (the process
and its children, from the kernel's accounting) and wall seconds, medians and the ratio A/B of each pair.
Nothing is stored (``--store none``).

    .venv/bin/python benchmarks/entry_vs_baseline.py --baseline /path/to/old/.venv/bin/nqueens --repeat 5

A baseline is any other install, for instance a worktree of an older commit with its own virtual environment
(``git worktree add ../old 6b8d311`` and ``make setup`` there).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
INSTANCE = HERE.parent / "tests" / "data" / "diag-18-17-2.param"
COMMANDS = {
    "count 18": ["count", "18", "--store", "none"],
    "solve --instance diag-18-17-2 --limit 1": ["solve", "--instance", str(INSTANCE), "--limit", "1"],
    "compare 10..12 bitwise,cp": ["compare", "10..12", "--solvers", "bitwise,cp", "--timeout", "30", "--store", "none"],
}


def timed(argv):
    """(CPU seconds of the process and its children, wall seconds) of one run of ``argv``."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = process.stdout.read()  # small; read before waiting so a full pipe cannot block the command
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        last = (output.decode().strip().splitlines() or [f"exit status {process.returncode}"])[-1]
        sys.exit(f"error: {' '.join(argv)} failed: {last}")
    return usage.ru_utime + usage.ru_stime, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", required=True, help="the nqueens executable of the other install")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command per install (default 5)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat takes a positive number")
    baseline = shutil.which(args.baseline)
    if baseline is None:
        parser.error(f"--baseline: no executable {args.baseline}")
    ours = str(Path(sys.executable).parent / "nqueens")
    print(f"A = {ours}\nB = {baseline}\nmedians of {args.repeat} alternating runs after one warm-up each\n")
    print("| command | A cpu s | B cpu s | A/B cpu | A wall s | B wall s | A/B wall |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for label, argv in COMMANDS.items():
        timed([ours, *argv]), timed([baseline, *argv])  # warm-up: kernel caches, page cache
        pairs = [(timed([ours, *argv]), timed([baseline, *argv])) for _ in range(args.repeat)]
        a_cpu, b_cpu = [p[0][0] for p in pairs], [p[1][0] for p in pairs]
        a_wall, b_wall = [p[0][1] for p in pairs], [p[1][1] for p in pairs]
        cpu_ratio = statistics.median(a / b for a, b in zip(a_cpu, b_cpu))
        wall_ratio = statistics.median(a / b for a, b in zip(a_wall, b_wall))
        print(
            f"| {label} | {statistics.median(a_cpu):.2f} | {statistics.median(b_cpu):.2f} | {cpu_ratio:.2f} "
            f"| {statistics.median(a_wall):.2f} | {statistics.median(b_wall):.2f} | {wall_ratio:.2f} |"
        )


if __name__ == "__main__":
    main()
