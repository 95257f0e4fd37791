"""``nqueens certify check DIR``: check a certificate written by ``--certify DIR`` (count, compare, optimize).

The checker (:mod:`nqueens.certify.check`) imports neither pysat nor the toolkit's models. A rejected certificate
is one ``error:`` line naming the step that failed, exit status 1.
"""

import argparse

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
        formatter_class=argparse.RawDescriptionHelpFormatter,
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


def certifiable(columns, question):
    """Refuse ``--certify`` before an experiment whose columns are not all the SAT model (for a count, with the
    counter that enumerates)."""
    from nqueens.core.errors import NQueensError

    if columns is None:
        raise NQueensError("--certify needs --solvers sat (the SAT model writes the proofs)")
    if question not in ("count", "optimize"):
        raise NQueensError(f"--certify certifies a count or an optimum, not the question {question}")
    for column in columns:
        if column.solver != "sat":
            raise NQueensError(f"--certify is for the solver sat (CaDiCaL writes the proof); {column.name} writes none")
        if question != "optimize" and column.full.get("counter", "enumerate") != "enumerate":
            raise NQueensError(f"--certify counts by enumeration with a proof; {column.name} writes none")


def certify_runs(records, folder):
    """Write and check a certificate for each run that answered, in ``folder`` (one run) or a folder of its own
    inside it (``8-sat``, ``block10.param-sat-2``); ``[(record, verdict or the reason there is none)]``."""
    from pathlib import Path

    from nqueens.certify import produce
    from nqueens.certify.check import check
    from nqueens.core.instance_io import read_instance

    out = []
    for record in records:
        where = Path(folder)
        if len(records) > 1:
            name = f"{record.instance or record.n}-{record.solver.replace(':', '_').replace('=', '-')}"
            where = where / (name + (f"-{record.repeat}" if record.repeat > 1 else ""))
        if record.question == "optimize" and record.status == "optimal" and record.solution is not None:
            solution = (
                [tuple(s) for s in record.solution]
                if record.problem == "domination"
                else tuple([tuple(s) for s in army] for army in record.solution)
            )
            produce.optimum(record.problem, record.n, solution, where)
        elif record.question == "count" and record.status == "solved":
            instance = None if record.instance_path is None else read_instance(record.instance_path)
            options = {key: record.options[key] for key in ("encoding", "rule", "satsolver", "counter")}
            produce.forecast_line(record.n, options["rule"], instance)
            produce.count(record.n, where, instance=instance, **options)
        else:
            out.append((record, f"not certified: the run ended {record.status}"))
            continue
        verdict = checked(check, where)
        out.append((record, "rejected" if verdict is None else verdict))
    return out


def certify_experiment(result, folder, *, quiet):
    """The experiment ``result`` with each run's ``certified`` (``accepted``, ``rejected``, or ``None`` for a run
    without an answer to certify), written into its store too; one line per run on stderr unless ``quiet``."""
    import sys
    from dataclasses import replace

    certified = certify_runs(result.records, folder)
    records = [
        replace(
            record, certified=None if isinstance(said, str) and said != "rejected" else certificate_of(said)["status"]
        )
        for record, said in certified
    ]
    if result.store is not None:
        from nqueens.runtime.store import ResultStore

        with ResultStore(result.store) as store:
            for record in records:
                if record.certified is not None:
                    store.amend_experiment_run(record.to_dict(), certified=record.certified)
    if not quiet:
        print(certified_lines(certified), end="", file=sys.stderr)
    return replace(result, records=records)


def certificate_of(said):
    """The ``certificate`` object of a run's JSON (:func:`certify_runs`'s verdict or reason)."""
    if isinstance(said, str):
        return {"status": said}
    return said.to_dict()


def certified_lines(certified):
    """One line per run: where, then :func:`nqueens.certify.check.summary` (or why there is none)."""
    from nqueens.certify.check import summary

    return "".join(
        f"{record.instance or f'n = {record.n}'}, {record.solver}: {said if isinstance(said, str) else summary(said)}\n"
        for record, said in certified
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
    return any(said == "rejected" for _, said in certified)
