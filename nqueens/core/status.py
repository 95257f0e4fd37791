"""The statuses of a run: one table, read by everything that asks what a status means.

Each :class:`Status` says whether a run with it answered its question, whether it fails an experiment (exit
status 1), its three-valued ``result`` (what CPMpy's and MiniZinc's benchmark tools record: ``sat``, ``unsat``,
``unknown``), and what it means. The table is in order of severity, the worst first: a cell of several runs shows
the worst of their statuses. The same habit as BenchExec's ``benchexec/result.py``.

Examples
--------
>>> STATUS["timeout"].answered, STATUS["timeout"].failure, STATUS["memout"].failure
(False, False, True)
>>> ANSWERED
('unsat', 'infeasible', 'sat', 'optimal', 'solved')
>>> worst(["solved", "timeout", "sat"])
'timeout'
"""

from dataclasses import dataclass

__all__ = [
    "Status",
    "TABLE",
    "STATUS",
    "NAMES",
    "ANSWERED",
    "FAILURES",
    "PENALISED",
    "worst",
    "answered",
    "ran",
    "timed",
]


@dataclass(frozen=True)
class Status:
    """One status of a run.

    Attributes
    ----------
    name : str
    answered : bool
        The run answered its question: its time is a time to the answer (pairing, PAR2, medians).
    failure : bool
        The run fails the experiment (exit status 1). A timeout is what a time limit is there for, not a failure.
    ran : bool
        The run was made (``unsupported`` was not: it counts in no score).
    result : str or None
        ``sat``, ``unsat`` or ``unknown``; ``None`` where the answer says it (a count: ``sat`` when positive).
    meaning : str
    """

    name: str
    answered: bool
    failure: bool
    ran: bool
    result: str | None
    meaning: str


# The worst first: the status of a cell is the first of these that one of its runs has.
TABLE = (
    Status("wrong", False, True, True, "unknown", "its answer contradicts the published values or the other runs"),
    Status("error", False, True, True, "unknown", "the solver raised, or its answer could not be read"),
    Status("memout", False, True, True, "unknown", "it ran out of memory (the --memory limit)"),
    Status("timeout", False, False, True, "unknown", "it did not answer within the time limit"),
    Status("unknown", False, False, True, "unknown", "it stopped with no solution and no proof"),
    Status("unsupported", False, False, False, "unknown", "the solver cannot answer this question on this problem"),
    Status("feasible", False, False, True, "sat", "a verified solution without a proof of optimality"),
    Status("unsat", True, False, True, "unsat", "a first solution asked: there is none, proved"),
    Status("infeasible", True, False, True, "unsat", "an optimum asked: there is no solution, proved"),
    Status("sat", True, False, True, "sat", "a first solution asked: found, and verified"),
    Status("optimal", True, False, True, "sat", "a verified solution proven optimal"),
    Status("solved", True, False, True, None, "the whole answer (a count, the solutions, the unique count)"),
)
STATUS = {status.name: status for status in TABLE}
NAMES = tuple(STATUS)
ANSWERED = tuple(s.name for s in TABLE if s.answered)
FAILURES = tuple(s.name for s in TABLE if s.failure)
# The statuses that PAR2 charges twice the time limit: made, and not answered.
PENALISED = tuple(s.name for s in TABLE if s.ran and not s.answered)


def answered(status):
    """True when ``status`` (a name, or ``None``) answered its question."""
    return status in ANSWERED


def ran(status):
    """True when a run with ``status`` was made (``unsupported`` was not; a name not in the table was)."""
    return status not in STATUS or STATUS[status].ran


def timed(status):
    """True when the time of a run with ``status`` is a time to show: it answered, or it found a verified solution
    (``feasible``: the time to its best)."""
    return answered(status) or (status in STATUS and STATUS[status].result == "sat")


def worst(statuses):
    """The most severe of ``statuses`` (a name not in the table counts as the worst)."""
    return min(statuses, key=lambda name: NAMES.index(name) if name in STATUS else -1)
