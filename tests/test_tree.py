"""``nqueens tree``: the accounting of one formulation, the comparison of all three, and the exported tree."""

import json
import math
import re

import networkx as nx
import pytest
from helpers import run_cli as run
from known import KNUTH_PROFILE_8, TOTAL


def tree_json(capsys, *argv):
    code, out, _ = run(capsys, "tree", *argv, "--json")
    assert code == 0
    return json.loads(out)


def test_permutation_and_mary_stand_on_the_same_nodes(capsys):
    perm = tree_json(capsys, "8", "--model", "permutation")
    mary = tree_json(capsys, "8", "--model", "mary")
    for doc in (perm, mary):
        assert set(doc) == {"n", "model", "mode", "tree_size", "generated", "feasible", "nodes", "leaves"}
        assert tuple(doc["feasible"]) == KNUTH_PROFILE_8 and doc["nodes"] == 2057
    assert perm["generated"] != mary["generated"] and sum(perm["generated"]) < sum(mary["generated"])
    assert perm["tree_size"] == sum(math.perm(8, k) for k in range(9)) == 109601
    assert mary["tree_size"] == sum(8**k for k in range(9)) == 19173961


def test_generate_and_test_visits_the_whole_permutation_tree(capsys):
    doc = tree_json(capsys, "8", "--model", "permutation", "--mode", "generate-and-test")
    assert doc["generated"] == [math.perm(8, k) for k in range(9)]
    assert sum(doc["generated"]) == doc["tree_size"] and doc["feasible"][-1] == TOTAL[8]
    assert doc["leaves"] == math.factorial(8) and doc["mode"] == "generate-and-test"


def test_graphml_export_loads_back(capsys, tmp_path):
    path = tmp_path / "mary5.graphml"
    doc = tree_json(capsys, "5", "--model", "mary", "--export", str(path))
    g = nx.read_graphml(path)
    assert g.number_of_nodes() == sum(doc["generated"]) and g.number_of_edges() == g.number_of_nodes() - 1
    assert sum(1 for v in g if g.out_degree(v) == 0) == doc["leaves"]
    feasible = [0] * 6
    for _, data in g.nodes(data=True):
        assert set(data) == {"depth", "placement", "pruned", "solution"}
        if not data["pruned"]:
            feasible[data["depth"]] += 1
    assert feasible == doc["feasible"]
    assert sum(1 for _, d in g.nodes(data=True) if d["solution"]) == TOTAL[5]
    assert {k: g.graph[k] for k in ("n", "model", "mode")} == {"n": 5, "model": "mary", "mode": "backtracking"}


def test_dot_export(capsys, tmp_path):
    path = tmp_path / "subset4.dot"
    doc = tree_json(capsys, "4", "--model", "subset", "--export", str(path))
    text = path.read_text()
    assert text.startswith('digraph "subset n=4 backtracking" {') and text.rstrip().endswith("}")
    nodes = re.findall(r"^  (\d+) \[label=", text, re.M)
    edges = re.findall(r"^  (\d+) -> (\d+);$", text, re.M)
    assert len(nodes) == sum(doc["generated"]) and len(edges) == len(nodes) - 1
    solutions = re.findall(r'placement="([^"]*)", pruned=false, solution=true', text)
    assert sorted(solutions) == ["..Q./Q.../...Q/.Q..", ".Q../...Q/Q.../..Q."]


def test_compare_markdown_and_json(capsys):
    code, out, _ = run(capsys, "tree", "7", "--compare")
    assert code == 0
    for name in ("mary", "permutation", "subset"):
        assert re.search(rf"^\| {name} \| [\d,]+ \| [\d,]+ \|", out, re.M)
    docs = tree_json(capsys, "7", "--compare")
    assert [d["model"] for d in docs] == ["mary", "permutation", "subset"]
    assert len({d["feasible"][-1] for d in docs}) == 1 and docs[0]["feasible"][-1] == TOTAL[7]


def test_compare_says_which_model_it_could_not_walk(capsys):
    docs = tree_json(capsys, "6", "--compare", "--mode", "generate-and-test")
    skipped = {d["model"]: d for d in docs if "skipped" in d}
    assert list(skipped) == ["subset"] and skipped["subset"]["tree_size"] == 2**37 - 1
    assert "n <= 5 for subset" in skipped["subset"]["skipped"]
    code, out, _ = run(capsys, "tree", "6", "--compare", "--mode", "generate-and-test")
    assert code == 0 and "subset: not walked: generate-and-test visits the whole subset tree" in out


def test_text_output(capsys):
    code, out, _ = run(capsys, "tree", "6", "--model", "permutation")
    assert code == 0 and "tree size: 1,957" in out and "solutions: 4" in out
    assert re.search(r"\| permutation \|\s+6 \|\s+720 \|", out)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["tree", "9", "--model", "mary", "--export", "t.graphml"], "n <= 8"),
        (["tree", "7", "--model", "mary", "--mode", "generate-and-test", "--export", "t.graphml"], "at most 250,000"),
        (["tree", "5", "--model", "mary", "--export", "t.png"], "ends in .graphml or .dot"),
        (["tree", "5", "--compare", "--export", "t.dot"], "use it with --model"),
        (["tree", "5"], "one of the arguments --model --compare is required"),
        (["tree", "5", "--model", "octree"], "invalid choice"),
        (["tree", "5", "--model", "mary", "--mode", "random"], "invalid choice"),
        (["tree", "12", "--model", "mary", "--mode", "generate-and-test"], "n <= 9 for mary"),
        (["tree", "0", "--model", "mary"], "integer >= 1"),
    ],
)
def test_errors_are_one_line(capsys, tmp_path, monkeypatch, argv, fragment):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and fragment in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
