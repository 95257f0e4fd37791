"""The HTML report of a large store: its size in bytes and the time headless Chromium takes to open it.

A store of RUNS experiment runs is written through the store's API (no solver runs: each record is a count run
of a plain board size with a time drawn from a seeded log-normal, a few timeouts, the fields a real run carries,
versions and machine included), then ``nqueens report`` writes the page, then headless Chromium (networking
off) opens it until its script has drawn the table and the figures; medians of K openings, each in a fresh tab.

    .venv/bin/python benchmarks/report_size.py                  # 10,000 runs: 20 solvers x n = 4..23 x 25 repeats
    .venv/bin/python benchmarks/report_size.py --shape cells    # 10,000 runs, one repeat each: 10,000 cells
    .venv/bin/python benchmarks/report_size.py --runs 2000 --repeat 3
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624]


def build_store(path, runs, shape):
    """``runs`` records in the store at ``path``: ``repeats`` (25 runs per cell, or 1 for ``cells``)."""
    from nqueens.core.record import RunRecord
    from nqueens.runtime.environment import versions
    from nqueens.runtime.store import ResultStore

    rng = random.Random(1)
    repeats = 1 if shape == "cells" else 25
    cells = runs // repeats
    solvers = 20 if shape != "cells" else 100
    problems = max(1, cells // solvers)
    machine = {"cpu": "test cpu", "cores": 2, "python": "CPython 3.11", "platform": "Linux"}
    found = versions()
    with ResultStore(path) as store:
        written = 0
        for s in range(solvers):
            for p in range(problems):
                n = 4 + p if p < 14 else 4 + p % 14
                instance = None if p < 14 else f"inst-{p:04d}.json"
                for k in range(repeats):
                    if written == runs:
                        break
                    seconds = rng.lognormvariate(-6 + 0.5 * p + 0.05 * s, 0.3)
                    timed_out = seconds > 8.0
                    record = RunRecord(
                        n,
                        f"solver-{s:03d}",
                        "count",
                        repeat=k + 1,
                        status="timeout" if timed_out else "solved",
                        instance=instance,
                        total=None if timed_out else TOTAL[n],
                        seconds=None if timed_out else seconds,
                        cpu_time=None if timed_out else seconds * 0.98,
                        peak_memory=180 + rng.random() * 20,
                        effort={} if timed_out else {"nodes": int(seconds * 1e6)},
                        harness="process",
                        timeout=8.0,
                        version=found["nqueens"],
                        versions=found,
                        host="bench",
                        machine=machine,
                        finished="2026-01-01T00:00:00+00:00",
                    )
                    doc = record.to_dict()
                    for derived in ("id", "result", "par2", "par2_penalised"):
                        doc.pop(derived)
                    store.record_experiment_run(f"{s}-{p}-{k}", doc)
                    written += 1
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--shape", choices=("repeats", "cells"), default="repeats")
    parser.add_argument("--repeat", type=int, default=3, help="openings of the page (median)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests"))
    from browser import CHROMIUM, Browser

    folder = Path(tempfile.mkdtemp())
    store, page = folder / "big.sqlite", folder / "big.html"
    t = time.perf_counter()
    written = build_store(store, args.runs, args.shape)
    built = time.perf_counter() - t
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "nqueens", "report", "--store", str(store), "-o", str(page), "--quiet"], check=True
    )
    wrote = time.perf_counter() - t
    size = os.path.getsize(page)
    print(
        f"{written:,} runs ({args.shape}): store built in {built:.1f} s; `nqueens report` {wrote:.2f} s; page {size:,} bytes ({size / 2**20:.2f} MiB)"
    )
    if CHROMIUM is None:
        print("no Chromium: open time not measured")
        return 0
    times, drawn, cells = [], [], None
    with Browser(folder / "profile", 1280, 1000) as b:
        for _ in range(args.repeat):
            t = time.perf_counter()
            b.open(page.as_uri(), ready="window.nqueensReport && window.nqueensReport.ready")
            times.append(time.perf_counter() - t)
            cells = b.eval("window.nqueensReport.cells")
            drawn.append(b.eval("window.nqueensReport.drawn") / 1000)
    print(
        f"open in headless Chromium, from the start of loading until the table and figures are drawn (the page's "
        f"own clock): median {statistics.median(drawn):.2f} s, best {min(drawn):.2f} s of {args.repeat}; "
        f"the test driver's wall time to a ready page, tab creation and polling included: median "
        f"{statistics.median(times):.2f} s ({cells:,} table cells, the first 500 drawn)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
