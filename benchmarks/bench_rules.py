"""Time the rule-generic numba counter (nqueens.native.rules.count_fast) per rule and n.

Usage: python benchmarks/bench_rules.py superqueen 12 18   (prints n, count, seconds, growth over n-1)
"""

import sys
import time

from nqueens.native.rules import count_fast

rule, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
count_fast(8, rule)  # compile outside the timings
prev = None
for n in range(lo, hi + 1):
    t = time.perf_counter()
    c = count_fast(n, rule)
    dt = time.perf_counter() - t
    growth = f"{dt / prev:.1f}x" if prev and prev > 0.01 else "-"
    print(f"{rule} n={n} count={c} seconds={dt:.2f} growth={growth}", flush=True)
    prev = dt
