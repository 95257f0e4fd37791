import contextlib
import io
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))


def _test_the_installed_package():
    """``python -m pytest`` in the clone puts the clone's root first on ``sys.path``, where ``nqueens/`` is the
    source folder: the suite tests the package as installed (normally, or editable), so the root goes when the
    package can be found without it."""
    import importlib.util

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kept = [p for p in sys.path if os.path.abspath(p or os.curdir) != root]
    if len(kept) == len(sys.path) or "nqueens" in sys.modules:
        return
    whole, sys.path[:] = sys.path[:], kept
    if importlib.util.find_spec("nqueens") is None:  # not installed: the clone's own folder it is
        sys.path[:] = whole


_test_the_installed_package()

# The suite sends Ctrl-C, SIGTERM and SIGHUP to the commands it starts. A suite started as a background job of a
# script inherits SIGINT ignored, one started by nohup SIGHUP ignored, and its children would too (a command keeps
# a signal its parent ignored, as nohup needs): give the children the default instead. A signal with a handler
# is reset to its default in a new program; the suite itself still ignores a hangup it was told to ignore.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
for _name in ("SIGHUP", "SIGTERM", "SIGQUIT"):
    if hasattr(signal, _name) and signal.getsignal(getattr(signal, _name)) == signal.SIG_IGN:
        signal.signal(getattr(signal, _name), lambda signum, frame: None)


FAULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "faults")
ROOT = Path(__file__).resolve().parent.parent


def copy_package(into):
    """The package as a wheel installs it (``nqueens/`` with ``models/``, ``native/`` and ``analysis/`` inside),
    importable from ``into`` with ``PYTHONPATH``: a copy whose sources a test may change. Its kernel modules are
    the same sources as the suite's, so with the suite's ``NUMBA_CACHE_DIR`` it finds them compiled (the cache is
    keyed by the sources, not by where they are); a test whose subject is a cold compile gives it a cache of its
    own."""
    package = into / "nqueens"
    shutil.copytree(ROOT / "nqueens", package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("models", "native", "analysis"):
        shutil.copytree(ROOT / folder, package / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return package


@pytest.fixture(autouse=True)
def _private_result_store(tmp_path, monkeypatch):
    """Counts made by the suite go to a throw-away result store, never the user's cache directory; the child
    processes of a test can be given faults (tests/faults/sitecustomize.py, read only with NQUEENS_WORKER_FAULT)."""
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "results.sqlite"))
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", FAULTS + (os.pathsep + path if path else ""))


def _process(*args, cwd=None, env=None, timeout=600, input=None):
    """``python -m nqueens ARGS...`` in a real subprocess (what only a process shows: start-up, an installed
    plugin's entry point, an environment read at import)."""
    return subprocess.run(
        [sys.executable, "-m", "nqueens", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
        timeout=timeout,
        input=input,
    )


@pytest.fixture
def cli(capsys, monkeypatch):
    """``nqueens ARGS...`` as a command: ``cli("count", "8", cwd=...)`` gives a ``CompletedProcess`` (returncode,
    stdout, stderr). It runs :func:`nqueens.cli.main` in this process, in ``cwd``, with ``input`` as standard
    input; given ``env`` (read by a new interpreter at start-up), or as ``cli.process(...)``, it starts
    ``python -m nqueens``."""
    from nqueens import plugins
    from nqueens.cli import main

    def run(*args, cwd=None, env=None, timeout=600, input=None):
        if env is not None:
            return _process(*args, cwd=cwd, env=env, timeout=timeout, input=input)
        argv = [str(a) for a in args]
        with monkeypatch.context() as patch:
            # What a command's process resolves for itself: the outside solvers its specs name ("./liar.py:solver"
            # is another file in another test's folder).
            patch.setattr(plugins, "_RESOLVED", {})
            if cwd is not None:
                patch.chdir(cwd)
            if input is not None:
                patch.setattr(sys, "stdin", io.StringIO(input))
            capsys.readouterr()  # the command's output only
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's own exits (--help, --version, a bad option)
                code = exc.code if isinstance(exc.code, int) else 1
            out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["nqueens", *argv], code, out, err)

    run.process = _process
    return run


class Commands:
    """``python -m nqueens`` started as a process of its own, to be signalled: :meth:`start` it, wait until its work
    is :meth:`underway` (it says so through ``tests/faults/sitecustomize.py``), then signal it; or
    :meth:`interrupt` it, all in one. Whatever still runs when the test ends is killed."""

    def __init__(self, folder):
        self.folder = folder
        self.started = []

    def start(self, argv, *, env=None, **kwargs):
        marker = self.folder / f"underway-{len(self.started)}"
        env = {**os.environ, **(env or {}), "NQUEENS_UNDERWAY": str(marker)}
        kwargs = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, **kwargs}
        process = subprocess.Popen([sys.executable, "-m", "nqueens", *map(str, argv)], env=env, **kwargs)
        process.underway_marker = marker
        self.started.append(process)
        return process

    def underway(self, process, timeout=180):
        """Wait until the command has started its work (its first background job); fail if it ended first."""
        deadline = time.monotonic() + timeout
        while not process.underway_marker.exists():
            if process.poll() is not None:
                pytest.fail(f"{process.args[3:]} ended before its work was under way: {process.communicate()}")
            if time.monotonic() > deadline:
                pytest.fail(f"{process.args[3:]} did not get under way within {timeout} s")
            time.sleep(0.02)

    def interrupt(self, argv, sig=signal.SIGINT, *, after=0.0, signals=1, gap=0.05, timeout=60, **kwargs):
        """Start ``nqueens argv``, send ``sig`` ``after`` seconds into its work (``signals`` times, ``gap``
        seconds apart); return (returncode, stdout, stderr, seconds from the first signal to the exit)."""
        process = self.start(argv, **kwargs)
        self.underway(process)
        time.sleep(after)  # how far into the work, not a wait for the child: it is under way
        assert process.poll() is None, f"{argv} ended before the signal: {process.communicate()}"
        sent = time.monotonic()
        for _ in range(signals):
            process.send_signal(sig)
            time.sleep(gap)
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out, err, time.monotonic() - sent

    def close(self):
        for process in self.started:
            if process.poll() is None:
                process.kill()
            process.communicate()


@pytest.fixture
def command(tmp_path):
    """Start ``nqueens`` commands to signal them (:class:`Commands`); each is killed at the test's end."""
    started = Commands(tmp_path)
    try:
        yield started
    finally:
        started.close()


def selected(request, module, name):
    """The values of the parameter ``name`` of the tests of ``module`` that this run selected (``-m "not slow"``
    leaves out the slow cases): a fixture that runs every case at once runs only these.

    Such a fixture runs its cases :func:`once` for the whole run, whichever xdist workers run its tests."""
    return {
        item.callspec.params[name]
        for item in request.session.items
        if item.module is module and hasattr(item, "callspec") and name in item.callspec.params
    }


def once(tmp_path_factory, name, produce):
    """``produce()`` (a JSON document) computed once for the whole run and shared by the xdist workers, which
    otherwise each set up a fixture of their own: the first to ask computes it, under a lock, and the others
    read it (the pattern of pytest-xdist's documentation, with ``fcntl.flock`` for the lock)."""
    import fcntl
    import json

    shared = tmp_path_factory.getbasetemp().parent  # the run's folder, the same for every worker
    path = shared / f"{name}.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return json.loads(path.read_text())
        value = produce()
        path.write_text(json.dumps(value))
        return value


def first_fast(values, keep=1, ids=None):
    """``values`` of one parameter as ``pytest.param``s, all but the first ``keep`` marked slow: the fast tier
    (``make test-fast``) runs one case of the kind, the whole suite every case. A value that is a tuple fills
    several parameters."""
    return [
        pytest.param(
            *(value if isinstance(value, tuple) else (value,)),
            marks=() if index < keep else pytest.mark.slow,
            id=ids(value) if ids else None,
        )
        for index, value in enumerate(values)
    ]


@pytest.fixture
def jit_free(request, tmp_path_factory):
    """What the kernels' Python source gives as plain Python (``NUMBA_DISABLE_JIT=1``): ``jit_free()`` is the value of
    the check of ``tests/jit_free.py`` named after the test's file (``dlx`` for ``test_dlx.py``). Every check the run
    selected is computed in one child interpreter, once for the whole run (:func:`once`); a check that raised fails
    its test with the child's traceback."""
    wanted = sorted(
        {
            item.module.__name__.removeprefix("test_")
            for item in request.session.items
            if "jit_free" in getattr(item, "fixturenames", ())
        }
    )

    def produce():
        import json

        # subprocess.run kills the child on a timeout or any exception (Ctrl-C included) before it returns
        child = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("jit_free.py")), *wanted],
            env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
            capture_output=True,
            text=True,
            timeout=900,
        )
        if child.returncode != 0:
            pytest.fail(f"the jit-free child exited with {child.returncode}: {child.stderr}")
        return json.loads(child.stdout)

    results = once(tmp_path_factory, "jit-free-" + "-".join(wanted), produce)
    name = request.module.__name__.removeprefix("test_")

    def value():
        got = results[name]
        if "error" in got:
            pytest.fail(f"the check {name} of tests/jit_free.py raised under NUMBA_DISABLE_JIT=1:\n{got['error']}")
        return got["value"]

    return value


def in_turn(firsts, seconds):
    """Every pair of ``firsts`` and ``seconds`` (dicts ``{id: tuple of parameter values}``) as ``pytest.param``s,
    the values of both as parameters, ``id`` ``"first-second"``; the fast tier runs each first once, with the seconds taken in turn
    (so each second too, when there are at least as many firsts), the whole suite every pair."""
    seconds = list(seconds.items())
    return [
        pytest.param(
            *first,
            *second,
            id=f"{first_id}-{second_id}",
            marks=() if j == i % len(seconds) else pytest.mark.slow,
        )
        for i, (first_id, first) in enumerate(firsts.items())
        for j, (second_id, second) in enumerate(seconds)
    ]


def representatives(cases, axes, ids=None):
    """``cases`` as ``pytest.param``s, all but a few marked slow: for each of the ``axes`` (functions of a case),
    the first case of each of its values stays in the fast tier, so every command, every size, every signal is
    still run by ``make test-fast``; the slow tier (``make test``) runs them all."""
    keep = set()
    for axis in axes:
        seen = set()
        for index, case in enumerate(cases):
            if axis(case) not in seen:
                seen.add(axis(case))
                keep.add(index)
    return [
        pytest.param(
            *case,
            marks=() if index in keep else pytest.mark.slow,
            id=ids(case) if ids else "-".join(map(str, case)),
        )
        for index, case in enumerate(cases)
    ]


def destroy_tk(root):
    """Destroy a Tk ``root`` and free what its windows held, here in the main thread: Tk variables in reference
    cycles left to the collector may be freed later in some other thread (a count's job thread), where Tk raises
    "main thread is not in main loop" or Tcl aborts the process. Drop your own references to the windows first."""
    import gc

    root.destroy()
    gc.collect()


def stop(process, grace=10):
    """End a child ``process``: continue it if it was stopped, ask it to terminate, and kill it after ``grace``
    seconds; reaped either way."""
    if process.poll() is None:
        process.send_signal(signal.SIGCONT)
        process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def signal_when_started(process, started, after, sig):
    """Wait until ``process`` has made the file ``started`` (its command has begun; at most 60 s), then ``after``
    seconds more, and send it ``sig``: (whether it was still running then, the monotonic time it was sent)."""
    deadline = time.monotonic() + 60
    while not started.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(after)
    running = process.poll() is None
    sent = time.monotonic()
    process.send_signal(sig)
    return running, sent


def wait_for(condition, what, timeout=300):
    """Poll ``condition()`` until it holds; fail the test, saying ``what`` was awaited, after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


@contextlib.contextmanager
def dask_cluster(folder, workers=("w1", "w2"), *, preload=None, timeout=300):
    """A real Dask cluster on 127.0.0.1: ``dask scheduler`` on an ephemeral port and one ``dask worker`` process per
    name in ``workers`` (one thread each, no nanny, so a killed worker stays dead; ``preload`` a module file each
    worker loads). Yields ``(address, {name: worker process}, scheduler process)`` once every worker has joined;
    every process is stopped when the block ends, whatever happened (a stopped one is continued first), and the
    logs are in ``folder``."""
    import json

    info = folder / "scheduler.json"
    procs, logs = [], []

    def dask(name, *args):
        log = open(folder / f"{name}.log", "w")
        logs.append(log)
        procs.append(subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=log, stderr=subprocess.STDOUT))
        return procs[-1]

    try:
        scheduler = dask("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                         "--scheduler-file", str(info))  # fmt: skip
        wait_for(lambda: info.exists() and info.stat().st_size > 0, "the scheduler file", timeout)
        address = json.loads(info.read_text())["address"]
        extra = ["--preload", str(preload)] if preload else []
        started = {
            name: dask(
                name,
                "worker",
                "--scheduler-file",
                str(info),
                "--host",
                "127.0.0.1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                name,
                *extra,
            )  # fmt: skip
            for name in workers
        }
        for name in workers:
            log = folder / f"{name}.log"
            wait_for(lambda log=log: "Registered to" in log.read_text(), f"worker {name} to join", timeout)
        yield address, started, scheduler
    finally:
        for proc in reversed(procs):  # the workers first, while their scheduler can still answer
            stop(proc)
        for log in logs:
            log.close()


@pytest.fixture(scope="session")
def xvfb():
    """A private X server for the test run (the viewer's windows and canvases; every command under signals),
    stopped at its end. One for the whole run: Tk keeps its connection to a display after the last window on it
    is destroyed, and exits the process (X I/O error) once that server is gone and a later ``tk.Tk()`` runs its
    event loop, so a server per module would end the run at the second module that opens a window."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed: the viewer tests need it (apt-get install xvfb; .ci/run does this)")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], 30)
        number = os.read(read, 16).decode().strip() if ready else ""
        if not number.isdigit():
            pytest.fail("Xvfb did not report a display number within 30 s")
        yield f":{number}"
    finally:
        os.close(read)
        stop(server)
