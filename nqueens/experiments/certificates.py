"""Certificates of an experiment's runs: ``run(..., certify=DIR)`` (``compare --certify DIR``, ``optimize --certify
DIR``) writes each answered run of the SAT model with CaDiCaL's DRAT proof into a folder of ``DIR`` and checks it
(:mod:`nqueens.certify`), as the run's question writes it (:attr:`~nqueens.experiments.question.Question.certify`);
the run's ``certified`` says ``accepted`` or ``rejected``."""

from nqueens.experiments.questions import QUESTIONS, get_question

__all__ = ["why_not", "certify_runs"]


def why_not(question, columns):
    """Why an experiment asking ``question`` (a :class:`~nqueens.experiments.question.Question`) of ``columns``
    cannot be certified, or ``None``: only the SAT model writes proofs, of the questions that declare a
    certificate, with the options they need."""
    if columns is None:
        return "--certify needs --solvers sat (the SAT model writes the proofs)"
    if question.certify is None:
        able = " and ".join(name for name, asked in QUESTIONS.items() if asked.certify is not None)
        return f"--certify certifies the runs of {able}, not the question {question.name}"
    for column in columns:
        if column.solver != "sat":
            return f"--certify is for the solver sat (CaDiCaL writes the proof); {column.name} writes none"
        why = question.certify_column(column)
        if why is not None:
            return why
    return None


def certify_runs(records, folder):
    """Write and check a certificate for each run that answered, in ``folder`` (one run) or a folder of its own
    inside it (``8-sat``, ``block10.param-sat-2``), and set its ``certified``; ``[(record, said)]``, ``said`` the
    checker's :class:`~nqueens.certify.check.Verdict`, the :class:`~nqueens.certify.check.Rejected` of a
    certificate it refused, or why there is none."""
    from pathlib import Path

    from nqueens.certify.check import Rejected, check

    out = []
    for record in records:
        where = Path(folder)
        if len(records) > 1:
            name = f"{record.instance or record.n}-{record.solver.replace(':', '_').replace('=', '-')}"
            where = where / (name + (f"-{record.repeat}" if record.repeat > 1 else ""))
        why = get_question(record.question).certify(record, where)
        if why is not None:
            out.append((record, why))
            continue
        try:
            said = check(where)
        except Rejected as exc:
            said = exc
        record.certified = "rejected" if isinstance(said, Rejected) else "accepted"
        out.append((record, said))
    return out
