"""What the native solvers' declarations share: the options every engine gets, and a reason stated once."""

from nqueens.core.protocol import Option

__all__ = ["ENGINE_OPTIONS", "HALF_BOARD_REASON"]

# What nqueens.runtime.run gives every engine: threads, a Dask cluster, the result store, progress.
ENGINE_OPTIONS = (
    Option("workers", int, None, "local threads (default: all cores)"),
    Option("scheduler", str, None, "address of a Dask scheduler, tcp://HOST:PORT: run on that cluster"),
    Option("store", str, None, "result store file ('none': keep nothing; default: $NQUEENS_STORE or the cache dir)"),
    Option("cached", bool, False, "return the stored answer of a finished run instead of computing"),
    Option("progress", bool, False, "progress bar on stderr"),
)

# Why the mirror-halved searches take no instance.
HALF_BOARD_REASON = "it searches half of the board and counts each find with its mirror image"
