"""The toolkit's one exception family.

Every error a user can cause (a bad ``n``, an unknown solver, a malformed solution file, an unreadable result
store) is an :class:`NQueensError` whose message says what was wrong and what is allowed. The CLI prints it as
one ``error: ...`` line and exits with status 2.
"""

__all__ = ["NQueensError", "SolverError"]


class NQueensError(ValueError):
    """Bad input or an impossible request; the message says what is allowed."""


class SolverError(NQueensError):
    """An outside solver (a plugin, a solver file, a CPMpy or MiniZinc model) failed at its work: it raised, left
    the process (``sys.exit``), or gave a board that breaks the rules. The message says which solver, which ``n``,
    what it was asked and, where there is one, the line of the user's own code; ``n`` is that board size. The
    command line prints it as one block and exits with status 1 (the input was fine; the solver was not)."""

    def __init__(self, message, n=None):
        super().__init__(message)
        self.n = n
