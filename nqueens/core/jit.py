"""numba's ``njit`` for the toolkit's kernel modules, their compiled code kept in the kernel cache.

A kernel module imports ``njit`` from here, not from numba: importing this module puts
:class:`nqueens.core.cache.KernelLocator` first among numba's cache locators (in numba's own class attribute, not
in the process's environment), so this package's kernels are cached per module under
:func:`nqueens.core.cache.folder` and any other function where numba would cache it anyway.

One compile per kernel among processes: a cached kernel (``cache=True``) that is not in the cache yet is compiled
by one process at a time, under a lock file beside its cache index; a process that waited then finds it in the
cache and loads it. Without the lock, the worker processes of an experiment (or of the test suite) that start on
an empty cache each compile the same kernel side by side: on 2 cores, three processes compiling the tree walker
(15 s alone) took about three times as long as one. A lock held more than :data:`LOCK_WAIT` seconds (a process
stopped mid-compile) is not waited for: the kernel is then compiled as numba would without it.
"""

import os
import time

from numba import njit as _njit
from numba.core import caching, sigutils
from numba.core.compiler_lock import global_compiler_lock

from nqueens.core.cache import place_kernels

__all__ = ["njit", "njit_bound", "LOCK_WAIT"]

place_kernels(getattr(caching, "CacheImpl", None) or caching._CacheImpl)  # type: ignore[attr-defined]  # numba 0.59

LOCK_WAIT = 600.0  # seconds a process waits for another's compile of the same kernel
_HELD: set[str] = set()  # the lock files this process holds (a kernel compiling its callees takes theirs too)


def njit(*args, **kwargs):
    """numba's ``njit``, its cached kernels compiled by one process at a time (see the module's docstring)."""
    made = _njit(*args, **kwargs)
    if not kwargs.get("cache"):
        return made
    if hasattr(made, "overloads"):  # njit(function, cache=True): the dispatcher itself
        return _one_at_a_time(made)
    return lambda function: _one_at_a_time(made(function))


def njit_bound(functions, **options):
    """``njit(**options)`` for a function made inside another with ``functions`` bound in (a formulation's walker,
    its symmetry hooks), named after them.

    A cached kernel that calls such a function (not inlined) holds its machine code under a symbol made of the
    function's qualified name and a number numba counts per process. Two kernels compiled in two processes can
    hold two different functions under one symbol (``walker.<locals>.walk`` of two formulations, numbered alike),
    and a process that loads both from the cache runs the first one loaded in both: a wrong count. Named after
    what is bound in, two functions share a name only when they are the same code.
    """
    import hashlib

    bound = "|".join(f"{getattr(f, '__module__', '')}.{getattr(f, '__qualname__', repr(f))}" for f in functions)
    tag = hashlib.sha256(bound.encode()).hexdigest()[:12]

    def decorate(function):
        function.__qualname__ = f"{function.__qualname__}_{tag}"
        return njit(**options)(function)

    return decorate


def _one_at_a_time(dispatcher):
    index = getattr(getattr(getattr(dispatcher, "_cache", None), "_cache_file", None), "_index_path", None)
    if not hasattr(dispatcher, "overloads") or index is None:
        return dispatcher  # NUMBA_DISABLE_JIT (the plain function), or no cache to share
    compile = dispatcher.compile
    lock = index + ".lock"

    def locked(sig):
        with global_compiler_lock:  # numba's own, re-entrant: one compile at a time in this process
            args, _ = sigutils.normalize_signature(sig)
            if tuple(args) in dispatcher.overloads or lock in _HELD:
                return compile(sig)
            fd = _acquire(lock)
            _HELD.add(lock)
            try:
                return compile(sig)  # loads the kernel when the process we waited for has cached it
            finally:
                _HELD.discard(lock)
                if fd is not None:
                    os.close(fd)  # releases the lock

    dispatcher.compile = locked
    return dispatcher


def _acquire(path):
    """An open descriptor holding the exclusive lock of ``path``, or ``None`` where none can be had (no fcntl, a
    folder that cannot be written, or :data:`LOCK_WAIT` seconds gone)."""
    try:
        import fcntl
    except ImportError:  # Windows: every process compiles for itself, as numba does
        return None
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except OSError:
            if time.monotonic() > deadline:
                os.close(fd)
                return None
            time.sleep(0.05)
