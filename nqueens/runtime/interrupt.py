"""Keep Ctrl-C prompt while a compiled kernel runs.

Python handles a signal only in the main thread, between bytecodes: while the main thread is inside a numba
kernel (or a solver's C++ code) that runs for minutes, Ctrl-C waits for minutes. So the facade runs long calls
on a daemon thread and waits for them in short slices: the main thread sees the ``KeyboardInterrupt`` at once,
and the abandoned call is left to the daemon thread, which ends with the process. The kernels release the GIL
(``nogil=True``), so the waiting costs nothing.

Examples
--------
>>> call(sum, [1, 2, 3])
6
>>> list(iterate(iter(range(3))))
[0, 1, 2]
"""

import threading

__all__ = ["call", "iterate"]

_SLICE = 0.05  # seconds between checks for a signal


def call(function, *args, **kwargs):
    """``function(*args, **kwargs)`` on a daemon thread; its result or its exception, here.

    A ``KeyboardInterrupt`` while waiting propagates at once; the call is abandoned, not stopped.
    """
    box = {}

    def target():
        try:
            box["value"] = function(*args, **kwargs)
        except BaseException as exc:  # handed to the caller, which raises it
            box["error"] = exc

    worker = threading.Thread(target=target, name="nqueens-call", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(_SLICE)
    if "error" in box:
        raise box["error"]
    return box["value"]


def iterate(iterator):
    """Yield the items of ``iterator``, each one computed by :func:`call`; closing this closes ``iterator``."""
    try:
        while True:
            try:
                item = call(next, iterator)
            except StopIteration:
                return
            yield item
    finally:
        close = getattr(iterator, "close", None)
        if close is not None:
            try:
                close()
            except ValueError:  # "generator already executing": an abandoned call is still inside it
                pass
