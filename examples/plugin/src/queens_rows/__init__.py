"""An example nqueens plugin: a row-order backtracker in plain Python, with its own node count.

Installed (``pip install examples/plugin``), it is listed by ``nqueens solvers`` as ``rows-plugin`` and runs in
``nqueens count``, ``solve``, ``compare`` and ``check-solver`` like a built-in solver.
"""

import nqueens


def _search(n, instance, profile):
    """Yield the solutions row by row; ``profile[k]`` counts the partial placements of k queens stood on."""
    allowed = instance.allowed() if instance is not None else [(1 << n) - 1] * n
    q = [0] * n

    def place(row, cols, up, down):
        profile[row] += 1
        if row == n:
            yield tuple(q)
            return
        free = allowed[row] & ~(cols | up >> row | down >> (n - 1 - row))
        for c in range(n):
            if free >> c & 1:
                q[row] = c
                yield from place(row + 1, cols | 1 << c, up | 1 << (row + c), down | 1 << (n - 1 - row + c))

    yield from place(0, 0, 0, 0)


def solutions(n, *, instance=None):
    """The solutions in lexicographic order."""
    yield from _search(n, instance, [0] * (n + 1))


def count(n, *, nodes=False, instance=None):
    """The number of solutions, and with ``nodes`` the feasible nodes per depth."""
    profile = [0] * (n + 1)
    total = sum(1 for _ in _search(n, instance, profile))
    return nqueens.Tally(total=total, nodes=sum(profile), profile=tuple(profile)) if nodes else total


solver = nqueens.Solver(
    name="rows-plugin",
    family="native",
    origin="the example plugin: row-order backtracking over bit masks, in plain Python",
    summary="a row-order backtracker (plain Python), installed as a plugin",
    can=("count", "enumerate", "nodes", "instance"),
    solutions=solutions,
    count=count,
    reach=9,
    max_n=64,
    limit_reason="Python recursion, one call per row",
)
