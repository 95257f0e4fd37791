"""Where numba keeps the compiled kernels: a folder named after the exact sources of this installation.

numba checks a cached kernel against the file that defines it, not against the files it calls into: a kernel of
``models/mary.py`` that inlines functions of ``models/rows.py`` would be loaded from the cache after ``rows.py``
changed (a ``git pull`` that touches one file), and would run the old code. So the cache lives in a folder whose
name is a digest of the contents of every source file of the package: any change to any of them starts a new
folder, and two checkouts of the same commit share one (modification times play no part, so a fresh clone
finds the kernels a previous clone compiled, and an edit within the same second cannot load a stale kernel).
Set ``NUMBA_CACHE_DIR`` yourself to choose another place; it is then left alone. This runs when :mod:`nqueens`
is imported, before numba is; hashing the ~1 MB of sources takes a few milliseconds.
"""

import hashlib
import os
from pathlib import Path

__all__ = ["use_source_keyed_cache", "fallback_note", "fresh_note"]

_FOLDERS = ("nqueens", "native", "models", "analysis")


def use_source_keyed_cache():
    """Point ``NUMBA_CACHE_DIR`` at the folder for these sources, unless it is set or numba is already loaded."""
    import sys

    if os.environ.get("NUMBA_CACHE_DIR") or "numba" in sys.modules:
        return None
    package = Path(__file__).resolve().parent.parent  # nqueens/
    roots = [package.parent / name for name in _FOLDERS]
    if not all(root.is_dir() for root in roots):  # an installed wheel: the subpackages live under nqueens/
        roots = [package]
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            digest.update(f"{path.relative_to(root.parent)}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(cache) / "nqueens" / "numba" / digest.hexdigest()[:16]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as exc:  # kept where it can be, and said (a cache that cannot be written recompiles every run)
        global FALLBACK
        import tempfile

        wanted = folder
        folder = Path(tempfile.gettempdir()) / f"nqueens-numba-{os.getuid()}" / wanted.name
        FALLBACK = (wanted, folder, exc.strerror or str(exc))
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    global FRESH
    try:
        FRESH = not any(folder.iterdir()) if folder.is_dir() else True
    except OSError:
        FRESH = True
    return folder


# (wanted folder, folder used, reason) when the cache folder could not be written; the CLI says so.
FALLBACK = None
# True when the cache folder held no kernel yet: this run compiles them (the CLI says so at a terminal).
FRESH = False


def fallback_note():
    """The line to show when the kernels are not cached where they should be, or ``None``."""
    if FALLBACK is None:
        return None
    wanted, used, reason = FALLBACK
    return f"note: the kernel cache {wanted} cannot be written ({reason}); compiled kernels are kept in {used}"


def fresh_note():
    """The line to show before a command that will compile the kernels this installation has not compiled yet."""
    if not FRESH:
        return None
    return (
        "note: the first run of this version compiles its kernels (some seconds, once); "
        f"later runs load them from {os.environ.get('NUMBA_CACHE_DIR')}"
    )
