"""Instance files: the Essence' parameter files of CSPLib and the ASP competition, JSON (ours and PyCSP3's), and
XCSP3 (read by :mod:`nqueens.core.xcsp3`).

Two formats read and written here (the sibling of :mod:`nqueens.core.board`, which does the same for
solutions), and XCSP3 read:

``param``
    Essence' parameter files as CSPLib publishes them, loaded unchanged:

    - blocked n-Queens (prob080, the ASP competition): ``letting n = 28`` and ``letting blocks = [[1, 1],
      [1, 2], ...]``, **1-based** ``[row, column]`` pairs (prob080's ``blocked-gen.py``; the model reads
      ``m[blocks[i,1]-1, blocks[i,2]-1]``);
    - n-Queens Completion (prob079): ``letting init = [[52, 19], ...]``, the placed queens, **0-based**
      ``[row, column]`` pairs (prob079's ``queens-gen-fast.py`` and ``diagtoqueens.py``; the model reads
      ``m[init[i,1], init[i,2]]`` over ``int(0..n-1)``);
    - excluded diagonals (prob079's ``queens-diag-gen.py``, the JAIR 2017 paper's generator): ``n = 10``,
      ``numdiags = 14``, ``diags = [[4, 1], [2, 1], [14, 0], ...]``: ``[s, 1]`` excludes the sum diagonal
      ``r + c = s``, ``[d, 0]`` the difference diagonal ``r - c = d - (n - 1)``. As the paper prescribes, only
      the first ``numdiags`` entries count.

    Lines may start with ``letting`` (``letting NAME = VALUE`` or ``letting NAME be VALUE``) or not
    (``NAME = VALUE``); ``language ESSENCE' 1.0`` (or Conjure's ``language Essence 1.3``) is allowed on top, ``$``
    starts a comment, a list may span lines and end with a comma (the ASP competition's files), and a matrix may
    carry its index domain as Conjure writes it (``[[1, 2; int(1..2)], ...; int(1..595)]``). The counts
    ``blocked_squares`` and ``given_queens`` of the models may be given and must then match. ``diagonals=M``
    takes only the first ``M`` entries of ``diags`` (the paper's instance with ``M`` diagonals excluded).
``json``
    ``{"n": 16, "blocked": [[r, c], ...], "queens": [[r, c], ...], "excluded_sum": [...],
    "excluded_difference": [...]}``, all 0-based as in :class:`~nqueens.core.instance.Instance`; every key but
    ``n`` is optional. PyCSP3's data files for BlockedQueens, ``{"n": 28, "blocks": [[0, 0], ...]}`` (0-based),
    are read too.
``xcsp3``
    XCSP3 instances of the queens family (PyCSP3's ``Queens`` and ``BlockedQueens``, ``nqueens export --model
    xcsp3``), read only; see :mod:`nqueens.core.xcsp3`.

The format is chosen by the suffix (``.json``; ``.param``, ``.essence``, ``.eprime``; ``.xml``; a file ending in
``.lzma`` is decompressed first and named by the suffix before it, as in ``Queens-8.xml.lzma``), else by the
content (a file that starts with ``{`` is JSON, with ``<`` XCSP3). Every error is one
:class:`~nqueens.core.errors.NQueensError` that names the file and the line.

Examples
--------
>>> inst = parse_instance("letting n = 5\\nletting blocks = [[1, 1], [2, 3]]\\n", name="tiny.param")
>>> inst.blocked
((0, 0), (1, 2))
>>> print(format_instance(inst, "json"))
{"n": 5, "blocked": [[0, 0], [1, 2]]}
>>> print(format_instance(inst, "param"), end="")
language ESSENCE' 1.0
$ n-queens instance: n = 5 with 2 blocked
letting n = 5
letting blocks = [[1, 1], [2, 3]]
>>> parse_instance('{"n": 4, "queens": [[0, 5]]}', name="bad.json")
Traceback (most recent call last):
...
nqueens.core.errors.NQueensError: bad.json, line 1: queens: square [0, 5] is off the 4 x 4 board (queens is 0-based: 0 .. 3)
"""

import json
import os
import re
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.files import not_regular, replaced
from nqueens.core.instance import Instance

__all__ = [
    "FORMATS",
    "READ_FORMATS",
    "SUFFIXES",
    "read_instance",
    "parse_instance",
    "format_instance",
    "write_instance",
]

# The formats written; XCSP3 is read only (``nqueens export --model xcsp3`` writes the model with its instance).
FORMATS = ("json", "param")
READ_FORMATS = ("json", "param", "xcsp3")

# Suffix -> format; any other suffix is decided by the content.
SUFFIXES = {
    ".json": "json",
    ".param": "param",
    ".essence": "param",
    ".eprime": "param",
    ".xml": "xcsp3",
    ".lzma": "xcsp3",  # FILE.xml.lzma, as the XCSP competitions distribute their instances; any FILE.S.lzma reads
}

# Files are small; anything larger is not an instance (a 63 x 63 board lists at most 3969 squares).
_MAX_BYTES = 4 << 20

_JSON_KEYS = ("n", "blocked", "queens", "excluded_sum", "excluded_difference", "blocks")
_PARAM_KEYS = (
    "n",
    "blocks",
    "blocked_squares",
    "init",
    "given_queens",
    "diags",
    "numdiags",
    "sumdiags",
    "numsum",
    "diffdiags",
    "numdiff",
)


def read_instance(path, *, diagonals=None, rule=False):
    """Read an instance file (Essence' parameters, JSON or XCSP3, by suffix or content).

    Parameters
    ----------
    path : str or os.PathLike
    diagonals : int, optional
        Take only the first ``diagonals`` entries of an excluded-diagonals file's ordered ``diags`` list (the
        paper's instance with that many diagonals excluded); by default the file's ``numdiags``.
    rule : bool
        Return the attack rule the file states too: an XCSP3 model of the torus (``nqueens export --model xcsp3
        --rules toroidal``) states ``"toroidal"``, every other file ``"queen"``. Without it such a file is
        refused rather than read as the queen's problem.

    Returns
    -------
    Instance, or (Instance, str) with ``rule=True``

    Raises
    ------
    NQueensError
        If the file cannot be read or is not a valid instance; the message names the file and the line.
    """
    name = os.fspath(path)
    try:
        if os.path.isdir(name):
            raise NQueensError(f"{name}: is a directory, not an instance file")
        kind = not_regular(name)
        if kind is not None:  # a named pipe would hold the reader until something writes to it
            raise NQueensError(f"{name}: not a regular file ({kind}); an instance is read from a file")
        with open(name, "rb") as handle:
            data = handle.read(_MAX_BYTES + 1)
    except OSError as exc:
        raise NQueensError(f"{name}: cannot read the instance file ({exc.strerror or exc})") from None
    if len(data) > _MAX_BYTES:
        raise NQueensError(f"{name}: larger than {_MAX_BYTES >> 20} MB, not an instance file")
    base = name
    if name.lower().endswith(".lzma"):  # the XCSP competitions distribute their instances as FILE.xml.lzma
        data = _unlzma(data, name)
        base = name[: -len(".lzma")]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise NQueensError(f"{name}, line {line}: not a text file (bytes that are not UTF-8)") from None
    fmt = SUFFIXES.get(os.path.splitext(base)[1].lower())
    head = text.lstrip()
    if fmt == "json" and head.startswith(("letting", "language", "$")):
        fmt = "param"  # Essence' lettings in a file named .json (nqueens generate --format param -o x.json)
    elif fmt == "param" and head.startswith("{"):
        fmt = "json"
    elif fmt != "xcsp3" and head.startswith("<"):
        fmt = "xcsp3"
    return parse_instance(text, name=name, fmt=fmt, diagonals=diagonals, rule=rule)


def _unlzma(data, name):
    import lzma

    try:
        decompressor = lzma.LZMADecompressor()
        text = decompressor.decompress(data, max_length=_MAX_BYTES + 1)
    except lzma.LZMAError as exc:
        raise NQueensError(f"{name}: not an lzma-compressed file ({exc})") from None
    if len(text) > _MAX_BYTES:
        raise NQueensError(f"{name}: larger than {_MAX_BYTES >> 20} MB uncompressed, not an instance file")
    if not decompressor.eof:
        raise NQueensError(f"{name}: the lzma-compressed data is truncated")
    return text


def parse_instance(text, *, name="<string>", fmt=None, diagonals=None, rule=False):
    """Parse the text of an instance file; ``fmt`` is ``"json"``, ``"param"``, ``"xcsp3"`` or ``None`` (decide
    by content); ``diagonals`` and ``rule`` as in :func:`read_instance`.

    Raises
    ------
    NQueensError
        Naming ``name`` and the line at fault.
    """
    if fmt is not None and fmt not in READ_FORMATS:
        raise NQueensError(f"instance format must be one of {', '.join(READ_FORMATS)}; got {fmt!r}")
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise NQueensError(f"{name}, line {line}: not a text file (NUL bytes)")
    if not text.strip():
        raise NQueensError(
            f'{name}, line 1: the file is empty; an instance has at least n (letting n = 8, or {{"n": 8}})'
        )
    if diagonals is not None and (isinstance(diagonals, bool) or not isinstance(diagonals, int) or diagonals < 0):
        raise NQueensError(f"--diagonals must be an integer >= 0, got {diagonals!r}")
    if fmt is None:
        head = text.lstrip()
        fmt = "json" if head.startswith("{") else "xcsp3" if head.startswith("<") else "param"
    if diagonals is not None and fmt != "param":
        raise NQueensError(
            f"{name}: --diagonals takes the first entries of an excluded-diagonals file's diags list "
            f"(queens-diag-gen.py's Essence' parameters); this file is {fmt}"
        )
    try:
        if fmt == "xcsp3":
            from nqueens.core.xcsp3 import parse_xcsp3

            return parse_xcsp3(text, name, rule=rule)
        instance = _parse_json(text, name) if fmt == "json" else _parse_param(text, name, diagonals)
        return (instance, "queen") if rule else instance
    except RecursionError:
        raise NQueensError(
            f"{name}: lists nested too deeply to read (an instance nests them two deep: [[row, column], ...])"
        ) from None


def format_instance(inst, fmt="json"):
    """The text of ``inst`` in format ``fmt`` (``"json"``: one line; ``"param"``: Essence' lettings).

    In the ``param`` format, blocked squares are 1-based ``blocks``, placed queens 0-based ``init`` and excluded
    diagonals the paper's ``diags`` (see the module docstring), so each file reads like its CSPLib model's.
    """
    if fmt == "json":
        return json.dumps(inst.to_dict())
    if fmt != "param":
        raise NQueensError(f"instance format must be one of {', '.join(FORMATS)}; got {fmt!r}")
    n = inst.n
    lines = ["language ESSENCE' 1.0", f"$ n-queens instance: {inst}", f"letting n = {n}"]
    if inst.blocked:
        lines.append(f"letting blocks = {_pairs((r + 1, c + 1) for r, c in inst.blocked)}")
    if inst.queens:
        lines.append(f"letting init = {_pairs(inst.queens)}")
    if inst.excluded_sum or inst.excluded_difference:
        diags = [(s, 1) for s in inst.excluded_sum] + [(d + n - 1, 0) for d in inst.excluded_difference]
        lines.append(f"letting numdiags = {len(diags)}")
        lines.append(f"letting diags = {_pairs(diags)}")
    return "\n".join(lines) + "\n"


def write_instance(inst, path, fmt=None):
    """Write ``inst`` to ``path``; ``fmt`` defaults to the suffix's format (``.json`` -> json, else param)."""
    name = os.fspath(path)
    if fmt is None:
        fmt = SUFFIXES.get(os.path.splitext(name)[1].lower(), "param")
    if fmt == "xcsp3":
        raise NQueensError(
            f"{name}: an instance file is written as JSON (.json) or Essence' parameters (.param); "
            "for XCSP3 write the model with its instance: nqueens export --instance FILE --model xcsp3"
        )
    text = format_instance(inst, fmt)
    try:
        with replaced(name) as handle:
            handle.write(text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise NQueensError(f"{name}: cannot write the instance file ({exc.strerror or exc})") from None


# ------------------------------------------------------------------------------------------------------------
# A small tokenizer shared by both formats, so that every value knows its line.

_TOKEN = re.compile(
    r"""(?P<space>[ \t\r\n]+)
      | (?P<comment>\$[^\n]*)
      | (?P<number>-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
      | (?P<string>"(?:[^"\\\n]|\\.)*")
      | (?P<name>[A-Za-z_][A-Za-z0-9_']*)
      | (?P<punct>\.\.|[\[\]{},:=;()])
    """,
    re.VERBOSE,
)


class _Value:
    """A parsed value and the line it starts on."""

    __slots__ = ("value", "line")

    def __init__(self, value, line):
        self.value = value
        self.line = line


class _Tokens:
    def __init__(self, text, name, comments):
        self.name = name
        self.items = []
        pos = 0
        line = 1
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or (m.lastgroup == "comment" and not comments):
                snippet = text[pos : pos + 12].split("\n")[0]
                raise NQueensError(f"{name}, line {line}: unexpected text {snippet!r}")
            kind = m.lastgroup
            if kind not in ("space", "comment"):
                self.items.append((kind, m.group(), line))
            line += m.group().count("\n")
            pos = m.end()
        # the end of the file is reported on its last line that has text
        self.end_line = text.rstrip().count("\n") + 1
        self.i = 0

    def peek(self):
        return self.items[self.i] if self.i < len(self.items) else ("end", "", self.end_line)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def expect(self, text, what):
        kind, got, line = self.take()
        if got != text or kind == "string":
            found = "the end of the file (truncated?)" if kind == "end" else repr(got)
            raise NQueensError(f"{self.name}, line {line}: expected {what}, found {found}")

    def index_domain(self, opened):
        """Skip the index domain of an Essence' matrix literal (``int(1..2)``, ``int(1..n)``) up to its ``]``."""
        depth = 0
        while True:
            kind, text, line = self.take()
            if kind == "end":
                raise NQueensError(
                    f"{self.name}, line {line}: the list opened on line {opened} ends without ']' (truncated?)"
                )
            if text == "]" and depth == 0:
                return
            if text == "(":
                depth += 1
            elif text == ")" and depth:
                depth -= 1
            elif kind not in ("name", "number") and text not in ("..", ","):
                raise NQueensError(
                    f"{self.name}, line {line}: expected an index domain such as int(1..n) after ';', found {text!r}"
                )

    def value(self):
        """An integer, a list of values, or (JSON) a string, an object, true/false/null or a float."""
        kind, text, line = self.take()
        if kind == "number":
            return _Value(float(text) if any(ch in text for ch in ".eE") else int(text), line)
        if kind == "string":
            return _Value(json.loads(text), line)
        if kind == "name" and text in ("true", "false", "null"):
            return _Value({"true": True, "false": False, "null": None}[text], line)
        if text == "[":
            items: list[Any] = []
            if self.peek()[1] == "]":
                self.take()
                return _Value(items, line)
            while True:
                items.append(self.value())
                kind, sep, at = self.take()
                if sep == "]" and kind == "punct":
                    return _Value(items, line)
                if sep == "," and kind == "punct" and self.peek()[1] == "]":
                    # A comma before ']': Savile Row accepts it, and the ASP competition's files end so.
                    self.take()
                    return _Value(items, line)
                if sep == "," and kind == "punct" and self.peek()[1] == ";":
                    self.take()
                    sep = ";"
                if sep == ";" and kind == "punct":
                    # Essence' matrix literal with its index domain, as Conjure writes it: [a, b; int(1..2)]
                    self.index_domain(line)
                    return _Value(items, line)
                if sep != "," or kind != "punct":
                    found = "the end of the file (a truncated list?)" if kind == "end" else repr(sep)
                    raise NQueensError(
                        f"{self.name}, line {at}: expected ',' or ']' in the list opened on line {line}, found {found}"
                    )
        if text == "{":
            members: dict[Any, Any] = {}
            if self.peek()[1] == "}":
                self.take()
                return _Value(members, line)
            while True:
                kind, key, at = self.take()
                if kind != "string":
                    raise NQueensError(
                        f"{self.name}, line {at}: expected a quoted key, found {key or 'the end of the file'!r}"
                    )
                key = json.loads(key)
                if key in members:
                    raise NQueensError(f"{self.name}, line {at}: key {key!r} is given twice")
                self.expect(":", "':'")
                members[key] = self.value()
                kind, sep, at = self.take()
                if sep == "}" and kind == "punct":
                    return _Value(members, line)
                if sep != "," or kind != "punct":
                    found = "the end of the file (truncated?)" if kind == "end" else repr(sep)
                    raise NQueensError(f"{self.name}, line {at}: expected ',' or '}}', found {found}")
        found = "the end of the file (truncated?)" if kind == "end" else repr(text)
        raise NQueensError(f"{self.name}, line {line}: expected a value (an integer or a list), found {found}")


# ------------------------------------------------------------------------------------------------------------
# JSON


def _parse_json(text, name):
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise NQueensError(f"{name}, line {exc.lineno}: not valid JSON ({exc.msg})") from None
    tokens = _Tokens(text, name, comments=False)
    doc = tokens.value()
    if not isinstance(doc.value, dict):
        raise NQueensError(f'{name}, line {doc.line}: a JSON instance is an object {{"n": ..., "blocked": ...}}')
    members = doc.value
    unknown = [key for key in members if key not in _JSON_KEYS]
    if unknown:
        key = unknown[0]
        raise NQueensError(
            f"{name}, line {members[key].line}: unknown key {key!r}; an instance has {', '.join(_JSON_KEYS)}"
        )
    if "n" not in members:
        raise NQueensError(f'{name}, line {doc.line}: missing the board size "n"')
    at = _Where(name)
    n = at.board(members["n"])
    if "blocks" in members and "blocked" in members:
        at.fail(members["blocks"].line, 'give the blocked squares once: "blocked" or PyCSP3\'s "blocks"')
    # PyCSP3's data files for BlockedQueens name the 0-based blocked squares "blocks"
    blocked = at.squares(
        members.get("blocked", members.get("blocks")), n, "blocks" if "blocks" in members else "blocked", 0
    )
    queens = at.squares(members.get("queens"), n, "queens", 0)
    sums = at.diagonals(members.get("excluded_sum"), 0, 2 * n - 2, "excluded_sum")
    diffs = at.diagonals(members.get("excluded_difference"), -(n - 1), n - 1, "excluded_difference")
    return Instance.make(n, blocked=blocked, queens=queens, excluded_sum=sums, excluded_difference=diffs, where=name)


# ------------------------------------------------------------------------------------------------------------
# Essence' parameters


def _parse_param(text, name, diagonals=None):
    tokens = _Tokens(text, name, comments=True)
    kind, word, line = tokens.peek()
    if word.lower() == "language":
        tokens.take()
        kind, word, line = tokens.take()
        if kind != "name" or word.upper() not in ("ESSENCE'", "ESSENCE"):
            raise NQueensError(f"{name}, line {line}: expected language ESSENCE' after 'language', found {word!r}")
        if tokens.peek()[0] == "number":
            tokens.take()
    values = {}
    while tokens.peek()[0] != "end":
        kind, word, line = tokens.take()
        if word == "letting":
            kind, word, line = tokens.take()
        if kind != "name":
            found = repr(word)
            raise NQueensError(f"{name}, line {line}: expected 'letting NAME = VALUE', found {found}")
        if word not in _PARAM_KEYS:
            raise NQueensError(
                f"{name}, line {line}: unknown parameter {word!r}; an instance file gives {', '.join(_PARAM_KEYS)}"
            )
        if word in values:
            raise NQueensError(f"{name}, line {line}: parameter {word!r} is given twice")
        sep = tokens.take()
        if sep[1] not in ("=", "be") or sep[0] == "string":
            found = "the end of the file (truncated?)" if sep[0] == "end" else repr(sep[1])
            raise NQueensError(f"{name}, line {sep[2]}: expected '=' after {word!r}, found {found}")
        values[word] = tokens.value()
    if "n" not in values:
        raise NQueensError(f"{name}, line 1: missing the board size (letting n = ...)")
    at = _Where(name)
    n = at.board(values["n"])
    blocked = at.squares(values.get("blocks"), n, "blocks", 1)
    at.length(values.get("blocked_squares"), values.get("blocks"), "blocked_squares", "blocks")
    queens = at.squares(values.get("init"), n, "init", 0)
    at.length(values.get("given_queens"), values.get("init"), "given_queens", "init")
    sums, diffs = at.diags(values.get("diags"), values.get("numdiags"), n, diagonals)
    # prob079's model partialqueens-diags-strong.eprime: sumdiags r + c, diffdiags c - r (its q2[i] = q1[i] - i)
    more_sums = at.diagonals(values.get("sumdiags"), 0, 2 * n - 2, "sumdiags")
    at.length(values.get("numsum"), values.get("sumdiags"), "numsum", "sumdiags")
    more_diffs = at.diagonals(values.get("diffdiags"), -(n - 1), n - 1, "diffdiags")
    at.length(values.get("numdiff"), values.get("diffdiags"), "numdiff", "diffdiags")
    if (more_sums or more_diffs) and (sums or diffs):
        at.fail(values["diags"].line, "give the excluded diagonals once: diags, or sumdiags and diffdiags")
    sums, diffs = list(sums) + list(more_sums), list(diffs) + [-d for d in more_diffs]
    return Instance.make(n, blocked=blocked, queens=queens, excluded_sum=sums, excluded_difference=diffs, where=name)


class _Where:
    """Checks of parsed values that name the file and the line of the entry at fault."""

    def __init__(self, name):
        self.name = name

    def fail(self, line, message):
        raise NQueensError(f"{self.name}, line {line}: {message}")

    def integer(self, item, what):
        if isinstance(item.value, bool) or not isinstance(item.value, int):
            self.fail(item.line, f"{what} must be an integer, got {item.value!r}")
        return item.value

    def board(self, item):
        n = self.integer(item, "n")
        if n < 1:
            self.fail(item.line, f"n must be an integer >= 1, got {n}")
        return n

    def items(self, item, what, shape):
        if not isinstance(item.value, list):
            self.fail(item.line, f"{what} must be a list of {shape}, got {_show(item.value)}")
        return item.value

    def squares(self, item, n, what, base):
        if item is None:
            return ()
        out = []
        seen: dict[Any, Any] = {}
        for entry in self.items(item, what, "[row, column] pairs"):
            if not isinstance(entry.value, list) or len(entry.value) != 2:
                self.fail(entry.line, f"{what}: each entry is a [row, column] pair, got {_show(entry.value)}")
            r, c = (self.integer(part, f"{what}: a row or column") for part in entry.value)
            if not (base <= r < n + base and base <= c < n + base):
                numbering = "1-based: 1" if base else "0-based: 0"
                self.fail(
                    entry.line,
                    f"{what}: square {[r, c]} is off the {n} x {n} board ({what} is {numbering} .. {n - 1 + base})",
                )
            if (r, c) in seen:
                self.fail(entry.line, f"{what}: square {[r, c]} is listed twice (first on line {seen[(r, c)]})")
            seen[(r, c)] = entry.line
            out.append((r - base, c - base))
        return out

    def diagonals(self, item, low, high, what):
        if item is None:
            return ()
        out = []
        seen: dict[Any, Any] = {}
        for entry in self.items(item, what, "integers"):
            d = self.integer(entry, what)
            if not low <= d <= high:
                self.fail(entry.line, f"{what}: diagonal {d} is out of range {low} .. {high}")
            if d in seen:
                self.fail(entry.line, f"{what}: diagonal {d} is listed twice (first on line {seen[d]})")
            seen[d] = entry.line
            out.append(d)
        return out

    def length(self, count, listing, what, key):
        if count is None:
            return
        k = self.integer(count, what)
        have = 0 if listing is None else len(listing.value)
        if k != have:
            self.fail(count.line, f"{what} = {k}, but {key} lists {have}")

    def diags(self, item, count, n, first=None):
        if item is None:
            if count is not None and self.integer(count, "numdiags") != 0:
                self.fail(count.line, "numdiags is given without diags")
            if first is not None:
                raise NQueensError(
                    f"{self.name}: --diagonals {first} takes the first entries of a diags list, and this file has none"
                )
            return (), ()
        entries = self.items(item, "diags", "[diagonal, kind] pairs")
        if count is not None:
            k = self.integer(count, "numdiags")
            if not 0 <= k <= len(entries):
                self.fail(count.line, f"numdiags = {k}, but diags lists {len(entries)} (the first numdiags are used)")
            entries = entries[:k]
        if first is not None:
            if first > len(entries):
                what = "numdiags" if count is not None else "diags lists"
                raise NQueensError(f"{self.name}: --diagonals {first}, but the file has {len(entries)} ({what})")
            entries = entries[:first]
        sums: list[Any] = []
        diffs: list[Any] = []
        seen: dict[Any, Any] = {}
        for entry in entries:
            if not isinstance(entry.value, list) or len(entry.value) != 2:
                self.fail(entry.line, f"diags: each entry is a [diagonal, kind] pair, got {_show(entry.value)}")
            d, kind = (self.integer(part, "diags: a diagonal or kind") for part in entry.value)
            if kind not in (0, 1):
                self.fail(entry.line, f"diags: the kind is 1 (sum diagonal) or 0 (difference diagonal), got {kind}")
            if not 0 <= d <= 2 * n - 2:
                self.fail(entry.line, f"diags: diagonal {d} is out of range 0 .. {2 * n - 2}")
            if (d, kind) in seen:
                self.fail(entry.line, f"diags: {[d, kind]} is listed twice (first on line {seen[(d, kind)]})")
            seen[(d, kind)] = entry.line
            (sums if kind else diffs).append(d if kind else d - (n - 1))
        return sums, diffs


def _show(value):
    if isinstance(value, list):
        return "[" + ", ".join(_show(v.value) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_show(v.value)}" for k, v in value.items()) + "}"
    return repr(value)


def _pairs(pairs):
    return "[" + ", ".join(f"[{a}, {b}]" for a, b in pairs) + "]"
