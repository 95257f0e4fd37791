#!/usr/bin/env bash
# The GPU counter on a machine with an NVIDIA GPU (made for one H100 or H200 and 16 cores), from the project's
# wheel, with no package index: the GPU's name, a profile of the kernel (registers, shared memory, occupancy,
# nodes per second), `nqueens count N --solver gpu` for N = 16..22 (23 when the time left allows it), each
# checked against OEIS A000170 / A002562, and the quadrant counter on all cores for n = 20.
#
#   bash benchmarks/gpu_device.sh WHEEL_DIR [N_FROM [N_TO]]        (default 16 22)
#
# Needs python3 with numpy, numba and numba-cuda (CuPy, tqdm, networkx may be there; ortools, python-sat, cpmpy
# and python-constraint2 are not needed). WHEEL_DIR holds the nqueens wheel, built with
#   python -m pip wheel --no-deps --no-build-isolation -w WHEEL_DIR .
# The log goes to stdout and, when $OUT is set, to $OUT/gpu_device.log. The whole run keeps within
# GPU_BUDGET seconds (default 420): a count that would not fit is stopped (its finished subproblems stay in the
# temporary store) or skipped, and says so. Exit status: 0 when every count finished matches the published
# values, 1 on a mismatch or a failed count, 2 for bad usage.
set -u -o pipefail

WHEELS=${1:-}
[ -n "$WHEELS" ] && WHEELS=$(cd "$WHEELS" 2>/dev/null && pwd)
FROM=${2:-16}
TO=${3:-22}
BUDGET=${GPU_BUDGET:-420}
if [ -z "$WHEELS" ] || ! ls "$WHEELS"/*.whl >/dev/null 2>&1; then
    echo "error: usage: bash gpu_device.sh WHEEL_DIR [N_FROM [N_TO]] (WHEEL_DIR must hold the nqueens wheel)" >&2
    exit 2
fi
START=$(date +%s)
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT"
    exec > >(tee "$OUT/gpu_device.log") 2>&1
fi
elapsed() { echo $(($(date +%s) - START)); }

SITE=$(mktemp -d /tmp/nqueens-gpu.XXXXXX)
python3 -m pip install --quiet --no-index --no-deps --target "$SITE/site" "$WHEELS"/*.whl || {
    echo "error: could not install the wheel from $WHEELS"
    exit 2
}
export PYTHONPATH="$SITE/site${PYTHONPATH:+:$PYTHONPATH}"
export NUMBA_CACHE_DIR="$SITE/numba-cache"
STORE="$SITE/store.sqlite"
cd "$SITE"  # not the source tree: python -m would import its nqueens folder before the installed one
export NQUEENS_STORE="$STORE"

echo "== device"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv,noheader || echo "nvidia-smi failed"
echo "cores: $(nproc)   python: $(python3 -c 'import sys; print(sys.version.split()[0])')"
python3 -c 'import numba, numpy; from numba import cuda; print("numba", numba.__version__, "numpy", numpy.__version__, "numba-cuda", getattr(__import__("numba_cuda"), "__version__", "?"))' 2>&1 | tail -1
python3 -c 'import sys, nqueens.native.gpu, nqueens.native.quadrants; bad = [m for m in ("ortools", "pysat", "cpmpy", "constraint") if m in sys.modules]; print("solver libraries imported:", bad or "none")'

echo "== kernel profile (one subproblem each; nodes = queens the kernel places, the last row's counted by popc)"
timeout 150 python3 - ${PROFILE_NS:-20} <<'EOF' || echo "profile failed or timed out (exit $?)"
import time

import numpy as np
from numba import cuda

from nqueens.native import engine, gpu, gpu_device, gpu_kernels

dev = cuda.get_current_device()
name = getattr(dev, "name", "the CUDA simulator")
name = name.decode() if isinstance(name, bytes) else name
print(f"device: {name}, compute capability {getattr(dev, 'compute_capability', '?')}, "
      f"{getattr(dev, 'MULTIPROCESSOR_COUNT', '?')} SMs")
t = time.perf_counter()
gpu.warmup()
small = gpu.solve(12, engine.start_constellations(12))
print(f"first launch (compile or cache load) and n = 12: {time.perf_counter() - t:.2f} s, total {small}")
k = gpu_device.finish
try:
    for sig, kernel in k.overloads.items():
        regs = kernel.regs_per_thread
        shared = kernel.shared_mem_per_block
        local = kernel.local_mem_per_thread
        threads = gpu_device.THREADS
        by_regs = 65536 // (max(regs, 1) * threads)
        by_shared = (228 * 1024) // (shared + 1024)
        blocks = min(by_regs, by_shared, 32, 2048 // threads)
        print(f"kernel: {regs} registers/thread, {shared} B shared/block, {local} B local/thread, {threads} "
              f"threads/block; {blocks} blocks/SM ({blocks * threads} threads, {blocks * threads / 2048:.0%} "
              f"occupancy; by registers {by_regs}, by shared memory {by_shared}); launched with "
              f"{gpu._BLOCKS_PER_SM} blocks/SM")
except Exception as exc:  # the resource queries differ between numba-cuda versions
    print(f"kernel resources unavailable: {type(exc).__name__}: {exc}")
import sys

for n in map(int, sys.argv[1:]):
    subs = gpu.plan(n)
    sub = next(s for s in subs if s.payload[0] == gpu.CONSTELLATIONS)
    table = sub.payload[1]
    g0 = gpu.rows_on_device(n)
    for g in (g0, g0 + 1):
        if g > min(n - 4, gpu_kernels.MAX_ROWS):
            continue
        p = gpu.profile(n, table, g=g)
        print(f"n = {n}, subproblem {sub.index} of {len(subs)} ({len(table)} constellations), g = {g}: "
              f"{p['items']} items, {p['found']} completions, {p['nodes']:.3e} nodes; {p['seconds']:.3f} s with "
              f"copies, kernel {p['kernel_seconds']:.3f} s = {p['nodes'] / p['kernel_seconds']:.3e} nodes/s")
EOF

echo "== GPU counter, n = $FROM..$TO (elapsed $(elapsed) s of $BUDGET)"
STATUS=0
LAST=0
NS=$(seq "$FROM" "$TO")
[ "$TO" = 22 ] && NS="$NS 23+"
for N in $NS; do
    if [ "$N" = "23+" ]; then
        N=23  # only when it fits: about 8 times the time of 22
        if [ $(( $(elapsed) + 8 * LAST + 60 )) -gt "$BUDGET" ]; then
            echo "n = 23: skipped (about $((8 * LAST)) s expected, $((BUDGET - $(elapsed))) s left)"
            break
        fi
    fi
    if [ "$N" = 20 ]; then
        echo "== quadrant counter, n = 20, $(nproc) threads (elapsed $(elapsed) s)"
        T0=$(date +%s.%N)
        python3 -m nqueens count 20 --solver quadrants --workers "$(nproc)" --store none --json >"$SITE/q20.json" \
            || { echo "quadrants n = 20 failed"; STATUS=1; }
        T1=$(date +%s.%N)
        python3 - "$SITE/q20.json" "$T0" "$T1" <<'EOF' || STATUS=1
import json, sys
r = json.load(open(sys.argv[1]))
ok = r["total"] == 39029188884 and r["unique"] == 4878666808
print(f"quadrants n = 20: total {r['total']} unique {r['unique']} {'OK' if ok else 'MISMATCH'}; "
      f"{r['seconds']:.2f} s counted, {float(sys.argv[3]) - float(sys.argv[2]):.2f} s wall (process)")
sys.exit(0 if ok else 1)
EOF
    fi
    LEFT=$((BUDGET - $(elapsed) - 10))
    if [ "$LEFT" -lt 5 ]; then
        echo "n = $N: skipped, no time left"
        break
    fi
    T0=$(date +%s.%N)
    timeout --signal=INT "$LEFT" python3 -m nqueens count "$N" --solver gpu --json >"$SITE/g$N.json"
    RC=$?
    T1=$(date +%s.%N)
    if [ "$RC" != 0 ]; then
        echo "n = $N: stopped or failed (exit $RC) after $(python3 -c "print(f'{$T1 - $T0:.1f}')") s"
        python3 - "$STORE" "$N" <<'EOF' || true
import sqlite3, sys
try:
    con = sqlite3.connect(sys.argv[1])
    tables = [r[0] for r in con.execute("select name from sqlite_master where type='table'")]
    print("  store tables:", tables)
    for t in tables:
        print(f"  {t}: {con.execute(f'select count(*) from {t}').fetchone()[0]} rows")
except Exception as exc:
    print("  store unreadable:", exc)
EOF
        STATUS=1
        break
    fi
    python3 - "$SITE/g$N.json" "$N" "$T0" "$T1" <<'EOF' || STATUS=1
import json, sys
TOTAL = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848, 20: 39029188884, 21: 314666222712,
         22: 2691008701644, 23: 24233937684440}
UNIQUE = {8: 12, 9: 46, 10: 92, 11: 341, 12: 1787, 16: 1846955, 17: 11977939, 18: 83263591, 19: 621012754, 20: 4878666808, 21: 39333324973,
          22: 336376244042, 23: 3029242658210}
r = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
ok = r["total"] == TOTAL[n] and r["unique"] == UNIQUE[n]
wall = float(sys.argv[4]) - float(sys.argv[3])
print(f"gpu n = {n}: total {r['total']} unique {r['unique']} {'OK' if ok else 'MISMATCH'}; {r['seconds']:.2f} s "
      f"counted, {wall:.2f} s wall (process: imports, kernel load, count); {r['stats'].get('subproblems')} "
      f"subproblems")
sys.exit(0 if ok else 1)
EOF
    LAST=$(python3 -c "import json; print(int(json.load(open('$SITE/g$N.json'))['seconds']) + 1)")
done
echo "== done in $(elapsed) s, status $STATUS"
exit "$STATUS"
