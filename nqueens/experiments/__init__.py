"""The experiment runner behind ``nqueens compare``: runs with limits, statuses, repeats, the pool."""
