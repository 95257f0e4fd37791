"""The result records every solver returns through the facade.

A solver module returns a :class:`Tally` (what it counted); the facade adds the solver's name, ``n`` and the
wall-clock time of the computation and hands back a frozen :class:`CountResult`, whose :meth:`~CountResult.to_dict`
is the ``--json`` document of ``nqueens count``.
"""

from dataclasses import dataclass, field

__all__ = ["Tally", "CountResult", "Subproblem"]


@dataclass(frozen=True)
class Tally:
    """What a solver module counted, before the facade stamps it.

    ``profile`` is the number of feasible nodes per depth (depth 0 is the root and counts 1), so
    ``nodes == sum(profile)``; ``classes`` maps orbit size to the number of fundamental solutions with it.
    """

    total: int
    unique: int | None = None
    classes: dict | None = None
    nodes: int | None = None
    profile: tuple | None = None
    stats: dict = field(default_factory=dict)


@dataclass(frozen=True)
class CountResult:
    """One count: the record of DESIGN.md, shared by the API, the CLI, the comparison runner and the store.

    Attributes
    ----------
    n, solver : int, str
    total : int
        Number of solutions.
    unique : int or None
        Number of fundamental solutions (one per orbit of the 8 board symmetries), when the solver knows it.
    classes : dict or None
        ``{orbit size: number of fundamental solutions with that orbit size}``; ``total == sum(s * c)``.
    nodes : int or None
        Feasible nodes of the search, root included (DESIGN.md, node accounting), when counted.
    profile : tuple or None
        Feasible nodes per depth, ``profile[0] == 1`` for the root; ``sum(profile) == nodes``.
    seconds : float
        Wall-clock time of the computation itself, after kernels are compiled or loaded from cache.
    stats : dict
        The solver's own effort measures (CP-SAT branches, constraint checks, ...).
    """

    n: int
    solver: str
    total: int
    unique: int | None = None
    classes: dict | None = None
    nodes: int | None = None
    profile: tuple | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    def to_dict(self):
        """The ``--json`` shape: orbit-size keys of ``classes`` become strings, ``profile`` a list."""
        return {
            "n": self.n,
            "solver": self.solver,
            "total": self.total,
            "unique": self.unique,
            "classes": None if self.classes is None else {str(k): v for k, v in sorted(self.classes.items())},
            "nodes": self.nodes,
            "profile": None if self.profile is None else list(self.profile),
            "seconds": self.seconds,
            "stats": dict(self.stats),
        }

    def _repr_html_(self):
        rows = "".join(
            f"<tr><th style='text-align:left'>{key}</th><td>{value}</td></tr>"
            for key, value in self.to_dict().items()
            if value is not None and key != "profile"
        )
        return f"<table>{rows}</table>"


@dataclass(frozen=True, eq=False)
class Subproblem:
    """One independent piece of an engine's count: a pure function of its description.

    Attributes
    ----------
    n : int
    index : int
        Its place in the engine's plan (0-based).
    payload : tuple
        The arguments of the engine's ``task`` after ``n`` and ``index`` (ints and numpy arrays, picklable).
    digest : str
        A hash of the engine, its algorithm version, ``n`` and the payload: the result store keeps a result
        only under the digest it was computed for.
    """

    n: int
    index: int
    payload: tuple
    digest: str

    @property
    def key(self):
        """A name for the subproblem that is unique across counts (used on a cluster)."""
        return f"{self.n}-{self.index}-{self.digest[:16]}"
