"""Reducing every solution of n = 16 to fundamental ones, streamed: time and memory.

    python benchmarks/symmetry_n16.py [--n 16] [--repeat 3]

``nqueens.batches(16)`` streams the 14,772,512 solutions in numpy chunks; ``fundamental_batches`` keeps the
canonical rows of each chunk with their orbit sizes. Every repetition makes one pass and clocks, chunk by chunk,
the enumeration (waiting on the solver) and the reduction separately, so the ratio of the two comes from the
same run. Memory: the growth of the process's peak resident size over the passes (numba and numpy loaded and
the kernels compiled before it is first read), which is what a stream in bounded memory keeps small. The counts are checked against OEIS A000170 / A002562 (test data in ``tests/known.py``).
"""

import argparse
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from nqueens.analysis.symmetry import fundamental_batches

import nqueens

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from known import TOTAL, UNIQUE  # noqa: E402


def one_pass(n):
    """(enumeration seconds, reduction seconds, rows, classes) of one streamed pass."""
    stream = nqueens.batches(n, "bitwise")
    enumerate_s = reduce_s = 0.0
    rows = 0
    found = Counter()
    while True:
        t0 = time.perf_counter()
        batch = next(stream, None)
        t1 = time.perf_counter()
        enumerate_s += t1 - t0
        if batch is None:
            break
        rows += len(batch)
        for _, sizes in fundamental_batches([batch]):
            found.update(sizes.tolist())
        reduce_s += time.perf_counter() - t1
    return enumerate_s, reduce_s, rows, dict(sorted(found.items()))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    one_pass(8)  # load the kernels
    before = _peak_rss_mib()
    runs = [one_pass(args.n) for _ in range(args.repeat)]
    grown = _peak_rss_mib() - before
    for _, _, rows, found in runs:
        unique = sum(found.values())
        if rows != TOTAL[args.n] or unique != UNIQUE[args.n] or sum(k * v for k, v in found.items()) != rows:
            raise SystemExit(f"wrong counts: {rows} solutions, {unique} fundamental, classes {found}")
    enum_s = [r[0] for r in runs]
    red_s = [r[1] for r in runs]
    print(
        f"n = {args.n}: {runs[0][2]:,} solutions, {sum(runs[0][3].values()):,} fundamental, "
        f"classes {runs[0][3]}; {args.repeat} passes"
    )
    print(f"  enumeration (bitwise batches)  median {statistics.median(enum_s):8.3f} s   best {min(enum_s):8.3f} s")
    print(f"  reduction (fundamental)        median {statistics.median(red_s):8.3f} s   best {min(red_s):8.3f} s")
    print(f"  reduction / enumeration (median): {statistics.median(red_s) / statistics.median(enum_s):.2f}")
    print(f"  reduction rate: {runs[0][2] / statistics.median(red_s) / 1e6:.2f} million solutions per second")
    print(f"  peak resident size: {before:.0f} MiB before the passes, grown by {grown:.1f} MiB during them")


def _peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


if __name__ == "__main__":
    main()
