"""Sphinx configuration: MyST pages, executed tutorials (myst-nb), the API from numpydoc docstrings, the CLI from
the argparse parsers. Builds offline: no intersphinx, no remote assets."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import nqueens

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The kernels that execute the pages read their IPython profile from a fresh copy of docs/_kernel (it drops
# ipykernel's notice about plain TCP on loopback; a kernel's history stays out of the source tree).
_ipython = Path(tempfile.mkdtemp(prefix="nqueens-docs-ipython-"))
shutil.copytree(Path(__file__).resolve().parent / "_kernel", _ipython, dirs_exist_ok=True)
os.environ["IPYTHONDIR"] = str(_ipython)

project = "nqueens"
author = "the nqueens authors"
copyright = "the nqueens authors"
release = version = nqueens.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "numpydoc",
    "sphinxarg.ext",
]
# reStructuredText first: autosummary writes the API reference's pages in the first suffix.
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "_kernel", "README.md", "**/.ipynb_checkpoints"]
root_doc = "index"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = []

# Tutorials are executed at every build: a tutorial whose code no longer runs fails the build.
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_merge_streams = True
# Text/markdown outputs (an experiment's table) are MyST, so their tables render as tables.
nb_render_markdown_format = "myst"

# One page per object of the API reference (reference/api.md lists them; the pages are written at build time into
# reference/generated/), each with a [source] link (viewcode).
autosummary_generate = True
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_validation_checks = set()
numpydoc_xref_param_type = False

html_theme = "pydata_sphinx_theme"
html_title = f"nqueens {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_static_path = ["_static"]
html_css_files = ["cards.css"]
html_show_sourcelink = False
