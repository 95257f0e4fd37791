"""``nqueens certify check DIR``: check a certificate written by ``--certify DIR`` (count, compare, optimize).

The checker (:mod:`nqueens.certify.check`) imports neither pysat nor the toolkit's models. A rejected certificate
is one ``error:`` line naming the step that failed, exit status 1.
"""

from nqueens.cli.commands._common import print_json

EPILOG = """examples:

  nqueens count 10 --solver sat --certify cert10      # 724, and the certificate checked
  nqueens certify check cert10                        # again, later, anywhere
  nqueens certify check cert10 --engine python        # dratify without its Rust engine
  nqueens certify check cert10 --checker drat-trim    # an outside checker on PATH
"""


def add_parser(sub):
    parser = sub.add_parser(
        "certify",
        help="check a certificate of a count, a 'no solution' or an optimum",
        description="Check a certificate folder: the claim, the digests of its files, every board against the rule "
        "and the instance, the formula written again from the claim, and the DRAT proof (see docs/certify.md).",
        epilog=EPILOG,
    )
    parser.add_argument("action", choices=("check",), help="check: check the certificate in DIR")
    parser.add_argument("folder", metavar="DIR", help="a folder written by --certify")
    parser.add_argument(
        "--checker",
        choices=("dratify", "drat-trim", "cake_lpr", "veripb"),
        default="dratify",
        help="the proof checker: dratify (default, in this process) or one on PATH, judged by its verdict line",
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "native", "python"),
        default="auto",
        help="dratify's engine: its Rust engine cdclkit-native when installed (auto), or pure Python",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.certify.check import check, summary

    verdict = checked(lambda: check(args.folder, args.checker, engine=args.engine))
    if verdict is None:
        return 1
    if args.json:
        print_json({"question": verdict.question, "answer": verdict.answer, "certificate": verdict.to_dict()})
    else:
        print(summary(verdict))
    return 0


def checked(work, *args):
    """``work(*args)``'s verdict, or ``None`` after one ``error:`` line naming the step of a rejected certificate."""
    import sys

    from nqueens.certify.check import Rejected

    try:
        return work(*args)
    except Rejected as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def certificate_of(said):
    """The ``certificate`` object of a run's JSON (:func:`nqueens.experiments.certificates.certify_runs`'s verdict,
    the checker's refusal, or the reason there is none)."""
    if isinstance(said, str):
        return {"status": said}
    if isinstance(said, Exception):
        return {"status": "rejected", "reason": str(said)}
    return said.to_dict()


def certified_lines(certified):
    """One line per run: where, then :func:`nqueens.certify.check.summary` (or why there is none)."""
    from nqueens.certify.check import summary

    def line(said):
        if isinstance(said, Exception):
            return f"rejected: {said}"
        return said if isinstance(said, str) else summary(said)

    return "".join(
        f"{record.instance or f'n = {record.n}'}, {record.solver}: {line(said)}\n" for record, said in certified
    )


def with_certificates(text, certified):
    """The JSON list of runs ``text`` with each run's ``certificate``."""
    import json

    doc = json.loads(text)
    for run, (_, said) in zip(doc, certified):
        run["certificate"] = certificate_of(said)
    return json.dumps(doc, indent=2) + "\n"


def rejected(certified):
    """True when a certificate was written and rejected."""
    return any(record.certified == "rejected" for record, _ in certified)
