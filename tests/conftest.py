import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))


@pytest.fixture(autouse=True)
def _private_result_store(tmp_path, monkeypatch):
    """Counts made by the suite go to a throw-away result store, never the user's cache directory."""
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "results.sqlite"))
