"""Write certificates: the SAT model answers, CaDiCaL logs a DRAT proof, and the folder holds what a checker needs.

A certificate folder holds ``claim.json`` (the question, ``n``, rule, instance, answer, encoding, the SHA-256 of
every file, the versions), ``formula.cnf`` (DIMACS without comment lines: drat-trim's ``lrat-check`` refuses
comment lines over 1,024 characters), ``boards.txt`` (a count's boards, in the ``text`` format: the count, then
one board a line as 1-based columns) and ``proof.drat``.

- **a count** (and "no solution", the count 0): the boards found by enumeration with a blocking clause over the
  board's variables after each, and the proof that the formula with every blocking clause has no model;
- **an optimum k**: the placement of size k, in the claim, and the proof that the model with a bound of k - 1
  queens (domination) or k + 1 of each colour (peaceable) has no model. The bound is the checker's own
  totalizer (:func:`nqueens.certify.encode.at_most`, ``at_least``); the rest of the formula is the SAT optimisation
  model's (:func:`nqueens.models.optimize.sat_model`).

The proof's size is forecast before a count of the plain board from its published number of solutions
(:func:`forecast`); past :data:`MAX_PROOF_BYTES` the count is refused in one line.
"""

import hashlib
import json
import platform
import time
from pathlib import Path

from nqueens.certify import encode
from nqueens.certify.check import FORMAT
from nqueens.core.errors import NQueensError
from nqueens.core.record import CountResult
from nqueens.core.version import __version__

__all__ = ["MAX_PROOF_BYTES", "forecast", "count", "optimum"]

# A proof held in memory and written as text: past this a count is refused before it starts.
MAX_PROOF_BYTES = 1_000_000_000

# DRAT bytes per solution of the plain board, as a function of n, and the seconds per byte to write and to check
# (dratify's Rust engine, and pure Python): fitted to n = 10..12 (600 bytes a board at n = 11 and 12; 3.6 s to
# write and 4.1 s to check the 8.5 MB of n = 12 with the Rust engine on the machine of docs/certify.md, pure Python
# 12 times as long as the Rust engine there).
_BYTES_PER_BOARD_PER_N = 55
_WRITE_SECONDS_PER_BYTE = 0.45e-6
_CHECK_SECONDS_PER_BYTE = {"native": 0.5e-6, "python": 6e-6}

_UNCHECKED = (
    f"nqueens certify check writes the formula again in the encodings {', '.join(encode.ENCODINGS)} only; "
    "check this proof by hand (docs/certify.md)"
)
_FILES = ("formula.cnf", "boards.txt", "proof.drat", "claim.json")


def forecast(n, rule="queen", instance=None):
    """``(bytes, boards)`` of a count's proof: the published number of solutions of the plain board times a size
    per board; ``None`` for an instance or an ``n`` past the published values (the count is not known before).

    Examples
    --------
    >>> forecast(12)
    (9372000, 14200)
    >>> forecast(30) is None
    True
    """
    from nqueens.core.published import BY_RULE

    if instance is not None and not instance.is_plain:
        return None
    boards = BY_RULE[rule][0].get(n)
    if boards is None:
        return None
    return boards * _BYTES_PER_BOARD_PER_N * n, boards


def forecast_line(n, rule="queen", instance=None):
    """One sentence for stderr before a count whose certificate takes more than a second, else ``None``; a
    :class:`NQueensError` when its proof is forecast past :data:`MAX_PROOF_BYTES`."""
    said = forecast(n, rule, instance)
    if said is None:
        return None
    size, boards = said
    if size > MAX_PROOF_BYTES:
        raise NQueensError(
            f"--certify: the proof for n = {n} is forecast at about {_size(size)} ({boards:,} boards), past the "
            f"limit of {_size(MAX_PROOF_BYTES)}"
        )
    write = size * _WRITE_SECONDS_PER_BYTE
    check = {engine: size * s for engine, s in _CHECK_SECONDS_PER_BYTE.items()}
    if write + check["native"] < 1:
        return None
    return (
        f"note: the certificate is forecast at about {_size(size)} of DRAT proof, {write:.0f} s to write and "
        f"{check['native']:.0f} s to check with dratify's Rust engine ({check['python']:.0f} s in pure Python)"
    )


def unchecked(encoding):
    """Why ``nqueens certify check`` refuses a count's certificate in ``encoding`` (``None``: it checks it)."""
    return None if encoding in encode.ENCODINGS else _UNCHECKED


def count(n, folder, *, instance=None, encoding="pairwise", rule="queen", satsolver="cadical195", counter="enumerate"):
    """Count the solutions with the SAT model and write the certificate to ``folder``; the :class:`CountResult`.

    Parameters are the ``sat`` solver's options (already checked); the proof is CaDiCaL 1.9.5's, so ``satsolver``
    must be ``cadical195`` and ``counter`` ``enumerate``.
    """
    from nqueens.models import sat

    if counter != "enumerate":
        raise NQueensError(f"--certify counts by enumeration with a proof; counter={counter} writes none")
    if satsolver != sat.PROOF_SOLVER:
        raise NQueensError(
            f"--certify logs the proof with CaDiCaL 1.9.5 (satsolver={sat.PROOF_SOLVER}); satsolver={satsolver} "
            "writes none here"
        )
    folder = _folder(folder)
    start = time.perf_counter()
    cnf, top = sat.clauses(n, encoding=encoding, instance=instance, rule=rule)
    found, blocking, proof, effort = sat.proved_models(cnf, n * n)
    seconds = time.perf_counter() - start
    boards = [[(v - 1) % n for v in sorted(squares)] for squares in found]
    _write(folder / "formula.cnf", _dimacs(cnf + blocking, top))
    _write(
        folder / "boards.txt", "".join([f"{len(boards)}\n"] + [",".join(str(c + 1) for c in q) + "\n" for q in boards])
    )
    _write(folder / "proof.drat", "\n".join(proof) + "\n")
    plain = instance is None or instance.is_plain
    _claim(
        folder,
        question="count",
        n=n,
        rule=rule,
        instance=None if plain else instance.to_dict(),
        encoding=encoding,
        answer=len(boards),
        files=["formula.cnf", "boards.txt", "proof.drat"],
        proof=proof,
        seconds=seconds,
        **({} if encoding in encode.ENCODINGS else {"note": _UNCHECKED}),
    )
    stats = {"encoding": encoding, "variables": top, "clauses": len(cnf), "satsolver": satsolver, **effort}
    return CountResult(n=n, solver="sat", total=len(boards), seconds=seconds, stats=stats)


def optimum(problem, n, solution, folder):
    """The certificate of an optimum: ``solution`` (a verified optimal placement of the SAT model) and the proof
    that none is better, written to ``folder``."""
    from nqueens.models import sat
    from nqueens.models.optimize import sat_model

    folder = _folder(folder)
    start = time.perf_counter()
    built = sat_model(problem, n, False, bounds=False)
    if problem == "domination":
        k = len(solution)
        bound, top = encode.at_most([built["x"][s] for s in sorted(built["x"])], k - 1, built["top"])
        placement: list | dict = [list(s) for s in solution]
    else:
        k = len(solution[0])
        cells = sorted(built["w"])
        white, top = encode.at_least([built["w"][s] for s in cells], k + 1, built["top"])
        black, top = encode.at_least([built["b"][s] for s in cells], k + 1, top)
        bound = white + black
        placement = {"white": [list(s) for s in solution[0]], "black": [list(s) for s in solution[1]]}
    cnf = built["clauses"] + bound
    found, _, proof, _ = sat.proved_models(cnf, 0)
    if found:
        raise NQueensError(f"{problem} n = {n}: a better placement than {k} exists; {k} is not the optimum")
    _write(folder / "formula.cnf", _dimacs(cnf, top))
    _write(folder / "proof.drat", "\n".join(proof) + "\n")
    _claim(
        folder,
        question="optimize",
        problem=problem,
        n=n,
        answer=k,
        placement=placement,
        files=["formula.cnf", "proof.drat"],
        proof=proof,
        seconds=time.perf_counter() - start,
    )
    return folder


def _folder(folder):
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NQueensError(f"--certify {folder}: not a folder")
    if folder.is_dir():
        others = sorted(p.name for p in folder.iterdir() if p.name not in _FILES)
        if others:
            raise NQueensError(f"--certify {folder}: the folder holds other files ({others[0]}, ...): give a new one")
        for name in _FILES:  # an earlier certificate is replaced whole
            (folder / name).unlink(missing_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _dimacs(cnf, top):
    return f"p cnf {top} {len(cnf)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in cnf)


def _write(path, text):
    """Write a whole file or nothing (an interrupted certificate leaves no half-written file, and the claim last)."""
    from nqueens.core.files import replaced

    with replaced(path, encoding="ascii") as handle:
        handle.write(text)


def _claim(folder, *, files, proof, seconds, **claim):
    import pysat

    digests = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in files}
    doc = {
        "certificate": FORMAT,
        **claim,
        "files": digests,
        "proof": {
            "format": "DRAT",
            "lines": len(proof),
            "bytes": (folder / "proof.drat").stat().st_size,
            "solver": "CaDiCaL 1.9.5 (pysat cadical195), variable elimination off",
            "seconds": round(seconds, 3),
        },
        "versions": {"nqueens": __version__, "python-sat": pysat.__version__, "python": platform.python_version()},
    }
    _write(folder / "claim.json", json.dumps(doc, indent=1) + "\n")


def _size(size):
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size} bytes"
