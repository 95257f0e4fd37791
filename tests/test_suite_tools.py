"""The suite's own scripts: seconds per test file from pytest's JUnit XML (benchmarks/suite_durations.py)."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "suite_durations.py"

RUN = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" tests="4">
<testcase classname="tests.test_a" name="test_one" time="1.5" />
<testcase classname="tests.test_a" name="test_two[x]" time="0.25" />
<testcase classname="tests.test_b" name="test_three" time="3.0" />
<testcase classname="tests.test_c.TestGroup" name="test_four" time="0.5" />
</testsuite></testsuites>"""


def _run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=60)


def test_seconds_per_file_heaviest_first_and_two_runs_side_by_side(tmp_path):
    run = tmp_path / "run.xml"
    run.write_text(RUN)
    before = tmp_path / "before.xml"
    before.write_text(RUN.replace('time="3.0"', 'time="7.0"').replace("test_c.TestGroup", "test_d"))
    done = _run(run)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    assert rows == [
        ["test_b", "1", "3.0"],
        ["test_a", "2", "1.8"],
        ["test_c", "1", "0.5"],
        ["all", "3", "files", "4", "5.2"],
    ]
    done = _run(run, before)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()[1:]}
    assert rows["test_b"] == ["1", "3.0", "1", "7.0"] and rows["test_c"] == ["1", "0.5", "0", "0.0"]
    assert rows["test_d"] == ["0", "0.0", "1", "0.5"]


def test_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<testsuites")
    for args, code in (([tmp_path / "missing.xml"], 2), ([bad], 2), ([bad, bad, bad], 2)):
        done = _run(*args)
        assert done.returncode == code and done.stdout == "", done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith(("error: ", "suite_durations.py: error: "))
    good = tmp_path / "run.xml"
    good.write_text(RUN)
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, str(SCRIPT), str(good)], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1 and done.stderr == "error: cannot write the table: No space left on device\n"
