"""The README's examples are executable: every ``$ nqueens ...`` line runs, and every line it quotes as output
(but ``...``) is in what the command prints."""

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _examples():
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        command, quoted = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    yield command, quoted
                command, quoted = line[2:], []
            elif line.strip() and line.strip() != "...":
                quoted.append(line)
        if command:
            yield command, quoted


EXAMPLES = list(_examples())


def test_the_readme_is_short_and_has_its_examples():
    assert len(README.splitlines()) < 200
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize(("command", "quoted"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_a_readme_command_runs_and_prints_what_the_readme_quotes(cli, command, quoted):
    argv = shlex.split(command)
    assert argv[0] == "nqueens"
    done = cli(*argv[1:], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    for line in quoted:
        assert line in printed, f"{command!r} no longer prints {line!r}"
