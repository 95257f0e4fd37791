"""The documentation site as a reader gets it: every page the site promises is reachable by links from
``index.html``, no local link or image is broken, the gallery's figures were drawn by the build, and Chromium
renders the front page and a tutorial with its figure.

The site is built by ``make docs``; ``make docs-check`` runs this file after it (CI does both). Without a built
site, or without Chromium (Debian: ``apt-get install chromium``), the tests that need them skip and say so. The
screenshots land in ``docs/_build/screenshots/``. ``NQUEENS_DOCS_HTML`` names another built site.
"""

import argparse
import io
import os
import re
import shutil
import subprocess
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("NQUEENS_DOCS_HTML", ROOT / "docs" / "_build" / "html"))
SHOTS = SITE.parent / "screenshots"

# The pages the site must have, each reachable from the front page.
REQUIRED = {
    "install.html": "install and the two commands",
    "concepts.html": "concepts",
    "tutorials/trees.html": "tutorial: compare state-space tree sizes",
    "tutorials/symmetry.html": "tutorial: unique vs total",
    "tutorials/compare.html": "tutorial: compare solvers on instances, with limits and a cactus plot",
    "tutorials/strategies.html": "tutorial: search strategies and propagation",
    "tutorials/models.html": "tutorial: SAT, MIP, CPMpy and export",
    "tutorials/cluster.html": "tutorial: count at scale on a Dask cluster",
    "own-model.html": "tutorial: compare your own model",
    "tutorials/teaching.html": "tutorial: teach with the viewer",
    "gallery.html": "the gallery",
    "guide/replay.html": "replay a search in the browser",
    "papers/index.html": "Classic results",
    "papers/knuth.html": "Classic results: Knuth, TAOCP 7.2.2",
    "papers/haralick_elliott.html": "Classic results: Haralick & Elliott 1980",
    "papers/stone_stone.html": "Classic results: Stone & Stone 1987",
    "papers/minton.html": "Classic results: Minton et al. 1992",
    "papers/gent_jefferson_nightingale.html": "Classic results: Gent, Jefferson & Nightingale 2017",
    "reference/cli.html": "the CLI reference",
    "reference/api.html": "the API reference",
    "design.html": "the design notes",
    "architecture.html": "the architecture notes",
    "changelog.html": "the changelog",
}
# The tutorial screenshotted, and the figures the gallery must draw at build time.
TUTORIAL = "tutorials/compare.html"
GALLERY_FIGURES = 5
WINDOW = "1280,2000"

needs_site = pytest.mark.skipif(
    not (SITE / "index.html").is_file(), reason=f"the documentation site is not built ({SITE}): run make docs"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)"
)


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        elif tag == "img" and attrs.get("src"):
            self.images.append(attrs["src"])


def _local(page, ref):
    """The file a link of ``page`` points to, or None for a link off the site or to the page itself."""
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return (page.parent / unquote(parts.path)).resolve()


def parse(page):
    found = _Links()
    found.feed(page.read_text(encoding="utf-8"))
    return found


def crawl(site=SITE):
    """Every page reachable by links from ``index.html``, as paths relative to the site, and the broken local
    links and images as ``(page, target)`` pairs."""
    site = site.resolve()
    start = site / "index.html"
    seen, broken, queue = {start}, [], deque([start])
    while queue:
        page = queue.popleft()
        found = parse(page)
        for ref, is_image in [(r, False) for r in found.links] + [(r, True) for r in found.images]:
            target = _local(page, ref)
            if target is None:
                continue
            if not target.is_file():
                broken.append((page.relative_to(site).as_posix(), ref))
            elif not is_image and target.suffix == ".html" and target not in seen and site in target.parents:
                seen.add(target)
                queue.append(target)
    return sorted(p.relative_to(site).as_posix() for p in seen), broken


def test_every_command_help_parses_as_restructuredtext():
    # The CLI reference renders each parser's description, epilog and help as reStructuredText, and sphinx-argparse
    # prints their errors without failing the build: they are checked here.
    import docutils.core

    from nqueens.cli import build_parser

    def texts(parser, name):
        for text in (parser.description, parser.epilog):
            if text:
                yield name, text
        for action in parser._actions:
            if action.help:
                yield f"{name} {'/'.join(action.option_strings) or action.dest}", action.help
            if isinstance(action, argparse._SubParsersAction):
                for command, sub in action.choices.items():
                    yield from texts(sub, f"{name} {command}")

    bad = []
    for where, text in texts(build_parser(), "nqueens"):
        stream = io.StringIO()
        docutils.core.publish_doctree(
            text, settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": stream}
        )
        if stream.getvalue():
            bad.append(f"{where}: {stream.getvalue().strip()}")
    assert not bad, "\n".join(bad)


@pytest.mark.slow
@needs_site
def test_every_required_page_is_reachable_from_the_front_page():
    pages, _ = crawl()
    missing = {page: what for page, what in REQUIRED.items() if page not in pages}
    assert not missing, f"not reachable from index.html: {missing}"


@pytest.mark.slow
@needs_site
def test_no_local_link_or_image_is_broken():
    _, broken = crawl()
    assert not broken, broken


@needs_site
def test_the_gallery_figures_are_drawn_by_the_build():
    # A figure an executed cell drew is written by the build into _images; a committed picture would be a file
    # of docs/ with the same name.
    images = [src for src in parse(SITE / "gallery.html").images if "_images/" in src]
    committed = {p.name for p in (ROOT / "docs").rglob("*") if "_build" not in p.parts}
    assert len(images) >= GALLERY_FIGURES, images
    assert not [src for src in images if Path(src).name in committed]


@needs_site
@pytest.mark.parametrize("page", [p for p in REQUIRED if p.startswith("papers/") and p != "papers/index.html"])
def test_each_classic_result_has_its_table_and_a_figure_drawn_by_the_build(page):
    html = (SITE / page).read_text()
    images = [src for src in parse(SITE / page).images if "_images/" in src]
    committed = {p.name for p in (ROOT / "docs").rglob("*") if "_build" not in p.parts}
    assert images and not [src for src in images if Path(src).name in committed]
    assert "<table" in html and "not available here" in html.lower()  # the table, and what could not be sourced


def _chromium(*args, tmp_path):
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",  # CI runs as root
            "--disable-gpu",
            "--disable-dev-shm-usage",  # containers often have a small /dev/shm
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--window-size={WINDOW}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _screenshot(page, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / (Path(page).with_suffix(".png").as_posix().replace("/", "-"))
    shot.unlink(missing_ok=True)
    _chromium(f"--screenshot={shot}", (SITE / page).resolve().as_uri(), tmp_path=tmp_path)
    from PIL import Image

    return Image.open(shot).convert("RGB")


def _rendered(image):
    """The share of pixels that are not the page's white, and the number of distinct colours."""
    colours = image.getcolors(maxcolors=1 << 24)
    white = sum(count for count, rgb in colours if min(rgb) >= 245)
    return 1 - white / (image.width * image.height), len(colours)


@needs_site
@needs_chromium
def test_chromium_renders_the_front_page(tmp_path):
    image = _screenshot("index.html", tmp_path)
    inked, colours = _rendered(image)
    assert image.size == (1280, 2000)
    assert inked > 0.02 and colours > 100, (inked, colours)  # text, the navigation bar and the theme's styling


@pytest.mark.slow
@needs_site
@needs_chromium
def test_chromium_renders_a_tutorial_with_its_figure(tmp_path):
    dom = _chromium("--dump-dom", (SITE / TUTORIAL).resolve().as_uri(), tmp_path=tmp_path)
    found = _Links()
    found.feed(dom)
    figures = [src for src in found.images if "_images/" in src]
    assert figures, "the tutorial shows no figure"
    files = [_local(SITE / TUTORIAL, src) for src in figures]
    assert all(f.is_file() for f in files), figures
    image = _screenshot(TUTORIAL, tmp_path)
    inked, colours = _rendered(image)
    assert inked > 0.02 and colours > 100, (inked, colours)
    # The figure is on screen: the strong colours of its lines are in the screenshot.
    from PIL import Image

    drawn = Image.open(files[0]).convert("RGB").getcolors(maxcolors=1 << 24)
    strong = [rgb for count, rgb in sorted(drawn, reverse=True) if max(rgb) - min(rgb) > 80][:3]
    shown = dict((rgb, count) for count, rgb in image.getcolors(maxcolors=1 << 24))
    assert sum(1 for rgb in strong if _near(rgb, shown) >= 30) >= 2, strong


def _near(rgb, shown, tolerance=12):
    return sum(count for other, count in shown.items() if max(abs(a - b) for a, b in zip(rgb, other)) <= tolerance)


def test_the_install_page_names_the_extras_the_makefile_installs():
    makefile = (ROOT / "Makefile").read_text()
    extras = re.search(r"^EXTRAS := ([\w,]+)$", makefile, re.M).group(1).split(",")
    assert "--no-deps -e '.[$(EXTRAS)]'" in makefile and "$(call requirements,$(VENV),$(EXTRAS))" in makefile
    page = (ROOT / "docs" / "install.md").read_text()
    assert all(f"`{extra}`" in page for extra in extras), extras
    assert f".[{','.join(extras)}]" in page
