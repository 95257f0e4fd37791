"""The parameter rules of an experiment, checked at the library's entry: every combination ``nqueens compare``
refuses, :func:`nqueens.experiments.run` refuses too, with the same one-line message, before any run is made; and
every rule declared (:data:`nqueens.experiments.parameters.REFUSALS` and each question's ``refuse``) is one of the
cases listed here, so that a rule added without its case fails."""

import pytest
from helpers import run_cli

from nqueens.core.errors import NQueensError
from nqueens.experiments import parameters, runner
from nqueens.experiments.columns import parse_solvers
from nqueens.experiments.parameters import Parameters
from nqueens.experiments.questions import QUESTIONS, get_question

PLOT = "figure.png"

# (the command line after `nqueens compare 4..5`, the same as keywords of experiments.run)
CASES = {
    "a figure's kind without the figure": (["--plot-kind", "cactus"], {"plot_kind": "cactus"}),
    "optimize without a problem": (["--question", "optimize"], {"question": "optimize"}),
    "an optimisation problem asked as a count": (
        ["--problem", "domination", "--question", "count"],
        {"problem": "domination", "question": "count"},
    ),
    "an optimisation figure of a count": (
        ["--plot", PLOT, "--plot-kind", "anytime"],
        {"plot": PLOT, "plot_kind": "anytime"},
    ),
    "a count's figure of an optimisation": (
        ["--problem", "peaceable", "--plot", PLOT, "--plot-kind", "cactus"],
        {"problem": "peaceable", "plot": PLOT, "plot_kind": "cactus"},
    ),
    "a scatter of one column": (
        ["--solvers", "bitwise", "--plot", PLOT, "--plot-kind", "scatter"],
        {"columns": ["bitwise"], "plot": PLOT, "plot_kind": "scatter"},
    ),
    "workers beside a cluster": (
        ["--scheduler", "tcp://127.0.0.1:1", "--workers", "2"],
        {"scheduler": "tcp://127.0.0.1:1", "workers": 2},
    ),
    "another rule for optimize": (
        ["--problem", "domination", "--rules", "superqueen"],
        {"problem": "domination", "rule": "superqueen"},
    ),
    "nodes for optimize": (["--problem", "domination", "--nodes"], {"problem": "domination", "nodes": True}),
    "unique on the torus": (
        ["--question", "unique", "--rules", "toroidal"],
        {"question": "unique", "rule": "toroidal"},
    ),
    "a certificate from another solver than sat": (
        ["--solvers", "sat,dlx", "--certify", "certificates"],
        {"columns": ["sat", "dlx"], "certify": "certificates"},
    ),
    # without BenchExec's runexec installed, both refuse the harness itself, alike
    "runexec beside workers": (["--harness", "runexec", "--workers", "2"], {"harness": "runexec", "workers": 2}),
}

# What the command line refuses while parsing (a blank value), so that only the library meets the rule.
LIBRARY_ONLY = {"an empty figure path": {"plot": " "}}


def _refused(**keywords):
    with pytest.raises(NQueensError) as refused:
        runner.run([4, 5], store="none", **keywords)
    return str(refused.value)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_library_refuses_what_compare_refuses_in_its_words(capsys, monkeypatch, tmp_path, case):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(runner, "_execute", lambda *a, **k: pytest.fail("a run was made before the refusal"))
    argv, keywords = CASES[case]
    code, out, err = run_cli(capsys, "compare", "4..5", *argv)
    message = _refused(**keywords)
    assert (code, out, err) == (2, "", f"error: {message}\n")


def test_every_declared_rule_has_its_case():
    """The first rule each case breaks, over every case: every rule of REFUSALS and of every question's own."""
    broken = set()
    for _, keywords in [*CASES.values(), *((None, k) for k in LIBRARY_ONLY.values())]:
        keywords = dict(keywords)
        asked = get_question(keywords.pop("question", None) or ("optimize" if "problem" in keywords else "count"))
        if "columns" in keywords:
            keywords["columns"] = parse_solvers(",".join(keywords["columns"]))
        given = Parameters(asked, **keywords)
        first = next(rule for rule in parameters.refusals(asked) if rule.when(given))
        broken.add(id(first))
    declared = {id(rule) for rule in parameters.REFUSALS} | {id(r) for q in QUESTIONS.values() for r in q.refuse}
    assert broken == declared


def test_a_blank_figure_path_is_refused_by_the_library_and_by_the_parser(capsys):
    assert _refused(**LIBRARY_ONLY["an empty figure path"]) == "--plot is empty: give a .png or .svg file to draw to"
    code, _, err = run_cli(capsys, "compare", "4..5", "--plot", " ")
    assert code == 2 and err.startswith("error: --plot needs a value")


def test_optimize_refuses_nodes_rather_than_dropping_them():
    assert _refused(question="optimize", problem="domination", nodes=True).startswith("--nodes fills the node columns")


def test_a_range_and_instance_files_are_one_or_the_other(capsys, tmp_path):
    for argv in ([], ["4..5", "--instances", str(tmp_path)]):
        code, out, err = run_cli(capsys, "compare", *argv)
        assert (
            code == 2
            and out == ""
            and err.startswith("error: ")
            and "--instances" in err
            and len(err.splitlines()) == 1
        )
