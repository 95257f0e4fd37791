"""The borders, second list: a header that says how many rows follow, a column that cannot answer a question
marked before it runs, a scheduler address that is not Dask, files that would blow up or hang, outside solvers
that print or lie, writers that leave no half file, and long runs that say so first.

Numbers asserted come from outside the code under test: OEIS A000170 and A002562 (``known``), Pólya's theorem on
toroidal queens (a solution exists iff gcd(n, 6) = 1), or a brute force written here.
"""

import json
import math
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import destroy_tk, first_fast
from helpers import run_cli
from known import TOTAL, UNIQUE

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
NQUEENS = [sys.executable, "-m", "nqueens"]


def _one_error_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


# -- 1. the text format's header is the number of rows that follow --------------------------------------------


def test_the_text_header_counts_the_rows_of_a_stream_of_fundamental_solutions(capsys):
    code, out, err = run_cli(capsys, "solve", "8", "--solver", "cpsat", "--option", "symmetry=true", "--format", "text")
    assert code == 0, err
    header, *rows = out.splitlines()
    assert int(header) == len(rows) == UNIQUE[8]
    boards = {tuple(int(c) - 1 for c in row.split(",")) for row in rows}
    assert len(boards) == UNIQUE[8]
    assert all(len({q[r] + r for r in range(8)}) == 8 == len({q[r] - r for r in range(8)}) for q in boards)


# -- 2. a column that cannot answer the question as asked is unsupported, with the reason, before it runs -----


@pytest.mark.parametrize(
    ("column", "question", "because"),
    [
        ("cpsat:symmetry=true", "enumerate", "symmetry=lex"),
        ("csp:algorithm=min-conflicts", "count", "algorithm=min-conflicts"),
        ("csp:algorithm=min-conflicts", "enumerate", "algorithm=min-conflicts"),
        ("cpsat:first=true", "unique", "first=true"),
    ],
)
def test_a_column_that_cannot_answer_as_asked_is_unsupported_before_it_runs(capsys, column, question, because):
    code, out, err = run_cli(
        capsys, "compare", "6..7", "--solvers", f"{column},bitwise", "--question", question, "--json", "--store", "none"
    )
    assert code == 0, err
    runs = json.loads(out)
    mine = [r for r in runs if r["solver"] == column]
    assert [r["n"] for r in mine] == [6, 7]
    for r in mine:
        assert r["status"] == "unsupported" and because in r["message"] and r["seconds"] is None, r
    theirs = {r["n"]: r["total"] for r in runs if r["solver"] == "bitwise"}
    assert theirs == {6: TOTAL[6], 7: TOTAL[7]}


def test_cpsat_with_symmetry_still_counts_the_total(capsys):
    code, out, err = run_cli(
        capsys, "compare", "7..8", "--solvers", "cpsat:symmetry=true", "--question", "count", "--json"
    )
    assert code == 0, err
    assert {r["n"]: (r["status"], r["total"]) for r in json.loads(out)} == {n: ("solved", TOTAL[n]) for n in (7, 8)}


# -- 3. a scheduler address where something answers that is not Dask --------------------------------------------


class _Greeter:
    """A tiny TCP server that sends ``greeting`` to every connection and keeps it open."""

    def __init__(self, greeting):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.greeting = greeting
        self.held = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            try:
                conn.sendall(self.greeting)
            except OSError:
                pass

    def close(self):
        for conn in self.held:
            conn.close()
        self.server.close()


@pytest.mark.parametrize(
    ("greeting", "shown"),
    [
        (b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", "SSH-2.0-OpenSSH_9.2p1 Debian-2"),
        (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 400 Bad Request"),
    ],
    ids=["ssh", "http"],
)
def test_a_scheduler_address_that_is_not_dask_is_named_at_once(greeting, shown):
    pytest.importorskip("distributed")

    def timed(port):
        start = time.monotonic()
        done = subprocess.run(
            [*NQUEENS, "count", "12", "--scheduler", f"tcp://127.0.0.1:{port}"], capture_output=True, text=True
        )
        return done, time.monotonic() - start

    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    refused, baseline = timed(port)  # the same command where nothing listens: refused at once
    assert refused.returncode == 2 and "Connection refused" in refused.stderr
    server = _Greeter(greeting)
    try:
        done, seconds = timed(server.port)
    finally:
        server.close()
    assert done.returncode == 2 and done.stdout == ""
    line = _one_error_line(done.stderr)
    assert "not a Dask scheduler" in line and shown in line and "memory" not in line, line
    assert seconds < baseline + 5, f"{seconds:.1f} s, against {baseline:.1f} s where nothing listens"


# -- 4. refuse first, forecast only what will run ----------------------------------------------------------------


def test_a_refused_request_is_refused_before_any_forecast(capsys):
    start = time.monotonic()
    code, out, err = run_cli(capsys, "count", "70", "--solver", "mary", "--option", "propagation=forward-checking")
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert "n <= 63" in line and "propagation=forward-checking" in line, line
    assert time.monotonic() - start < 5


def test_a_column_beyond_the_limit_of_its_options_is_unsupported(capsys):
    code, out, err = run_cli(
        capsys, "compare", "70..70", "--solvers", "mary:order=first-fail", "--question", "first", "--json"
    )
    assert code == 2 and out == ""
    assert "n <= 63" in _one_error_line(err)


# -- 5. XML entities are refused before they are expanded ------------------------------------------------------


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
    assert "entit" in _one_error_line(err)


# -- 6. an outside solver that prints does not break the toolkit's own output -----------------------------------

NOISY = """
import os
import nqueens

print("noise at import")
os.write(1, b"noise from the file descriptor at import\\n")


def solutions(n):
    print("noise while solving")
    os.write(1, b"fd noise while solving\\n")
    import itertools
    for q in itertools.permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
            yield q


def count(n):
    print("noise while counting")
    os.write(1, b"fd noise while counting\\n")
    return sum(1 for _ in solutions(n))


solver = nqueens.Solver(name="noisy", solutions=solutions, count=count, can=("count", "enumerate"), reach=7)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "6", "--solver", "./noisy.py:solver", "--json"],
        ["solve", "6", "--solver", "./noisy.py:solver", "--json"],
        ["compare", "5..6", "--solvers", "./noisy.py:solver,bitwise", "--json", "--store", "none"],
        ["compare", "5..6", "--solvers", "./noisy.py:solver", "--json", "--timeout", "60", "--store", "none"],
    ],
    ids=["count", "solve", "compare", "compare-workers"],
)
def test_an_outside_solver_that_prints_leaves_the_json_whole(cli, tmp_path, argv):
    (tmp_path / "noisy.py").write_text(NOISY)
    done = cli.process(*argv, cwd=tmp_path)  # the prints of the runner's worker processes go to its stderr
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    if argv[0] == "count":
        assert doc["total"] == TOTAL[6]
    elif argv[0] == "solve":
        assert len(doc["solutions"]) == TOTAL[6]
    else:
        assert {(r["n"], r["total"]) for r in doc if "noisy" in r["solver"]} == {(5, TOTAL[5]), (6, TOTAL[6])}
    assert "noise" in done.stderr


# -- 7. a count that is not a number of solutions --------------------------------------------------------------


@pytest.mark.parametrize("answer", ["-5", "True", "2.5", "10**30", "'4'", "nqueens.Tally(total=-1)"])
def test_a_count_that_is_not_a_number_of_solutions_is_refused(cli, tmp_path, answer):
    (tmp_path / "liar.py").write_text(
        f"import nqueens\nsolver = nqueens.Solver(name='liar', count=lambda n: {answer})\n"
    )
    done = cli("count", "6", "--solver", "./liar.py:solver", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    line = _one_error_line(done.stderr)
    assert "liar" in line and "protocol" in line, line


def test_an_outside_count_as_a_numpy_integer_is_taken(cli, tmp_path):
    (tmp_path / "np.py").write_text(
        "import numpy, nqueens\nsolver = nqueens.Solver(name='np-count', count=lambda n: numpy.int64(4))\n"
    )
    done = cli("count", "6", "--solver", "./np.py:solver", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == TOTAL[6]


# -- 8. the viewer shows an outside solver that enumerates -----------------------------------------------------


def test_the_viewer_steps_through_an_outside_solvers_solutions(xvfb, monkeypatch):
    import tkinter as tk

    from nqueens.viewer.window import Viewer

    monkeypatch.setenv("DISPLAY", xvfb)
    root = tk.Tk()
    try:
        viewer = Viewer(root, 6, f"{EXAMPLES / 'my_solver.py'}:solver")
        try:
            root.update()
            seen = []
            for _ in range(TOTAL[6]):
                viewer.buttons["next"].invoke()
                deadline = time.monotonic() + 60
                while viewer.seeking:
                    assert time.monotonic() < deadline
                    root.update()
                    time.sleep(0.001)
                root.update()
                seen.append(tuple(viewer.browser.solution))
        finally:
            viewer.shutdown()
            viewer = None
    finally:
        destroy_tk(root)
    assert seen[0] == (1, 3, 5, 0, 2, 4) and len(set(seen)) == TOTAL[6]


def test_view_takes_an_outside_solver_on_the_command_line(xvfb):
    if subprocess.run(["which", "xdotool"], capture_output=True).returncode:
        pytest.skip("xdotool is not installed (apt-get install xdotool; .ci/run does this)")
    env = dict(os.environ, DISPLAY=xvfb)
    app = subprocess.Popen(
        [*NQUEENS, "view", "8", "--solver", "examples/my_solver.py:solver"], env=env, cwd=ROOT, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        found = ""
        while not found and time.monotonic() < deadline and app.poll() is None:
            found = subprocess.run(
                ["xdotool", "search", "--name", "nqueens view - n = 8"], env=env, capture_output=True, text=True
            ).stdout.strip()
            time.sleep(0.2)
        assert found, app.stderr.read().decode() if app.poll() is not None else "no window"
        app.send_signal(signal.SIGINT)
        assert app.wait(timeout=30) == 130
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


# -- 9. a named pipe is not an instance file -----------------------------------------------------------------


def test_a_named_pipe_given_as_an_instance_is_refused_in_one_line(tmp_path):
    fifo = tmp_path / "fifo.param"
    os.mkfifo(fifo)
    done = subprocess.run([*NQUEENS, "count", "--instance", str(fifo)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "not a regular file" in _one_error_line(done.stderr)


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


# -- 10. an interrupted or failed writer leaves no truncated file ----------------------------------------------


def _small_files():
    """Child processes may write files of at most 2,000 bytes (RLIMIT_FSIZE): a disk that fills up."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))


@pytest.mark.parametrize(
    "argv",
    [
        ["construct", "5000", "--output", "OUT"],
        ["construct", "5000", "--output", "OUT", "--format", "json"],
        ["generate", "blocked", "200", "3000", "-o", "OUT"],
        ["export", "30", "--model", "sat", "-o", "OUT.cnf"],
        ["tree", "6", "--model", "mary", "--export", "OUT.graphml"],
    ],
    ids=["construct-text", "construct-json", "generate", "export", "tree-export"],
)
def test_a_write_that_fails_leaves_no_file_behind(tmp_path, argv):
    target = tmp_path / "result"
    argv = [a.replace("OUT", str(target)) for a in argv]
    # Under make coverage, a child limited to 2,000-byte files could not write its coverage data: it is not measured.
    env = {k: v for k, v in os.environ.items() if k != "COVERAGE_PROCESS_CONFIG"}
    done = subprocess.run(
        [*NQUEENS, *argv], capture_output=True, text=True, preexec_fn=_small_files, timeout=300, cwd=tmp_path, env=env
    )
    assert done.returncode in (1, 2), done.stderr
    assert "cannot write" in _one_error_line(done.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "a failed write left a file"


def test_an_interrupted_construct_leaves_no_file(command, tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    argv = ["construct", "3000000", "--method", "min-conflicts", "--output", folder / "q.txt"]
    code, _, err, _ = command.interrupt(argv, cwd=folder)
    assert code == 130, err
    assert list(folder.iterdir()) == []


# Files that are no one's output: runexec's task and outcome in its own temporary folder, /proc/self/clear_refs.
_NOT_OUTPUT = {"nqueens/experiments/runexec.py", "nqueens/core/measure.py"}


def test_every_writer_goes_through_the_one_replacing_helper():
    """The toolkit's file writers open their target only through ``nqueens.core.files``."""
    import re

    offenders = []
    for folder in ("nqueens", "models", "native", "analysis"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            if path.name == "files.py":
                continue
            if str(path.relative_to(ROOT)) in _NOT_OUTPUT:
                continue
            for pattern in (r"open\([^)]*['\"]w", r"\.savefig\(", r"write_graphml\(", r"\.write_text\("):
                for match in re.finditer(pattern, text):
                    if "replaced_path(" in text[max(0, match.start() - 120) : match.start()]:
                        continue  # a library writing to the temporary name the helper gives
                    line = text[: match.start()].count("\n") + 1
                    offenders.append(f"{path.relative_to(ROOT)}:{line}")
    assert offenders == []


# -- 11. every command that may run for more than a minute says so first ---------------------------------------


def _first_words(argv, wait=240):
    """Start ``nqueens ARGV``, wait for its first line on stderr, stop it with Ctrl-C: (that line, exit code)."""
    process = subprocess.Popen([*NQUEENS, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        box = []
        reader = threading.Thread(target=lambda: box.append(process.stderr.readline()), daemon=True)
        reader.start()
        reader.join(wait)
        line = box[0] if box else ""
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        return line, process.returncode, out
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    "argv",
    first_fast(
        [
            ["count", "40", "--rules", "superqueen"],
            ["solve", "1000", "--limit", "1", "--solver", "cp"],
            ["count", "25", "--rules", "toroidal"],
            ["solve", "200", "--limit", "1", "--solver", "lines"],
            ["solve", "1000", "--limit", "1", "--solver", "cpsat", "--option", "first=true"],
        ],
        keep=2,
    ),
    ids=["superqueen", "cp-first", "toroidal", "lines-first", "cpsat-first"],
)
def test_a_long_run_says_so_first_with_how_to_stop_it(argv):
    line, code, out = _first_words(argv)
    assert line.startswith("warning: ") and "Ctrl-C" in line, line
    assert code == 130 and out == ""


# -- 12. a torus has no solution unless gcd(n, 6) = 1 ----------------------------------------------------------


@pytest.mark.parametrize("n", [40, 60, 62, 9, 10])
def test_a_torus_without_solutions_answers_zero_at_once_with_the_reason(capsys, n):
    assert math.gcd(n, 6) != 1
    code, out, err = run_cli(capsys, "count", str(n), "--rules", "toroidal", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["total"] == 0 and "gcd" in json.dumps(doc["stats"]) and "lya" in json.dumps(doc["stats"])
    start = time.monotonic()  # the kernels are loaded now: what is left is the answer itself
    code, out, err = run_cli(capsys, "count", str(n), "--rules", "toroidal")
    assert code == 0 and out.startswith(f"n = {n}, solver rules: 0 solutions") and "gcd" in out
    assert time.monotonic() - start < 3 and "warning" not in err


# -- 13. a random instance of a large board is sampled, not built ---------------------------------------------


@pytest.mark.parametrize(
    ("kind", "k"), [("blocked", 5), ("excluded", 5), ("completion", 5)], ids=["blocked", "excluded", "completion"]
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
    assert said in _one_error_line(done.stderr)
