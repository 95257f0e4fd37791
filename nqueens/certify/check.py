"""Check a certificate folder: the claim, its files, the boards, the formula written again, and the proof.

The checker trusts neither the solver that answered nor its model: it imports neither pysat nor
:mod:`nqueens.models` (``tests/test_certify.py`` runs it in a process where both imports fail). Its steps, in
order, each named when it fails:

1. **claim**: ``claim.json`` read, every field of the kind it must be;
2. **files**: each file the claim lists has the SHA-256 the claim gives;
3. **boards** (a count) or **placement** (an optimum): every board is a solution under the claim's rule and
   instance, no two are the same, and there are as many as the claim's answer; a placement is checked against
   the problem's definition and holds the claimed number of queens;
4. **formula**: ``formula.cnf`` is exactly the clause set that :mod:`nqueens.certify.encode` writes from the claim
   (with a blocking clause per board for a count), compared as a set of sorted clauses;
5. **proof**: ``proof.drat`` refutes that formula, by dratify (inside this process, its Rust engine
   ``cdclkit-native`` when installed) or by an outside checker on ``PATH`` (``drat-trim``, ``cake_lpr`` after
   drat-trim's LRAT, ``veripb``), each judged by its verdict line (``s VERIFIED``), never by its exit code alone:
   ``cake_lpr`` exits 0 when it rejects.

A certificate whose encoding is not one :mod:`nqueens.certify.encode` writes again is refused in one line.
"""

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from nqueens.certify import encode
from nqueens.core.errors import NQueensError

__all__ = ["CHECKERS", "FORMAT", "Rejected", "Verdict", "check", "summary"]

# The claim's "certificate" field: what this checker reads.
FORMAT = "nqueens-certificate 1"
CHECKERS = ("dratify", "drat-trim", "cake_lpr", "veripb")


class Rejected(NQueensError):
    """A certificate that failed one step: ``step`` names it, the message says where."""

    def __init__(self, step, message):
        super().__init__(f"certificate rejected at step {step}: {message}")
        self.step = step


@dataclass(frozen=True)
class Verdict:
    """An accepted certificate: what it certifies and how it was checked."""

    question: str
    answer: int
    boards: int
    bound: str
    checker: str
    version: str
    proof_lines: int
    proof_bytes: int
    check_seconds: float

    def to_dict(self):
        """The ``certificate`` object of a command's ``--json``."""
        return {
            "status": "accepted",
            "checker": self.checker,
            "version": self.version,
            "proof_bytes": self.proof_bytes,
            "check_seconds": self.check_seconds,
        }


def check(folder, checker="dratify", *, engine="auto"):
    """Check the certificate in ``folder``; the :class:`Verdict`, or :class:`Rejected` naming the failed step.

    Parameters
    ----------
    folder : str or Path
    checker : str
        One of :data:`CHECKERS`; an outside one must be on ``PATH``.
    engine : str
        dratify's engine: ``auto`` (its Rust engine when ``cdclkit-native`` is installed), ``native`` or
        ``python``.

    Raises
    ------
    NQueensError
        No certificate there, an unknown checker or one not installed, an encoding not written again here.
    Rejected
        A step failed.
    """
    if checker not in CHECKERS:
        raise NQueensError(f"unknown checker {checker!r}; allowed: {', '.join(CHECKERS)}")
    if engine not in ("auto", "native", "python"):
        raise NQueensError(f"dratify's engine is auto, native or python; got {engine!r}")
    folder = Path(folder)
    if not (folder / "claim.json").is_file():
        raise NQueensError(f"{folder} holds no certificate (no claim.json)")
    claim = _claim(folder)
    _files(folder, claim)
    boards, bound, cnf, top = _CLAIMS[claim["question"]].formula(folder, claim)
    _formula(folder, cnf, top)
    proof = (folder / "proof.drat").read_text(encoding="ascii", errors="replace")
    start = time.perf_counter()
    if checker == "dratify":
        version = _dratify(cnf, top, proof, engine)
    else:
        version = _outside(checker, folder)
    seconds = time.perf_counter() - start
    return Verdict(
        question=claim["question"],
        answer=claim["answer"],
        boards=len(boards),
        bound=bound,
        checker=checker,
        version=version,
        proof_lines=proof.count("\n"),
        proof_bytes=len(proof),
        check_seconds=round(seconds, 3),
    )


def summary(verdict):
    """The one line a command prints under the answer.

    Examples
    --------
    >>> v = Verdict("count", 724, 724, "their blocking clauses", "dratify", "0.1.10", 100, 2_500_000, 1.25)
    >>> summary(v)  # doctest: +NORMALIZE_WHITESPACE
    'certified: 724 distinct boards checked, the formula with their blocking clauses refuted by a DRAT proof
     (100 lines, 2.5 MB) accepted by dratify 0.1.10 in 1.25 s'
    """
    megabytes = verdict.proof_bytes / 1e6
    size = f"{verdict.proof_lines:,} lines, " + (
        f"{megabytes:.3g} MB" if megabytes >= 0.01 else f"{verdict.proof_bytes:,} bytes"
    )
    by = f"a DRAT proof ({size}) accepted by {verdict.checker} {verdict.version} in {verdict.check_seconds:.3g} s"
    return f"certified: {_CLAIMS[verdict.question].said(verdict)} refuted by {by}"


# -- the steps ---------------------------------------------------------------------------------------------------


def _claim(folder):
    try:
        claim = json.loads((folder / "claim.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Rejected("claim", f"claim.json is not readable JSON ({exc})") from None

    def need(key, kind, what):
        value = claim.get(key) if isinstance(claim, dict) else None
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Rejected("claim", f"{key} must be {what}, got {value!r}")
        return value

    if need("certificate", str, "a format name") != FORMAT:
        raise Rejected("claim", f"certificate format {claim['certificate']!r}, this checker reads {FORMAT!r}")
    if need("n", int, "an integer") < 1:
        raise Rejected("claim", f"n must be at least 1, got {claim['n']}")
    if need("answer", int, "an integer") < 0:
        raise Rejected("claim", f"the answer must be at least 0, got {claim['answer']}")
    need("files", dict, "a mapping of file names to their SHA-256")
    kinds = " or ".join(_CLAIMS)
    kind = _CLAIMS.get(need("question", str, kinds))
    if kind is None:
        raise Rejected("claim", f"question must be {kinds}, got {claim['question']!r}")
    kind.fields(claim, need)
    return claim


def _count_fields(claim, need):
    if need("rule", str, "a rule's name") not in encode.RULES:
        raise Rejected("claim", f"unknown rule {claim['rule']!r}; allowed: {', '.join(encode.RULES)}")
    encoding = need("encoding", str, "a cardinality encoding's name")
    if encoding not in encode.ENCODINGS:
        raise NQueensError(
            f"this checker writes the formula again in the encodings {', '.join(encode.ENCODINGS)}; a "
            f"certificate in encoding {encoding} is not checked here (its proof can be checked by hand, "
            "see docs/certify.md)"
        )
    claim["instance"] = _instance(claim["n"], claim.get("instance"))


def _optimum_fields(claim, need):
    if need("problem", str, "domination or peaceable") not in ("domination", "peaceable"):
        raise Rejected("claim", f"problem must be domination or peaceable, got {claim['problem']!r}")


def _count_formula(folder, claim):
    """The boards, then the formula with a blocking clause per board."""
    n, boards = claim["n"], _boards(folder, claim)
    cnf, top = encode.queens(n, claim["rule"], claim["instance"], claim["encoding"])
    cnf = cnf + [[-(r * n + c + 1) for r, c in enumerate(q)] for q in boards]
    return boards, "their blocking clauses" if boards else "", cnf, top


def _optimum_formula(folder, claim):
    """The placement checked, then the formula that asks for a better one."""
    bound, cnf, top = _placement(claim)
    return [], bound, cnf, top


def _count_said(verdict):
    if not verdict.boards:
        return "no solution, the formula"
    boards = f"{verdict.boards:,} distinct boards" if verdict.boards > 1 else "the one board"
    return f"{boards} checked, the formula with {verdict.bound}"


def _optimum_said(verdict):
    placed = f"{verdict.answer} queens" + (" of each colour" if "each colour" in verdict.bound else "")
    return f"a placement of {placed} checked, the formula with {verdict.bound}"


def _instance(n, doc):
    """The claim's instance as lists of squares and diagonals, each on the board."""
    if doc is None:
        return None
    if not isinstance(doc, dict):
        raise Rejected("claim", f"instance must be a JSON object, got {doc!r}")

    def squares(key):
        out = doc.get(key, [])
        if not isinstance(out, list) or not all(_square(n, s) for s in out):
            raise Rejected("claim", f"instance {key} must be a list of squares [row, column] on the board")
        return [tuple(s) for s in out]

    def diagonals(key, low, high):
        out = doc.get(key, [])
        if not isinstance(out, list) or not all(isinstance(d, int) and low <= d <= high for d in out):
            raise Rejected("claim", f"instance {key} must be a list of integers {low}..{high}")
        return out

    return {
        "blocked": squares("blocked"),
        "queens": squares("queens"),
        "excluded_sum": diagonals("excluded_sum", 0, 2 * n - 2),
        "excluded_difference": diagonals("excluded_difference", -(n - 1), n - 1),
    }


def _square(n, s):
    return isinstance(s, list) and len(s) == 2 and all(isinstance(v, int) and 0 <= v < n for v in s)


def _files(folder, claim):
    needed = ["formula.cnf", "proof.drat", *_CLAIMS[claim["question"]].files]
    for name in needed:
        if name not in claim["files"]:
            raise Rejected("files", f"the claim lists no digest of {name}")
    for name, digest in claim["files"].items():
        path = folder / name
        if name not in needed or not path.is_file():
            raise Rejected("files", f"{name} is {'missing' if name in needed else 'not part of a certificate'}")
        got = _sha256(path)
        if got != digest:
            raise Rejected("files", f"{name} has SHA-256 {got[:16]}..., the claim says {str(digest)[:16]}...")


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _boards(folder, claim):
    """The boards of boards.txt (the count, then one board a line as 1-based columns), each checked."""
    n, rule, instance = claim["n"], claim["rule"], claim["instance"] or {}
    lines = (folder / "boards.txt").read_text(encoding="ascii", errors="replace").split()
    if not lines or not lines[0].isdigit():
        raise Rejected("boards", "boards.txt must begin with the number of boards")
    said, rows = int(lines[0]), lines[1:]
    if said != len(rows) or said != claim["answer"]:
        raise Rejected(
            "boards", f"the claim says {claim['answer']:,}, boards.txt says {said:,} and holds {len(rows):,} boards"
        )
    seen: dict[tuple, int] = {}
    boards = []
    blocked = set(instance.get("blocked", ()))
    sums, differences = set(instance.get("excluded_sum", ())), set(instance.get("excluded_difference", ()))
    for i, row in enumerate(rows, start=1):
        try:
            q = tuple(int(v) - 1 for v in row.split(","))
        except ValueError:
            raise Rejected("boards", f"board {i} is not a list of columns: {row!r}") from None
        fault = _fault(n, rule, q)
        if fault is None:
            fault = next((f"a queen on blocked square {s}" for s in enumerate(q) if s in blocked), None)
        if fault is None:
            fault = next(
                (
                    f"a queen on an excluded diagonal at {(r, c)}"
                    for r, c in enumerate(q)
                    if r + c in sums or r - c in differences
                ),
                None,
            )
        if fault is None:
            fault = next(
                (f"no queen on pre-placed square {s}" for s in instance.get("queens", ()) if q[s[0]] != s[1]), None
            )
        if fault is not None:
            raise Rejected("boards", f"board {i} ({row}): {fault}")
        if q in seen:
            raise Rejected("boards", f"board {i} ({row}) repeats board {seen[q]}")
        seen[q] = i
        boards.append(q)
    return boards


def _fault(n, rule, q):
    """Why ``q`` is not a solution of ``n`` queens under ``rule``, or ``None``."""
    if len(q) != n or any(not 0 <= c < n for c in q):
        return f"not {n} columns in 1..{n}"
    wrap = rule == "toroidal"
    for a in range(n):
        for b in range(a + 1, n):
            dr, dc = b - a, q[b] - q[a]
            if dc == 0:
                return f"rows {a + 1} and {b + 1} share a column"
            diagonal = (dr - dc) % n == 0 or (dr + dc) % n == 0 if wrap else abs(dr) == abs(dc)
            knight = rule == "superqueen" and (dr, abs(dc)) in ((1, 2), (2, 1))
            if diagonal or knight:
                return f"the queens of rows {a + 1} and {b + 1} attack each other"
    return None


def _placement(claim):
    """The claim's placement checked against its problem; the bound it refutes, the formula and its top."""
    n, k, problem = claim["n"], claim["answer"], claim["problem"]
    placement = claim.get("placement")
    if problem == "domination":
        queens = _squares(n, placement, "placement")
        if len(queens) != k:
            raise Rejected("placement", f"{len(queens)} queens placed, the claim says {k}")
        for r in range(n):
            for c in range(n):
                if not any(a == r or b == c or a - b == r - c or a + b == r + c for a, b in queens):
                    raise Rejected("placement", f"square {(r, c)} is neither occupied nor attacked")
        cnf, top = encode.domination(n, k - 1)
        return f"at most {k - 1} queens", cnf, top
    if not isinstance(placement, dict):
        raise Rejected("placement", 'a peaceable placement is {"white": [...], "black": [...]}')
    white = _squares(n, placement.get("white"), "white")
    black = _squares(n, placement.get("black"), "black")
    if len(white) != k or len(black) != k:
        raise Rejected("placement", f"{len(white)} white and {len(black)} black queens, the claim says {k} of each")
    for w in white:
        for b in black:
            if w[0] == b[0] or w[1] == b[1] or w[0] - w[1] == b[0] - b[1] or w[0] + w[1] == b[0] + b[1]:
                raise Rejected("placement", f"white {w} and black {b} attack each other")
    cnf, top = encode.peaceable(n, k + 1)
    return f"at least {k + 1} queens of each colour", cnf, top


def _squares(n, doc, what):
    if not isinstance(doc, list) or not all(_square(n, s) for s in doc):
        raise Rejected("placement", f"the {what} must be a list of squares [row, column] on the board")
    squares = [tuple(s) for s in doc]
    if len(set(squares)) != len(squares):
        raise Rejected("placement", f"a square of the {what} is given twice")
    return squares


def _formula(folder, cnf, top):
    """formula.cnf must be ``p cnf top m`` and the clause set ``cnf``, no comment lines."""
    text = (folder / "formula.cnf").read_text(encoding="ascii", errors="replace")
    lines = text.splitlines()
    header = lines[0].split() if lines else []
    if len(header) != 4 or header[:2] != ["p", "cnf"] or header[2] != str(top) or header[3] != str(len(lines) - 1):
        raise Rejected(
            "formula",
            f"formula.cnf must begin 'p cnf {top} CLAUSES' with one clause a line after it; it begins {lines[:1]}",
        )
    written = set()
    for number, line in enumerate(lines[1:], start=2):
        parts = line.split()
        if not parts or parts[-1] != "0" or not all(re.fullmatch(r"-?[0-9]+", p) for p in parts):
            raise Rejected("formula", f"line {number} of formula.cnf is not a clause: {line[:80]!r}")
        clause = tuple(sorted(int(p) for p in parts[:-1]))
        if 0 in clause or any(abs(v) > top for v in clause):
            raise Rejected("formula", f"line {number} of formula.cnf names a variable outside 1..{top}")
        written.add(clause)
    expected = {tuple(sorted(c)) for c in cnf}
    extra, missing = written - expected, expected - written
    if extra:
        raise Rejected("formula", f"formula.cnf has the clause {_clause(min(extra))}, which the claim does not make")
    if missing:
        raise Rejected("formula", f"formula.cnf lacks the clause {_clause(min(missing))} of the claim's formula")


def _clause(c):
    return " ".join(map(str, c)) + " 0"


def _dratify(cnf, top, proof, engine):
    """dratify's verdict on ``proof`` against ``cnf``; its version (and engine) when it accepts."""
    try:
        import dratify
    except ImportError:
        raise NQueensError("checking a proof needs dratify: pip install 'nqueens[certify]'") from None
    native = _native()
    if engine == "native" and native is None:
        raise NQueensError("engine=native needs dratify's Rust engine: pip install cdclkit-native")
    formula = dratify.CNF(top)
    for clause in cnf:
        formula.add_dimacs(clause)
    try:
        steps = dratify.parse_proof(proof)
    except ValueError as exc:
        raise Rejected("proof", str(exc)) from None
    use = "python" if native is None else engine
    try:
        result = dratify.check_proof(formula, steps, engine=use)
    except ValueError as exc:
        raise Rejected("proof", str(exc)) from None
    if not result.ok:
        where = f" at proof line {_line_of(proof, result.failed_step)}" if result.failed_step > 0 else ""
        raise Rejected("proof", f"dratify rejects the proof{where}: {result.reason}")
    rust = use != "python"
    return f"{dratify.__version__} ({'Rust engine cdclkit-native ' + native[1] if rust else 'pure Python'})"


def _native():
    """dratify's Rust engine as ``(module, version)``, registered with dratify when it is installed; or None."""
    try:
        import cdclkit_native
        import dratify
    except ImportError:
        return None
    if dratify.native_implementation() is None:
        dratify.register_native(cdclkit_native)
    return cdclkit_native, getattr(cdclkit_native, "__version__", "?")


def _line_of(proof, step):
    """The line of the proof text on which step ``step`` (1-based) ends."""
    done = 0
    for number, line in enumerate(proof.splitlines(), start=1):
        if line.startswith("c"):
            continue
        done += line.split().count("0")
        if done >= step:
            return number
    return number


# An outside checker: how it is run on the folder, and the verdict line that means it accepts.
_OUTSIDE = {
    "drat-trim": (["drat-trim", "{cnf}", "{proof}"], "s VERIFIED"),
    "cake_lpr": (["cake_lpr", "{cnf}", "{lrat}"], "s VERIFIED UNSAT"),
    "veripb": (["veripb", "--drat", "{cnf}", "{proof}"], "s VERIFIED"),
}


def _outside(checker, folder):
    """Run an outside checker; its name and version when its output says it verified the proof."""
    needs = ["drat-trim", checker] if checker == "cake_lpr" else [checker]
    for program in needs:
        if shutil.which(program) is None:
            raise NQueensError(f"--checker {checker} needs {program} on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {"cnf": str(folder / "formula.cnf"), "proof": str(folder / "proof.drat"), "lrat": f"{tmp}/proof.lrat"}
        if checker == "cake_lpr":
            # drat-trim turns the DRAT proof into LRAT, which cake_lpr (verified in CakeML) checks.
            out = _run(["drat-trim", paths["cnf"], paths["proof"], "-L", paths["lrat"]])
            if not _says(out, "s VERIFIED"):
                raise Rejected("proof", f"drat-trim rejects the proof: {_last(out)}")
        command, verdict = _OUTSIDE[checker]
        out = _run([part.format(**paths) for part in command])
    if not _says(out, verdict):
        raise Rejected("proof", f"{checker} rejects the proof: {_last(out)}")
    return "(outside checker on PATH)"


def _run(command):
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", check=False)
    except OSError as exc:
        raise NQueensError(f"{command[0]} could not be run: {exc}") from None
    return done.stdout + done.stderr


def _says(out, verdict):
    """True when a line of ``out`` is the verdict (``s VERIFIED`` is not ``s NOT VERIFIED``)."""
    return any(line.strip() == verdict or line.strip().startswith(verdict + " ") for line in out.splitlines())


def _last(out):
    lines = [line for line in out.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


class _Claim(NamedTuple):
    """What a kind of claim needs: its fields checked, its files beside the formula and the proof, its formula (with
    the boards or the placement it is about), and the words of its verdict."""

    fields: Callable
    files: tuple
    formula: Callable
    said: Callable


# The claims a certificate makes: a count (its boards, and a proof that there are no others) or an optimum (a
# placement, and a proof that none is better).
_CLAIMS = {
    "count": _Claim(_count_fields, ("boards.txt",), _count_formula, _count_said),
    "optimize": _Claim(_optimum_fields, (), _optimum_formula, _optimum_said),
}
