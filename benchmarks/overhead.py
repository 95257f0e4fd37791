"""What `nqueens count N` spends outside the count itself, phase by phase, in fresh processes (numba cache warm).

Each repetition is a new Python process that times: importing the command line, the forecast (the long-run
warning), loading the solver's kernels from numba's cache (the first kernel a process loads also initialises
LLVM), the count itself (the record's `seconds`), and the whole `main()` call. Medians of K repetitions.

    .venv/bin/python benchmarks/overhead.py            # n = 16, fast, --workers 1, 5 repetitions
    .venv/bin/python benchmarks/overhead.py --n 14 --solver bitwise --repeat 7
"""

import argparse
import json
import statistics
import subprocess
import sys

_CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from nqueens.cli import main
t1 = time.perf_counter()
from nqueens.runtime import forecast
from nqueens.core import background
from nqueens.registry import get_solver
n, solver = int(sys.argv[1]), sys.argv[2]
t2 = time.perf_counter()
from nqueens.api import request
forecast.long_run_warning(request(n, solver))
t3 = time.perf_counter()
module = get_solver(solver).load()
if hasattr(module, "warmup"):
    module.warmup()
t4 = time.perf_counter()
import io, contextlib
out = io.StringIO()
argv = ["count", str(n), "--solver", solver, "--json"]
takes = {option.name for option in get_solver(solver).options}
if "workers" in takes:
    argv += ["--workers", "1"]
if "store" in takes:
    argv += ["--store", "none"]
with contextlib.redirect_stdout(out):
    code = main(argv)
if code:
    sys.exit(code)
t5 = time.perf_counter()
seconds = json.loads(out.getvalue())["seconds"]
print(json.dumps({"import": t1 - t0, "forecast": t3 - t2, "load kernels": t4 - t3, "count": seconds,
                  "main() outside the count": (t5 - t4) - seconds}))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=16)
    parser.add_argument("--solver", default="fast")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    runs = []
    for _ in range(args.repeat):
        done = subprocess.run([sys.executable, "-c", _CHILD, str(args.n), args.solver], capture_output=True, text=True)
        if done.returncode:
            last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
            sys.exit(last if last.startswith("error: ") else f"error: the timing process failed: {last}")
        runs.append(json.loads(done.stdout))
    print(f"nqueens count {args.n} --solver {args.solver}: medians of {args.repeat} fresh processes (seconds)\n")
    print("| phase | median | min | max |")
    print("|---|--:|--:|--:|")
    for phase in runs[0]:
        values = [r[phase] for r in runs]
        print(f"| {phase} | {statistics.median(values):.3f} | {min(values):.3f} | {max(values):.3f} |")


if __name__ == "__main__":
    main()
