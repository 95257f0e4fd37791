"""The report in headless Chromium with networking off: what the page shows is what ``nqueens runs --json`` and
``nqueens compare`` say; sorting and filtering change the rows as they should; a run's record opens in place; two
stores put the changed run first; markup in a label stays text and runs nothing.

The page's store is built once for the module (n = 4..8, two built-in solvers and an outside solver);
``NQUEENS_REPORT_STORE=FILE`` points the checks of a single store at another store instead (one made by
``nqueens compare 4..12 --store FILE``, say), with ``NQUEENS_REPORT_VERDICT`` the agreement line its compare printed.
"""

import json
import os
import time
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest
from browser import CHROMIUM, Browser, BrowserError

from nqueens.cli import main
from nqueens.core.record import RunRecord
from nqueens.runtime.store import ResultStore

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium")

PLUGIN = '''\
"""Row by row backtracking (plain Python); at n = DROP the last solution found is left out."""

DROP = {drop}


def solutions(n, **options):
    found = []

    def place(q):
        if len(q) == n:
            found.append(tuple(q))
            return
        for c in range(n):
            if all(c != qc and abs(c - qc) != len(q) - r for r, qc in enumerate(q)):
                place(q + [c])

    place([])
    if n == DROP:
        found.pop()
    yield from found
'''


def _cli(*argv):
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    """Two stores of one experiment: ``before`` with an outside solver that counts right, ``after`` with the same
    file changed to drop one solution at n = 6; and the agreement line each compare printed. Its two compares take
    seconds: the tests that use it (through ``single`` too) are slow."""
    folder = tmp_path_factory.mktemp("stores")
    plugin = folder / "mine.py"
    made = {}
    for name, drop in (("before", None), ("after", 6)):
        plugin.write_text(PLUGIN.format(drop=drop))
        path = folder / f"{name}.sqlite"
        solvers = f"bitwise,dlx,{plugin}:solutions"
        code, out, _ = _cli("compare", "4..8", "--solvers", solvers, "--timeout", "60", "--store", path, "--quiet")
        assert code == (0 if drop is None else 1)
        made[name] = (path, out.strip().splitlines()[-1])
    return made


@pytest.fixture(scope="module")
def single(stores, tmp_path_factory):
    """The store of the single-store checks, its page and the agreement line its compare printed."""
    given = os.environ.get("NQUEENS_REPORT_STORE")
    path, verdict = (Path(given), os.environ["NQUEENS_REPORT_VERDICT"]) if given else stores["after"]
    page = tmp_path_factory.mktemp("page") / "r.html"
    assert _cli("report", "--store", path, "-o", page, "--quiet")[0] == 0
    code, out, _ = _cli("runs", "--store", path, "--json")
    return page, json.loads(out), verdict


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with Browser(tmp_path_factory.mktemp("chromium"), 1280, 1400) as b:
        yield b


def _open_offline(browser, page):
    """Open the page, then load it again with the network switched off, and wait until its script has drawn."""
    ready = "window.nqueensReport && window.nqueensReport.ready"
    browser.open(page.as_uri(), ready=ready)
    browser.send("Network.enable")
    browser.send(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    browser.send("Page.reload")
    deadline = time.monotonic() + 60
    while not _reloaded(browser, ready):
        assert time.monotonic() < deadline, "the page did not draw offline"
        time.sleep(0.05)
    # nothing was fetched: no script, style, image, font or data from anywhere
    assert browser.eval("performance.getEntriesByType('resource').length") == 0


def _reloaded(browser, ready):
    """Whether the reloaded page has drawn; ``False`` while the reload is still replacing the old page (whose
    context goes away under a pending evaluation)."""
    try:
        return browser.eval(f"performance.getEntriesByType('navigation')[0].type === 'reload' && !!({ready})")
    except BrowserError:
        return False


def _rows(browser):
    return browser.eval(
        "[...document.querySelectorAll('#cells tbody tr:not(.record-row)')].map(tr => ({"
        "n: +tr.dataset.n, solver: tr.dataset.solver, status: tr.dataset.status,"
        "seconds: tr.querySelector('td[data-column=seconds]').textContent}))"
    )


def _choose(browser, select, value):
    browser.eval(
        f"(() => {{ const s = document.getElementById({select!r}); s.value = {value!r};"
        "s.dispatchEvent(new Event('change')); })()"
    )


@pytest.mark.slow
def test_the_page_shows_the_totals_statuses_and_verdict_of_runs_json(browser, single):
    page, runs, verdict = single
    _open_offline(browser, page)
    if browser.eval("!!document.getElementById('all-rows')"):
        browser.eval("document.getElementById('all-rows').click()")
    asked = [r for r in runs if r["status"] != "unsupported"]
    totals = browser.eval(
        "Object.fromEntries([...document.querySelectorAll('[data-total]')].map(s => [s.dataset.total, +s.textContent]))"
    )
    assert totals == {
        "runs": len(asked),
        "solved": sum(r["status"] in ("solved", "sat", "unsat") for r in asked),
        "timeouts": sum(r["status"] == "timeout" for r in asked),
        "memouts": sum(r["status"] == "memout" for r in asked),
        "errors": sum(r["status"] == "error" for r in asked),
        "wrong": sum(r["status"] == "wrong" for r in asked),
    }
    assert browser.eval("document.querySelector('#verdict .agreement').textContent") == verdict
    # every problem and solver, with the status of its runs (one run each here, or all of one status)
    expected = {}
    for r in runs:
        expected.setdefault((r["n"], r["solver"]), set()).add(r["status"])
    shown = {(row["n"], row["solver"]): row["status"] for row in _rows(browser)}
    assert shown.keys() == expected.keys()
    assert all(shown[key] in statuses for key, statuses in expected.items())
    wrong = [(r["n"], r["solver"]) for r in runs if r["status"] == "wrong"]
    listed = browser.eval("[...document.querySelectorAll('#verdict li.status-wrong')].length")
    assert listed == len(wrong)


def _seconds(rows):
    return [float(r["seconds"].lstrip(">")) for r in rows if r["seconds"] != "-"]


@pytest.mark.slow
def test_sorting_a_column_and_filtering_by_solver_change_the_rows(browser, single):
    page, runs, _ = single
    _open_offline(browser, page)
    browser.eval("document.querySelector('#cells th[data-column=seconds]').click()")
    rows = _rows(browser)
    assert _seconds(rows) == sorted(_seconds(rows)) and len(set(_seconds(rows))) > 2
    assert all(r["seconds"] == "-" for r in rows[len(_seconds(rows)) :])  # no time: last
    browser.eval("document.querySelector('#cells th[data-column=seconds]').click()")
    rows = _rows(browser)
    assert _seconds(rows) == sorted(_seconds(rows), reverse=True)
    solver = runs[-1]["solver"]
    _choose(browser, "filter-solver", solver)
    rows = _rows(browser)
    assert {r["solver"] for r in rows} == {solver}
    assert sorted(r["n"] for r in rows) == sorted({r["n"] for r in runs if r["solver"] == solver})
    _choose(browser, "filter-solver", "")
    _choose(browser, "filter-n", "6")
    assert {r["n"] for r in _rows(browser)} == {6}


@pytest.mark.slow
def test_a_status_opens_its_run_records_in_place(browser, single):
    page, runs, _ = single
    _open_offline(browser, page)
    first = _rows(browser)[0]
    browser.eval("document.querySelector('#cells tbody button.record').click()")
    shown = json.loads(browser.eval("document.querySelector('#cells .record-row pre').textContent"))
    assert shown == [r for r in runs if (r["n"], r["solver"]) == (first["n"], first["solver"])]
    browser.eval("document.querySelector('#cells tbody button.record').click()")
    assert browser.eval("document.querySelectorAll('#cells .record-row').length") == 0


@pytest.mark.slow
def test_two_stores_put_the_dropped_solution_first(browser, stores, tmp_path):
    page = tmp_path / "two.html"
    (before, _), (after, _) = stores["before"], stores["after"]
    assert _cli("report", "--store", before, "--store", after, "-o", page, "--quiet")[0] == 0
    _open_offline(browser, page)
    rows = browser.eval(
        "[...document.querySelectorAll('#comparison-table tbody tr')].map(tr => "
        "[...tr.children].map(td => td.textContent))"
    )
    head = browser.eval("[...document.querySelectorAll('#comparison-table th')].map(th => th.textContent)")
    first = dict(zip(head, rows[0]))
    assert first["problem"] == "6" and first["solver"].endswith("mine.py:solutions")
    assert (first["a status"], first["a answer"], first["b status"], first["b answer"]) == ("solved", "4", "wrong", "3")
    assert [dict(zip(head, row))["change"] for row in rows[1:]] == ["same"] * (len(rows) - 1)
    assert len(rows) == 5 * 3
    between = browser.eval("document.querySelector('#between').textContent")
    assert between.startswith(f"1 of 15 problem and solver pairs changed their status or answer from {before} to")
    _screenshot(browser, "report-two-stores.png")


@pytest.mark.slow
def test_markup_in_a_label_is_text_and_runs_nothing(browser, tmp_path):
    label = '</script><script>window.ran = 1</script><img src=x onerror="window.ran = 2">'
    path = tmp_path / "markup.sqlite"
    with ResultStore(path) as store:
        for n, total in ((5, 10), (6, 4)):
            doc = RunRecord(n, label, status="solved", total=total, seconds=0.01 * n, message=label, host=label)
            store.record_experiment_run(f"k{n}", doc.to_dict())
    page = tmp_path / "markup.html"
    assert _cli("report", "--store", path, "-o", page, "--quiet")[0] == 0
    _open_offline(browser, page)
    assert browser.eval("window.ran === undefined && document.images.length === 0")
    assert browser.eval("document.scripts.length") == 2
    assert browser.eval("document.querySelector('#cells td[data-column=solver]').textContent") == label
    assert browser.eval("document.querySelector('table.summary td').textContent") == label
    assert browser.eval("document.getElementById('filter-solver').options[1].textContent") == label


def _screenshot(browser, name):
    """Keep the page's picture with the test run's artefacts (NQUEENS_SCREENSHOTS=DIR), for a reader to look at."""
    folder = os.environ.get("NQUEENS_SCREENSHOTS")
    if folder:
        browser.screenshot(str(Path(folder) / name))


def test_optimisation_runs_with_their_curves_are_drawn_as_anytime_curves(browser, tmp_path):
    from nqueens.analysis import report_html

    runs = [
        RunRecord(n, s, status="solved", total=t, seconds=0.5, timeout=2.0) for n, t in ((5, 10), (6, 4)) for s in "ab"
    ]
    data = report_html.report_data([("opt.sqlite", runs)])
    # the records of optimisation runs carry `curve`, [seconds, objective] of each improvement
    curves = {("5", "a"): [[0.01, 9], [0.1, 7], [0.4, 5]], ("5", "b"): [[0.02, 8], [0.3, 5]]}
    data["fields"].append("curve")
    for run in data["sides"][0]["runs"]:
        run["curve"] = curves.get((str(run.get("n", data["sides"][0]["common"].get("n"))), run["solver"]))
    page = tmp_path / "opt.html"
    page.write_text(report_html.render(data))
    _open_offline(browser, page)
    titles = browser.eval("[...document.querySelectorAll('#figure-anytime circle title')].map(t => t.textContent)")
    assert titles == [
        "a: 9 at 0.01000 s",
        "a: 7 at 0.1000 s",
        "a: 5 at 0.4000 s",
        "b: 8 at 0.02000 s",
        "b: 5 at 0.3000 s",
    ]
    assert browser.eval("document.querySelectorAll('#figure-anytime path').length") == 2
