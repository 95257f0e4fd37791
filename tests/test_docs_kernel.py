"""The kernels that execute the documentation's pages: ipykernel's notice about plain TCP (one line per executed
page in `make docs`) is dropped by the profile docs/conf.py gives them; their other log lines are kept."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

DOCS = Path(__file__).resolve().parent.parent / "docs"

_SCRIPT = """
import runpy, sys
runpy.run_path(sys.argv[1])  # docs/conf.py, as Sphinx reads it: it points IPYTHONDIR at the kernels' profile
import nbformat
from nbclient import NotebookClient

nb = nbformat.v4.new_notebook()
nb.cells.append(nbformat.v4.new_code_cell(
    "import logging; logging.getLogger('IPKernelApp').warning('a warning of the kernel'); print(6 * 7)"
))
NotebookClient(nb, kernel_name="python3", timeout=120).execute()
print(nb.cells[0].outputs[0]["text"].strip())
"""


@pytest.mark.slow  # a notebook kernel; make docs executes every page
def test_an_executed_page_prints_no_plain_tcp_notice_and_keeps_other_kernel_warnings(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(DOCS / "conf.py")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "42"
    assert "without encryption" not in done.stderr
    assert "a warning of the kernel" in done.stderr
