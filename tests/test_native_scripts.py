"""The seed table scripts, run for n = 10..11: they print the published figures beside ours and refuse bad input."""

import importlib.util
import os

import pytest
from known import TOTAL

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "scripts")


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(SCRIPTS, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seed000_table(capsys):
    script = load("seed000_table")
    assert script.main(["--max-n", "11", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): line for line in out.splitlines() if line.startswith("| ")}
    assert set(rows) == {"method", *script.METHODS}
    # The seed's milliseconds for n = 10 and 11 (seed 000, 统计与分析), in the order of its rows.
    published = {"backtrack": (5, 24), "mirror": (3, 13), "marks": (0, 4), "avail": (1, 3), "bitwise": (5, 25)}
    for method, (ms10, ms11) in published.items():
        seed10, seed11 = (cell.split(" / ")[1] for cell in rows[method].split("|")[2:4])
        assert seed10.split()[0] == str(ms10) and seed11.split()[0] == str(ms11), method


def test_seed002_table(capsys):
    script = load("seed002_table")
    assert script.main(["--max-n", "11", "--repeat", "1"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    body = {int(line.split("|")[1]): [cell.strip() for cell in line.split("|")[2:-1]] for line in lines[1:]}
    assert sorted(body) == [10, 11]
    # Layouts: OEIS A000170; seconds: the paper's table 1 (backtracking, sieve) and its speed-up.
    assert body[10][0] == f"{TOTAL[10]:,}" and body[11][0] == f"{TOTAL[11]:,}"
    assert (body[10][1], body[10][3], body[10][5]) == ("0.008", "0.002", "4.0x")
    assert (body[11][1], body[11][3]) == ("0.043", "0.007")


@pytest.mark.parametrize("name", ["seed000_table", "seed002_table"])
@pytest.mark.parametrize("argv", [["--max-n", "9"], ["--repeat", "0"], ["--max-n", "-3"]])
def test_scripts_refuse_bad_input(name, argv, capsys):
    assert load(name).main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
