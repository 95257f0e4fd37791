"""The replay page: one self-contained HTML file that plays recorded searches in a browser, offline.

:func:`page` writes the traces (:mod:`nqueens.analysis.tracefile`) into the page as they are in the file (the
header as JSON, the event lines as text) with the page's script and style inlined from ``replay_assets/``, so
the file opens from the file system with no server and no network. The script (``replay_assets/replay.js``,
hand-written, no library) checks each trace again before showing it (line count, end of search, SHA-256) and
shows per trace: the board and the search tree side by side, highlighting the same node; step, play at a chosen
speed, jump to the next solution, conflict or backtrack, stop at chosen event kinds; the current node's domains
and which queen removed each value; the per-depth counts as they grow, checked at the end against the counts
the toolkit's compiled walk gave for the same search (``agree`` / ``disagree``). Past a few hundred nodes the
tree is drawn as an icicle (a bar per node, as wide as its subtree; subtrees narrower than a pixel stay inside
their parent's bar). Two or three traces of one board are also compared: their trees merged on shared
prefixes, one band per search, with the nodes one search prunes and another explores marked, and their
per-depth sizes side by side.

Examples
--------
>>> from nqueens.analysis.tracefile import Trace
>>> t = Trace.from_events(1, "example", {}, [("place", 0, 0), ("solution",), ("backtrack",)])
>>> html = page((t,))
>>> html.startswith("<!doctype html>") and "sha256Hex" in html and "<script src" not in html
True
"""

import html as _html
import json
from importlib import resources

__all__ = ["page", "iframe", "ASSETS"]

ASSETS = ("sha256.js", "replay.js")
_STYLE = "replay.css"


def page(traces, title=None):
    """The replay page of ``traces`` (one, or two or three of one board to compare) as an HTML string."""
    traces = tuple(traces)
    for t in traces:  # a trace made through the API without a bound is held to the one a trace file has
        t.check_bound()
    title = title or " vs ".join(t.label for t in traces) + f", n = {traces[0].n}"
    data = []
    for i, t in enumerate(traces):
        header = json.dumps(t.header(), separators=(",", ":")).replace("<", "\\u003c")
        data.append(f'<script type="application/json" class="nq-trace" data-index="{i}">{header}</script>')
        data.append(f'<script type="text/plain" class="nq-body" data-index="{i}">\n{t.body}</script>')
    script = "\n".join(_asset(name) for name in ASSETS)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_html.escape(title)}</title>\n<style>\n{_asset(_STYLE)}</style>\n</head>\n<body>\n"
        f"<h1>{_html.escape(title)}</h1>\n"
        '<div id="status" class="status error">This replay has not started: the file is incomplete, or JavaScript '
        "is off.</div>\n"
        '<div id="app"></div>\n' + "\n".join(data) + f"\n<script>\n{script}</script>\n</body>\n</html>\n"
    )


def iframe(traces, height=None, title=None):
    """The replay page in an ``<iframe srcdoc>``: for notebooks and documentation pages, whose own styles and
    scripts it cannot disturb."""
    traces = tuple(traces)
    height = height or (760 * len(traces) + (160 + 110 * len(traces) if len(traces) > 1 else 0))
    source = _html.escape(page(traces, title), quote=True)
    return (
        f'<iframe srcdoc="{source}" style="width: 100%; height: {height}px; border: 1px solid #ccd;" '
        'loading="lazy" title="search replay"></iframe>'
    )


def _asset(name):
    return resources.files("nqueens.analysis").joinpath("replay_assets", name).read_text(encoding="utf-8")
