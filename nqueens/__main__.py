"""``python -m nqueens``: the same as the ``nqueens`` console script."""

from nqueens.cli import entry

entry()
