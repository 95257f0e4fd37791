"""Instance files: both formats round-trip, published files load, every malformed file is one error naming
file and line; ``nqueens generate`` is deterministic per seed and its files load."""

import json
import os
import re
import resource
import subprocess
import sys
import time

import pytest
from helpers import one_error_line, run_cli
from nqueens.native.instances import random_blocked, random_completion, random_excluded

from nqueens.cli import main
from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance
from nqueens.core.instance_io import format_instance, parse_instance, read_instance, write_instance

NQUEENS = [sys.executable, "-m", "nqueens"]

DATA = os.path.join(os.path.dirname(__file__), "data")


def _mixed(seed):
    n = 6 + seed % 5
    return Instance.make(
        n,
        blocked=random_blocked(n, n, seed=seed, min_free=2).blocked,
        queens=random_completion(n, 2, seed=seed, method="random").queens,
        excluded_sum=[seed % (2 * n - 1)],
        excluded_difference=[-(seed % n), n - 1],
    )


@pytest.mark.parametrize("fmt", ["json", "param"])
@pytest.mark.parametrize("seed", range(6))
def test_round_trip(tmp_path, fmt, seed):
    inst = _mixed(seed)
    assert parse_instance(format_instance(inst, fmt), name="x", fmt=fmt) == inst
    path = tmp_path / ("inst.json" if fmt == "json" else "inst.param")
    write_instance(inst, path)
    assert read_instance(path) == inst
    # the content alone also tells the format
    other = tmp_path / "inst.txt"
    other.write_text(format_instance(inst, fmt))
    assert read_instance(other) == inst


def test_published_layouts():
    """The three layouts CSPLib's generators print: prob080 blocks (1-based), prob079 init (0-based), the
    paper's diags (numdiags first entries; [d, 0] is the difference diagonal d - (n - 1))."""
    blocked = parse_instance("letting n =  10\nletting blocks =  [[1, 2], [10, 10]]\n", name="b.param")
    assert blocked.blocked == ((0, 1), (9, 9))
    placed = parse_instance("letting n =  12\nletting init =  [[1, 0], [3, 9]]\n", name="c.param")
    assert placed.queens == ((1, 0), (3, 9))
    diags = parse_instance("n =  10\nnumdiags =  3\ndiags =  [[4, 1], [2, 1], [14, 0], [8, 1]]\n", name="d.param")
    assert diags.excluded_sum == (2, 4) and diags.excluded_difference == (5,)
    header = "language ESSENCE' 1.0\n$ a comment\nletting n be 5 $ trailing\nletting blocked_squares = 1\n"
    assert parse_instance(header + "letting blocks = [[5, 5]]", name="h.param").blocked == ((4, 4),)


def test_essence_as_conjure_and_savile_row_write_it():
    """Index domains after ';' (Conjure's matrix literals), 'be', ranges, comments and a trailing comma."""
    text = (
        "language Essence 1.3\n$ written by conjure\nletting n be 6\n"
        "letting blocks be [[1, 2; int(1..2)], [6, 6; int(1..2)],\n; int(1..2)]\n"
        "letting init be [[2, 3; int(1..2)]; int(1..1)] $ placed\n"
    )
    inst = parse_instance(text, name="conjure.param")
    assert inst.blocked == ((0, 1), (5, 5)) and inst.queens == ((2, 3),)


def test_the_strong_models_diagonal_parameters():
    """prob079's partialqueens-diags-strong.eprime names the diagonals sumdiags (r + c) and diffdiags (c - r, its
    q2[i] = q1[i] - i): the paper's diag-10-4-1 with 6 diagonals, written in both layouts, is one instance."""
    paper = parse_instance(
        "n = 10\nnumdiags = 8\ndiags = [[4, 1], [2, 1], [14, 0], [8, 1], [8, 0], [7, 0], [3, 1], [12, 1]]\n",
        name="diag.param",
        diagonals=6,
    )
    strong = "letting n = 10\nletting numsum = 3\nletting sumdiags = [4, 2, 8]\n"
    strong += "letting numdiff = 3\nletting diffdiags = [-5, 1, 2]\n"
    assert parse_instance(strong, name="strong.param") == paper
    with pytest.raises(NQueensError, match="strong.param, line 2: numsum = 2, but sumdiags lists 3"):
        parse_instance(strong.replace("numsum = 3", "numsum = 2"), name="strong.param")


def test_queens_variant_v2_in_xcsp3():
    """PyCSP3's Queens -variant=v2 (both rules of a pair in one intension); n = 6 has 4 solutions (A000170)."""
    import nqueens

    args = "".join(f"<args> q[{i}] q[{j}] {j - i} </args>\n" for i in range(6) for j in range(i + 1, 6))
    text = (
        '<instance format="XCSP3" type="CSP">\n<variables> <array id="q" size="[6]"> 0..5 </array> </variables>\n'
        "<constraints> <group> <intension> and(ne(%0,%1),ne(dist(%0,%1),%2)) </intension>\n"
        f"{args}</group> </constraints>\n</instance>\n"
    )
    inst = parse_instance(text, name="Queens-v2-6.xml")
    assert inst.is_plain and nqueens.count(inst, "lines").total == 4


def test_lzma_compressed_files_as_the_xcsp_competitions_give_them(tmp_path):
    import lzma

    source = os.path.join(DATA, "published", "Queens-8.xml")
    packed = tmp_path / "Queens-8.xml.lzma"
    packed.write_bytes(lzma.compress(open(source, "rb").read(), format=lzma.FORMAT_ALONE))
    assert read_instance(packed) == read_instance(source) == Instance.make(8)
    (tmp_path / "d.param.lzma").write_bytes(lzma.compress(b"letting n = 5\nletting blocks = [[1, 1]]\n"))
    assert read_instance(tmp_path / "d.param.lzma").blocked == ((0, 0),)
    (tmp_path / "bad.xml.lzma").write_bytes(b"not compressed")
    with pytest.raises(NQueensError, match="bad.xml.lzma: not an lzma-compressed file"):
        read_instance(tmp_path / "bad.xml.lzma")
    (tmp_path / "cut.xml.lzma").write_bytes(packed.read_bytes()[:-20])
    with pytest.raises(NQueensError, match="cut.xml.lzma: the lzma-compressed data is truncated"):
        read_instance(tmp_path / "cut.xml.lzma")


def test_pycsp3_json_blocks_are_zero_based():
    inst = parse_instance('{"n": 5, "blocks": [[0, 0], [4, 3]]}', name="pycsp3.json")
    assert inst.blocked == ((0, 0), (4, 3))


def test_the_first_m_diagonals():
    text = "n =  10\nnumdiags =  3\ndiags =  [[4, 1], [2, 1], [14, 0], [8, 1]]\n"
    assert parse_instance(text, name="d.param", diagonals=2).excluded_sum == (2, 4)
    first = parse_instance(text, name="d.param", diagonals=1)
    assert first.excluded_sum == (4,) and first.excluded_difference == ()
    assert parse_instance(text, name="d.param", diagonals=0).is_plain
    with pytest.raises(NQueensError, match=r"--diagonals 4, but the file has 3 \(numdiags\)"):
        parse_instance(text, name="d.param", diagonals=4)
    with pytest.raises(NQueensError, match="this file has none"):
        parse_instance("letting n = 8\n", name="p.param", diagonals=1)
    with pytest.raises(NQueensError, match="this file is json"):
        parse_instance('{"n": 8}', name="p.json", diagonals=1)


def test_xcsp3_written_by_export_reads_back_to_the_same_squares(tmp_path):
    inst = _mixed(3)
    path = tmp_path / "m.xml"
    assert main(["export", "--instance", _write(inst, tmp_path), "--model", "xcsp3", "-o", str(path)]) == 0
    back = read_instance(path)
    # excluded diagonals and blocked squares are the same unary constraints in XCSP3: compare allowed squares
    assert back.n == inst.n and back.allowed() == inst.allowed() and back.queens == inst.queens


# OEIS A051906: toroidal queens, n = 7, 9, 11.
@pytest.mark.parametrize("n,want", [(7, 28), (9, 0), pytest.param(11, 88, marks=pytest.mark.slow)])
def test_toroidal_xcsp3_export_reads_back_under_its_rule(n, want, tmp_path, capsys):
    path = tmp_path / f"t{n}.xml"
    assert main(["export", str(n), "--model", "xcsp3", "--rules", "toroidal", "-o", str(path)]) == 0
    assert read_instance(path, rule=True) == (Instance(n), "toroidal")
    with pytest.raises(NQueensError, match="the toroidal rule, not the queen's"):
        read_instance(path)  # never the queen's problem under the torus's name
    capsys.readouterr()
    for solver in ([], ["--solver", "cpsat"]):
        assert main(["count", "--instance", str(path), "--json", *solver]) == 0
        assert json.loads(capsys.readouterr().out)["total"] == want
    assert main(["count", "--instance", str(path), "--rules", "queen"]) == 2
    assert "states the toroidal rule" in capsys.readouterr().err
    plain = tmp_path / f"q{n}.xml"
    assert main(["export", str(n), "--model", "xcsp3", "-o", str(plain)]) == 0
    assert read_instance(plain, rule=True) == (Instance(n), "queen")


def test_xcsp3_with_one_wrapped_diagonal_direction_is_refused():
    text = """<instance format="XCSP3" type="CSP">
      <variables> <array id="q" size="[5]"> 0..4 </array> </variables>
      <constraints> <allDifferent> q[] </allDifferent>
        <allDifferent> q[0] mod(add(q[1],1),5) mod(add(q[2],2),5) mod(add(q[3],3),5) mod(add(q[4],4),5) </allDifferent>
        <allDifferent> q[0] sub(q[1],1) sub(q[2],2) sub(q[3],3) sub(q[4],4) </allDifferent>
      </constraints> </instance>"""
    with pytest.raises(NQueensError, match="only one diagonal direction wraps"):
        parse_instance(text, name="half.xml")


def _write(inst, folder):
    path = folder / "i.json"
    write_instance(inst, path)
    return str(path)


def test_asp_competition_file():
    inst = read_instance(os.path.join(DATA, "asp-blocked-28-1449787798.param"))
    assert inst.n == 28 and len(inst.blocked) == 595
    assert inst.blocked[0] == (0, 0) and inst.blocked[-1] == (27, 26)


MALFORMED = [
    ("empty.param", "", 1),
    ("blank.param", "\n\n  \n", 1),
    ("no-n.param", "letting blocks = [[1, 1]]\n", 1),
    ("zero-based.param", "letting n = 8\nletting blocks = [[1, 1],\n [0, 3]]\n", 3),
    ("off-board.param", "letting n = 8\n\nletting blocks = [[9, 1]]\n", 3),
    ("truncated.param", "letting n = 8\nletting blocks = [[1, 1],\n[2, 2]\n", 3),
    ("truncated-pair.param", "letting n = 8\nletting blocks = [[1, 1], [2", 2),
    ("unknown.param", "letting n = 8\nletting queens = [[1, 1]]\n", 2),
    ("twice.param", "letting n = 8\nletting n = 9\n", 2),
    ("no-equals.param", "letting n 8\n", 1),
    ("bad-n.param", "letting n = 0\n", 1),
    ("float-n.param", "letting n = 8.5\n", 1),
    ("not-pair.param", "letting n = 8\nletting blocks = [[1, 1, 1]]\n", 2),
    ("dup.param", "letting n = 8\nletting blocks = [[1, 1],\n[1, 1]]\n", 3),
    ("count.param", "letting n = 8\nletting blocks = [[1, 1]]\nletting blocked_squares = 2\n", 3),
    ("init-off.param", "letting n = 8\nletting init = [[8, 0]]\n", 2),
    ("diag-kind.param", "n = 8\nnumdiags = 1\ndiags = [[3, 2]]\n", 3),
    ("numdiags.param", "n = 8\nnumdiags = 3\ndiags = [[3, 1]]\n", 2),
    ("garbage.param", "letting n = 8\n@@@\n", 2),
    ("bad.json", '{"n": 8,\n "blocked": [[1, 1],]}\n', 2),
    ("unknown.json", '{"n": 8,\n "blokcs": [[1, 1]]}\n', 2),
    ("blocks-and-blocked.json", '{"n": 8, "blocked": [],\n "blocks": [[1, 1]]}\n', 2),
    ("blocks-off.json", '{"n": 8,\n "blocks": [[8, 1]]}\n', 2),
    ("domain.param", "letting n = 8\nletting blocks = [[1, 1; int(1..2)],\n [2, 2; @]]\n", 3),
    ("open-domain.param", "letting n = 8\nletting blocks = [[1, 1; int(1..2)\n", 2),
    ("not-xml.xml", '<instance format="XCSP3">\n<variables>\n</instance>\n', 3),
    (
        "cop.xml",
        '<instance format="XCSP3" type="COP">\n<variables><array id="q" size="[4]"> 0..3 </array></variables>\n'
        "</instance>\n",
        1,
    ),
    (
        "no-diagonals.xml",
        '<instance format="XCSP3" type="CSP">\n<variables><array id="q" size="[4]"> 0..3 </array></variables>\n'
        "<constraints><allDifferent> q[] </allDifferent></constraints>\n</instance>\n",
        1,
    ),
    (
        "sum.xml",
        '<instance format="XCSP3" type="CSP">\n<variables><array id="q" size="[4]"> 0..3 </array></variables>\n'
        "<constraints>\n<sum><list> q[] </list><condition> (eq,6) </condition></sum></constraints>\n</instance>\n",
        4,
    ),
    ("no-n.json", '{"blocked": []}', 1),
    ("off.json", '{"n": 4,\n "queens": [[0, 4]]}', 2),
    ("string.json", '{"n": "8"}', 1),
    ("array.json", "[1, 2]", 1),
    ("diag.json", '{"n": 4,\n\n "excluded_sum": [7]}', 3),
    ("truncated.json", '{"n": 4, "blocked": [[0, 1]', 1),
]


@pytest.mark.parametrize(("name", "text", "line"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_file_names_file_and_line(tmp_path, name, text, line):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(NQueensError) as info:
        read_instance(path)
    message = str(info.value)
    assert message.startswith(f"{path}, line {line}: "), message
    assert "\n" not in message


def test_binary_garbage_directory_and_missing_file(tmp_path):
    junk = tmp_path / "junk.param"
    junk.write_bytes(b"letting n = 8\n\xff\xfe\x00\x81garbage")
    with pytest.raises(NQueensError, match=re.escape(f"{junk}, line 2: not a text file")):
        read_instance(junk)
    nul = tmp_path / "nul.json"
    nul.write_bytes(b'{"n": 8}\x00')
    with pytest.raises(NQueensError, match=re.escape(f"{nul}, line 1: not a text file")):
        read_instance(nul)
    with pytest.raises(NQueensError, match=re.escape(f"{tmp_path}: is a directory")):
        read_instance(tmp_path)
    with pytest.raises(NQueensError, match="cannot read"):
        read_instance(tmp_path / "missing.param")


@pytest.mark.parametrize(
    "argv",
    [
        ["excluded", "12", "6", "--seed", "4"],
        ["blocked", "10", "30", "--seed", "1", "--format", "json"],
        ["completion", "12", "5", "--seed", "2"],
        ["completion", "12", "5", "--seed", "2", "--method", "random"],
    ],
)
def test_generate_is_deterministic_and_loads(tmp_path, capsys, argv):
    outputs = []
    for _ in range(2):
        assert main(["generate", *argv]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    other = list(argv)
    other[other.index("--seed") + 1] = "99"
    assert main(["generate", *other]) == 0
    assert capsys.readouterr().out != outputs[0]
    path = tmp_path / ("g.json" if "json" in argv else "g.param")
    assert main(["generate", *argv, "-o", str(path)]) == 0
    inst = read_instance(path)
    assert inst == parse_instance(outputs[0], name="stdout")
    k = int(argv[2])
    assert (
        k
        == {
            "excluded": len(inst.excluded_sum) + len(inst.excluded_difference),
            "blocked": len(inst.blocked),
            "completion": len(inst.queens),
        }[argv[0]]
    )
    if argv[0] == "completion":
        assert inst.consistent()


def test_generate_json_suffix(tmp_path):
    path = tmp_path / "x.json"
    assert main(["generate", "blocked", "8", "5", "-o", str(path)]) == 0
    assert json.loads(path.read_text())["n"] == 8


@pytest.mark.parametrize(
    "argv",
    [
        ["excluded", "10", "60"],
        ["blocked", "5", "25"],
        ["completion", "5", "6"],
        ["completion", "3", "1"],
        ["blocked", "0", "1"],
        ["blocked", "8", "-1"],
        ["teleport", "8", "1"],
        ["blocked", "8", "2", "-o", "/nonexistent-dir/x.param"],
        ["blocked", "8", "2", "-o", "x.xml"],
    ],
)
def test_generate_errors(capsys, argv):
    try:
        status = main(["generate", *argv])
    except SystemExit as exc:  # argparse's own errors
        status = exc.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_generators_follow_their_rules():
    inst = random_blocked(12, 60, seed=5, min_free=4)
    rows = [sum(1 for r, _ in inst.blocked if r == i) for i in range(12)]
    cols = [sum(1 for _, c in inst.blocked if c == i) for i in range(12)]
    assert len(inst.blocked) == 60 and max(rows) <= 8 and max(cols) <= 8
    # nested: the first k of one seed's list
    big = random_excluded(14, 12, seed=3)
    small = random_excluded(14, 8, seed=3)
    assert set(small.excluded_sum) <= set(big.excluded_sum)
    assert set(small.excluded_difference) <= set(big.excluded_difference)
    allowed = big.allowed()
    assert all(bin(mask).count("1") >= 4 for mask in allowed)


@pytest.mark.parametrize("n", [64, 1000])
def test_a_completion_instance_beyond_the_instance_solver_takes_queens_of_a_solution(n):
    """The instance solver's masks stop at n = 63: a larger board's queens come from a seeded min-conflicts
    solution instead of an OverflowError; the k queens attack no one, and the same seed gives the same board."""
    inst = random_completion(n, 7, seed=5, method="solution")
    queens = inst.queens
    assert len(queens) == 7 and inst == random_completion(n, 7, seed=5, method="solution")
    for i, (r, c) in enumerate(queens):
        for s, d in queens[i + 1 :]:
            assert r != s and c != d and abs(r - s) != abs(c - d), (queens, (r, c), (s, d))


def test_one_placed_queen_is_a_queen(capsys, tmp_path):
    path = tmp_path / "one.json"
    path.write_text('{"n": 4, "queens": [[0, 1]], "blocked": [[3, 3], [2, 2]]}')
    code, out, _ = run_cli(capsys, "count", "--instance", str(path))
    assert code == 0 and out.splitlines()[0].startswith("n = 4 with 2 blocked, 1 queen, solver")


def test_an_instance_nested_too_deep_is_one_error_line(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    code, out, err = run_cli(capsys, "count", "--instance", str(path))
    assert code == 2 and out == "" and err.startswith("error: ") and "nested too deeply" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("fmt", "name"), [("param", "x.json"), ("json", "x.param")])
def test_a_generated_file_reads_back_whatever_its_name(capsys, tmp_path, fmt, name):
    path = tmp_path / name
    code, _, err = run_cli(capsys, "generate", "blocked", "8", "5", "--seed", "1", "--format", fmt, "-o", str(path))
    assert code == 0, err
    code, out, err = run_cli(capsys, "count", "--instance", str(path), "--json")
    assert code == 0, err
    import json

    from nqueens.core.instance_io import read_instance

    blocked = read_instance(path).blocked
    assert len(blocked) == 5
    import itertools

    brute = sum(
        1
        for q in itertools.permutations(range(8))
        if len({q[r] + r for r in range(8)}) == 8 == len({q[r] - r for r in range(8)})
        and not any((r, q[r]) in blocked for r in range(8))
    )
    assert json.loads(out)["total"] == brute


@pytest.mark.parametrize("kind", ["blocked", "completion", "excluded"])
@pytest.mark.parametrize("n", [10**9, 2**70])  # a smaller board is sampled, not built (below)
def test_generate_refuses_a_board_that_would_not_fit_naming_the_bytes(capsys, kind, n):
    code, out, err = run_cli(capsys, "generate", kind, str(n), "5")
    assert code == 2 and out == ""
    assert err.startswith(f"error: a random {kind} instance of n = {n} needs ") and "bytes" in err


# -- XML entities are refused before they are expanded ------------------------------------------------------


def _entity_file(path, size=1 << 20, uses=330):
    body = "x" * size
    refs = " ".join("&big;" for _ in range(uses))
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE instance [\n<!ENTITY big "{body}">\n]>\n'
        '<instance format="XCSP3" type="CSP">\n'
        '  <variables> <array id="q" size="[4]"> 0..3 </array> </variables>\n'
        f"  <constraints> <allDifferent> q[] </allDifferent> </constraints>\n  <!-- {refs} -->\n"
        f"  <annotations> {refs} </annotations>\n</instance>\n"
    )
    return path


def _read_limited(path):
    """Read ``path`` in a child process under RLIMIT_AS = 1 GiB; its (exit code, stdout, stderr)."""
    code = (
        "import sys\nfrom nqueens.core.errors import NQueensError\nfrom nqueens.core.instance_io import read_instance\n"
        "try:\n    read_instance(sys.argv[1])\nexcept NQueensError as exc:\n    print(exc)\n    sys.exit(2)\n"
    )

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, preexec_fn=limit, timeout=120
    )
    return done.returncode, done.stdout, done.stderr


def test_an_xml_entity_expanded_hundreds_of_times_is_refused_in_little_memory(tmp_path):
    path = _entity_file(tmp_path / "laughs.xml")
    assert 1 << 20 < path.stat().st_size < 4 << 20
    code, out, err = _read_limited(path)
    assert code == 2 and "Traceback" not in err and "MemoryError" not in err, err
    assert out.startswith(f"{path}, line 3:") and "entit" in out, out


def test_an_xml_entity_is_one_error_line_on_the_command_line(tmp_path, capsys):
    path = _entity_file(tmp_path / "small.xml", size=10, uses=3)
    code, out, err = run_cli(capsys, "count", "--instance", str(path))
    assert code == 2 and out == ""
    assert "entit" in one_error_line(err, alone=True)


# -- a named pipe is not an instance file -----------------------------------------------------------------


def test_a_named_pipe_given_as_an_instance_is_refused_in_one_line(tmp_path):
    fifo = tmp_path / "fifo.param"
    os.mkfifo(fifo)
    done = subprocess.run([*NQUEENS, "count", "--instance", str(fifo)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "not a regular file" in one_error_line(done.stderr, alone=True)


@pytest.mark.slow
def test_a_folder_of_instances_skips_what_is_not_a_regular_file_and_says_so(tmp_path):
    folder = tmp_path / "instances"
    folder.mkdir()
    (folder / "a.json").write_text('{"n": 6, "blocked": [[0, 1]]}')
    os.mkfifo(folder / "b.param")
    done = subprocess.run(
        [*NQUEENS, "compare", "--instances", str(folder), "--solvers", "lines", "--json", "--store", "none"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    import itertools

    brute = sum(
        1
        for q in itertools.permutations(range(6))
        if len({q[r] + r for r in range(6)}) == 6 == len({q[r] - r for r in range(6)}) and q[0] != 1
    )
    assert [(r["instance"], r["total"]) for r in runs] == [("a.json", brute)]
    assert "b.param" in done.stderr and "not a regular file" in done.stderr


# -- a random instance of a large board is sampled, not built ---------------------------------------------


@pytest.mark.parametrize(
    ("kind", "k"),
    [("blocked", 5), ("excluded", 5), pytest.param("completion", 5, marks=pytest.mark.slow)],
    ids=["blocked", "excluded", "completion"],
)
def test_a_random_instance_of_a_huge_board_is_sampled_in_little_time_and_memory(tmp_path, kind, k):
    path = tmp_path / "big.json"

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    start = time.monotonic()
    done = subprocess.run(
        [*NQUEENS, "generate", kind, "10000", str(k), "--seed", "3", "-o", str(path)],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 60
    doc = json.loads(path.read_text())
    assert doc["n"] == 10000
    items = {"blocked": "blocked", "completion": "queens"}.get(kind)
    if items:
        squares = {tuple(s) for s in doc[items]}
        assert len(squares) == k and all(0 <= r < 10000 and 0 <= c < 10000 for r, c in squares)
    else:
        assert len(doc.get("excluded_sum", [])) + len(doc.get("excluded_difference", [])) == k


def test_sampled_blocked_squares_keep_the_rule_of_the_generator():
    """Every row and column keeps at least min_free open squares, and the squares are distinct."""
    from nqueens.native.instances import random_blocked

    for seed in range(20):
        inst = random_blocked(7, 20, seed=seed, min_free=3)
        assert len(set(inst.blocked)) == 20
        for line in range(7):
            assert sum(r == line for r, _ in inst.blocked) <= 7 - 3
            assert sum(c == line for _, c in inst.blocked) <= 7 - 3
    assert random_blocked(50, 40, seed=1) == random_blocked(50, 40, seed=1)
    assert random_blocked(50, 40, seed=1) != random_blocked(50, 40, seed=2)


@pytest.mark.parametrize("rule", ["queen", "superqueen", "toroidal"])
def test_the_forecasts_tree_estimate_follows_the_rule(rule):
    """Knuth's estimate behind a forecast walks the rule's own tree: against the tree counted by brute force here
    (every partial placement row by row whose pieces do not attack one another, root included)."""
    from nqueens.runtime.forecast import quick_estimate

    def attacks(n, a, b):
        dr, dc = b[0] - a[0], b[1] - a[1]
        if dc == 0:
            return True
        diagonal = (dr - dc) % n == 0 or (dr + dc) % n == 0 if rule == "toroidal" else abs(dr) == abs(dc)
        return diagonal or (rule == "superqueen" and {abs(dr), abs(dc)} == {1, 2})

    def tree(n, q=()):
        row = len(q)
        return 1 + sum(
            tree(n, (*q, c))
            for c in range(n)
            if row < n and not any(attacks(n, (i, q[i]), (row, c)) for i in range(row))
        )

    for n in (6, 7, 8):
        mean, se = quick_estimate(n, probes=4000, seed=1, rule=rule)
        assert abs(mean - tree(n)) <= 4 * se + 1e-9, (n, mean, se, tree(n))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["count", "8", "--solver", "FIFO.py:solver"], "is not a regular file (a named pipe)"),
        (["count", "16", "--store", "FIFO.sqlite"], "is not a regular file (a named pipe)"),
        (["history", "--store", "FIFO.sqlite"], "is not a regular file (a named pipe)"),
    ],
    ids=["solver-file", "store", "history"],
)
def test_every_file_a_command_reads_refuses_a_named_pipe(tmp_path, argv, said):
    for suffix in (".py", ".sqlite"):
        os.mkfifo(tmp_path / f"FIFO{suffix}")
    done = subprocess.run([*NQUEENS, *argv], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert said in one_error_line(done.stderr, alone=True)
