"""The command line's contract under careless and hostile input, tested on the real program.

- Ctrl-C (a real SIGINT to a real subprocess) prints ``interrupted``, exits 130 within about a second, and leaves
  nothing on stdout that looks like a result; for counts and enumerations of every family.
- Output that cannot be written (``> /dev/full``) is one ``error:`` line and a non-zero exit; a reader that leaves
  (``| head -1``) ends the command quietly.
- Empty values, options given twice and conflicting options are refused with one line.
- ``nqueens --help`` and ``nqueens solvers`` load neither numpy nor numba.
- A fuzz test drives the parser with random argument lists: exit 0, 1 or 2, never a traceback, and stdout in
  the promised format.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import first_fast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from known import TOTAL

from nqueens.cli import main

NQUEENS = [sys.executable, "-m", "nqueens"]
DATA = os.path.join(os.path.dirname(__file__), "data", "block-10-40-3.param")
PROMPT = 3.0  # seconds an interrupted command may take to stop (the machine is shared and slow)


def _interrupt(command, argv, *, after, tmp_path):
    """Start ``nqueens argv``, send SIGINT ``after`` seconds into its work; return (returncode, stdout, stderr,
    seconds)."""
    return command.interrupt(argv, after=after, env={"NQUEENS_STORE": str(tmp_path / "store.sqlite")})


# Long counts and enumerations, one or more per family; each runs for minutes unless interrupted.
INTERRUPTED = {
    "fast count": ["count", "19", "--workers", "1", "--json"],
    "bitwise count": ["count", "18", "--solver", "bitwise", "--json"],
    "bitwise enumeration (text counts first)": ["solve", "18", "--format", "text"],
    "dlx count": ["count", "17", "--solver", "dlx", "--json"],
    "permutation tree count": ["count", "17", "--solver", "permutation"],
    "lines enumeration": ["solve", "18", "--solver", "lines", "--format", "json"],
    "lines count above 64-bit masks": ["count", "100", "--solver", "lines", "--json"],
    "estimate": ["estimate", "40", "--model", "permutation", "--probes", "1000000000", "--json"],
    "construct": ["construct", "100000000", "--method", "min-conflicts", "--json"],
}


@pytest.mark.slow
@pytest.mark.parametrize("argv", INTERRUPTED.values(), ids=INTERRUPTED.keys())
def test_ctrl_c_stops_at_once_with_no_result(command, argv, tmp_path):
    code, out, err, seconds = _interrupt(command, argv, after=1.0, tmp_path=tmp_path)
    assert code == 130 and err.endswith("interrupted\n"), (code, err[-500:])
    assert "Traceback" not in err and seconds < PROMPT, seconds
    if "--json" in argv:
        assert out == ""  # a count's document is printed only when it is complete
    elif argv[0] == "count":
        assert "solutions" not in out


def test_an_interrupted_enumeration_prints_no_count_line_of_its_own(command, tmp_path):
    code, out, err, _ = _interrupt(command, ["solve", "17", "--format", "boards"], after=1.0, tmp_path=tmp_path)
    assert code == 130 and err.endswith("interrupted\n") and "Traceback" not in err
    assert "solution" not in out  # only boards, as far as they went


@pytest.mark.parametrize(
    "argv",
    first_fast(
        [
            ["solve", "8"],
            ["count", "8", "--json"],
            ["construct", "100000", "--show"],
            ["solve", "8", "--format", "json"],
            ["solvers"],
            ["tree", "6", "--model", "mary", "--json"],
        ],
        keep=3,
    ),
    ids=" ".join,
)
def test_a_full_disk_is_one_error_line(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(NQUEENS + argv, stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 1 and done.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("argv", [["solve", "12"], ["solve", "10", "--format", "text"], ["solvers"]], ids=" ".join)
def test_a_reader_that_leaves_ends_the_command_quietly(argv):
    proc = subprocess.Popen(NQUEENS + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=300)
    assert first and err == "" and proc.returncode == 0


@pytest.mark.parametrize(
    "argv,fragment",
    [
        (["count", "8", "--solver", ""], "--solver needs a value"),
        (["count", "8", "--store", " "], "--store needs a value"),
        (["solve", "8", "--option", "x="], "--option"),
        (["count", "8", "--solver", "bitwise", "--solver", "fast"], "--solver is given twice"),
        (["count", "8", "--json", "--json"], "--json is given twice"),
        (["count", "8", "--workers", "2", "--option", "workers=1"], "'workers' is given twice"),
        (["count", "8", "--option", "workers=1", "--option", "workers=2"], "'workers' is given twice"),
        (["solve", "6", "--format", "text", "--json"], "conflicts with --format text"),
        (["solve", "8", "--solver", "cpsat", "--option", "first=true", "--fundamental"], "--fundamental needs every"),
        (["solve", "8", "--solver", "csp", "--option", "algorithm=min-conflicts", "--fundamental"], "finds one"),
        (["count", "8", "--solver", "cpsat", "--option", "first=true"], "cannot count"),
        (["count", "8", "--cached", "--store", "none"], "cached needs a result store"),
        (["count"], "give N"),
        (["count", "8", "--scheduler", "tcp://127.0.0.1"], "must look like tcp://HOST:PORT"),
        (["construct", "100000000000"], "needs 1.3e+12 bytes"),
        (["count", "--instance", "no/such/file.param"], "no/such/file.param"),
    ],
)
def test_careless_input_is_one_error_line(capsys, argv, fragment):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    assert fragment in err, err


@pytest.mark.parametrize("solver", ["cpsat", "cp", "sat", "mip", "cpmpy", "lines"])
def test_a_model_too_big_to_build_is_refused_before_it_is_built(capsys, solver):
    # n = 10^6 needs at least 10 n^2 = 1e13 bytes in every model builder (and in lines' multi-word search): no
    # machine running the suite has it
    code, out, err = _cli(capsys, ["solve", "1000000", "--solver", solver, "--limit", "1"])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"error: solver '{solver}' on n = 1000000 ") and " needs " in err and "available" in err, err


def _cli(capsys, argv):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_cached_prints_the_stored_answer_or_says_there_is_none(capsys, tmp_path):
    store = str(tmp_path / "s.sqlite")
    assert main(["count", "15", "--store", store, "--cached"]) == 2
    assert "no stored count of n = 15" in capsys.readouterr().err
    assert main(["count", "15", "--store", store, "--json"]) == 0
    computed = json.loads(capsys.readouterr().out)
    assert main(["count", "15", "--store", store, "--cached", "--json"]) == 0
    cached = json.loads(capsys.readouterr().out)
    assert cached["total"] == computed["total"] == TOTAL[15] and cached["stats"]["cached"] is True


@pytest.mark.parametrize("argv", [["--help"], ["solvers"], ["count", "--help"], ["solvers", "--json"]], ids=" ".join)
def test_start_up_loads_no_numpy_or_numba(argv):
    # What is loaded is read at exit (an atexit handler: the command's own exit runs them, then ends the process).
    code = (
        "import atexit, sys, runpy\n"
        "names = ('numpy', 'numba', 'ortools', 'constraint', 'networkx', 'tqdm')\n"
        "atexit.register(lambda: print('HEAVY', sorted(m for m in names if m in sys.modules), file=sys.stderr))\n"
        f"sys.argv = ['nqueens', *{argv!r}]\n"
        "try:\n    runpy.run_module('nqueens', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "HEAVY []" in done.stderr, done.stderr[-500:]


def test_every_command_help_has_examples():
    from nqueens.cli import COMMANDS

    for name in COMMANDS:
        done = subprocess.run(NQUEENS + [name, "--help"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "examples:" in done.stdout, name


# -- fuzz -----------------------------------------------------------------------------------------------------

_TOKENS = st.sampled_from(
    [
        "count",
        "solve",
        "tree",
        "estimate",
        "construct",
        "solvers",
        "history",
        "generate",
        "export",
        "",
        " ",
        "0",
        "1",
        "4",
        "6",
        "-3",
        "abc",
        "1e3",
        "8.5",
        "99999999999",
        "--json",
        "--quiet",
        "--nodes",
        "--solver",
        "bitwise",
        "fast",
        "dlx",
        "nope",
        "--limit",
        "--format",
        "text",
        "boards",
        "json",
        "xml",
        "--option",
        "mode=generate-and-test",
        "symmetry=true",
        "first=true",
        "=",
        "--fundamental",
        "--model",
        "mary",
        "permutation",
        "subset",
        "--probes",
        "--seed",
        "--method",
        "toroidal",
        "explicit",
        "--store",
        "none",
        "--cached",
        "--workers",
        "--export",
        "--compare",
        "--instance",
        "tests/data/block-10-40-3.param",
        "blocked",
        "excluded",
        "completion",
        "--",
        "-x",
        "--help-me",
    ]
)

# Commands whose argument lists may start long runs are kept to small boards by the token list: the largest
# board a fuzzed command can ask for is 6 (or the instance file's 10), except for absurd sizes every solver refuses.


def _check_stdout(argv, out):
    if not out:
        return
    if "--json" in argv or ("--format" in argv and "json" in argv and argv[0] in ("solve", "generate")):
        if argv[0] != "generate":
            json.loads(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_TOKENS, min_size=0, max_size=7))
def test_fuzzed_argument_lists_never_crash(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)  # files a fuzzed --store, --export or -o names land here
    argv = [DATA if token == "tests/data/block-10-40-3.param" else token for token in argv]
    if "99999999999" in argv and argv[:1] in (["estimate"], ["construct"]):
        argv = argv[:1] + ["99999999999"]  # a refusal, never a billion probes
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        assert out == "" and err.startswith("error: ") and err.count("\n") == 1, (argv, out, err)
    if code == 0:
        _check_stdout(argv, out)


def test_an_unusable_cache_folder_is_said_and_worked_around(tmp_path, cli):
    """XDG_CACHE_HOME that cannot be written: the kernels are kept in a temporary folder and the command says so
    (instead of recompiling every run in silence), and a count that would store its result is refused before it
    computes anything (instead of failing at the end)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NQUEENS_STORE")}
    env["XDG_CACHE_HOME"] = "/proc/nope"
    env["TMPDIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "8", "--solver", "bitwise"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and ": 92 solutions" in done.stdout, done.stderr
    assert done.stderr.startswith("note: the kernel cache /proc/nope/") and str(tmp_path) in done.stderr
    assert any(tmp_path.glob("nqueens-numba-*/*/*/*.nbi")), "the kernels were not cached in the fallback folder"
    stored = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "16"], env=env, capture_output=True, text=True, timeout=600
    )
    assert stored.returncode == 2 and stored.stdout == ""
    assert stored.stderr.startswith("error: cannot create the folder of result store /proc/nope/")


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "8"],
        ["count", "12", "--store", "none"],
        ["count", "8", "--solver", "cpsat", "--option", "symmetry=true"],
        ["count", "6", "--solver", "bitwise", "--nodes"],
    ],
    ids=" ".join,
)
def test_human_output_has_no_python_reprs(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "{" not in out and "None" not in out and "'" not in out and " 1 solutions" not in out, out


def test_the_repository_has_its_licence_and_design_notes():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("LICENSE", "docs/design.md", "docs/architecture.md"):
        assert os.path.getsize(os.path.join(root, name)) > 1000, name
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    assert "DESIGN.md" not in readme and "../shared" not in readme


@pytest.mark.parametrize(
    "signum, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
@pytest.mark.parametrize(
    "module, how",
    [("nqueens.registry", ""), ("nqueens.cli.commands.count", ""), ("nqueens.cli.commands.count", ":swallow")],
    ids=["registry", "count", "count-swallowed"],
)
def test_a_signal_while_the_command_is_importing(tmp_path, signum, code, said, module, how):
    """Ctrl-C or SIGTERM while the command is still importing (held in the import of MODULE by the test's
    import hook) says so and exits as it would later, within a second: no KeyboardInterrupt traceback.

    ``swallowed``: a signal that lands inside an import reaches whoever asked for the module, and an extension's C
    code that asked may print the exception and go on (a traceback, then the command running on); the test's hook
    prints what interrupts it, as such code does, and the command still stops as the signal's, with its one line."""
    marker = tmp_path / "importing"
    env = dict(os.environ, NQUEENS_SLOW_IMPORT=f"{module}:{marker}{how}")
    process = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "14", "--solver", "generate-test"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.01)
        assert marker.exists(), process.communicate()
        process.send_signal(signum)
        sent = time.monotonic()
        out, err = process.communicate(timeout=30)
        assert (process.returncode, out, err) == (code, "", f"{said}\n")
        assert time.monotonic() - sent < 1.0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_signal_ignored_by_the_parent_stays_ignored(cli):
    """``nohup nqueens count ...``: SIGHUP ignored by whoever started the command is not turned into a stop."""
    process = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "14", "--solver", "generate-test"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    try:
        time.sleep(3)
        process.send_signal(signal.SIGHUP)
        time.sleep(1)
        assert process.poll() is None, process.communicate()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        # A forecast warning may come first (the count is forecast to take over a minute); then the one line.
        assert process.returncode == 130 and err.endswith("interrupted\n") and err.count("\n") <= 2, err
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
