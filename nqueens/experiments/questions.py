"""The questions an experiment may ask, in one table: :data:`QUESTIONS`, name -> :class:`Question`.

Each question is declared once, in its own module (:mod:`nqueens.experiments.solutions`,
:mod:`nqueens.experiments.optimum`), with what it asks, what a solver needs to answer it, how a run is answered,
settled and judged, and its columns (:class:`~nqueens.experiments.question.Question`). ``nqueens compare
--question`` and ``nqueens report --question`` offer the names of this table; planning, the worker, settling and
judging look the question up here. A new question is a module that declares it and one line in
:data:`DECLARATIONS` (docs/adding-a-solver.md, "Adding a question").

Examples
--------
>>> list(QUESTIONS)
['count', 'enumerate', 'first', 'unique', 'optimize']
>>> QUESTIONS["first"].needs, QUESTIONS["first"].statuses
(('enumerate',), ('sat', 'unsat'))
"""

import importlib

from nqueens.core.errors import NQueensError
from nqueens.experiments.question import Question

__all__ = ["Question", "QUESTIONS", "DECLARATIONS", "get_question", "asking"]

# The questions: one line each, ``module:NAME`` of its declaration, in the order the command line lists them.
DECLARATIONS = (
    "nqueens.experiments.solutions:COUNT",
    "nqueens.experiments.solutions:ENUMERATE",
    "nqueens.experiments.solutions:FIRST",
    "nqueens.experiments.solutions:UNIQUE",
    "nqueens.experiments.optimum:OPTIMIZE",
)


def _declared(declarations):
    table = {}
    for line in declarations:
        module, _, name = line.partition(":")
        question = getattr(importlib.import_module(module), name)
        table[question.name] = question
    return table


QUESTIONS = _declared(DECLARATIONS)


def get_question(name):
    """The :class:`Question` named ``name`` (a question given as one is returned as it is).

    Raises
    ------
    NQueensError
        For a name not in :data:`QUESTIONS`; the message lists them.
    """
    if isinstance(name, Question):
        return name
    if not isinstance(name, str) or name not in QUESTIONS:
        raise NQueensError(f"question must be one of {', '.join(QUESTIONS)}; got {name!r}")
    return QUESTIONS[name]


def asking(problem=None):
    """The name of the question an experiment asks by default: the one that asks ``problem`` (an optimisation
    problem, ``--problem``), else ``count``.

    Examples
    --------
    >>> asking(), asking("peaceable")
    ('count', 'optimize')
    """
    return next((name for name, asked in QUESTIONS.items() if problem in asked.problems), "count")
