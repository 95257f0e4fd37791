"""The kinds of a record's fields: what a value of each may be, its unit, and how a table shows it.

A record declares each field with its :class:`Kind` (``field(metadata=declared(kind.SECONDS))``, see
:class:`nqueens.core.record.RunRecord`); the store check, the JSON writer, the CSV and the tables read the
declaration, so a field added with its kind is checked and shown everywhere without other code. The same habit as
BenchExec's ``tablegenerator`` columns (a title, a unit, a number of significant digits).

Examples
--------
>>> SECONDS.why(-1.0)
'is not a number of seconds (finite, >= 0)'
>>> SECONDS.why(0.5) is None, COUNT.why(True)
(True, 'is not an integer >= 0')
>>> finite({"a": float("nan"), "b": [1.0, float("inf")]})
{'a': None, 'b': [1.0, None]}
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from nqueens.core.errors import NQueensError

__all__ = [
    "Kind",
    "COUNT",
    "SIZE",
    "POSITIVE",
    "INTEGER",
    "SECONDS",
    "MIB",
    "NUMBER",
    "TEXT",
    "TIME",
    "FLAG",
    "MAPPING",
    "EFFORT",
    "OPTIONS",
    "CLASSES",
    "PROFILE",
    "SOLUTION",
    "CURVE",
    "STATUS",
    "is_integer",
    "is_number",
    "positive",
    "finite",
]


@dataclass(frozen=True)
class Kind:
    """What a field's value may be (besides ``None``, which every optional field may be).

    Attributes
    ----------
    name : str
    says : str
        What a value must be, in words (``an integer >= 0``).
    test : callable
        ``test(value) -> bool``.
    unit : str or None
        ``s``, ``MiB``, or ``None``.
    digits : str or None
        The format of a float in a table (``.6f`` for seconds), ``None`` for :func:`str`.
    sep : str
        What stands between the field's name and its value in words (``total '92'``, ``n = -8``).
    numeric : bool
        A number: a table aligns it right.
    """

    name: str
    says: str
    test: Callable[[Any], bool]
    unit: str | None = None
    digits: str | None = None
    sep: str = " "  # between a field's name and its value in words: ``total '92'``, ``n = -8``
    numeric: bool = True  # a number (a table aligns it right)

    def why(self, value):
        """``None`` when ``value`` is of this kind (or ``None``), else what is wrong with it, in words."""
        if value is None:
            return None
        try:
            ok = self.test(value)
        except (TypeError, ValueError, AttributeError, KeyError):
            ok = False
        return None if ok else f"is not {self.says}"

    def show(self, value):
        """``value`` as a table shows it."""
        if isinstance(value, float) and self.digits is not None:
            return format(value, self.digits)
        return value


def is_integer(value, least=None):
    """An ``int`` (not a ``bool``), at least ``least`` when given."""
    return isinstance(value, int) and not isinstance(value, bool) and (least is None or value >= least)


def positive(value, what):
    """``value`` if it is an integer >= 1 (:func:`is_integer`), else the error that says so, naming ``what``."""
    if not is_integer(value, 1):
        raise NQueensError(f"{what} must be an integer >= 1, got {value!r}")
    return value


def is_number(value, least=None):
    """A finite ``int`` or ``float`` (not a ``bool``; NaN and infinities are not numbers JSON can hold)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return least is None or value >= least


def _time(value):
    datetime.fromisoformat(value)
    return isinstance(value, str)


def _effort(value):
    return isinstance(value, dict) and all(isinstance(k, str) and is_number(v, 0) for k, v in value.items())


def _options(value):
    from nqueens.core.rules import RULES

    rule = value.get("rule") if isinstance(value, dict) else None
    return isinstance(value, dict) and (rule is None or (isinstance(rule, str) and rule in RULES))


def _classes(value):
    return (
        isinstance(value, dict)
        and all(
            isinstance(k, str | int) and not isinstance(k, bool) and str(k).isdecimal() and int(k) >= 1 for k in value
        )
        and all(is_integer(v, 0) for v in value.values())
    )


def _curve(value):
    return isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and is_number(p[0], 0) and is_number(p[1], 0) for p in value
    )


def _status(value):
    from nqueens.core.status import STATUS

    return isinstance(value, str) and value in STATUS


COUNT = Kind("count", "an integer >= 0", lambda v: is_integer(v, 0))
SIZE = Kind("size", "a board size", lambda v: is_integer(v, 0), sep=" = ")
POSITIVE = Kind("positive", "an integer >= 1", lambda v: is_integer(v, 1))
INTEGER = Kind("integer", "an integer", is_integer)
SECONDS = Kind("seconds", "a number of seconds (finite, >= 0)", lambda v: is_number(v, 0), "s", ".6f")
MIB = Kind("memory", "an amount of memory (MiB, finite, >= 0)", lambda v: is_number(v, 0), "MiB", ".1f")
NUMBER = Kind("number", "a finite number >= 0", lambda v: is_number(v, 0), None, "g")
TEXT = Kind("text", "a text", lambda v: isinstance(v, str), numeric=False)
TIME = Kind("time", "an ISO date and time", _time, numeric=False)
FLAG = Kind("flag", "true or false", lambda v: isinstance(v, bool), numeric=False)
MAPPING = Kind("mapping", "a mapping", lambda v: isinstance(v, dict), numeric=False)
EFFORT = Kind("effort", "a mapping of names to numbers (finite, >= 0)", _effort, numeric=False)
OPTIONS = Kind("options", "a mapping of options (a rule among the known attack rules)", _options, numeric=False)
CLASSES = Kind(
    "classes",
    "orbit sizes (integers >= 1: 1, 2, 4, 8 on the square; more on a torus) with counts",
    _classes,
    numeric=False,
)
PROFILE = Kind(
    "profile",
    "a list of node counts",
    lambda v: isinstance(v, list | tuple) and all(is_integer(x, 0) for x in v),
    numeric=False,
)
SOLUTION = Kind("solution", "a list", lambda v: isinstance(v, list), numeric=False)
CURVE = Kind("curve", "a list of [seconds, objective] pairs", _curve, numeric=False)
STATUS = Kind("status", "a status of the status table", _status, numeric=False)


def finite(value):
    """``value`` with every NaN and infinity (inside lists, tuples and dicts too) made ``None``: what JSON holds.

    A float that is not finite has no JSON form (``json.dumps`` writes ``NaN``, which no strict reader takes).
    """
    if type(value) in _PLAIN:  # the most of a record, at once
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [finite(item) for item in value]
    return value


_PLAIN = frozenset((str, int, bool, type(None)))
