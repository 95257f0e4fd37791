"""Where numba keeps the compiled kernels: a folder named after the exact sources of this installation.

numba checks a cached kernel against the file that defines it, not against the files it calls into: a kernel of
``models/mary.py`` that inlines functions of ``models/rows.py`` would be loaded from the cache after ``rows.py``
changed (a ``git pull`` that touches one file), and would run the old code. So the cache lives in a folder whose
name is a digest of the size and modification time of every source file of the package; any change to any of
them starts a new folder. Set ``NUMBA_CACHE_DIR`` yourself to choose another place; it is then left alone.
This runs when :mod:`nqueens` is imported, before numba is.
"""

import hashlib
import os
from pathlib import Path

__all__ = ["use_source_keyed_cache"]

_FOLDERS = ("nqueens", "native", "models", "analysis")


def use_source_keyed_cache():
    """Point ``NUMBA_CACHE_DIR`` at the folder for these sources, unless it is set or numba is already loaded."""
    import sys

    if os.environ.get("NUMBA_CACHE_DIR") or "numba" in sys.modules:
        return None
    here = Path(__file__).resolve().parent
    roots = [here.parent / name for name in _FOLDERS]
    if not all(root.is_dir() for root in roots):  # an installed wheel: the subpackages live under nqueens/
        roots = [here]
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            stat = path.stat()
            digest.update(f"{path.relative_to(root.parent)} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(cache) / "nqueens" / "numba" / digest.hexdigest()[:16]
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    return folder
