"""The coverage of the test suite's two tiers, from one run of the whole suite: what ``make test-fast`` (the tests
not marked slow) reaches against what ``make test`` (all of them) reaches, file by file.

    make coverage            # runs the whole suite under coverage.py, then this script

The run records each line under the test that ran it (pytest-cov's test contexts; a child process a test started
is recorded under that test, through ``tests/faults/sitecustomize.py``), so one run gives both tiers: a line is in
the fast tier when at least one test that is not marked slow ran it, or when it ran outside any test (imports at
collection, which both tiers do). Kernels compiled by numba run as machine code and are not seen by coverage.py
(``NUMBA_DISABLE_JIT=1`` runs of their source are: ``tests/jit_free.py``).

Prints the statements, the lines each tier covers, and the lines only the slow tier reaches, per file (the files
with such lines first) and in all; ``--lines`` lists those lines.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

from suite_durations import write  # the script beside this one

ROOT = Path(__file__).resolve().parent.parent


def slow_tests(python):
    """The node ids of the tests marked slow, as pytest collects them."""
    done = subprocess.run(
        [python, "-m", "pytest", "--collect-only", "-q", "-m", "slow", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 5):  # 5: nothing collected
        raise RuntimeError(f"pytest could not collect the suite: {done.stdout[-2000:]}{done.stderr[-2000:]}")
    return {line.strip() for line in done.stdout.splitlines() if "::" in line}


def test_of(context):
    """The test node id of a recorded context: pytest-cov's ``ID|run`` (and ``|setup``, ``|teardown``), a child's
    ``ID``; ``""`` for lines run outside any test."""
    return context.rpartition("|")[0] if "|" in context else context


def tiers(data_file, slow):
    import coverage

    cov = coverage.Coverage(data_file=data_file)
    cov.load()
    data = cov.get_data()
    rows = []
    for path in sorted(data.measured_files()):
        try:
            _, statements, _, _, _ = cov.analysis2(path)
        except coverage.CoverageException:
            continue  # a file that is gone (a copied package in a test's temporary folder)
        statements = set(statements)
        by_line = data.contexts_by_lineno(path)
        full = {line for line in by_line if line in statements}
        fast = {line for line in full if any(not context or test_of(context) not in slow for context in by_line[line])}
        rows.append((os.path.relpath(path, ROOT), len(statements), full, fast))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", default=str(ROOT / ".coverage"), help="the combined coverage data (default .coverage)"
    )
    parser.add_argument("--lines", action="store_true", help="list the lines only the slow tier reaches")
    parser.add_argument("--top", type=int, default=25, help="files to list (default 25)")
    args = parser.parse_args(argv)
    if not Path(args.data).is_file():
        print(f"error: no coverage data at {args.data}: run make coverage first", file=sys.stderr)
        return 2
    rows = tiers(args.data, slow_tests(sys.executable))
    rows = [r for r in rows if r[0].startswith(("nqueens", "models", "native", "analysis"))]
    if not rows:
        print(f"error: {args.data} holds no file of this checkout ({ROOT}): run make coverage here", file=sys.stderr)
        return 2
    rows.sort(key=lambda r: (-(len(r[2]) - len(r[3])), r[0]))
    out = []
    out.append(f"{'file':48} {'statements':>10} {'make test':>10} {'test-fast':>10} {'only slow':>10}")
    for path, statements, full, fast in rows[: args.top]:
        out.append(f"{path:48} {statements:10d} {len(full):10d} {len(fast):10d} {len(full) - len(fast):10d}")
        if args.lines and full - fast:
            out.append(f"    lines {', '.join(map(str, sorted(full - fast)))}")
    statements = sum(r[1] for r in rows)
    full = sum(len(r[2]) for r in rows)
    fast = sum(len(r[3]) for r in rows)
    out.append(f"{'all ' + str(len(rows)) + ' files':48} {statements:10d} {full:10d} {fast:10d} {full - fast:10d}")
    out.append(f"make test covers {full / statements:.1%} of the statements, make test-fast {fast / statements:.1%}")
    return write(out)


if __name__ == "__main__":
    sys.exit(main())
