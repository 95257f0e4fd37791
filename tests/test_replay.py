"""Recorded searches (nqueens trace / nqueens replay): the trace file refuses what is not a whole trace of its
version, the recorder refuses what it cannot or may not record, and the replay page, opened from the file system
in headless Chromium and driven there, shows per-depth counts equal to Knuth's profile and to ``nqueens tree``'s
compiled walk, a separate code path from the stepped search the trace records.

Chromium: Debian's ``chromium`` package; without it the browser tests skip and say so. The screenshots land in
``docs/_build/screenshots/``.
"""

import gzip
import json
import re
from pathlib import Path

import pytest
from browser import CHROMIUM, Browser
from helpers import one_error_line, run_cli
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.analysis.tracefile import Trace, loads, read

import nqueens
from nqueens.tracing import record

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "_build" / "screenshots"
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)"
)
PROPAGATIONS = ("none", "forward-checking", "arc-consistency")

# One worker runs these (make test runs the suite on several): one Chromium for the module.
pytestmark = pytest.mark.xdist_group("test_replay")


def tree_json(capsys, n, propagation):
    code, out, _ = run_cli(capsys, "tree", n, "--model", "mary", "--propagation", propagation, "--json")
    assert code == 0
    return json.loads(out)


# ---- the file format --------------------------------------------------------------------------------------


@pytest.mark.parametrize("propagation", PROPAGATIONS)
def test_a_trace_counts_what_the_compiled_walk_counts(propagation, capsys):
    t = record(6, "mary", propagation=propagation)
    want = tree_json(capsys, 6, propagation)
    assert t.profile() == (tuple(want["generated"]), tuple(want["feasible"]))
    assert t.solutions == TOTAL[6] and t.nodes == want["nodes"]


def test_the_plain_tree_is_knuths():
    t = record(8, "backtrack")
    assert t.profile()[1] == KNUTH_PROFILE_8 and t.solutions == TOTAL[8]


@pytest.mark.parametrize("solver", ["permutation:order=first-fail", "dlx"])
def test_other_searches_match_their_own_node_counts(solver, tmp_path, capsys):
    name, _, option = solver.partition(":")
    options = dict([option.split("=")]) if option else {}
    t = record(7, name, **options)
    other = nqueens.count(7, name, nodes=True, **options)
    assert t.profile()[1] == other.profile and t.solutions == TOTAL[7]


def test_a_trace_file_reads_back_whole(tmp_path):
    t = record(5, "mary", propagation="arc-consistency")
    t.write(tmp_path / "ac.trace")
    back = read(tmp_path / "ac.trace")
    assert back.lines == t.lines and back.profile() == t.profile() and back.expected == t.expected


def _doctored(t, header=None, body=None):
    head = {**t.header(), **(header or {})}
    text = json.dumps(head) + "\n" + (t.body if body is None else body)
    return gzip.compress(text.encode())


@pytest.fixture(scope="module")
def small():
    return record(5, "mary")


def test_a_cut_file_is_refused(small):
    data = small.dumps()
    with pytest.raises(nqueens.NQueensError, match="truncated"):
        loads(data[: len(data) // 2])


def test_lines_missing_are_refused(small):
    cut = "\n".join(small.lines[:-5]) + "\n"
    with pytest.raises(nqueens.NQueensError, match="truncated"):
        loads(_doctored(small, body=cut))


def test_another_version_is_refused(small):
    with pytest.raises(nqueens.NQueensError, match="version 2; this toolkit reads version 1"):
        loads(_doctored(small, header={"version": 2}))


def test_a_changed_trace_is_refused(small):
    changed = small.body.replace("P 0 0", "P 0 1", 1)
    with pytest.raises(nqueens.NQueensError, match="sha256"):
        loads(_doctored(small, body=changed))


def test_an_event_against_the_board_is_refused():
    with pytest.raises(nqueens.NQueensError, match="row 0 already holds a queen"):
        Trace.from_events(4, "bad", {}, [("place", 0, 1), ("place", 0, 2)])
    with pytest.raises(nqueens.NQueensError, match="still on the board"):
        Trace.from_events(4, "bad", {}, [("place", 0, 1)])


def test_a_trace_shows_itself_in_a_notebook(small):
    import html

    shown = small._repr_html_()
    assert shown.startswith('<iframe srcdoc="')
    source = html.unescape(shown.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    assert source == small.html() and small.checksum in source


# ---- the command line: one line, exit 2 -----------------------------------------------------------------------


def _one_error_line(code, out, err):
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err


def test_a_solver_without_events_is_refused(capsys, tmp_path):
    result = run_cli(capsys, "trace", 8, "--solver", "bitwise", "--html", tmp_path / "x.html")
    _one_error_line(*result)
    assert "cannot report its search events" in result[2] and not (tmp_path / "x.html").exists()


def test_a_search_above_the_bound_is_refused_before_it_runs(capsys, tmp_path):
    code, out, err = run_cli(capsys, "trace", 12, "--solver", "mary", "--html", tmp_path / "x.html")
    assert code == 2 and out == "" and not (tmp_path / "x.html").exists()
    lines = err.strip().split("\n")
    assert len(lines) == 2 and "at most 250,000" in lines[0]  # the size, stated first
    assert lines[1].startswith("error: ") and "250,000" in lines[1]


@pytest.mark.parametrize(
    "doctor, says",
    [
        (lambda t, data: data[: len(data) // 2], "truncated"),
        (lambda t, data: _doctored(t, header={"version": 2}), "version 2"),
        (lambda t, data: _doctored(t, body=t.body.replace("B\n", "S\n", 1)), "sha256"),
    ],
    ids=["truncated", "version", "tampered"],
)
def test_replay_refuses_what_is_not_a_whole_trace(doctor, says, small, tmp_path, capsys):
    bad = tmp_path / "bad.trace"
    bad.write_bytes(doctor(small, small.dumps()))
    result = run_cli(capsys, "replay", bad, "--html", tmp_path / "x.html")
    _one_error_line(*result)
    assert says in result[2] and not (tmp_path / "x.html").exists()


def test_an_outside_solver_that_emits_events(tmp_path, capsys):
    plugin = tmp_path / "walker.py"
    plugin.write_text(
        "import nqueens\n"
        "def events(n):\n"
        "    q = []\n"
        "    def go(row):\n"
        "        for c in range(n):\n"
        "            if any(c == d or abs(c - d) == row - r for r, d in enumerate(q)):\n"
        "                yield ('prune', row, c)\n"
        "                continue\n"
        "            q.append(c)\n"
        "            yield ('place', row, c)\n"
        "            if row + 1 == n:\n"
        "                yield ('solution',)\n"
        "            else:\n"
        "                yield from go(row + 1)\n"
        "            q.pop()\n"
        "            yield ('backtrack',)\n"
        "    yield from go(0)\n"
        "def solutions(n):\n"
        "    yield from nqueens.solutions(n, 'bitwise')\n"
        "solver = nqueens.Solver(name='walker', solutions=solutions, events=events)\n"
    )
    code, _, err = run_cli(capsys, "trace", 8, "--solver", f"{plugin}:solver", "-o", tmp_path / "w.trace")
    assert code == 0, err
    assert read(tmp_path / "w.trace").profile()[1] == KNUTH_PROFILE_8


# ---- the page in Chromium -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    with Browser(tmp_path_factory.mktemp("chromium"), 1280, 1500) as b:
        yield b


def _open(browser, path):
    browser.open(Path(path).resolve().as_uri(), ready="window.nqueensReplay")
    return browser


def _click(browser, replay, act):
    browser.eval(f'document.querySelector("#replay-{replay} [data-act={act}]").click()')


def _shown_counts(browser, replay):
    """The per-depth table the page shows: (generated, feasible) as ints, read from the DOM."""
    rows = browser.eval(
        f'Array.from(document.querySelectorAll("#replay-{replay} .counts tbody tr"), '
        'tr => [tr.querySelector(".g").textContent, tr.querySelector(".f").textContent])'
    )
    numbers = [[int(x.replace(",", "")) for x in row] for row in rows]
    return [g for g, _ in numbers], [f for _, f in numbers]


def _screenshot(browser, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.screenshot(SHOTS / name)


@pytest.mark.slow
@needs_chromium
def test_the_forward_checking_page_plays_and_agrees_with_the_tree(browser, tmp_path, capsys):
    page = tmp_path / "fc.html"
    code, _, err = run_cli(capsys, "trace", 8, "--solver", "mary:propagation=forward-checking", "--html", page)
    assert code == 0, err
    _open(browser, page)
    assert browser.eval("window.nqueensReplay.problems.length") == 0
    for _ in range(3):
        _click(browser, 0, "step")
    state = browser.eval("window.nqueensReplay.replays[0].state()")
    assert state["pos"] == 2 and state["kind"] == "place" and state["generated"][:4] == [1, 1, 1, 1]
    _click(browser, 0, "back")
    assert browser.eval("window.nqueensReplay.replays[0].state()")["generated"][:4] == [1, 1, 1, 0]
    _click(browser, 0, "solution")
    state = browser.eval("window.nqueensReplay.replays[0].state()")
    assert state["kind"] == "solution" and state["solutions"] == 1
    # the first solution in lexicographic order (the static order tries columns in increasing order)
    first = next(nqueens.solutions(8, "bitmask-recursive"))
    assert browser.eval('document.querySelector("#replay-0 .event").textContent') == (
        f"Solution 1: {' '.join(map(str, first))}."
    )
    _click(browser, 0, "conflict")
    said = browser.eval('document.querySelector("#replay-0 .event").textContent')
    assert said.startswith("Fail (row ") and "leaves row " in said
    assert "removed" in browser.eval('document.querySelector("#replay-0 .state").textContent')
    _screenshot(browser, "replay-fc.png")
    assert browser.eval('document.querySelector("#replay-0 .verdict").dataset.verdict') == "pending"
    _click(browser, 0, "end")
    want = tree_json(capsys, 8, "forward-checking")
    generated, feasible = _shown_counts(browser, 0)
    assert generated == want["generated"] and feasible == want["feasible"] and sum(feasible) == 1165
    assert browser.eval('document.querySelector("#replay-0 .verdict").dataset.verdict') == "agree"


@pytest.mark.slow
@needs_chromium
def test_breakpoints_stop_the_play(browser, tmp_path, capsys):
    page = tmp_path / "n6.html"
    assert run_cli(capsys, "trace", 6, "--solver", "mary", "--html", page)[0] == 0
    _open(browser, page)
    browser.eval('document.querySelector("#replay-0 [data-break=solution]").click()')
    browser.eval('document.querySelector("#replay-0 [data-act=speed]").value = "4096"')
    _click(browser, 0, "play")
    browser.eval("new Promise(done => setTimeout(done, 1500))")
    state = browser.eval("window.nqueensReplay.replays[0].state()")
    assert state["kind"] == "solution" and state["solutions"] == 1
    assert browser.eval('document.querySelector("#replay-0 [data-act=play]").textContent') == "play"


@pytest.mark.slow
@needs_chromium
def test_three_propagations_compared(browser, tmp_path, capsys):
    page = tmp_path / "compare.html"
    code, _, err = run_cli(
        capsys,
        "trace",
        8,
        "--solver",
        "mary",
        "--compare",
        "mary:propagation=forward-checking",
        "mary:propagation=arc-consistency",
        "--html",
        page,
    )
    assert code == 0, err
    _open(browser, page)
    assert browser.eval("window.nqueensReplay.replays.length") == 3
    wants = [tree_json(capsys, 8, p) for p in PROPAGATIONS]
    assert [w["nodes"] for w in wants] == [sum(KNUTH_PROFILE_8), 1165, 583]
    assert wants[0]["feasible"] == list(KNUTH_PROFILE_8)
    table = browser.eval(
        'Array.from(document.querySelectorAll(".comparison .sizes tbody tr"), '
        'tr => Array.from(tr.querySelectorAll("td"), td => Number(td.textContent.replace(/,/g, ""))))'
    )
    for t, want in enumerate(wants):
        assert [row[1 + 2 * t] for row in table] == want["generated"]
        assert [row[2 + 2 * t] for row in table] == want["feasible"]
    # Propagation only removes nodes from the plain tree: what the plain search stands on and forward checking
    # does not is the difference of their node counts, and so on down.
    only = browser.eval(
        'Object.fromEntries(Array.from(document.querySelectorAll(".comparison .pairs li"), '
        'li => [li.dataset.pair, Number(li.querySelector(".only").textContent.replace(/,/g, ""))]))'
    )
    nodes = [w["nodes"] for w in wants]
    assert only["0-1"] == nodes[0] - nodes[1] and only["0-2"] == nodes[0] - nodes[2]
    assert only["1-2"] == nodes[1] - nodes[2] and only["1-0"] == only["2-0"] == only["2-1"] == 0
    for i in range(3):
        _click(browser, i, "solution")
    browser.eval('document.querySelector(".comparison").scrollIntoView()')
    _screenshot(browser, "replay-compare.png")
    for i, want in enumerate(wants):
        _click(browser, i, "end")
        assert _shown_counts(browser, i) == (want["generated"], want["feasible"])
        assert browser.eval(f'document.querySelector("#replay-{i} .verdict").dataset.verdict') == "agree"


@needs_chromium
@pytest.mark.parametrize("damage", ["cut", pytest.param("changed", marks=pytest.mark.slow)])
def test_a_damaged_page_shows_no_trace(damage, browser, tmp_path, small):
    from nqueens.analysis.replay import page

    text = page((small,))
    if damage == "cut":
        head, _, tail = text.partition("\nE\n</script>")
        text = head[: len(head) * 3 // 4] + "\nE\n</script>" + tail
    else:
        text = text.replace("\nP 0 0\n", "\nP 0 1\n", 1)
    bad = tmp_path / f"{damage}.html"
    bad.write_text(text)
    _open(browser, bad)
    assert browser.eval("window.nqueensReplay.replays.length") == 0
    said = browser.eval('document.getElementById("status").textContent')
    assert ("incomplete" if damage == "cut" else "sha256") in said
    assert browser.eval('document.querySelectorAll("section.replay").length') == 0


SITE = ROOT / "docs" / "_build" / "html"


@pytest.mark.slow
@needs_chromium
@pytest.mark.skipif(not (SITE / "gallery.html").is_file(), reason="the documentation site is not built: run make docs")
def test_the_gallery_plays_a_trace_and_a_comparison(browser):
    browser.open((SITE / "gallery.html").as_uri(), ready="document.querySelectorAll('iframe').length")
    frames = "Array.from(document.querySelectorAll('iframe'))"
    browser.eval(f"{frames}.forEach(f => f.scrollIntoView())")  # lazy frames load once on screen
    browser.eval("new Promise(done => setTimeout(done, 3000))")
    shown = browser.eval(
        f"{frames}.map(f => f.contentWindow.nqueensReplay ? f.contentWindow.nqueensReplay.replays.length : -1)"
    )
    assert shown == [1, 1, 2], shown
    ends = browser.eval(
        f"{frames}.map(f => {{ const r = f.contentWindow.nqueensReplay.replays;"
        " r.forEach(x => x.seek(x.s.steps - 1)); return r.map(x => x.state().verdict); })"
    )
    assert ends == [["agree"], ["agree"], ["agree", "agree"]]
    assert browser.eval(f"!!{frames}[2].contentWindow.nqueensReplay.comparison")


def test_replay_refuses_to_write_its_page_over_the_trace_it_reads(capsys, tmp_path):
    trace = tmp_path / "keep.trace"
    assert run_cli(capsys, "trace", "5", "--solver", "mary", "-o", str(trace), "--quiet")[0] == 0
    before = trace.read_bytes()
    code, out, err = run_cli(capsys, "replay", str(trace), "--html", str(tmp_path / "." / "keep.trace"))
    assert code == 2 and "would be overwritten" in one_error_line(err)
    assert trace.read_bytes() == before


@pytest.mark.slow
def test_replay_refuses_a_gzip_bomb_at_its_bound(capsys, tmp_path):
    from nqueens.analysis.tracefile import MAX_BYTES

    bomb = tmp_path / "bomb.trace"
    with gzip.open(bomb, "wb", compresslevel=9) as f:
        block = b"\0" * (1 << 20)
        for _ in range((MAX_BYTES >> 20) + 8):
            f.write(block)
    assert bomb.stat().st_size < MAX_BYTES // 100
    code, out, err = run_cli(capsys, "replay", str(bomb), "--html", str(tmp_path / "b.html"))
    assert code == 2 and "more than a trace holds" in one_error_line(err)


def test_replay_refuses_a_device_before_reading_it(capsys, tmp_path):
    code, out, err = run_cli(capsys, "replay", "/dev/zero", "--html", str(tmp_path / "z.html"))
    assert code == 2 and "a character device" in one_error_line(err)


def _forged(n, lines):
    import hashlib

    body = "\n".join(lines) + "\n"
    header = {
        "format": "nqueens-trace",
        "version": 1,
        "n": n,
        "solver": "forged",
        "options": {},
        "events": len(lines),
        "nodes": 1,
        "solutions": 0,
        "sha256": hashlib.sha256(body.encode()).hexdigest(),
        "expected": None,
    }
    return gzip.compress((json.dumps(header) + "\n" + body).encode())


def test_a_header_with_an_enormous_n_is_one_line_not_an_overflow(capsys, tmp_path):
    path = tmp_path / "huge.trace"
    path.write_bytes(_forged(10**30, ["E"]))
    code, out, err = run_cli(capsys, "replay", str(path), "--html", str(tmp_path / "h.html"))
    assert code == 2 and "not a board size" in one_error_line(err)


@pytest.mark.slow
def test_a_trace_above_the_node_bound_is_refused(capsys, tmp_path):
    from nqueens.analysis.tracefile import MAX_NODES

    # a single row of n squares each tried and refused, repeated: every X line is one generated node
    n = 4
    lines = [*("X 0 0 -1" for _ in range(MAX_NODES + 1)), "E"]
    path = tmp_path / "big.trace"
    path.write_bytes(_forged(n, lines))
    code, out, err = run_cli(capsys, "replay", str(path), "--html", str(tmp_path / "big.html"))
    assert code == 2 and f"more than {MAX_NODES:,} nodes" in one_error_line(err)
    assert not (tmp_path / "big.html").exists()


@pytest.mark.slow
def test_a_trace_made_through_the_api_above_the_bound_gets_no_page():
    from nqueens.analysis.replay import page
    from nqueens.analysis.tracefile import MAX_NODES, Trace

    from nqueens.core.errors import NQueensError

    # every square of the first row tried and refused, over and over: one generated node an event
    events = [("prune", 0, 0, -1)] * (MAX_NODES + 1)
    big = Trace.from_events(4, "api", {}, events)
    with pytest.raises(NQueensError, match=f"at most {MAX_NODES:,}"):
        page([big])


def test_events_are_the_same_number_on_the_command_line_and_in_the_page(capsys, tmp_path):
    import gzip

    trace = tmp_path / "fc.trace"
    code, out, err = run_cli(capsys, "trace", "6", "--solver", "mary:propagation=forward-checking", "-o", str(trace))
    assert code == 0
    said = int(re.search(r"([\d,]+) events", err).group(1).replace(",", ""))
    # the page steps through every line but the domains lines ("M ...": what a node's rows still hold)
    lines = gzip.decompress(trace.read_bytes()).decode().splitlines()[1:]
    assert any(line.startswith("M ") for line in lines)
    assert said == sum(1 for line in lines if not line.startswith("M "))
    page = (ROOT / "analysis" / "replay_assets" / "replay.js").read_text()
    assert 'if (letter === "M") {' in page and "steps: kinds.length" in page
