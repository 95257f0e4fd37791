"""Memory budgets: a table or array that grows with ``n`` states its size and is refused when it will not fit.

Part of the vocabulary layer (standard library only), so that kernels' wrappers can check before they allocate.

Examples
--------
>>> available() > 0
True
>>> check(10**30, "a table")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nqueens.core.errors.NQueensError: a table needs 1e+30 bytes (9.31e+20 GiB) but this machine has ...
"""

import os

from nqueens.core.errors import NQueensError

__all__ = ["available", "check", "describe"]


def available():
    """Bytes of memory this process can still allocate: ``MemAvailable`` of ``/proc/meminfo`` where it
    exists (Linux), else the physical memory."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 1 << 62


def describe(nbytes):
    """``nbytes`` for people: ``"1.5 GiB"``, ``"12.0 MiB"``, ``"512 bytes"``."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= size:
            return f"{nbytes / size:.3g} {unit}"
    return f"{int(nbytes)} bytes"


def check(nbytes, what):
    """Raise :class:`NQueensError` if ``nbytes`` do not fit in the memory :func:`available` now."""
    free = available()
    if nbytes > free:
        raise NQueensError(
            f"{what} needs {nbytes:.3g} bytes ({describe(nbytes)}) but this machine has {describe(free)} available"
        )
