"""The commands the tutorials show run: every ``$ nqueens ...`` line of a ``console`` block in the tutorials
(``docs/tutorials/`` and "Compare your own model"), in a scratch folder that sees the repository's ``examples/``;
every line quoted as its output (but lines with ``...``) is in what it prints. The tutorials' ``python`` blocks that
are not executed by the documentation build run too. The executed cells are run by ``make docs``."""

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

# One worker runs these (make test runs the suite on several): a page's commands run in order in one folder.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("test_docs_commands")]

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs" / "tutorials").glob("*.md")), ROOT / "docs" / "own-model.md"]
# Commands that cannot run here, and why.
NOT_HERE = {"nqueens view": "the viewer needs a display; tests/test_viewer.py drives it under Xvfb"}


def _console(page):
    text = page.read_text()
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, quoted = None, []
        lines = iter(block.splitlines())
        for line in lines:
            if line.startswith("$ "):
                if command:
                    yield command, quoted
                command, quoted = line[2:], []
                while command.endswith("\\"):
                    command = command[:-1] + next(lines).strip()
            elif line.strip() and "..." not in line:
                quoted.append(line)
        if command:
            yield command, quoted


COMMANDS = [
    pytest.param(page, command, quoted, id=f"{page.stem}: {command.split('#')[0].strip()}")
    for page in PAGES
    for command, quoted in _console(page)
    if command.startswith("nqueens ")
]
BLOCKS = [
    pytest.param(block, id=f"{page.stem}: python block {k}")
    for page in PAGES
    for k, block in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(), re.S), 1)
]


@pytest.fixture
def scratch(tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    return tmp_path


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """One folder per page, where its commands run in order (a later one may read what an earlier one wrote),
    and the commands already run there."""
    made = {}

    def folder(page):
        if page not in made:
            path = tmp_path_factory.mktemp(page.stem)
            (path / "examples").symlink_to(ROOT / "examples")
            made[page] = path, set()
        return made[page]

    return folder


def test_the_tutorials_show_commands():
    assert len(COMMANDS) >= 10


@pytest.mark.parametrize(("page", "command", "quoted"), COMMANDS)
def test_a_tutorial_command_runs(page, command, quoted, folders):
    for prefix, why in NOT_HERE.items():
        if command.startswith(prefix):
            pytest.skip(why)
    folder, ran = folders(page)
    for earlier in _earlier(page, command):
        if earlier not in ran:
            subprocess.run(_argv(earlier), cwd=folder, capture_output=True, timeout=600)
            ran.add(earlier)
    done = subprocess.run(_argv(command), capture_output=True, text=True, cwd=folder, timeout=600)
    ran.add(command)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    for line in quoted:
        assert line in printed, f"{command!r} no longer prints {line!r}"


@pytest.mark.parametrize("block", BLOCKS)
def test_a_tutorial_python_block_runs(block, scratch):
    script = scratch / "test_block.py"
    script.write_text(block)
    # A block of test functions runs under pytest; any other block as a script.
    argv = ["-m", "pytest", "-q", "-p", "no:cacheprovider", str(script)] if "def test_" in block else [str(script)]
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True, cwd=scratch, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def _argv(command):
    argv = shlex.split(command, comments=True)
    return [sys.executable, "-m", "nqueens", *argv[1:]]


def _earlier(page, command):
    for earlier, _ in _console(page):
        if earlier == command:
            return
        if earlier.startswith("nqueens ") and not any(earlier.startswith(p) for p in NOT_HERE):
            yield earlier
