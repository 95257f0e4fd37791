"""A recorded search as a file: the trace format that ``nqueens trace`` writes and ``nqueens replay`` reads.

A trace is the whole stream of a search's events in one node vocabulary, whatever solver made it: a queen tried
on a square is a new node of the search tree, accepted (``place``: the search stands on it and goes down) or not
(``prune``: a placed queen attacks the square; ``fail``: propagation from it empties another row's domain); a
node can turn out a ``solution`` or a ``dead`` end; ``backtrack`` lifts the last queen. The per-depth counts of
docs/design.md follow from the stream alone: a place, prune or fail at depth ``d`` (``d`` queens on the board) is a
**generated** node at depth ``d + 1``, a place a **feasible** one; the root counts 1 in both.

The events, as a solver yields them (the protocol of its ``events(n, **options)`` generator) and as lines of
the file::

    ("place", r, c)          P r c       queen on (r, c): a new feasible node; the search goes down
    ("prune", r, c, by)      X r c by    (r, c) tried and refused: the queen of row by attacks it
                                         (by -1, or left out, when the solver does not say)
    ("fail", r, c, wiped)    F r c wiped (r, c) tried; propagation left row wiped no column
    ("symmetry", r, c)       Y r c       (r, c) tried and pruned by symmetry breaking (a tree model's option
                                         symmetry: an image of a node already explored, or not the lex-leader)
    ("dead", wiped)          D wiped     the current node is a dead end (dancing links: an item left
                                         without options)
    ("choose", t, i, k)      C t i k     dancing links branches on board row (t = "row", r) or column
                                         (t = "column", c) i, which has k options
    ("domains", masks)       M h h ...   the columns open to each row at the current node: n bit masks in
                                         hexadecimal (a placed row: its queen's column)
    ("solution",)            S           the current node is a full board
    ("backtrack",)           B           the last queen placed is lifted: back to the parent
    (the end of the stream)  E           the search is over (written by the recorder, the last line)

The file is gzip-compressed text: a first line holding the header, one JSON object, then one event a line. The
header holds ``format`` (``"nqueens-trace"``), ``version`` (:data:`VERSION`), ``n``, ``solver``, ``options``,
``events`` (the number of event lines), ``nodes`` and ``solutions`` (for a reader's summary), ``sha256`` (the
digest of the event lines as written, each ending with a newline), ``expected`` (the per-depth counts of the
same search computed by the toolkit's compiled walk, ``{"source", "generated", "feasible"}``, or null) and
``toolkit`` (the version that recorded it). :func:`read` checks all of it: a file cut short, from another format
or version, or edited after it was written is refused with one line, never read as a whole trace.

Examples
--------
>>> t = Trace.from_events(4, "example", {}, [("place", 0, 1), ("prune", 1, 0, 0), ("backtrack",)])
>>> t.lines
('P 0 1', 'X 1 0 0', 'B', 'E')
>>> t.profile()  # generated, feasible per depth 0..4
((1, 1, 1, 0, 0), (1, 1, 0, 0, 0))
>>> loads(t.dumps()).lines == t.lines
True
"""

import gzip
import hashlib
import json
import operator
import zlib
from dataclasses import dataclass, field

from nqueens.core.errors import NQueensError

__all__ = ["FORMAT", "VERSION", "KINDS", "MAX_NODES", "MAX_BYTES", "Trace", "loads", "read", "events_of", "TraceLimit"]

FORMAT = "nqueens-trace"
VERSION = 1
MAX_NODES = 250_000  # generated nodes, root included: a few MB of page, a few seconds to record
# What a reader decompresses at most: a trace of MAX_NODES nodes with a domains line a node on a board of 40.
MAX_BYTES = 256 << 20
_CHUNK = 1 << 20
# What a solver yields -> the letter of its line.
KINDS = {
    "place": "P",
    "prune": "X",
    "fail": "F",
    "symmetry": "Y",
    "dead": "D",
    "choose": "C",
    "domains": "M",
    "solution": "S",
    "backtrack": "B",
}
_ARITY = {"P": 2, "X": 3, "F": 3, "Y": 2, "D": 1, "C": 3, "S": 0, "B": 0, "E": 0}


class TraceLimit(NQueensError):
    """A search that emits more nodes than the bound it was recorded under."""


@dataclass(frozen=True)
class Trace:
    """One recorded search: its settings, its event lines (``"E"`` last) and the counts to check them against.

    Attributes
    ----------
    n : int
    solver : str
    options : dict
        The solver's options as recorded (those that change the search).
    lines : tuple of str
        The event lines of the file (see the module docstring), checked.
    expected : dict or None
        ``{"source": str, "generated": list or None, "feasible": list}``: the same search's per-depth counts from
        the toolkit's own walk, which the replay checks its counts against.
    """

    n: int
    solver: str
    options: dict
    lines: tuple
    expected: dict | None = None
    toolkit: str = field(default="", compare=False)

    @classmethod
    def from_events(cls, n, solver, options, events, *, expected=None, max_nodes=None, toolkit=""):
        """A trace from the events a solver yields (tuples, see the module docstring), checked one by one.

        Raises :class:`TraceLimit` as soon as the search has generated more than ``max_nodes`` nodes, and
        :class:`~nqueens.core.errors.NQueensError` for an event that breaks the protocol.
        """
        lines = []
        walk = _Walk(n)
        for event in events:
            line = _line(n, event)
            walk.take(line)
            if max_nodes is not None and walk.explored > max_nodes:
                raise TraceLimit(
                    f"the search of {solver} for n = {n} generated more than {max_nodes:,} nodes, the bound of a trace"
                )
            lines.append(line)
        walk.take("E")
        lines.append("E")
        return cls(n, solver, dict(options), tuple(lines), expected, toolkit)

    @property
    def body(self):
        """The event lines as written, each ending with a newline."""
        return "\n".join(self.lines) + "\n"

    @property
    def checksum(self):
        """SHA-256 of :attr:`body`, in hexadecimal."""
        return hashlib.sha256(self.body.encode("ascii")).hexdigest()

    def profile(self):
        """``(generated, feasible)`` per depth, root included, counted from the events."""
        walk = _Walk(self.n)
        for line in self.lines:
            walk.take(line)
        return tuple(walk.generated), tuple(walk.feasible)

    @property
    def nodes(self):
        """Feasible nodes, root included."""
        return sum(self.profile()[1])

    @property
    def solutions(self):
        return sum(1 for line in self.lines if line == "S")

    @property
    def steps(self):
        """The events a replay steps through: every line but the domains lines (which describe a node the
        search stands on, not a step of it), the end included; what the replay page calls its events."""
        return sum(1 for line in self.lines if not line.startswith("M"))

    def header(self):
        """The file's first line, as a dict."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "n": self.n,
            "solver": self.solver,
            "options": self.options,
            "events": len(self.lines),
            "nodes": self.nodes,
            "solutions": self.solutions,
            "sha256": self.checksum,
            "expected": self.expected,
            "toolkit": self.toolkit,
        }

    @property
    def label(self):
        """The solver and its options, for titles: ``mary propagation=forward-checking``."""
        shown = " ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.solver} {shown}".strip()

    def dumps(self):
        """The file's bytes: gzip of the header line and the event lines."""
        text = json.dumps(self.header(), separators=(",", ":")) + "\n" + self.body
        return gzip.compress(text.encode("ascii"), mtime=0)

    def write(self, path):
        """Write the trace file to ``path``."""
        from nqueens.core.files import replaced

        with replaced(path, "wb") as f:  # a temporary file renamed on success: never a cut trace
            f.write(self.dumps())

    def check_bound(self):
        """Raise :class:`NQueensError` if the trace holds more than :data:`MAX_NODES` generated nodes (a trace
        made through the API has no bound of its own; a file and a replay page hold at most that many)."""
        explored = sum(self.profile()[0])
        if explored > MAX_NODES:
            raise NQueensError(
                f"the trace of {self.label}, n = {self.n} holds {explored:,} generated nodes; a replay page holds "
                f"at most {MAX_NODES:,}"
            )

    def html(self, *others, title=None):
        """The self-contained replay page of this trace (and ``others``, compared with it) as a string."""
        from nqueens.analysis.replay import page

        return page((self, *others), title=title)

    def _repr_html_(self):
        from nqueens.analysis.replay import iframe

        return iframe((self,))


def loads(data, name="trace"):
    """A :class:`Trace` from the bytes of a trace file; ``name`` names it in errors.

    Raises
    ------
    NQueensError
        For bytes that are not a whole trace file of this format and version, or whose events do not match
        the digest in the header.
    """
    text = _decompressed(data, name)
    first, _, body = text.partition("\n")
    try:
        header = json.loads(first)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise NQueensError(f"{name}: not a trace file (its first line is not a {FORMAT} header)")
    if header.get("version") != VERSION:
        raise NQueensError(
            f"{name}: trace format version {header.get('version')!r}; this toolkit reads version {VERSION}"
        )
    try:
        n, solver, count, digest = header["n"], header["solver"], header["events"], header["sha256"]
        options, expected = header["options"], header["expected"]
    except KeyError as missing:
        raise NQueensError(f"{name}: its header has no {missing}") from None
    _check_header(name, solver, count, digest, options, expected, header.get("toolkit", ""))
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > count:
        raise NQueensError(
            f"{name}: {len(lines):,} event lines, more than the {count:,} its header counts: the file was changed "
            "after writing"
        )
    if len(lines) != count or not body.endswith("\n"):
        raise NQueensError(f"{name}: {len(lines):,} event lines of the {count:,} its header counts: truncated")
    if not lines or lines[-1] != "E":
        raise NQueensError(f"{name}: the events stop before the end of the search: truncated")
    if hashlib.sha256(body.encode("ascii")).hexdigest() != digest:
        raise NQueensError(f"{name}: the events do not match the header's sha256: the file was changed after writing")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_NODES:
        # a search that reaches depth n generates n nodes on the way: no trace holds a larger board
        raise NQueensError(f"{name}: its header's n is {_shown(n)}, not a board size from 1 to {MAX_NODES:,}")
    walk = _Walk(n)
    for number, line in enumerate(lines, 2):
        try:
            walk.take(line)
        except NQueensError as exc:
            raise NQueensError(f"{name}, line {number}: {exc}") from None
        if walk.explored > MAX_NODES:
            raise NQueensError(
                f"{name}, line {number}: the search generates more than {MAX_NODES:,} nodes, the bound of a trace; "
                "refused"
            )
    return Trace(n, solver, options, tuple(lines), expected, header.get("toolkit", ""))


def read(path):
    """Read and check the trace file at ``path`` (see :func:`loads`); a file that is not a regular one, or whose
    contents decompress to more than :data:`MAX_BYTES`, is refused before it is read whole."""
    from nqueens.core.files import not_regular

    kind = not_regular(path)
    if kind:
        raise NQueensError(f"cannot read {path}: it is {kind}, not a trace file")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise NQueensError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise NQueensError(f"{path}: larger than {MAX_BYTES >> 20} MiB, more than a trace holds; refused")
    return loads(data, str(path))


def _decompressed(data, name):
    """The text of a gzip member, decompressed a chunk at a time up to :data:`MAX_BYTES` (a bomb is refused at
    the bound, and Ctrl-C lands between chunks)."""
    unzip = zlib.decompressobj(wbits=31)  # gzip framing
    parts, size = [], 0
    pending = memoryview(data)
    try:
        while not unzip.eof:
            part = unzip.decompress(pending, _CHUNK)
            size += len(part)
            if size > MAX_BYTES:
                raise NQueensError(
                    f"{name}: decompresses to more than {MAX_BYTES >> 20} MiB, more than a trace holds; refused"
                )
            parts.append(part)
            pending = memoryview(unzip.unconsumed_tail)
            if not part and not pending:
                break
        if not unzip.eof:
            raise NQueensError(f"{name}: the file is cut short (truncated): not a whole trace")
        return b"".join(parts).decode("ascii")
    except (zlib.error, UnicodeDecodeError):
        raise NQueensError(f"{name}: not a trace file (gzip-compressed {FORMAT} expected)") from None


def _check_header(name, solver, count, digest, options, expected, toolkit):
    """Refuse a header field of the wrong kind (a file edited by hand, or another program's) in one line."""

    def whole(value):
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    def scalar(value):
        return value is None or isinstance(value, str | bool | int) or (isinstance(value, float) and value == value)

    wrong = None
    if not isinstance(solver, str):
        wrong = f"solver is {_shown(solver)}, not a name"
    elif not whole(count):
        wrong = f"events is {_shown(count)}, not a number of event lines"
    elif not isinstance(digest, str):
        wrong = f"sha256 is {_shown(digest)}, not a digest"
    elif not isinstance(options, dict) or not all(isinstance(k, str) and scalar(v) for k, v in options.items()):
        wrong = f"options is {_shown(options)}, not a mapping of option names to values"
    elif not isinstance(toolkit, str):
        wrong = f"toolkit is {_shown(toolkit)}, not a version"
    elif expected is not None and not (
        isinstance(expected, dict)
        and isinstance(expected.get("source"), str)
        and all(
            (key == "generated" and expected.get(key) is None)
            or (isinstance(expected.get(key), list) and all(whole(c) for c in expected[key]))
            for key in ("generated", "feasible")
        )
    ):
        wrong = f"expected is {_shown(expected)}, not the per-depth counts (source, generated, feasible)"
    if wrong is not None:
        raise NQueensError(f"{name}: its header's {wrong}")


def _shown(value):
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:12]}...({len(text)} characters)"


def events_of(stream, root=None):
    """The protocol events of a stream of :class:`nqueens.analysis.trace.Event` (the searches the viewer shows):
    ``root`` (the root's domains) first, then each event, with the domains of every node placed on."""
    if root is not None:
        yield ("domains", tuple(root))
    for e in stream:
        if e.kind == "place":
            yield ("place", e.row, e.col)
            if e.removed is not None:
                yield ("domains", _open(e))
        elif e.kind == "prune":
            yield ("prune", e.row, e.col, e.by)
        elif e.kind == "symmetry":
            yield ("symmetry", e.row, e.col)
        elif e.kind == "fail" and e.node == "new":
            yield ("fail", e.row, e.col, e.wiped)
        elif e.kind == "fail":
            yield ("dead", e.wiped)
        elif e.kind == "choose":
            yield ("choose", *e.choice)
        elif e.kind in ("solution", "backtrack"):
            yield (e.kind,)


def _open(e):
    full = (1 << e.n) - 1
    taken = dict(e.squares)
    return tuple((1 << taken[r]) if r in taken else full & ~e.removed[r] for r in range(e.n))


def _line(n, event):
    if not isinstance(event, tuple | list) or not event:
        raise NQueensError(f"an event is a tuple such as ('place', row, column); got {event!r}")
    kind, *args = event
    letter = KINDS.get(kind)
    if letter is None:
        raise NQueensError(f"unknown event kind {kind!r}; the kinds: {', '.join(KINDS)}")
    if letter == "M":
        masks = args[0] if len(args) == 1 else None
        try:
            masks = [operator.index(m) for m in masks]  # type: ignore[union-attr]  # None raises TypeError
        except TypeError:
            masks = None
        if masks is None or len(masks) != n or not all(0 <= m < 1 << n for m in masks):
            raise NQueensError(f"a domains event holds {n} bit masks of {n} bits; got {event!r}")
        return "M " + " ".join(format(m, "x") for m in masks)
    if letter == "C":
        if len(args) != 3 or args[0] not in ("row", "column"):
            raise NQueensError(f"a choose event is ('choose', 'row' or 'column', index, options); got {event!r}")
        args = ["r" if args[0] == "row" else "c", *(int(a) for a in args[1:])]
        return "C " + " ".join(str(a) for a in args)
    if letter in "XF" and len(args) == 2:
        args = [*args, -1]
    if letter == "D" and not args:
        args = [-1]
    try:
        if len(args) != _ARITY[letter] or any(isinstance(a, bool) for a in args):
            raise TypeError
        args = [operator.index(a) for a in args]
    except TypeError:
        raise NQueensError(f"a {kind} event takes {_ARITY[letter]} integers; got {event!r}") from None
    return " ".join([letter, *map(str, args)])


class _Walk:
    """The search tree a stream of lines describes, checked line by line, with its per-depth counts."""

    def __init__(self, n):
        self.n = n
        self.rows = []  # the rows of the queens on the board, in the order placed
        self.generated = [1] + [0] * n
        self.feasible = [1] + [0] * n
        self.ended = False

    @property
    def explored(self):
        return sum(self.generated)

    def take(self, line):
        n = self.n
        if self.ended:
            raise NQueensError("an event after the end of the search")
        letter, *args = line.split(" ")
        if letter == "M":
            if len(args) != n or not all(_hex(a, n) for a in args):
                raise NQueensError(f"{line!r}: a domains line holds {n} masks")
            return
        if letter not in _ARITY or len(args) != _ARITY[letter]:
            raise NQueensError(f"{line!r} is not an event line")
        if letter == "C":
            if args[0] not in ("r", "c") or not all(a.isdigit() for a in args[1:]):
                raise NQueensError(f"{line!r} is not a choose line")
            return
        try:
            values = [int(a) for a in args]
        except ValueError:
            raise NQueensError(f"{line!r} is not an event line") from None
        depth = len(self.rows)
        if letter in "PXFY":
            r, c, other = (*values, None)[:3]
            if not (0 <= r < n and 0 <= c < n) or (other is not None and not -1 <= other < n):  # type: ignore[operator]
                raise NQueensError(f"{line!r}: a square off the {n} x {n} board")
            if depth == n or r in self.rows:
                raise NQueensError(f"{line!r}: row {r} already holds a queen")
            self.generated[depth + 1] += 1
            if letter == "P":
                self.feasible[depth + 1] += 1
                self.rows.append(r)
        elif letter == "D":
            if not -1 <= values[0] < n:
                raise NQueensError(f"{line!r}: row {values[0]} is off the board")
        elif letter == "S":
            if depth != n:
                raise NQueensError(f"a solution with {depth} queens on a board of {n}")
        elif letter == "B":
            if not depth:
                raise NQueensError("a backtrack with no queen on the board")
            self.rows.pop()
        elif letter == "E":
            if depth:
                raise NQueensError(f"the search ends with {depth} queens still on the board")
            self.ended = True


def _hex(text, n):
    try:
        return 0 <= int(text, 16) < 1 << n
    except ValueError:
        return False
