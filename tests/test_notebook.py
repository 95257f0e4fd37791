"""The example notebook runs from top to bottom and shows what it says: a DataFrame, a drawn instance, a plot."""

import os

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("pandas")

NOTEBOOK = os.path.join(os.path.dirname(__file__), os.pardir, "examples", "notebook.ipynb")


@pytest.mark.slow
def test_the_example_notebook_runs_and_shows_a_frame_an_instance_and_a_cactus_plot(tmp_path):
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    root = os.path.dirname(os.path.abspath(NOTEBOOK))
    nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": root}}
    ).execute()
    outputs = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    shown = [out.get("data", {}) for out in outputs if out.output_type in ("execute_result", "display_data")]
    printed = "".join(out.get("text", "") for out in outputs if out.output_type == "stream")
    assert "<Experiment question='count': 24 runs (24 solved)" in printed
    frames = [d["text/html"] for d in shown if "dataframe" in d.get("text/html", "")]
    assert frames and "time_model" in frames[0] and "solved" in frames[0]
    pictures = [d["image/svg+xml"] for d in shown if "image/svg+xml" in d]
    assert len(pictures) == 2 and pictures[0].count('class="blocked"') == 3 and 'class="excluded"' in pictures[0]
    assert pictures[1].count('class="queen"') == 8  # the solution, on the instance
    assert sum("image/png" in d for d in shown) == 2  # the cactus plot and the timings
