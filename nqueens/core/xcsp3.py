"""XCSP3 instances of the queens family, read as n-queens problems.

XCSP3 (Boussemart, Lecoutre, Audemard, Piette, *XCSP3: an integrated format for benchmarking combinatorial
constrained problems*, 2016) is the XML format of the XCSP competitions. Its queens instances are written by
PyCSP3's models (xcsp3team/PyCSP3-models): ``Queens`` (CSPLib prob054), ``BlockedQueens`` (CSPLib prob080, the
XCSP22 competition) and by ``nqueens export --model xcsp3``. All of them have one array of ``n`` variables over
``0..n-1``, ``q[i]`` the column of the queen in row ``i``, and say the rules of the queen with these constraints:

- columns: ``<allDifferent> q[] </allDifferent>`` (or every pair ``ne(q[i],q[j])``; Queens' variant v2 says
  both rules of a pair in one ``and(ne(q[i],q[j]),ne(dist(q[i],q[j]),k))``);
- diagonals: ``allDifferent`` over ``q[0] add(q[1],1) ...`` and ``q[0] sub(q[1],1) ...`` (any terms
  ``q[i] + c[i]`` with ``c[i] - i``, or ``c[i] + i``, the same for every row), or every pair
  ``ne(dist(q[i],q[j]),|i - j|)`` (Queens' variant v1, BlockedQueens), alone or in a ``<group>``;
- the diagonals of the torus (``nqueens export --model xcsp3 --rules toroidal``): ``allDifferent`` over
  ``mod(add(q[i],c[i]),n)`` with ``c[i] - i``, and over terms with ``c[i] + i``, the same modulo n for every
  row: the toroidal rule, which :func:`parse_xcsp3` reports with ``rule=True``;
- the instance: ``ne(q[i],c)`` (a square no queen may take), ``eq(q[i],c)`` (a placed queen), or a unary
  ``<extension>`` (``<conflicts>``: squares no queen may take; ``<supports>``: the only squares allowed).

The file is read with the standard library's expat parser (no XCSP3 package is needed); a file that declares an
XML entity is refused before anything expands it. Anything else is refused
with the line of the first constraint that is not one of these, so a model of another problem is never solved
as if it were n-queens.

Examples
--------
>>> text = '''<instance format="XCSP3" type="CSP">
...   <variables> <array id="q" size="[4]"> 0..3 </array> </variables>
...   <constraints>
...     <allDifferent> q[] </allDifferent>
...     <group> <intension> ne(dist(%0,%1),%2) </intension>
...       <args> q[0] q[1] 1 </args> <args> q[0] q[2] 2 </args> <args> q[0] q[3] 3 </args>
...       <args> q[1] q[2] 1 </args> <args> q[1] q[3] 2 </args> <args> q[2] q[3] 1 </args> </group>
...     <intension> ne(q[0],1) </intension>
...   </constraints>
... </instance>'''
>>> parse_xcsp3(text, "tiny.xml")
Instance(n=4, blocked=((0, 1),), queens=(), excluded_sum=(), excluded_difference=())
>>> torus = '''<instance format="XCSP3" type="CSP">
...   <variables> <array id="q" size="[5]"> 0..4 </array> </variables>
...   <constraints> <allDifferent> q[] </allDifferent>
...     <allDifferent> q[0] mod(add(q[1],1),5) mod(add(q[2],2),5) mod(add(q[3],3),5) mod(add(q[4],4),5) </allDifferent>
...     <allDifferent> q[0] mod(add(q[1],4),5) mod(add(q[2],3),5) mod(add(q[3],2),5) mod(add(q[4],1),5) </allDifferent>
...   </constraints>
... </instance>'''
>>> parse_xcsp3(torus, "torus.xml", rule=True)
(Instance(n=5, blocked=(), queens=(), excluded_sum=(), excluded_difference=()), 'toroidal')
"""

import re
from typing import Any, NoReturn
from xml.parsers import expat

from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance

__all__ = ["parse_xcsp3"]

ACCEPTED = (
    "the queens family (PyCSP3's Queens and BlockedQueens, nqueens export --model xcsp3): one array q of n "
    "variables over 0..n-1, allDifferent or pairwise ne/dist constraints for columns and diagonals, and unary "
    "ne/eq/extension constraints for blocked squares and placed queens; the diagonals may wrap modulo n (the "
    "toroidal rule)"
)


def parse_xcsp3(text, name="<string>", *, rule=False):
    """The :class:`~nqueens.core.instance.Instance` an XCSP3 queens-family file states.

    Parameters
    ----------
    text : str
    name : str
        The file's name, for messages.
    rule : bool
        Return ``(instance, rule)``, the attack rule the file's diagonals state (``"queen"``, or ``"toroidal"``
        when both diagonal directions wrap modulo n). Without it a file of another rule than the queen's is
        refused, so it is never solved as the queen's problem.

    Raises
    ------
    NQueensError
        For XML that is not well formed (with its line), and for an XCSP3 instance that is not of the queens
        family (with the line of the first constraint that is not understood and what is accepted).
    """
    root = _tree(text, name)
    reader = _Reader(name)
    instance = reader.read(root)
    if rule:
        return instance, reader.rule
    if reader.rule != "queen":
        raise NQueensError(
            f"{name}: its diagonals wrap modulo n, the {reader.rule} rule, not the queen's; read it with "
            f"rule=True (read_instance(path, rule=True)) and solve it under that rule"
        )
    return instance


class _Node:
    __slots__ = ("tag", "attrs", "text", "children", "line")

    def __init__(self, tag, attrs, line):
        self.tag, self.attrs, self.line = tag, attrs, line
        self.text, self.children = [], []

    def content(self):
        return " ".join("".join(self.text).split())


def _tree(text, name):
    """The element tree of ``text``, every element with the line it starts on (expat, from the standard library)."""
    parser = expat.ParserCreate()
    stack: list[Any] = []
    roots: list[Any] = []

    def start(tag, attrs):
        node = _Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag):
        stack.pop()

    def data(chunk):
        if stack:
            stack[-1].text.append(chunk)

    def entity(entity_name, *_):
        # Refused where it is declared, before any reference expands it: a few entities used a few hundred times
        # each can grow a 4 MB file into gigabytes (expat stops only the billion laughs' amplification).
        raise NQueensError(
            f"{name}, line {parser.CurrentLineNumber}: declares the XML entity {entity_name!r}; XCSP3 instances "
            "need none, and entities are refused (their expansion could take any amount of memory)"
        )

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, data
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise NQueensError(f"{name}, line {exc.lineno}: not well-formed XML ({expat.ErrorString(exc.code)})") from None
    return roots[0]


_VAR = re.compile(r"^([A-Za-z_][\w]*)\[(\d+)\]$")
_INT = re.compile(r"^-?\d+$")


class _Reader:
    def __init__(self, name):
        self.name = name

    def fail(self, line, message) -> NoReturn:
        raise NQueensError(f"{self.name}, line {line}: {message}")

    def refuse(self, line, what) -> NoReturn:
        self.fail(line, f"{what}; nqueens reads XCSP3 instances of {ACCEPTED}")

    def read(self, root):
        if root.tag != "instance" or root.attrs.get("format") != "XCSP3":
            self.fail(root.line, f'expected an XCSP3 <instance format="XCSP3">, found <{root.tag}>')
        if root.attrs.get("type", "CSP") != "CSP":
            self.refuse(root.line, f"this is an XCSP3 {root.attrs.get('type')} instance (an optimisation problem)")
        variables = [c for c in root.children if c.tag == "variables"]
        constraints = [c for c in root.children if c.tag == "constraints"]
        others = [c for c in root.children if c.tag not in ("variables", "constraints")]
        if others:
            self.refuse(others[0].line, f"<{others[0].tag}> is not part of a queens model")
        if len(variables) != 1:
            self.refuse(root.line, "expected one <variables> element")
        self.array(variables[0])
        self.columns: set[Any] = set()  # pairs (i, j), i < j, kept in different columns
        self.sums: set[Any] = set()  # pairs kept off the same r + c / r - c diagonal
        self.diffs: set[Any] = set()
        self.blocked: set[Any] = set()
        self.queens: set[Any] = set()
        self.full_columns = self.full_sums = self.full_diffs = False
        self.wrapped: set[str] = set()  # the diagonal directions ("sums", "diffs") kept different modulo n
        for block in constraints:
            self.walk(block.children)
        n = self.n
        # Wrapped diagonals imply the plain ones (two squares on one diagonal are on one wrapped diagonal), so
        # both directions wrapped is the toroidal rule; one direction wrapped alone is neither rule.
        self.rule = "toroidal" if self.wrapped == {"sums", "diffs"} else "queen"
        if self.wrapped and self.rule == "queen" and not (self.full_sums and self.full_diffs):
            self.refuse(root.line, "only one diagonal direction wraps modulo n (neither the queen's nor the torus)")
        if self.rule == "toroidal":
            self.full_sums = self.full_diffs = True
        pairs = n * (n - 1) // 2
        missing = [
            what
            for what, full, got in (
                ("columns", self.full_columns, self.columns),
                ("r + c diagonals", self.full_sums, self.sums),
                ("r - c diagonals", self.full_diffs, self.diffs),
            )
            if not full and len(got) < pairs
        ]
        if missing:
            self.refuse(
                root.line, f"its constraints do not keep the queens on different {' and '.join(missing)} (not n-queens)"
            )
        queens = {}
        for r, c in sorted(self.queens):
            if r in queens:  # two required columns in one row: the instance has no solution
                self.blocked.add((r, c))
                continue
            queens[r] = c
        return Instance.make(n, blocked=sorted(self.blocked), queens=sorted(queens.items()), where=self.name)

    def array(self, node):
        arrays = [c for c in node.children if c.tag == "array"]
        if len(arrays) != 1 or len(node.children) != 1:
            first = node.children[0] if node.children else node
            self.refuse(first.line, "expected one array of variables q (the column of the queen in each row)")
        array = arrays[0]
        size = re.fullmatch(r"\[(\d+)\]", array.attrs.get("size", "").strip())
        domain = re.fullmatch(r"0\.\.(\d+)", array.content())
        if size is None or domain is None or int(domain.group(1)) != int(size.group(1)) - 1:
            self.refuse(
                array.line,
                f"the array {array.attrs.get('id')!r} is not n variables over 0..n-1 "
                f"(size {array.attrs.get('size')!r}, domain {array.content()!r})",
            )
        self.n, self.id = int(size.group(1)), array.attrs.get("id")

    def walk(self, nodes):
        for node in nodes:
            if node.tag == "block":
                self.walk(node.children)
            elif node.tag == "group":
                self.group(node)
            elif node.tag == "allDifferent":
                self.all_different(node)
            elif node.tag == "intension":
                self.intension(node.content(), node.line)
            elif node.tag == "extension":
                self.extension(node, None)
            else:
                self.refuse(node.line, f"the constraint <{node.tag}> is not part of a queens model")

    def group(self, node):
        template = [c for c in node.children if c.tag not in ("args",)]
        if len(template) != 1 or template[0].tag not in ("intension", "extension"):
            self.refuse(node.line, "a <group> whose template is not one intension or extension constraint")
        for args in (c for c in node.children if c.tag == "args"):
            values = args.content().split()
            if template[0].tag == "intension":
                text = self.fill(template[0].content(), values, args.line)
                self.intension(text, args.line)
            else:
                self.extension(template[0], values, args.line)

    def fill(self, template, values, line):
        return re.sub(r"%(\d+)", lambda m: self.arg(values, int(m.group(1)), line), template)

    def arg(self, values, k, line):
        if k >= len(values):
            self.fail(line, f"the group's template uses %{k}, but these <args> give {len(values)} values")
        return values[k]

    def variable(self, token, line):
        m = _VAR.match(token)
        if m is None or m.group(1) != self.id or int(m.group(2)) >= self.n:
            self.refuse(line, f"{token!r} is not a variable of the array {self.id}[0..{self.n - 1}]")
        return int(m.group(2))

    def value(self, token, line):
        if not _INT.match(token):
            self.refuse(line, f"{token!r} is not an integer")
        return int(token)

    def all_different(self, node):
        lists = [c for c in node.children if c.tag == "list"]
        if node.children and (len(lists) != 1 or len(node.children) != 1):
            self.refuse(node.line, "an allDifferent that is not over one list")
        terms = (lists[0] if lists else node).content().split()
        n = self.n
        if terms in ([f"{self.id}[]"], [f"{self.id}[0..{n - 1}]"]) or sorted(terms) == sorted(
            f"{self.id}[{i}]" for i in range(n)
        ):
            self.full_columns = True
            return
        # Each term is q[i] + c[i], perhaps modulo n: one diagonal direction when c[i] - i (r + c) or c[i] + i
        # (r - c) is the same for every row, modulo n when the terms wrap.
        linear = [_linear(term, self.id) for term in terms]
        for term, got in zip(terms, linear):
            if got is None:
                self.refuse(node.line, f"an allDifferent over {term!r}, not over q[i], q[i] + i or q[i] - i")
        rows = sorted(i for i, _, _ in linear)
        moduli = {m for _, _, m in linear if m is not None}
        wrap = bool(moduli)
        if rows != list(range(n)) or moduli - {n} or (wrap and len(moduli) != 1):
            self.refuse(node.line, "an allDifferent that is not over one diagonal direction of all n rows")
        if wrap and any(m is None for _, _, m in linear) and any(c % n for _, c, m in linear if m is None):
            self.refuse(node.line, "an allDifferent whose terms wrap modulo n in some rows and not in others")
        for kind, sign in (("sums", -1), ("diffs", 1)):
            shifts = {(c + sign * i) % n if wrap else c + sign * i for i, c, _ in linear}
            if len(shifts) == 1 and n > 1:
                if wrap:
                    self.wrapped.add(kind)
                elif kind == "sums":
                    self.full_sums = True
                else:
                    self.full_diffs = True
                return
        self.refuse(node.line, "an allDifferent that is not over one diagonal direction of all n rows")

    def intension(self, text, line):
        text = "".join(text.split())
        if text.startswith("and(") and text.endswith(")"):  # Queens' variant v2: both rules of a pair in one
            for part in _arguments(text[4:-1]):
                self.intension(part, line)
            return
        var = rf"{re.escape(self.id)}\[(\d+)\]"
        m = re.fullmatch(rf"(ne|eq)\({var},(-?\d+)\)", text) or re.fullmatch(rf"(ne|eq)\((-?\d+),{var}\)", text)
        if m:
            op, a, b = m.groups()
            r, c = (int(a), int(b)) if text.startswith(f"{op}({self.id}") else (int(b), int(a))
            self.square(op, r, c, line)
            return
        m = re.fullmatch(rf"ne\(dist\({var},{var}\),(\d+)\)", text)
        if m:
            i, j, k = (int(g) for g in m.groups())
            if i == j or abs(i - j) != k or max(i, j) >= self.n:
                self.refuse(line, f"{text!r} is not the diagonal rule of rows {i} and {j}")
            pair = (min(i, j), max(i, j))
            self.sums.add(pair)
            self.diffs.add(pair)
            return
        m = re.fullmatch(rf"ne\({var},{var}\)", text)
        if m:
            i, j = (int(g) for g in m.groups())
            if i == j or max(i, j) >= self.n:
                self.refuse(line, f"{text!r} is not the column rule of two rows")
            self.columns.add((min(i, j), max(i, j)))
            return
        self.refuse(line, f"the constraint {text!r} is not part of a queens model")

    def square(self, op, r, c, line):
        if r >= self.n:
            self.refuse(line, f"{self.id}[{r}] is not a variable of the array {self.id}[0..{self.n - 1}]")
        if not 0 <= c < self.n:
            if op == "eq":  # a queen off the board: no solution
                self.blocked.update((r, col) for col in range(self.n))
            return
        (self.blocked if op == "ne" else self.queens).add((r, c))

    def extension(self, node, values, line=None):
        line = line or node.line
        lists = [c for c in node.children if c.tag == "list"]
        tables = [c for c in node.children if c.tag in ("supports", "conflicts")]
        if len(lists) != 1 or len(tables) != 1:
            self.refuse(line, "an extension constraint without one list and one table")
        scope = lists[0].content().split()
        if values is not None:
            scope = [self.arg(values, int(t[1:]), line) if t.startswith("%") else t for t in scope]
        if len(scope) != 1:
            self.refuse(line, f"an extension constraint over {len(scope)} variables (a queens model has unary ones)")
        r = self.variable(scope[0], line)
        table: set[Any] = set()
        for part in tables[0].content().split():
            if ".." in part:
                low, _, high = part.partition("..")
                table.update(range(self.value(low, line), self.value(high, line) + 1))
            else:
                table.add(self.value(part, line))
        if tables[0].tag == "conflicts":
            bad = table
        else:
            bad = set(range(self.n)) - table
        self.blocked.update((r, c) for c in bad if 0 <= c < self.n)


def _linear(term, name):
    """``(i, c, m)`` when ``term`` is ``q[i] + c`` (``add``, ``sub``, an integer, nested), modulo ``m`` when the
    outermost function is ``mod(..., m)`` (else ``m`` is None); ``None`` for any other term."""
    modulus = None
    text = "".join(term.split())
    if text.startswith("mod(") and text.endswith(")"):
        parts = _arguments(text[4:-1])
        if len(parts) != 2 or not _INT.match(parts[1]) or int(parts[1]) < 1:
            return None
        text, modulus = parts[0], int(parts[1])
    got = _sum(text, name)
    if got is None or got[0] is None:
        return None
    return got[0], got[1], modulus


def _sum(text, name):
    """``(i, c)`` for ``q[i] + c``, ``(None, c)`` for an integer ``c``, ``None`` for anything else."""
    if _INT.match(text):
        return None, int(text)
    m = _VAR.match(text)
    if m:
        return (int(m.group(2)), 0) if m.group(1) == name else None
    for op, sign in (("add", 1), ("sub", -1)):
        if text.startswith(f"{op}(") and text.endswith(")"):
            parts = _arguments(text[len(op) + 1 : -1])
            if len(parts) != 2:
                return None
            a, b = (_sum(part, name) for part in parts)
            if a is None or b is None or b[0] is not None:
                return None
            return a[0], a[1] + sign * b[1]
    return None


def _arguments(text):
    """The top-level comma-separated arguments of a function's argument text: ``"a(b,c),d"`` -> ``["a(b,c)", "d"]``."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts
