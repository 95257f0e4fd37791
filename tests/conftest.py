import io
import os
import select
import shutil
import signal
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

# The suite sends Ctrl-C to the commands it starts. A suite started as a background job of a script inherits
# SIGINT ignored, and its children would too (a command keeps a signal its parent ignored, as nohup needs): give
# the children the terminal's default instead.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


FAULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "faults")


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
    from nqueens.cli import main

    def run(*args, cwd=None, env=None, timeout=600, input=None):
        if env is not None:
            return _process(*args, cwd=cwd, env=env, timeout=timeout, input=input)
        argv = [str(a) for a in args]
        with monkeypatch.context() as patch:
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
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
