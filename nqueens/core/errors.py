"""The toolkit's one exception family.

Every error a user can cause (a bad ``n``, an unknown solver, a malformed solution file, an unreadable result
store) is an :class:`NQueensError` whose message says what was wrong and what is allowed. The CLI prints it as
one ``error: ...`` line and exits with status 2.
"""

__all__ = ["NQueensError"]


class NQueensError(ValueError):
    """Bad input or an impossible request; the message says what is allowed."""
