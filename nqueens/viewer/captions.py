"""What the viewer's two status lines say: a solution's "k of total" and orbit, or a search event and the
search's counters. Plain strings, from the browser or the event; the window only shows them.

Examples
--------
>>> from nqueens.viewer.browse import SolutionBrowser
>>> b = SolutionBrowser(6, counts=(4, 1))
>>> b.next()
True
>>> solution_lines(b)
('1 of 4', 'solution, orbit of 4  ·  bitwise')
"""

from nqueens.viewer.threads import COUNT_LIMIT

__all__ = ["solution_lines", "event_lines", "describe"]

_SEARCH_NAMES = {
    "none": "backtracking",
    "forward-checking": "forward checking",
    "arc-consistency": "arc consistency (MAC)",
    "dlx": "dancing links",
}


def solution_lines(browser):
    """The status and the detail line of the solutions mode."""
    b = browser
    known = b.n <= COUNT_LIMIT or b.total is not None  # the total, counted or met at the end of the stream
    status = b.label() if known else f"{b.index + 1:,} (not counted above n = {COUNT_LIMIT})"
    if b.solution is None and b.total == 0:
        detail = f"no solution  ·  {b.solver}"
    elif b.solution is None:
        detail = "fundamental solutions" if b.fundamental else "press Next or Play"
    else:
        kind = "fundamental solution" if b.fundamental else "solution"
        detail = f"{kind}, orbit of {b.orbit}  ·  {b.solver}"
    return status, detail


def event_lines(event, search):
    """The status and the detail line of the search mode: the event's step and what it did, and the counters
    (``event`` is ``None`` before the first)."""
    if event is None:
        return f"search ({_SEARCH_NAMES[search]}): not started", "press Next or Play"
    if event.search == "dlx":
        counters = (
            f"nodes {event.nodes:,}  ·  dead ends {event.pruned:,}  ·  backtracks {event.backtracks:,}  ·  "
            f"solutions {event.solutions:,}"
        )
    else:
        counters = (
            f"nodes {event.nodes:,}  ·  tried {event.generated:,}  ·  pruned {event.pruned:,}  ·  "
            f"backtracks {event.backtracks:,}  ·  solutions {event.solutions:,}"
        )
        if event.search != "none":
            counters += f"  ·  removed by propagation {event.propagated:,}"
    return f"step {event.step + 1:,}: {describe(event)}", counters


def describe(event):
    """What a search event did, in words."""
    r, c = event.row, event.col
    if event.kind == "choose":
        what, k, size = event.choice
        return f"dancing links branches on board {what} {k}: {size} option{'s' if size != 1 else ''} left"
    if event.kind == "fail":
        if event.search == "dlx":
            what, k, _ = event.choice
            return f"board {what} {k} has no option left: dead end"
        row = f"row {event.wiped}" if event.wiped >= 0 else "a row"
        return f"a queen on row {r}, column {c} leaves {row} no column: dead end"
    if event.kind == "prune" and event.by < 0:
        return f"row {r}, column {c} is closed by the instance: pruned"
    return {
        "place": f"queen placed on row {r}, column {c}",
        "prune": f"row {r}, column {c} is attacked by the queen of row {event.by}: pruned",
        "backtrack": f"backtrack: queen lifted from row {r}, column {c}",
        "solution": f"solution {event.solutions:,}",
        "done": "search finished",
    }[event.kind]
