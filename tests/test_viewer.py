"""The viewer: its stepping logic without a window, then the real tkinter window under a virtual X display.

The window tests start their own Xvfb (on a display number Xvfb picks itself, so parallel runs do not collide),
read what is drawn on the canvas (items found by tag, positions from their coordinates) and compare it with
solutions that come from outside the viewer: seed 004's table for n = 6, the enumerators, OEIS.
"""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import destroy_tk, in_turn, representatives
from known import SEED_004_6, TOTAL, UNIQUE
from nqueens.analysis.symmetry import canonical

import nqueens
from nqueens.cli import main
from nqueens.core import board
from nqueens.viewer import browse
from nqueens.viewer.browse import SCAN_LIMIT, TRACE_LIMIT, SolutionBrowser, TracePlayer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
NQUEENS = [sys.executable, "-m", "nqueens"]

SEED_6 = board.parse_text(SEED_004_6)[1]  # the four 6-queens solutions, in order, from seed 004's file


def mirror(q):
    return tuple(len(q) - 1 - c for c in q)


# -- stepping, no window -------------------------------------------------------------------------------------


def test_browser_walks_seed_004s_six_queens_both_ways():
    b = SolutionBrowser(6)
    seen = []
    while b.next():
        seen.append(b.solution)
    assert seen == SEED_6 and b.label() == "4 of 4" and b.total == TOTAL[6]
    back = [b.solution]
    while b.previous():
        back.append(b.solution)
    assert back == SEED_6[::-1] and b.index == 0


# One enumerator of each family in the fast tier, every one in make test.
@pytest.mark.parametrize(
    ("solver", "family"),
    representatives(
        [(s.name, s.family) for s in nqueens.solvers() if "enumerate" in s.can], [lambda c: c[1]], ids=lambda c: c[0]
    ),
)
def test_browser_follows_every_enumerator(solver, family):
    """Forward, backward and last give the solver's own order, whether "last" reflects or scans."""
    want = list(nqueens.solutions(7, solver))
    b = SolutionBrowser(7, solver, counts=(TOTAL[7], UNIQUE[7]))
    assert b.last() and b.solution == want[-1] and b.label() == "40 of 40"
    assert b.previous() and b.solution == want[-2]
    assert b.first() and b.solution == want[0]
    got = [b.solution]
    while b.next():
        got.append(b.solution)
    assert got == want


def test_browser_many_chunks_with_the_mirror_rule():
    """n = 13: 73,712 solutions in several chunks; any index, far jumps both ways, equal to the enumeration."""
    want = list(nqueens.solutions(13))
    b = SolutionBrowser(13, counts=(TOTAL[13], None))
    for k in (0, 1, 73_711, 73_710, 36_855, 36_856, 16_383, 16_384, 5, 70_000, 20_000, 19_999, 40_000, 0):
        assert b.goto(k) and b.solution == want[k] and b.index == k
    assert b.goto(16_386)
    for k in range(16_385, 16_370, -1):
        assert b.previous() and b.solution == want[k]
    assert not b.goto(73_712) and not b.goto(-1) and b.index == 16_371


def test_browser_last_on_sixteen_queens_takes_no_full_pass():
    b = SolutionBrowser(16, counts=(TOTAL[16], None))
    assert b.last() and b.label() == "14,772,512 of 14,772,512"
    last = b.solution
    assert board.is_solution(last) and last[0] == 15
    assert b.previous() and b.solution < last and board.is_solution(b.solution)
    assert b.first() and b.solution == mirror(last)


def test_browser_learns_the_total_at_the_end_of_the_stream():
    b = SolutionBrowser(8)
    assert b.label() == "0 of ..." and b.total is None
    assert b.last_unavailable() == "last: waiting for the number of solutions"
    while b.next():
        pass
    assert b.total == TOTAL[8] and b.label() == "92 of 92"


def test_browser_fundamental_solutions_and_orbits():
    b = SolutionBrowser(8, fundamental=True, counts=(TOTAL[8], None))
    found = []
    while b.next():
        assert b.solution == canonical(b.solution)
        found.append((b.solution, b.orbit))
    assert len(found) == UNIQUE[8] and sum(size for _, size in found) == TOTAL[8]
    assert b.total == UNIQUE[8] and b.label() == "12 of 12"
    assert b.last() and b.solution == found[-1][0]


def test_browser_six_queens_fundamental_is_one_orbit_of_four():
    b = SolutionBrowser(6, fundamental=True, counts=(TOTAL[6], UNIQUE[6]))
    assert b.next() and b.solution == SEED_6[0] and b.orbit == 4 and b.label() == "1 of 1"
    assert not b.next()


def test_browser_last_needs_a_lexicographic_solver_on_large_boards(monkeypatch):
    monkeypatch.setattr(browse, "_lexicographic", lambda solver: False)
    b = SolutionBrowser(16, counts=(TOTAL[16], None))
    reason = b.last_unavailable()
    assert "unavailable for n = 16" in reason and "lexicographic" in reason and "14,772,512" in reason
    with pytest.raises(nqueens.NQueensError, match="unavailable"):
        b.last()
    assert TOTAL[14] <= SCAN_LIMIT < TOTAL[15]
    small = SolutionBrowser(9, counts=(TOTAL[9], None))
    assert small.last_unavailable() == "" and small.last() and small.solution == list(nqueens.solutions(9))[-1]


def test_browser_fundamental_last_on_large_boards_is_refused():
    b = SolutionBrowser(16, fundamental=True, counts=(TOTAL[16], UNIQUE[16]))
    assert "fundamental" in b.last_unavailable() and b.label() == "0 of 1,846,955"
    assert b.next() and b.solution == canonical(b.solution)


def test_browser_stops_reflecting_when_the_order_is_not_lexicographic(monkeypatch):
    """If a chunk comes out of order, the mirror rule is dropped rather than trusted."""
    b = SolutionBrowser(6, counts=(4, 1))
    b._watch_order(board.to_array([SEED_6[1], SEED_6[0]], 6))
    assert not b._mirror
    assert browse._increasing(board.to_array(SEED_6, 6))


def test_browser_refuses_a_counter_only_solver(monkeypatch):
    only = [s.name for s in nqueens.solvers() if "enumerate" not in s.can]
    assert only, "the fast counter only counts"
    with pytest.raises(nqueens.NQueensError, match="does not enumerate"):
        SolutionBrowser(6, only[0])


def test_trace_player_steps_back_and_forth():
    p = TracePlayer(6, history=50)
    seen = []
    for _ in range(200):
        assert p.next()
        seen.append(p.event)
    for k in range(198, 100, -1):  # past the history of 50: replays from the start
        assert p.previous() and p.event == seen[k] and p.index == k
    assert p.next() and p.event == seen[102]
    assert p.next_solution() and p.event.queens == SEED_6[0] and p.event.kind == "solution"
    assert p.last() and p.event.kind == "done" and p.event.solutions == TOTAL[6]
    assert not p.next()
    p.first()
    assert p.event is None and p.index == -1 and not p.previous()


def test_trace_player_last_only_for_small_boards():
    assert TracePlayer(TRACE_LIMIT).last_unavailable() == ""
    big = TracePlayer(TRACE_LIMIT + 1)
    assert f"n <= {TRACE_LIMIT}" in big.last_unavailable()
    with pytest.raises(nqueens.NQueensError):
        big.last()


# -- the command line, no window -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["view", "33"], "the viewer shows n = 4 .. 32, got 33"),
        (["view", "3"], "the viewer shows n = 4 .. 32, got 3"),
        (["view", "--instance", "/nonexistent/blocked.json"], "/nonexistent/blocked.json"),
        (["view", "8", "--search", "magic"], "invalid choice"),
        (["view", "0"], "integer >= 1"),
        (["view", "8", "--solver", "nope"], "unknown solver 'nope'"),
        (["view", "8", "--mode", "film"], "invalid choice"),
    ],
)
def test_view_bad_input_is_one_error_line(capsys, argv, fragment):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and fragment in lines[0], err


def test_view_without_a_display_says_so():
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    run = subprocess.run(
        [sys.executable, "-m", "nqueens", "view", "6"], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("error: cannot open a window") and "Traceback" not in run.stderr


# -- the real window under Xvfb ------------------------------------------------------------------------------


@pytest.fixture
def window(xvfb, monkeypatch):
    """Open viewers in a fresh Tk root on the Xvfb display; everything is destroyed afterwards."""
    import tkinter as tk

    from nqueens.viewer.window import Viewer

    monkeypatch.setenv("DISPLAY", xvfb)
    root = tk.Tk()
    opened = []

    def open_viewer(*args, **kwargs):
        viewer = Viewer(root, *args, **kwargs)
        opened.append(viewer)
        settle(viewer)
        return viewer

    try:
        yield open_viewer
    finally:
        for viewer in opened:
            viewer.shutdown()
        opened.clear()
        destroy_tk(root)


def settle(viewer, counted=False, timeout=60):
    """Let Tk process what is pending (and, if asked, wait for the background count)."""
    deadline = time.monotonic() + timeout
    viewer.master.update()
    while counted and not viewer.counts_ready:
        assert time.monotonic() < deadline, "the background count did not finish"
        time.sleep(0.02)
        viewer.master.update()
    viewer.master.update()


def press(viewer, name, times=1, timeout=120):
    """Press a button, and wait while the search it started runs forward (it runs in slices, between events)."""
    for _ in range(times):
        viewer.buttons[name].invoke()
        viewer.master.update()
        deadline = time.monotonic() + timeout
        while viewer.seeking:
            assert time.monotonic() < deadline, "the search did not get there"
            time.sleep(0.001)
            viewer.master.update()


def drawn(viewer, tag):
    """The squares (row, col) of the canvas items with ``tag``, from their coordinates."""
    canvas = viewer.canvas
    squares = canvas.find_withtag("square")
    x0, y0, x1, y1 = canvas.coords(squares[0])  # row 0, column 0: the board's corner after the labels
    cell = x1 - x0
    found = []
    for item in canvas.find_withtag(tag):
        a, b, c, d = canvas.bbox(item)
        found.append((int(((b + d) / 2 - y0) // cell), int(((a + c) / 2 - x0) // cell)))
    return sorted(found), len(squares)


def queens_drawn(viewer):
    squares, count = drawn(viewer, "queen")
    n = int(round(count**0.5))
    assert count == n * n and [r for r, _ in squares] == list(range(len(squares))), squares
    return tuple(c for _, c in squares)


def test_window_steps_through_the_six_queens(window):
    v = window(6)
    settle(v, counted=True)
    assert v.master.title() == "nqueens view - n = 6" and v.status.get() == "0 of 4"
    for k, solution in enumerate(SEED_6, start=1):
        press(v, "next")
        assert queens_drawn(v) == solution and v.status.get() == f"{k} of 4"
        assert "orbit of 4" in v.detail.get()
    press(v, "next")
    assert queens_drawn(v) == SEED_6[-1], "next at the end stays on the last"
    press(v, "first")
    assert queens_drawn(v) == SEED_6[0] and v.status.get() == "1 of 4"
    press(v, "last")
    assert queens_drawn(v) == SEED_6[3] and v.status.get() == "4 of 4"
    press(v, "previous")
    assert queens_drawn(v) == SEED_6[2] and v.status.get() == "3 of 4"


def test_window_fundamental_only(window):
    v = window(6)
    v.fundamental_check.invoke()
    settle(v, counted=True)
    press(v, "next")
    assert queens_drawn(v) == SEED_6[0] and v.status.get() == "1 of 1"
    assert "fundamental solution, orbit of 4" in v.detail.get()


@pytest.mark.slow
def test_window_spin_box_and_solver_box(window):
    v = window(6)
    v.n_spin.event_generate("<<Increment>>")
    settle(v, counted=True)
    assert v.n == 7 and drawn(v, "queen")[1] == 49
    press(v, "next", 2)
    assert queens_drawn(v) == list(nqueens.solutions(7))[1] and v.status.get() == "2 of 40"
    other = next(name for name in v.solver_box["values"] if name != v.solver)
    v.solver_box.set(other)
    v.solver_box.event_generate("<<ComboboxSelected>>")
    settle(v, counted=True)
    press(v, "next")
    assert v.solver == other and queens_drawn(v) == next(nqueens.solutions(7, other))


def test_window_animates_the_search(window):
    v = window(6, mode="search")
    assert v.status.get() == "search (backtracking): not started" and drawn(v, "queen")[0] == []
    press(v, "next")
    assert queens_drawn(v) == (0,) and "queen placed on row 0, column 0" in v.status.get()
    shaded, _ = drawn(v, "attacked")
    assert shaded == sorted({(r, c) for r in range(1, 6) for c in range(6) if c in (0, r)})
    press(v, "next")  # row 1, column 0: same column as the queen of row 0
    assert drawn(v, "pruned")[0] == [(1, 0), (1, 0)] and len(v.canvas.find_withtag("attack-line")) == 1
    assert "nodes 2" in v.detail.get() and "tried 2" in v.detail.get() and "pruned 1" in v.detail.get()
    for solution in SEED_6:
        press(v, "next_solution")
        assert queens_drawn(v) == solution and "solution" in v.status.get()
        assert drawn(v, "attacked")[0] == []
    press(v, "next")
    assert "backtrack" in v.status.get() and drawn(v, "lifted")[0] == [(5, SEED_6[-1][5])]
    press(v, "last")
    nodes = nqueens.count(6, "bitmask-recursive", nodes=True).nodes
    assert v.status.get().endswith("search finished") and drawn(v, "queen")[0] == []
    assert f"nodes {nodes}" in v.detail.get() and "solutions 4" in v.detail.get()
    press(v, "previous")
    assert "backtrack" in v.status.get()


def test_window_last_is_disabled_with_a_reason_when_unavailable(window):
    v = window(TRACE_LIMIT + 1, mode="search")
    assert v.buttons["last"].instate(["disabled"])
    v.last()
    assert f"n <= {TRACE_LIMIT}" in v.message.get()


def test_window_plays_and_pauses(window):
    v = window(6)
    settle(v, counted=True)
    v.set_speed(60)
    press(v, "play")
    assert v.playing and v.buttons["play"]["text"] == "Pause"
    seen = [v.browser.index]
    deadline = time.monotonic() + 30
    while seen[-5:] != [0, 1, 2, 3, 0] and time.monotonic() < deadline:  # like seed 004, it plays in a loop
        v.master.update()
        if v.browser.index != seen[-1]:
            seen.append(v.browser.index)
        time.sleep(0.005)
    assert seen[-5:] == [0, 1, 2, 3, 0], seen
    press(v, "play")
    assert not v.playing and v.buttons["play"]["text"] == "Play"
    assert queens_drawn(v) in SEED_6
    stopped = v.browser.index
    for _ in range(10):
        v.master.update()
        time.sleep(0.02)
    assert v.browser.index == stopped


_VIEWS = {
    "solutions": (["6"],),
    "search-dlx": (["8", "--mode", "search", "--search", "dlx"],),
    "instance-search-mac": (["--mode", "search", "--search", "arc-consistency"],),
}
_CLOSING = {"ctrl-c": (signal.SIGINT, 130, "interrupted"), "sigterm": (signal.SIGTERM, 143, "terminated")}


# The fast tier: each view once, the two signals in turn; the whole suite every pair.
@pytest.mark.parametrize("options, signum, code, said", in_turn(_VIEWS, _CLOSING))
def test_nqueens_view_opens_a_window_and_a_signal_closes_it(xvfb, tmp_path, signum, code, said, options):
    """The command itself, as a separate process: its window appears on the display, and Ctrl-C or SIGTERM sent
    while it idles ends it with its exit code (Tk waits in C, so Python must be given its turn)."""
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (apt-get install xdotool; .ci/run does this)")
    env = dict(os.environ, DISPLAY=xvfb)
    if options[0] == "--mode":
        (tmp_path / "given.json").write_text('{"n": 6, "blocked": [[0, 0]], "queens": [[1, 3]]}')
        options = [*options, "--instance", str(tmp_path / "given.json")]
    app = subprocess.Popen([sys.executable, "-m", "nqueens", "view", *options], env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        found = ""
        while not found and time.monotonic() < deadline and app.poll() is None:
            search = subprocess.run(
                ["xdotool", "search", "--name", "nqueens view - n = "], env=env, capture_output=True, text=True
            )
            found = search.stdout.strip()
            time.sleep(0.2)
        assert found, (
            f"no window appeared (exit {app.poll()}): {app.stderr.read().decode() if app.poll() is not None else ''}"
        )
        time.sleep(0.5)  # idle: no event in the window
        app.send_signal(signum)
        assert app.wait(timeout=30) == code
        assert app.stderr.read().decode().strip().splitlines()[-1] == said
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


# -- another attack rule: the superqueen's knight squares and the torus's wrapped diagonals ----------------------


def _rule_attacks(n, rule, a, b):
    """The attack test written out again for the test (columns, diagonals wrapped or not, knight moves)."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if dc == 0:
        return True
    if rule == "toroidal":
        return (dr - dc) % n == 0 or (dr + dc) % n == 0
    return abs(dr) == abs(dc) or (rule == "superqueen" and {abs(dr), abs(dc)} == {1, 2})


def test_window_search_shades_the_knight_squares(window):
    v = window(10, mode="search", rule="superqueen")
    assert v.master.title() == "nqueens view - n = 10, superqueen"
    press(v, "next")
    assert queens_drawn(v) == (0,)
    shaded, _ = drawn(v, "attacked")
    assert shaded == sorted(
        (r, c) for r in range(1, 10) for c in range(10) if _rule_attacks(10, "superqueen", (0, 0), (r, c))
    )
    assert (1, 2) in shaded and (2, 1) in shaded  # the knight's squares
    press(v, "next", 3)  # row 1: column 0 (column), 1 (diagonal), 2 (a knight's move) pruned
    assert drawn(v, "pruned")[0] == [(1, 2), (1, 2)] and len(v.canvas.find_withtag("attack-line")) == 1
    assert "row 1, column 2 is attacked by the queen of row 0" in v.status.get()
    press(v, "next_solution")
    q = queens_drawn(v)
    assert q in {tuple(s) for s in nqueens.solutions(10, "rules", rule="superqueen")}


def test_window_search_shades_the_wrapped_diagonals(window):
    v = window(7, mode="search", rule="toroidal")
    press(v, "next")
    shaded, _ = drawn(v, "attacked")
    assert (6, 1) in shaded and (6, 6) in shaded  # (0, 0)'s diagonals wrap: row 6 meets them at columns 1 and 6
    assert shaded == sorted(
        (r, c) for r in range(1, 7) for c in range(7) if _rule_attacks(7, "toroidal", (0, 0), (r, c))
    )
    press(v, "last")
    assert "solutions 28" in v.detail.get()


def test_window_solutions_of_a_rule(window):
    v = window(10, rule="superqueen")
    settle(v, counted=True)
    assert v.status.get() == "0 of 4" and v.solver == "rules"
    assert set(v.solver_box["values"]) >= {"rules", "dlx", "cpsat"} and "bitwise" not in v.solver_box["values"]
    seen = []
    for _ in range(4):
        press(v, "next")
        seen.append(queens_drawn(v))
    assert sorted(seen) == sorted(tuple(s) for s in nqueens.solutions(10, "dlx", rule="superqueen"))


def test_view_refuses_a_solver_without_the_rule(capsys):
    from nqueens.cli import main

    assert main(["view", "8", "--rules", "toroidal", "--solver", "bitwise"]) == 2
    assert "does not take the rule 'toroidal'" in capsys.readouterr().err


# -- the searches the search mode animates: propagation of the mary tree, dancing links -------------------------


def _key(e):
    return (e.kind, e.row, e.col, e.queens, e.by, e.step, e.nodes, e.generated, e.pruned, e.backtracks, e.solutions)


@pytest.mark.parametrize(("rule", "n"), [("queen", 6), ("superqueen", 8), ("toroidal", 7)])
def test_backtracking_from_the_models_walker_is_the_plain_trace(rule, n):
    """The mary tree's compiled walker stepped one step at a time gives, event for event, the search that
    nqueens.analysis.trace writes out in Python (a second implementation)."""
    from nqueens.analysis import search_trace, trace

    assert [_key(e) for e in search_trace.events(n, "none", rule=rule)] == [_key(e) for e in trace.events(n, rule)]


@pytest.mark.parametrize("propagation", ["none", "forward-checking", "arc-consistency"])
def test_search_counts_are_the_tree_commands(capsys, propagation):
    """The counters at the end of the search are what `nqueens tree 8 --model mary --propagation P` reports;
    the solutions are A000170's, and plain backtracking stands on Knuth's 2057 nodes."""
    import json

    from known import KNUTH_PROFILE_8

    p = TracePlayer(8, search=propagation)
    assert p.last() and p.event.kind == "done"
    assert main(["tree", "8", "--model", "mary", "--propagation", propagation, "--json"]) == 0
    reported = json.loads(capsys.readouterr().out)
    assert p.event.nodes == reported["nodes"] and p.event.solutions == reported["feasible"][-1] == TOTAL[8]
    assert p.event.generated == sum(reported["generated"]) - 1  # squares tried: the root is not one
    assert p.event.propagated == sum(reported.get("pruned_by_propagation", [0]))
    if propagation == "none":
        assert p.event.nodes == sum(KNUTH_PROFILE_8)
    else:
        assert p.event.nodes < sum(KNUTH_PROFILE_8)


def test_forward_checking_shades_the_domains_and_fails_on_a_wipeout():
    from nqueens.analysis.search_trace import attack_masks, events

    seen_fail = False
    for e in events(6, "forward-checking"):
        if e.kind == "place":
            # forward checking takes from the domains exactly the squares the queens attack
            assert e.removed == attack_masks(6, e.squares)
        if e.kind == "fail":
            seen_fail = True
            assert e.wiped > e.row
            # the wiped row: every square attacked by the queens with the tentative one added
            attacked = attack_masks(6, (*e.squares, (e.row, e.col)))
            assert attacked[e.wiped] == (1 << 6) - 1
    assert seen_fail


def test_arc_consistency_removes_more_than_the_attacks():
    from nqueens.analysis.search_trace import attack_masks, events

    beyond = [e for e in events(8, "arc-consistency") if e.kind == "place" and e.removed != attack_masks(8, e.squares)]
    assert beyond
    e = beyond[0]
    attacks = attack_masks(8, e.squares)
    assert all(attacks[r] & ~e.removed[r] == 0 for r in range(8))  # a superset of forward checking's


@pytest.mark.parametrize("n", [6, 8, pytest.param(9, marks=pytest.mark.slow)])
def test_dancing_links_trace_counts_and_choices(n):
    """The nodes are the dlx solver's own count; the solutions A000170's; each choice is an item with the fewest
    options left, read from the board the trace shows."""
    from nqueens.analysis.search_trace import events
    from nqueens.models import dlx

    found, last = set(), None
    for e in events(n, "dlx"):
        if e.kind in ("choose", "fail"):
            what, k, size = e.choice
            taken = {r for r, _ in e.squares}
            used = {c for _, c in e.squares}
            open_rows = {r: n - bin(e.removed[r]).count("1") for r in range(n) if r not in taken}
            open_cols = {c: sum(1 for r in open_rows if not e.removed[r] >> c & 1) for c in range(n) if c not in used}
            left = open_rows[k] if what == "row" else open_cols[k]
            assert size == left == min([*open_rows.values(), *open_cols.values()])
        if e.kind == "solution":
            q = [0] * n
            for r, c in e.squares:
                q[r] = c
            assert board.is_solution(tuple(q))
            found.add(tuple(q))
        last = e
    assert last.kind == "done" and last.solutions == len(found) == TOTAL[n]
    assert last.nodes == dlx.count(n, nodes=True).nodes


def test_searches_keep_to_an_instance():
    """Every search of an instance finds the solutions a brute force over all 8-queens solutions keeps."""
    from nqueens.analysis.search_trace import SEARCHES, events

    from nqueens.core.instance import Instance

    inst = Instance.make(8, blocked=[(0, 0), (3, 4), (7, 7)], queens=[(2, 4)], excluded_sum=[9])
    want = {q for q in nqueens.solutions(8, "bitwise") if inst.admits(q)}
    assert want and all(q[2] == 4 for q in want)
    for search in SEARCHES:
        got = set()
        for e in events(8, search, inst):
            if e.kind == "solution":
                q = [0] * 8
                for r, c in e.squares:
                    q[r] = c
                got.add(tuple(q))
        assert got == want, search


def test_tree_layout_follows_the_search():
    """The tree nodes the player lays out: one per explored node, coloured by what became of it."""
    from nqueens.models import mary

    a = mary.accounting(5)
    p = TracePlayer(5)
    nodes = {(0, 0): "branch"}
    while p.next():
        d = p.drawn
        if d.action in ("new", "mark"):
            assert d.action == "mark" or (d.x, d.depth) not in nodes
            nodes[d.x, d.depth] = d.colour
        assert len(d.path) == len(p.event.squares) + 1
    colours = list(nodes.values())
    assert len(nodes) == a.explored
    assert colours.count("solution") == TOTAL[5]
    assert colours.count("failure") == a.explored - a.nodes
    assert colours.count("branch") == a.nodes - TOTAL[5]


# -- the window: the search tree, propagation, dancing links, instances, coordinates, large boards ---------------


def tree_nodes(viewer):
    """The tree pane's nodes by colour, from the canvas."""
    return {colour: len(viewer.tree.find_withtag(colour)) for colour in ("branch", "failure", "solution")}


def test_window_grows_the_search_tree(window):
    """n = 4: the whole tree fits the pane; its nodes are the tree command's, the green ones A000170's."""
    from nqueens.models import mary

    a = mary.accounting(4)
    v = window(4, mode="search")
    assert tree_nodes(v) == {"branch": 1, "failure": 0, "solution": 0}  # the root
    press(v, "next")  # queen on (0, 0): a blue node under the root, the path drawn to it
    assert tree_nodes(v) == {"branch": 2, "failure": 0, "solution": 0}
    assert len(v.tree.coords(v.tree.find_withtag("path")[0])) == 4
    press(v, "next")  # (1, 0) pruned: a red leaf
    assert tree_nodes(v)["failure"] == 1
    press(v, "last")
    assert tree_nodes(v) == {"branch": a.nodes - TOTAL[4], "failure": a.explored - a.nodes, "solution": TOTAL[4]}
    assert len(v.tree.find_withtag("edge")) == a.explored - 1
    assert f"{a.nodes:,} nodes, {a.explored:,} drawn" in v.tree_status.get()
    press(v, "first")
    press(v, "next_solution")
    assert tree_nodes(v)["solution"] == 1
    path = v.tree.coords(v.tree.find_withtag("path")[0])
    assert len(path) == 2 * 5  # the root and four queens


@pytest.mark.slow  # it walks until the pane has drawn its bound of nodes
def test_window_tree_pane_stays_bounded(window):
    """n = 10 has 35,539 nodes: the pane scrolls and keeps what is in view, and says so."""
    v = window(10, mode="search")
    v.set_speed(60)
    for _ in range(3000):
        v.next()
    v.master.update()
    drawn_nodes = len(v.tree.find_withtag("node"))
    assert 0 < drawn_nodes < 3000 and "scrolled off" in v.tree_status.get()
    xs = [v.tree.coords(item)[0] for item in v.tree.find_withtag("node")]
    assert min(xs) >= -10 and max(xs) <= v.tree_width


@pytest.mark.parametrize("search", [pytest.param("forward-checking", marks=pytest.mark.slow), "arc-consistency", "dlx"])
def test_window_search_with_propagation(window, search):
    from nqueens.models import dlx, mary

    v = window(8, mode="search", search=search)
    assert search.replace("-", " ").split()[0] in v.status.get() or "dancing" in v.status.get()
    press(v, "next_solution")
    assert board.is_solution(queens_drawn(v))
    v.first()
    tags = set()
    for _ in range(60):
        press(v, "next")
        tags |= {t for item in v.canvas.find_all() for t in v.canvas.gettags(item)}
    if search == "dlx":
        assert "choice" in tags
    else:
        assert "attacked" in tags and "failed" in tags and "wiped" in tags
    press(v, "last")
    want = dlx.count(8, nodes=True).nodes if search == "dlx" else mary.accounting(8, propagation=search).nodes
    assert f"nodes {want:,}" in v.detail.get() and "solutions 92" in v.detail.get()


def test_window_board_has_coordinates(window):
    v = window(8)
    labels = [v.canvas.itemcget(item, "text") for item in v.canvas.find_withtag("label")]
    assert sorted(labels, key=int) == sorted([str(k) for k in range(8)] * 2, key=int)
    for k in range(8):
        (col_label,) = [i for i in v.canvas.find_withtag(f"col{k}") if "label" in v.canvas.gettags(i)]
        x, _ = v.canvas.coords(col_label)
        assert drawn_column(v, x) == k


def drawn_column(viewer, x):
    x0, _, x1, _ = viewer.canvas.coords(viewer.canvas.find_withtag("square")[0])
    return int((x - x0) // (x1 - x0))


@pytest.mark.slow
def test_window_thirty_two_queens(window):
    """The largest board: squares shrink to fit, a solution comes at once, the search steps."""
    v = window(32)
    assert drawn(v, "square")[1] == 32 * 32 and len(v.canvas.find_withtag("label")) == 64
    x0, y0, x1, y1 = v.canvas.bbox("square")
    assert x1 <= v.size + 1 and y1 <= v.size + 1
    start = time.monotonic()
    press(v, "next")
    assert time.monotonic() - start < 5
    q = queens_drawn(v)
    assert len(q) == 32 and board.is_solution(q) and v.status.get().startswith("1 (not counted")
    v.set_mode("search")
    press(v, "next", 40)
    assert v.player.index == 39 and len(v.tree.find_withtag("node")) > 1


@pytest.fixture
def instance_file(tmp_path):
    from nqueens.core.instance import Instance
    from nqueens.core.instance_io import write_instance

    inst = Instance.make(
        8, blocked=[(0, 0), (3, 4), (7, 7)], queens=[(2, 4)], excluded_sum=[9], excluded_difference=[-5]
    )
    path = tmp_path / "blocked.json"
    write_instance(inst, path)
    return inst, path


def test_window_draws_an_instance_and_keeps_to_it(window, instance_file):
    inst, _ = instance_file
    want = [q for q in nqueens.solutions(8, "bitwise") if inst.admits(q)]
    v = window(8, instance=inst)
    settle(v, counted=True)
    assert v.master.title() == "nqueens view - n = 8, instance"
    assert drawn(v, "blocked")[0] == [(0, 0), (3, 4), (7, 7)] and drawn(v, "given")[0] == [(2, 4)]
    assert len(v.canvas.find_withtag("excluded")) == 2
    assert v.status.get() == f"0 of {len(want)}"
    seen = []
    while len(seen) < len(want):
        press(v, "next")
        seen.append(queens_drawn(v))
    assert sorted(seen) == sorted(want)
    v.set_mode("search")
    press(v, "next_solution")
    assert queens_drawn(v) in want and drawn(v, "blocked")[0] == [(0, 0), (3, 4), (7, 7)]
    press(v, "last")
    assert f"solutions {len(want)}" in v.detail.get()


def test_view_instance_errors_are_one_line(capsys, instance_file, tmp_path):
    _, path = instance_file
    for argv, fragment in (
        (["view", "9", "--instance", str(path)], "has n = 8"),
        (["view", "--instance", str(path), "--rules", "toroidal"], "diagonals wrap around"),
        (["view", "--instance", str(path), "--solver", "mirror"], "does not take an instance"),
        (["view", "--instance", str(tmp_path / "missing.json")], "missing.json"),
    ):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith("error: ") and fragment in err


@pytest.mark.slow  # the documentation's screenshots; the fast tier opens the real window in the tests above
def test_screenshot_script_grabs_the_real_window(tmp_path):
    """scripts/viewer_screenshots.py: three PNG pictures of the window, on its own Xvfb."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed: the script needs it (apt-get install xvfb; .ci/run does this)")
    Image = pytest.importorskip("PIL.Image", reason="the script grabs the window with Pillow (matplotlib brings it)")
    script = os.path.join(os.path.dirname(__file__), os.pardir, "scripts", "viewer_screenshots.py")
    run = subprocess.run([sys.executable, script, str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    names = ["viewer.png", "viewer-search.png", "viewer-instance.png"]
    assert run.stdout.split() == [str(tmp_path / name) for name in names]
    sizes = {}
    for name in names:
        with Image.open(tmp_path / name) as picture:
            sizes[name] = picture.size
            assert len(picture.convert("RGB").getcolors(1 << 16) or ()) > 20  # a drawn window, not a blank grab
    assert sizes["viewer-search.png"][0] > sizes["viewer.png"][0]  # the search tree's pane beside the board


@pytest.mark.slow
def test_window_stays_live_while_the_search_runs_far(window):
    """n = 20: the first solution of plain backtracking is hundreds of thousands of events away; the window runs
    the search in slices, handles its events in between, and any control stops the run."""
    v = window(20, mode="search")
    v.next_solution()
    assert v.seeking
    longest, start = 0.0, time.monotonic()
    while time.monotonic() - start < 2.0:
        t = time.monotonic()
        v.master.update()
        longest = max(longest, time.monotonic() - t)
        time.sleep(0.005)
    assert v.seeking and longest < 3.0 and "events so far" in v.message.get()  # a loaded machine: slack
    assert v.player.index > 1000
    press(v, "next")
    assert not v.seeking
    stopped = v.player.index
    for _ in range(10):
        v.master.update()
        time.sleep(0.01)
    assert v.player.index == stopped


@pytest.mark.slow
def test_window_waits_for_a_slow_solver_on_a_thread(window):
    """n = 32 with the lexicographic bitwise search: its first solutions take seconds; the step runs on a thread
    and the window handles its events meanwhile, then draws a valid solution (checked by the board's own test)."""
    v = window(32, "bitwise")
    v.next()
    longest, start = 0.0, time.monotonic()
    while v.seeking:
        assert time.monotonic() - start < 180, "bitwise did not find a 32-queens solution"
        t = time.monotonic()
        v.master.update()
        longest = max(longest, time.monotonic() - t)
        time.sleep(0.01)
    assert longest < 3.0
    q = queens_drawn(v)
    assert len(q) == 32 and board.is_solution(q) and q == next(nqueens.solutions(32, "bitwise", limit=1))


def test_window_says_when_an_instance_has_no_solution(window):
    """Two queens given that attack each other (Instance: not an error, no solution), n = 20: the stream ends
    empty and the window says so; dancing links ends its search with 0 solutions too."""
    from nqueens.core.instance import Instance

    inst = Instance.make(20, queens=[(0, 0), (1, 1)])
    v = window(20, instance=inst)
    press(v, "next")
    assert v.status.get() == "0 of 0" and v.detail.get().startswith("no solution")
    v.set_mode("search")
    v.set_search("dlx")
    press(v, "next_solution")  # there is none: it runs to the end of the search
    assert "search finished" in v.status.get() and "solutions 0" in v.detail.get()


# -- the viewer shows an outside solver that enumerates -----------------------------------------------------


def test_the_viewer_steps_through_an_outside_solvers_solutions(xvfb, monkeypatch):
    import tkinter as tk

    from nqueens.viewer.window import Viewer

    monkeypatch.setenv("DISPLAY", xvfb)
    root = tk.Tk()
    try:
        viewer = Viewer(root, 6, f"{EXAMPLES / 'my_solver.py'}:solver")
        try:
            root.update()
            seen = []
            for _ in range(TOTAL[6]):
                viewer.buttons["next"].invoke()
                deadline = time.monotonic() + 60
                while viewer.seeking:
                    assert time.monotonic() < deadline
                    root.update()
                    time.sleep(0.001)
                root.update()
                seen.append(tuple(viewer.browser.solution))
        finally:
            viewer.shutdown()
            viewer = None
    finally:
        destroy_tk(root)
    assert seen[0] == (1, 3, 5, 0, 2, 4) and len(set(seen)) == TOTAL[6]


@pytest.mark.slow
def test_view_takes_an_outside_solver_on_the_command_line(xvfb):
    if subprocess.run(["which", "xdotool"], capture_output=True).returncode:
        pytest.skip("xdotool is not installed (apt-get install xdotool; .ci/run does this)")
    env = dict(os.environ, DISPLAY=xvfb)
    app = subprocess.Popen(
        [*NQUEENS, "view", "8", "--solver", "examples/my_solver.py:solver"], env=env, cwd=ROOT, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        found = ""
        while not found and time.monotonic() < deadline and app.poll() is None:
            found = subprocess.run(
                ["xdotool", "search", "--name", "nqueens view - n = 8"], env=env, capture_output=True, text=True
            ).stdout.strip()
            time.sleep(0.2)
        assert found, app.stderr.read().decode() if app.poll() is not None else "no window"
        app.send_signal(signal.SIGINT)
        assert app.wait(timeout=30) == 130
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
