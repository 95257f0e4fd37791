"""The viewer's drawing on its own: the board and the search tree on a real tkinter canvas under Xvfb, no window.

Positions are read back from the canvas (the squares' coordinates, the items' bounding boxes) and compared with
what comes from outside the viewer: Wirth's first 8-queens solution, the geometry of a queen's attacks, A000170,
and the levels of the backtrack tree counted here by brute force.
"""

import pytest
from conftest import destroy_tk
from known import TOTAL

from nqueens.viewer.board import Board
from nqueens.viewer.browse import TracePlayer
from nqueens.viewer.tree import SearchTree

# Wirth's (Algorithms + Data Structures = Programs, 1976) and Knuth's first 8-queens solution, 15863724.
WIRTH_8 = (0, 4, 7, 5, 2, 6, 1, 3)


@pytest.fixture
def canvas(xvfb, monkeypatch):
    """A canvas in a fresh Tk root on the Xvfb display (never mapped as a viewer window)."""
    import tkinter as tk

    monkeypatch.setenv("DISPLAY", xvfb)
    root = tk.Tk()

    def make(width, height):
        c = tk.Canvas(root, width=width, height=height, highlightthickness=0)
        c.pack()
        return c

    try:
        yield make
    finally:
        destroy_tk(root)


def squares_of(canvas, tag):
    """The squares (row, col) of the items with ``tag``, from their bounding boxes and the board's squares."""
    squares = canvas.find_withtag("square")
    x0, y0, x1, _ = min(canvas.coords(item) for item in squares)  # row 0, column 0: the top left square
    cell = x1 - x0
    found = []
    for item in canvas.find_withtag(tag):
        a, b, c, d = canvas.bbox(item)
        found.append((int(((b + d) / 2 - y0) // cell), int(((a + c) / 2 - x0) // cell)))
    return sorted(found)


def test_board_draws_wirths_eight_queens_at_their_squares(canvas):
    c = canvas(480, 480)
    board = Board(c, 480)
    board.draw(8)
    board.draw_solution(WIRTH_8)
    assert len(c.find_withtag("square")) == 64
    assert squares_of(c, "queen") == [(r, q) for r, q in enumerate(WIRTH_8)]
    for r, q in enumerate(WIRTH_8):
        (item,) = c.find_withtag(f"row{r}&&col{q}&&queen")
        x0, y0, x1, y1 = c.bbox(item)
        assert x1 <= 480 and y1 <= 480  # inside the canvas
    board.draw(8)  # a new board clears the queens
    assert not c.find_withtag("queen") and len(c.find_withtag("square")) == 64


def test_board_shades_what_a_corner_queen_attacks_below_it(canvas):
    """The search's first event on 8 x 8: a queen on (0, 0), which attacks the 7 squares below it in its column
    and the 7 on its diagonal."""
    c = canvas(400, 400)
    player = TracePlayer(8)
    assert player.next() and player.event.kind == "place"
    board = Board(c, 400)
    board.draw(8)
    board.draw_event(player.event)
    assert squares_of(c, "queen") == [(0, 0)]
    assert squares_of(c, "attacked") == sorted([(r, 0) for r in range(1, 8)] + [(r, r) for r in range(1, 8)])


def _profile(n):
    """Nodes per level of the backtrack tree: the placements of k queens on the first k rows, no two attacking."""
    levels = [1]
    partial = [()]
    for _ in range(n):
        partial = [
            q + (c,)
            for q in partial
            for c in range(n)
            if all(c != qc and abs(c - qc) != len(q) - r for r, qc in enumerate(q))
        ]
        levels.append(len(partial))
    return levels


@pytest.mark.parametrize("n", [4, 5])
def test_search_tree_levels_are_the_backtrack_trees(canvas, n):
    """The whole search, drawn event by event: the nodes stood on, level by level, are the partial placements
    counted by brute force; the green ones are A000170's; drawn again at once from the history, the same tree."""
    c = canvas(1800, 400)
    tree = SearchTree(c, 1800)
    player = TracePlayer(n)
    tree.draw(player)
    while player.next():
        text = tree.draw(player)
    assert "scrolled off" not in text

    def levels():
        ys = [c.coords(item)[1] for item in c.find_withtag("node") if "failure" not in c.gettags(item)]
        return [ys.count(y) for y in sorted(set(ys))]

    assert levels() == _profile(n)
    assert len(c.find_withtag("solution")) == TOTAL[n]
    tree.forget()
    tree.draw(player)
    assert levels() == _profile(n) and len(c.find_withtag("solution")) == TOTAL[n]
    assert len(c.find_withtag("path")) == 0  # the search is done: the path is back at the root


def test_brute_force_profile_is_knuths_for_eight():
    from known import KNUTH_PROFILE_8

    assert _profile(8) == list(KNUTH_PROFILE_8)
