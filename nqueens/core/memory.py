"""Memory budgets: a table or array that grows with ``n`` states its size and is refused when it will not fit.

Part of the vocabulary layer (standard library only), so that kernels' wrappers can check before they allocate.

Examples
--------
>>> available() > 0
True
>>> check(10**30, "a table")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nqueens.core.errors.NQueensError: a table needs 1e+30 bytes (9.31e+20 GiB) but ...
"""

import os

from nqueens.core.errors import NQueensError

__all__ = ["available", "check", "describe", "room", "status"]


def available():
    """Bytes of memory this process can still allocate: the least of ``MemAvailable`` of ``/proc/meminfo``
    (Linux, else the physical memory), what the address-space limit (``ulimit -v``, ``RLIMIT_AS``) leaves above
    the address space in use, and what the control group's ``memory.max`` leaves (a container)."""
    return room()[0]


def room():
    """``(bytes, words)``: :func:`available` and a phrase that says where the bound comes from, for messages
    (``"this machine has 21.9 GiB available"``, ``"the address-space limit (ulimit -v) leaves 1.2 GiB"``)."""
    free = _machine()
    words = f"this machine has {describe(free)} available"
    for bound, said in ((_address_space_left(), "the address-space limit (ulimit -v)"), (_cgroup_left(), None)):
        if bound is not None and bound < free:
            free = bound
            words = f"{said or 'the memory limit of this control group'} leaves {describe(free)}"
    return max(free, 0), words


def _machine():
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


def _address_space_left():
    """What ``RLIMIT_AS`` leaves above the address space this process has now, or ``None`` without a limit."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    if soft == resource.RLIM_INFINITY:
        return None
    return max(soft - (status("VmSize:") or 0), 0)


def status(key):
    """A size in bytes from ``/proc/self/status`` (``VmSize:``, ``VmRSS:``, ``VmHWM:``), or ``None`` where there is
    none (not Linux); the peak (``VmHWM:``) from ``getrusage`` where ``/proc`` has none."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if key == "VmHWM:" and os.name == "posix":
        import resource

        scale = 1 if os.uname().sysname == "Darwin" else 1024  # macOS reports bytes, Linux KiB
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
    return None


def _cgroup_left():
    """What the control group's ``memory.max`` leaves above its ``memory.current`` (cgroup v2), or ``None``."""
    try:
        with open("/sys/fs/cgroup/memory.max", encoding="ascii") as fh:
            text = fh.read().strip()
        if text == "max":
            return None
        with open("/sys/fs/cgroup/memory.current", encoding="ascii") as fh:
            return max(int(text) - int(fh.read().strip()), 0)
    except (OSError, ValueError):
        return None


def describe(nbytes):
    """``nbytes`` for people: ``"1.5 GiB"``, ``"12.0 MiB"``, ``"512 bytes"``."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= size:
            return f"{nbytes / size:.3g} {unit}"
    return f"{int(nbytes)} bytes"


def check(nbytes, what):
    """Raise :class:`NQueensError` if ``nbytes`` do not fit in the memory :func:`available` now."""
    free, words = room()
    if nbytes > free:
        raise NQueensError(f"{what} needs {nbytes:.3g} bytes ({describe(nbytes)}) but {words}")
