"""Tables as text: the one renderer of every Markdown and aligned table the toolkit prints.

A table is its column names and its rows (lists of cells, in column order). Cells print as they are, but for
``None`` (``-``) and integers, which get thousands separators (``92``, ``14,200``) except in the columns that
number things rather than count them (``n``, ``id``, ``repeat``, ``seed``, ``depth``). A column whose every cell repeats another
column's (``min`` and ``max`` beside ``seconds`` when each cell holds one run) is left out when ``same`` names the
pair. Columns of numbers align right.

Examples
--------
>>> print(render(["n", "solver", "total", "seconds", "min"], [[8, "a", 92, "0.1", "0.1"]], same={"min": "seconds"}), end="")
| n | solver | total | seconds |
|--:|--------|------:|--------:|
| 8 | a      |    92 |     0.1 |
>>> print(render(["n", "total"], [[16, 14772512], [4, None]], style="aligned"), end="")
 n       total
16  14,772,512
 4           -
"""

__all__ = ["render", "figures", "cell", "escape"]

# Columns that number things (an index, a size), printed without thousands separators.
PLAIN = ("n", "id", "repeat", "seed", "depth")


def cell(column, value):
    """A cell as text: ``-`` for ``None``, an integer with thousands separators (but in :data:`PLAIN` columns)."""
    if value is None or value == "":
        return "-"
    if isinstance(value, int) and not isinstance(value, bool) and column not in PLAIN:
        return f"{value:,}"
    return str(value)


def escape(text):
    r"""A cell's text as a Markdown table holds it: ``|`` escaped, line breaks as spaces (either would break the
    row into more columns, or end it).

    Examples
    --------
    >>> escape("a|b\nc")
    'a\\|b c'
    """
    return " ".join(str(text).replace("|", "\\|").splitlines()) if text else str(text)


def _numeric(text):
    return text == "-" or text.lstrip(">").replace(",", "").replace(".", "", 1).replace("x", "").lstrip("-").isdigit()


def figures(columns, rows):
    """The table of a report of figures (what the research scripts and the paper reproductions write into a
    Markdown file): integers with thousands separators (from 10^15 in scientific notation), floats to four
    significant digits (whole, with separators, from 10,000 to 10^10), booleans ``yes`` and ``**no**``, ``None``
    as ``-``; columns of numbers aligned right; unpadded.

    Examples
    --------
    >>> print(figures(["n", "nodes", "ratio", "agrees"], [[8, 2057, 0.25, True], [16, 1141190303, 12345.6, False]]), end="")
    | n | nodes | ratio | agrees |
    |--:|--:|--:|---|
    | 8 | 2,057 | 0.25 | yes |
    | 16 | 1,141,190,303 | 12,346 | **no** |
    """

    def text(value):
        if value is None:
            return "-"
        if isinstance(value, bool):
            return "yes" if value else "**no**"
        if isinstance(value, int):
            return f"{value:,}" if abs(value) < 10**15 else f"{value:.3e}"
        if isinstance(value, float):
            return f"{value:,.0f}" if 1e4 <= abs(value) < 1e10 else f"{value:.4g}"
        return str(value)

    numeric = [
        all(isinstance(row[i], int | float) and not isinstance(row[i], bool) or row[i] is None for row in rows)
        for i in range(len(columns))
    ]
    right = dict(zip(columns, numeric))
    return render(columns, [[text(v) for v in row] for row in rows], style="compact", right=right.get)


def render(columns, rows, *, style="markdown", right=None, same=None):
    """The table as text, with a final newline.

    Parameters
    ----------
    columns : list of str
    rows : list of lists
        The cells, in column order (see :func:`cell`).
    style : str
        ``markdown`` (pipes and an alignment rule, columns padded), ``compact`` (the same unpadded) or ``aligned``
        (columns two spaces apart, no rule). In the Markdown styles a ``|`` or a line break in a cell is escaped
        (:func:`escape`).
    right : callable, optional
        ``right(column) -> bool``: the columns to align right; by default those whose every cell is a number.
    same : dict, optional
        ``{column: other}``: leave ``column`` out where every row has the same text there as in ``other``.
    """
    columns = list(columns)
    body = [[cell(c, v) for c, v in zip(columns, row)] for row in rows]
    if style != "aligned":
        body = [[escape(text) for text in row] for row in body]
        shown = [escape(c) for c in columns]
    else:
        shown = list(columns)
    for column, other in (same or {}).items():
        if column in columns and other in columns and body:
            i, j = columns.index(column), columns.index(other)
            if all(row[i] == row[j] for row in body):
                columns.pop(i)
                shown.pop(i)
                body = [row[:i] + row[i + 1 :] for row in body]
    widths = [max(len(line[i]) for line in [shown, *body]) for i in range(len(columns))]
    if right is None:
        align = [bool(body) and all(_numeric(row[i]) for row in body) for i in range(len(columns))]
    else:
        align = [bool(right(c)) for c in columns]

    def line(cells, sep, edge):
        text = sep.join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, align))
        return f"{edge}{text}{edge[::-1]}".rstrip()

    if style == "aligned":
        return "\n".join(line(cells, "  ", "") for cells in [shown, *body]) + "\n"
    if style == "compact":  # no padding: what a script writes into a Markdown file
        rows = ["| " + " | ".join(cells) + " |" for cells in [shown, *body]]
        rows.insert(1, "|" + "|".join("--:" if r else "---" for r in align) + "|")
        return "\n".join(rows) + "\n"
    rule = "|" + "|".join(("-" * (w + 1) + ":") if r else ("-" * (w + 2)) for w, r in zip(widths, align)) + "|"
    return "\n".join([line(shown, " | ", "| "), rule] + [line(cells, " | ", "| ") for cells in body]) + "\n"
