"""What many test files share: run the command line in this process and take what it printed."""

from nqueens.cli import main


def run_cli(capsys, *argv):
    """``nqueens ARGV...`` in this process: ``(exit code, stdout, stderr)``; argparse's own exits included."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err, *, alone=False):
    """The one ``error: ...`` line a refused command printed, checked to be that (no traceback; with ``alone``,
    nothing else on stderr)."""
    lines = err.strip().splitlines()
    assert lines and lines[0].startswith("error: ") and "Traceback" not in err, err
    assert not alone or len(lines) == 1, err
    return lines[0]
