"""A CPMpy model of one's own, as a function: the toolkit runs it on every CPMpy backend.

nqueens count 8 --solver examples/my_model.py:model --option backend=exact
nqueens compare 4..8 --solvers cpmpy,examples/my_model.py:model,examples/my_model.py:model:backend=pysat
"""

import cpmpy as cp


def model(n, instance):
    """Queens as a 0/1 matrix: one per row and column, at most one per diagonal."""
    x = cp.boolvar(shape=(n, n), name="x")
    m = cp.Model(
        [cp.sum(x[r, :]) == 1 for r in range(n)],
        [cp.sum(x[:, c]) == 1 for c in range(n)],
        [cp.sum([x[r, r - d] for r in range(n) if 0 <= r - d < n]) <= 1 for d in range(-n + 1, n)],
        [cp.sum([x[r, s - r] for r in range(n) if 0 <= s - r < n]) <= 1 for s in range(2 * n - 1)],
    )
    if instance is not None:  # no queen where the instance forbids one
        allowed = instance.allowed()
        m += [~x[r, c] for r in range(n) for c in range(n) if not allowed[r] >> c & 1]
    q = cp.intvar(0, n - 1, shape=n, name="q")  # the row-to-column array the toolkit reads
    m += [q[r] == cp.sum([c * x[r, c] for c in range(n)]) for r in range(n)]
    return m, q
