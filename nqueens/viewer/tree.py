"""The search tree on a tkinter canvas, grown as the search visits it.

:class:`SearchTree` draws the nodes a :class:`~nqueens.viewer.browse.TracePlayer` has laid out
(:class:`~nqueens.viewer.browse.TreeNode`): blue nodes stood on, red failures, green solutions, the current path
drawn thick. When the search moved one event on it draws that event's node alone; otherwise (a step back, a jump)
it draws again the nodes the player's history still holds. It scrolls to the right as the tree grows and keeps
only what is in view, so the canvas holds a bounded number of items however long the search.

Canvas items carry tags a test can find: ``node`` (with ``branch``, ``failure`` or ``solution``), ``edge`` and
``path``.
"""

__all__ = ["SearchTree"]

_TREE = {"branch": "#2f6fdf", "failure": "#d62728", "solution": "#2ca02c"}
_PATH = "#f0a020"
_SLOT = 6  # pixels between two leaves of the search tree


class SearchTree:
    """Draws the search tree of a player on ``canvas``, ``width`` pixels wide (its height is the canvas's).

    Parameters
    ----------
    canvas : tkinter.Canvas
    width : int
    """

    def __init__(self, canvas, width):
        self.canvas = canvas
        self.width = width
        self._n = None  # the n the depth step and the slots in view below were made for
        self._dy = 0.0  # pixels between two levels
        self._visible = 0  # slots in view
        self._left = 0  # the leftmost slot in view
        self._step = None  # the player's index when the tree was last drawn; None: draw it all again

    def forget(self):
        """Draw it all again next time (a new search began)."""
        self._step = None

    def draw(self, player):
        """Bring the tree up to the player's current event; returns the line that says what is drawn."""
        self._fit(player.n)
        node = player.drawn
        if node is None:
            self._left = 0
            self.canvas.delete("all")
            self._step = -1
            self._node(0, 0, -1, "branch")
        elif self._step == player.index - 1 and node.x < self._left + self._visible:
            self._add(node)
        else:
            self._redraw(player)
        self._step = player.index
        self._path(node.path if node is not None else (0,))
        event = player.event
        shown = len(self.canvas.find_withtag("node"))
        left = "" if self._left == 0 else f"; the {self._left:,} leftmost columns have scrolled off"
        return (
            "search tree: blue stood on, red failed, green solutions; "
            f"{0 if event is None else event.nodes:,} nodes, {shown:,} drawn{left}"
        )

    def _fit(self, n):
        if self._n != n:
            height = int(self.canvas["height"])
            self._n, self._dy, self._visible = n, (height - 12) / max(1, n), (self.width - 12) // _SLOT

    def _xy(self, x, depth):
        return 6 + (x - self._left) * _SLOT, 6 + depth * self._dy

    def _add(self, node):
        if node.action == "new":
            self._node(node.x, node.depth, node.parent, node.colour)
        elif node.action == "mark":
            canvas = self.canvas
            for item in canvas.find_withtag(f"n{node.x}_{node.depth}"):
                canvas.itemconfigure(item, fill=_TREE[node.colour], outline=_TREE[node.colour])
                canvas.dtag(item, "branch")
                canvas.addtag_withtag(node.colour, item)

    def _redraw(self, player):
        # the nodes the history still holds, those in view; each drawn in its last colour
        visible = self._visible
        recent = player.recent()
        right = max((node.x for node in recent), default=0)
        self._left = max(0, right - visible * 3 // 4)
        nodes = {}
        for node in recent:
            if node.action == "new":
                nodes[node.x, node.depth] = [node.parent, node.colour]
            elif node.action == "mark":
                nodes.setdefault((node.x, node.depth), [node.parent, node.colour])[1] = node.colour
        self.canvas.delete("all")
        if self._left == 0:
            self._node(0, 0, -1, "branch")
        for (x, depth), (parent, colour) in nodes.items():
            self._node(x, depth, parent, colour)

    def _node(self, x, depth, parent, colour):
        canvas = self.canvas
        visible = self._visible
        if x >= self._left + visible:
            # scroll: keep the last quarter in view, forget the rest
            shift = x - visible * 3 // 4 - self._left
            self._left += shift
            canvas.move("all", -shift * _SLOT, 0)
            for item in canvas.find_overlapping(-(10**6), -(10**6), 0, 10**6):
                if "edge" not in canvas.gettags(item) or canvas.coords(item)[2] < 0:
                    canvas.delete(item)
        if x < self._left:
            return
        cx, cy = self._xy(x, depth)
        if parent >= 0:
            px, py = self._xy(parent, depth - 1)
            canvas.create_line(px, py, cx, cy, fill="#999999", tags=("edge",))
        radius = max(2, min(_SLOT // 2, int(self._dy // 3)))
        fill = _TREE[colour]
        canvas.create_oval(
            cx - radius,
            cy - radius,
            cx + radius,
            cy + radius,
            fill=fill,
            outline=fill,
            tags=("node", colour, f"n{x}_{depth}"),
        )

    def _path(self, path):
        canvas = self.canvas
        canvas.delete("path")
        if len(path) > 1:
            points = [v for depth, x in enumerate(path) for v in self._xy(x, depth)]
            canvas.create_line(*points, fill=_PATH, width=3, tags=("path",))
            canvas.tag_lower("path", "node")
