"""The rules an experiment's parameters follow together, declared once and checked at the library's entry.

:func:`nqueens.experiments.runner.run` checks its parameters here before anything runs (scikit-learn's
``_parameter_constraints`` habit): the combinations that make no experiment (``--plot-kind`` without ``--plot``, a
figure another question draws, an optimisation problem asked as a count, ``--workers`` beside ``--scheduler``,
...) in :data:`REFUSALS`, and those of the question asked in its declaration
(:attr:`~nqueens.experiments.question.Question.refuse`: ``--nodes`` or another attack rule for ``optimize``, the
torus for ``unique``). ``nqueens compare`` parses its command line and passes it on: a notebook and a shell get the
same refusal, in the same words (the command line's, which name the options).

Examples
--------
>>> from nqueens.experiments.questions import QUESTIONS
>>> check(Parameters(QUESTIONS["optimize"], problem="domination", nodes=True))
Traceback (most recent call last):
...
nqueens.core.errors.NQueensError: --nodes fills the node columns of the counting questions: --question optimize reports each solver's own effort
"""

from dataclasses import dataclass
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.experiments.certificates import why_not
from nqueens.experiments.question import Question, Refusal

__all__ = ["Parameters", "REFUSALS", "check", "refusals"]


@dataclass(frozen=True)
class Parameters:
    """The parameters of an experiment that its rules look at (``question`` a
    :class:`~nqueens.experiments.question.Question`, ``columns`` the parsed columns or ``None`` for the default
    ones)."""

    question: Question
    problem: str | None = None
    rule: str | None = None
    nodes: bool = False
    plot: str | None = None
    plot_kind: str | None = None
    columns: Any = None
    workers: int = 1
    scheduler: str | None = None
    harness: str = "process"
    certify: str | None = None


def _askers(test):
    from nqueens.experiments.questions import QUESTIONS

    return ", ".join(name for name, asked in QUESTIONS.items() if test(asked)) or "no question"


# The rules of every experiment, in the order they are checked; each question adds its own (Question.refuse).
REFUSALS = (
    Refusal(
        "plot_kind",
        lambda p: p.plot_kind is not None and p.plot is None,
        lambda p: f"--plot-kind {p.plot_kind} says which figure --plot draws: give --plot FILE too",
    ),
    Refusal(
        "problem",
        lambda p: bool(p.question.problems) and p.problem in (None, "nqueens"),
        lambda p: (
            f"--question {p.question.name} asks {p.question.asks}: give --problem {' or '.join(p.question.problems)}"
        ),
    ),
    Refusal(
        "problem",
        lambda p: not p.question.problems and p.problem not in (None, "nqueens"),
        lambda p: (
            f"--problem {p.problem} is an optimisation problem: ask question "
            f"{_askers(lambda q: p.problem in q.problems)}, not {p.question.name}"
        ),
    ),
    Refusal(
        "plot_kind",
        lambda p: p.plot_kind is not None and p.plot_kind not in p.question.plots,
        lambda p: (
            f"--plot-kind {p.plot_kind} is for --question {_askers(lambda q: p.plot_kind in q.plots)}; "
            f"for --question {p.question.name}: {', '.join(p.question.plots)}"
        ),
    ),
    Refusal(
        "plot",
        lambda p: p.plot is not None and not p.plot.strip(),
        lambda p: "--plot is empty: give a .png or .svg file to draw to",
    ),
    Refusal(
        "plot_kind",
        lambda p: p.plot is not None and p.plot_kind == "scatter" and (p.columns is None or len(p.columns) < 2),
        lambda p: "--plot-kind scatter sets two solvers against each other: name them first in --solvers",
    ),
    Refusal(
        "certify",
        lambda p: p.certify is not None and why_not(p.question, p.columns) is not None,
        lambda p: why_not(p.question, p.columns),
    ),
    Refusal(
        "scheduler",
        lambda p: p.scheduler is not None and p.workers != 1,
        lambda p: (
            "--workers runs local processes; with --scheduler the cluster's workers make the runs, "
            "so give one or the other"
        ),
    ),
    Refusal(
        "harness",
        lambda p: p.harness == "runexec" and (p.scheduler is not None or p.workers != 1),
        lambda p: (
            "--harness runexec makes each run in a process of its own here, one after another: it takes "
            "neither --scheduler nor --workers"
        ),
    ),
)


def refusals(question):
    """Every rule an experiment asking ``question`` follows: :data:`REFUSALS`, then the question's own."""
    return REFUSALS + tuple(question.refuse)


def check(parameters):
    """Raise the first refusal of ``parameters`` (a :class:`Parameters`), in the command line's words; then check
    that the figure can be drawn where it is asked (before any run is made).

    Raises
    ------
    NQueensError
        The one-line message of the first rule the parameters break.
    """
    if parameters.problem not in (None, "nqueens"):
        from nqueens.core.optimization import check_problem

        check_problem(parameters.problem)
    for refusal in refusals(parameters.question):
        if refusal.when(parameters):
            raise NQueensError(refusal.says(parameters))
    if parameters.plot is not None:
        from nqueens.analysis.plots import check_path

        check_path(parameters.plot)
