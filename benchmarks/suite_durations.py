"""The test suite's time per file, from the JUnit XML files of one or two runs of pytest (``--junitxml``).

    python -m pytest -n auto -m "not slow" --junitxml=after.xml
    python benchmarks/suite_durations.py after.xml [before.xml] [--top 30]

prints each file's tests and summed seconds (the time its tests took on whichever worker ran them; with xdist the
files overlap, so the sum exceeds the run's wall time), the heaviest first, and with two files both columns.
"""

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict


def per_file(path):
    files = defaultdict(lambda: [0, 0.0])
    for case in ET.parse(path).iter("testcase"):
        name = case.get("classname", "").removeprefix("tests.").split(".")[0] or "?"
        files[name][0] += 1
        files[name][1] += float(case.get("time") or 0)
    return dict(files)


def write(lines):
    """Print ``lines``; a closed pipe ends quietly, a failed write is one error line (exit status 1)."""
    try:
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"error: cannot write the table: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="one or two JUnit XML files: the run, then the run to compare it with")
    parser.add_argument("--top", type=int, default=30, help="how many files to list (default 30)")
    args = parser.parse_args(argv)
    if len(args.runs) > 2:
        parser.error("give one or two JUnit XML files")
    try:
        runs = [per_file(path) for path in args.runs]
    except (OSError, ET.ParseError) as exc:
        print(
            f"error: cannot read {getattr(exc, 'filename', None) or ' or '.join(args.runs)}: {getattr(exc, 'strerror', None) or exc}",
            file=sys.stderr,
        )
        return 2
    out = []
    names = sorted(set().union(*runs), key=lambda f: -max(r.get(f, (0, 0.0))[1] for r in runs))
    head = f"{'file':40} {'tests':>6} {'seconds':>8}" + ("".join(f" {'tests':>6} {'seconds':>8}" for _ in runs[1:]))
    out.append(head)
    for name in names[: args.top]:
        cells = "".join(f" {r.get(name, (0, 0.0))[0]:6d} {r.get(name, (0, 0.0))[1]:8.1f}" for r in runs)
        out.append(f"{name:40}{cells}")
    totals = "".join(f" {sum(c for c, _ in r.values()):6d} {sum(s for _, s in r.values()):8.1f}" for r in runs)
    out.append(f"{'all ' + str(len(names)) + ' files':40}{totals}")
    return write(out)


if __name__ == "__main__":
    sys.exit(main())
