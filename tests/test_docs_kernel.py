"""The documentation build's notebook kernels: started the way ``make docs`` starts them (docs/conf.py, then
nbclient as myst-nb calls it), they talk to the build over Unix-domain sockets and print no warning."""

import os
import runpy
from pathlib import Path

import pytest

CONF = Path(__file__).resolve().parent.parent / "docs" / "conf.py"


@pytest.mark.skipif(os.name != "posix", reason="Unix-domain sockets")
def test_tutorial_kernels_run_without_the_tcp_warning(capfd, tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(CONF))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    client = nbclient.NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    assert nb.cells[0].outputs[0]["text"] == "42\n"
    err = capfd.readouterr().err
    assert "without encryption" not in err and "IPKernelApp" not in err, err
