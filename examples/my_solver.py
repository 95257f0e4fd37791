"""A solver of one's own in 30 lines: row-by-row backtracking with sets, and its node count.

nqueens check-solver examples/my_solver.py:solver
nqueens compare 4..10 --solvers bitwise,cpsat,examples/my_solver.py:solver
"""

import nqueens


def search(n, profile, row=0, q=(), cols=frozenset(), up=frozenset(), down=frozenset()):
    """Yield every solution that extends the placement ``q`` of rows 0..row-1."""
    profile[row] += 1  # a feasible node at depth row: the partial placement q
    if row == n:
        yield q
        return
    for c in range(n):
        if c not in cols and row + c not in up and row - c not in down:
            yield from search(n, profile, row + 1, (*q, c), cols | {c}, up | {row + c}, down | {row - c})


def solutions(n):
    yield from search(n, [0] * (n + 1))


def count(n, *, nodes=False):
    profile = [0] * (n + 1)
    total = sum(1 for _ in search(n, profile))
    return nqueens.Tally(total=total, nodes=sum(profile), profile=tuple(profile)) if nodes else total


solver = nqueens.Solver(
    name="my-rows",
    origin="row-by-row backtracking with Python sets",
    summary="my first solver",
    can=("count", "enumerate", "nodes"),
    solutions=solutions,
    count=count,
    reach=9,
)
