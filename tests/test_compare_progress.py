"""compare's progress line: at a terminal only, within the terminal's width, and wiped when the experiment ends."""

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

import pytest

ARGV = [sys.executable, "-m", "nqueens", "compare", "4..8", "--solvers", "bitwise,dlx", "--store", "none"]


@pytest.mark.slow
def test_the_progress_line_fits_the_terminal_and_is_wiped():
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))
    try:
        process = subprocess.Popen(ARGV, stdout=subprocess.PIPE, stderr=slave)
    finally:
        os.close(slave)
    try:
        out, _ = process.communicate(timeout=300)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert process.returncode == 0 and out.count(b"| bitwise") == 5
    text = seen.decode()
    lines = text.replace("\r\n", "\n").split("\n")
    progress = [piece for line in lines for piece in line.split("\r") if "runs" in piece]
    assert progress and any("/10" in piece for piece in progress), text
    assert all(len(piece) <= 50 for line in lines for piece in line.split("\r")), text
    pieces = text.split("\r")
    last = max(i for i, piece in enumerate(pieces) if "runs" in piece)
    # wiped right after its last state (a note printed later, such as a kernel compiling, stays)
    assert last < len(pieces) - 1 and pieces[last + 1].strip() == "", repr(text[-300:])


@pytest.mark.slow
def test_no_progress_line_when_stderr_is_not_a_terminal():
    done = subprocess.run(ARGV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0
    assert "runs" not in done.stderr and "\r" not in done.stderr
