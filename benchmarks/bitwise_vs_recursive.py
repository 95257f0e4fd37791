"""The compiled ``bitwise`` counter against the plain-Python ``bitmask-recursive`` oracle, same n, same run.

    python benchmarks/bitwise_vs_recursive.py --n 14 --repeat 3

Prints the median and best seconds of each and the speed-up (recursive / bitwise). Kernels are warmed first, so
the figure is the computation alone. When the C reference is beside the project (``../shared/reference/ref``),
its ``--plain`` mode (seed 000's fifth method in C, the very algorithm ``bitwise`` ports) runs in the same
rounds, which shows the ceiling a faithful port can reach over the Python oracle on this machine.
"""

import argparse
import pathlib
import statistics
import subprocess

import nqueens


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    nqueens.count(4, "bitwise")
    times = {"bitwise": [], "bitmask-recursive": []}
    reference = pathlib.Path(__file__).resolve().parents[2] / "shared" / "reference" / "ref"
    c_times = []
    totals = set()
    for _ in range(args.repeat):
        for name in times:
            result = nqueens.count(args.n, name)
            totals.add(result.total)
            times[name].append(result.seconds)
        if reference.exists():
            # The C program prints "N total seconds".
            out = subprocess.run([str(reference), str(args.n), "--plain"], capture_output=True, text=True, check=True)
            _, total, seconds = out.stdout.split()
            totals.add(int(total))
            c_times.append(float(seconds))
    if len(totals) != 1:
        raise SystemExit(f"the solvers disagree: {sorted(totals)}")
    print(f"n = {args.n}, total {totals.pop()}, {args.repeat} runs each")
    for name, runs in times.items():
        print(f"  {name:<18} median {statistics.median(runs):9.4f} s   best {min(runs):9.4f} s")
    ratio = statistics.median(times["bitmask-recursive"]) / statistics.median(times["bitwise"])
    print(f"  speed-up of bitwise over bitmask-recursive (median): {ratio:.1f}x")
    if c_times:
        c = statistics.median(c_times)
        print(f"  the same method in C (ref --plain): median {c:.4f} s, best {min(c_times):.4f} s")
        print(f"  speed-up of C over bitmask-recursive (median): {statistics.median(times['bitmask-recursive']) / c:.1f}x"
              f"; bitwise / C: {statistics.median(times['bitwise']) / c:.2f}x")


if __name__ == "__main__":
    main()
