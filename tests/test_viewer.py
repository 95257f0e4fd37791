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

import pytest
from known import SEED_004_6, TOTAL, UNIQUE
from nqueens.analysis.symmetry import canonical

import nqueens
from nqueens.cli import main
from nqueens.core import board
from nqueens.viewer import browse
from nqueens.viewer.browse import SCAN_LIMIT, TRACE_LIMIT, SolutionBrowser, TracePlayer

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


@pytest.mark.parametrize("solver", [s.name for s in nqueens.solvers() if "enumerate" in s.can])
def test_browser_follows_every_enumerator(solver):
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
        (["view", "20"], "the viewer shows n = 4 .. 16, got 20"),
        (["view", "3"], "the viewer shows n = 4 .. 16, got 3"),
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
        root.destroy()


def settle(viewer, counted=False, timeout=60):
    """Let Tk process what is pending (and, if asked, wait for the background count)."""
    deadline = time.monotonic() + timeout
    viewer.master.update()
    while counted and not viewer.counts_ready:
        assert time.monotonic() < deadline, "the background count did not finish"
        time.sleep(0.02)
        viewer.master.update()
    viewer.master.update()


def press(viewer, name, times=1):
    for _ in range(times):
        viewer.buttons[name].invoke()
        viewer.master.update()


def drawn(viewer, tag):
    """The squares (row, col) of the canvas items with ``tag``, from their coordinates."""
    canvas = viewer.canvas
    squares = canvas.find_withtag("square")
    x0, y0, x1, y1 = canvas.bbox(squares[0])
    cell = min(x1 - x0, y1 - y0)
    found = []
    for item in canvas.find_withtag(tag):
        a, b, c, d = canvas.bbox(item)
        found.append((int((b + d) / 2 // cell), int((a + c) / 2 // cell)))
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
    assert v.status.get() == "search: not started" and drawn(v, "queen")[0] == []
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


@pytest.mark.parametrize(
    "signum, code, said",
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["ctrl-c", "sigterm"],
)
def test_nqueens_view_opens_a_window_and_a_signal_closes_it(xvfb, signum, code, said):
    """The command itself, as a separate process: its window appears on the display, and Ctrl-C or SIGTERM sent
    while it idles ends it with its exit code (Tk waits in C, so Python must be given its turn)."""
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (apt-get install xdotool; .ci/run does this)")
    env = dict(os.environ, DISPLAY=xvfb)
    app = subprocess.Popen([sys.executable, "-m", "nqueens", "view", "6"], env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        found = ""
        while not found and time.monotonic() < deadline and app.poll() is None:
            search = subprocess.run(
                ["xdotool", "search", "--name", "nqueens view - n = 6"], env=env, capture_output=True, text=True
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
