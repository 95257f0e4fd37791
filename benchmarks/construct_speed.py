"""Constructing one solution for large n: each method's time, verification included, and the whole command.

    python benchmarks/construct_speed.py [--repeat 3] [--explicit-n 10000000] [--toroidal-n 9765625]
                                         [--min-conflicts-n 1000000]

For each method, the median and best of ``--repeat`` runs of ``construct`` (``seconds``: construction plus the
O(n) verification, kernels warmed first), then the same for the verifier alone against a numpy check of the
same solution (the ratio is measured in one run, the two sides alternating), and the wall time of the command
``nqueens construct N --json`` in a fresh process (interpreter start, imports and cached kernels included).
"""

import argparse
import statistics
import subprocess
import sys
import time

import numpy as np
from nqueens.native import construct as C


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--explicit-n", type=int, default=10_000_000)
    parser.add_argument("--toroidal-n", type=int, default=5**10)
    parser.add_argument("--min-conflicts-n", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    C.warmup()

    print(f"construct (construction + verification), {args.repeat} runs each")
    for method, n in (
        ("explicit", args.explicit_n),
        ("toroidal", args.toroidal_n),
        ("min-conflicts", args.min_conflicts_n),
    ):
        runs = [C.construct(n, method) for _ in range(args.repeat)]
        assert all(r.valid for r in runs), method
        seconds = [r.seconds for r in runs]
        extra = f"   steps {runs[0].stats['steps']}" if method == "min-conflicts" else ""
        print(
            f"  {method:<14} n = {n:>11,}   median {statistics.median(seconds):8.3f} s   best {min(seconds):8.3f} s{extra}"
        )

    q = C.explicit(args.explicit_n)
    times = {"verify (numba)": [], "numpy check": []}
    for _ in range(args.repeat):
        for name, check in (("verify (numba)", C.verify), ("numpy check", _numpy_check)):
            start = time.perf_counter()
            assert check(q)
            times[name].append(time.perf_counter() - start)
    print(f"verification alone, n = {args.explicit_n:,}")
    for name, runs in times.items():
        print(f"  {name:<16} median {statistics.median(runs):8.3f} s   best {min(runs):8.3f} s")
    ratio = statistics.median(times["numpy check"]) / statistics.median(times["verify (numba)"])
    print(f"  verify is {ratio:.1f}x faster than the numpy check (median)")

    print(f"the command, in a fresh process, {args.repeat} runs")
    for argv_tail in ([str(args.explicit_n)], [str(args.min_conflicts_n), "--method", "min-conflicts"]):
        walls = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "nqueens", "construct", *argv_tail, "--json"], capture_output=True, text=True
            )
            walls.append(time.perf_counter() - start)
            assert done.returncode == 0 and '"valid": true' in done.stdout, done.stderr
        print(
            f"  nqueens construct {' '.join(argv_tail):<32} median {statistics.median(walls):8.3f} s   best {min(walls):8.3f} s"
        )


def _numpy_check(q):
    q = q.astype(np.int64)
    n = len(q)
    rows = np.arange(n)
    if q.min() < 0 or q.max() >= n:
        return False
    return max(np.bincount(q).max(), np.bincount(rows + q).max(), np.bincount(rows - q + n - 1).max()) == 1


if __name__ == "__main__":
    main()
