"""The public wrappers every seed solver shares: one factory for ``count``, ``batches`` and ``warmup``.

Each seed module has two kernels: ``_count(n)``, the text's loop as written (the fast plain count), and
``_search(n, state, out, profile, checks)``, the same search instrumented and resumable (see
:mod:`nqueens.native._chunks`), and a ``_start`` that builds the state. :func:`seed_solver` turns them into the
solver protocol of :mod:`nqueens.registry`. The facade has checked ``n`` (and its bit-width limit) once; nothing
here checks it again.

A method whose loop allows it takes an instance (``masked=True``): its ``_start(n, rows)`` receives, per row,
the mask of the columns a queen may take (:meth:`nqueens.core.instance.Instance.allowed`; ``None`` for the plain
problem) and keeps it in the state, where ``_search`` reads it. Instances are then always searched by
``_search`` (the text's ``_count`` stays as written); pre-placed queens reduce their row to one square, so a
row-by-row search needs nothing more, and an inconsistent instance simply has no solution.
"""

from nqueens.native._chunks import stream, tally

from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally

__all__ = ["seed_solver"]


def seed_solver(name, count_kernel, search, start, *, emit=1, masked=False):
    """``(count, batches, warmup)`` for the seed solver ``name`` built on these kernels.

    Parameters
    ----------
    name : str
        The registry name (for the error when an instance reaches a method that takes none).
    count_kernel : callable
        ``count_kernel(n) -> int``, the plain count.
    search : callable
        The resumable, instrumented kernel.
    start : callable
        ``start(n)`` (or ``start(n, rows)`` when ``masked``): the search state at the root.
    emit : int
        The most solutions the method emits at once (2 for a find and its mirror image).
    masked : bool
        Whether the method takes instances.
    """

    def begin(n, instance):
        if not masked:
            if instance is not None and not instance.is_plain:
                raise NQueensError(f"solver {name!r} does not take instances")
            return start(n)
        rows = None if instance is None or instance.is_plain else instance.allowed()
        return start(n, rows)

    def count(n, *, nodes=False, instance=None):
        plain = instance is None or instance.is_plain
        if plain and not nodes:
            return Tally(total=int(count_kernel(n)))
        result = tally(search, n, begin(n, instance))
        return result if nodes else Tally(total=result.total)

    def batches(n, *, limit=None, instance=None):
        return stream(search, n, begin(n, instance), limit, emit=emit)

    def warmup():
        count(4)
        count(4, nodes=True)

    count.__doc__ = (
        f"""Count the solutions with {name}; ``nodes=True`` runs the instrumented kernel (``profile``, ``checks``)."""
    )
    batches.__doc__ = f"""Stream the solutions of {name} as ``(m, n)`` arrays, the kernel resumed chunk after chunk."""
    warmup.__doc__ = """Compile the kernels (or load them from numba's cache)."""
    return count, batches, warmup
