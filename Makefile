# Two entry points (see README): `make run` and `make test`. Each sets up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test test-heavy test-fast coverage lint docs docs-check setup clean test-fast-3.12 test-fast-3.13

# A venv in two steps: what the package needs (.ci/requirements.py lists it from pyproject.toml, into a file beside
# the rule's stamp), then the package itself, editable, without its dependencies. The first touches nothing in the
# clone, so several venvs can be made side by side (make -j3 .venv/.requirements .venv-3.12/.requirements
# .venv-3.13/.requirements: 97 s on 2 cores against 160 s one after another); the second writes nqueens.egg-info
# into the clone, one venv at a time.
# pip compiles every module at install time (not --no-compile): where PYTHONDONTWRITEBYTECODE is set, as on CI,
# nothing compiled at import is kept, and each process would compile numba, ortools and the rest again.
EXTRAS := plot,dist,test,docs
requirements = $(1)/bin/python .ci/requirements.py $(2) > $@.txt && $(1)/bin/python -m pip install --quiet -r $@.txt

$(VENV)/.requirements: pyproject.toml .ci/requirements.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(call requirements,$(VENV),$(EXTRAS))
	touch $@

$(STAMP): $(VENV)/.requirements
	$(BIN)/python -m pip install --quiet --no-deps -e '.[$(EXTRAS)]'
	touch $(STAMP)

setup: $(STAMP)

# The toolkit's own modules compiled for the venv's Python before a command that starts many processes: where
# PYTHONDONTWRITEBYTECODE is set, as here and on CI, Python keeps no bytecode of what it imports, so every process
# compiled about 100 of the clone's modules again (0.17 s of CPU of the 1.1 s a `nqueens count 8 --solver bitwise`
# costs, and the suite starts some 400 processes). A module edited since is compiled again when it is imported, as
# always: the files only save time. $(call bytecode,VENV) compiles them for VENV's Python.
SOURCES  := nqueens models native analysis examples scripts benchmarks tests
bytecode = $(1)/bin/python -m compileall -q -j0 $(SOURCES)

# The other supported Pythons, each in a venv of its own (.venv-3.12, .venv-3.13) with the test extra: python3.12
# (python3.13) on PATH, else pyenv's. make test-fast-3.12 runs the fast tier there; CI runs the whole suite on the
# .venv one.
python_for = $(firstword $(foreach p,python$(1) $(wildcard $(HOME)/.pyenv/versions/$(1).*/bin/python$(1)),$(shell $(p) -c 'import sys; print("$(p)" if sys.version_info[:2] == tuple(map(int, "$(1)".split("."))) else "")' 2>/dev/null)))

.venv-%/.requirements: pyproject.toml .ci/requirements.py
	@test -n "$(call python_for,$*)" || { echo "error: no Python $* found (python$* on PATH or pyenv's)" >&2; exit 2; }
	$(call python_for,$*) -m venv .venv-$*
	.venv-$*/bin/python -m pip install --quiet --upgrade pip
	$(call requirements,.venv-$*,test)
	touch $@

.venv-%/.installed: .venv-%/.requirements
	.venv-$*/bin/python -m pip install --quiet --no-deps -e '.[test]'
	touch $@

OTHER_PYTHONS := 3.12 3.13

$(addprefix test-fast-,$(OTHER_PYTHONS)): test-fast-%: .venv-%/.installed
	$(call bytecode,.venv-$*)
	.venv-$*/bin/python -m pytest $(PARALLEL) -m "not slow"

# The main job: every registered solver side by side for n = 4..12, checked against each other and OEIS;
# a run longer than two minutes is stopped and shown as a timeout.
run: $(STAMP)
	$(call bytecode,$(VENV))
	$(BIN)/nqueens compare 4..12 --timeout 120

# The whole suite on every core (pytest-xdist), with one worker more than the cores: many tests wait on a child
# process, a time limit or a browser, and an extra worker keeps the cores busy meanwhile (on 2 cores, make
# test-fast takes 175 s with 3 workers against 192 s with 2). The tests that time signals sent to a command run
# one after another on one worker (their xdist_group), so that they are not starved by each other.
WORKERS  := $(shell $(PYTHON) -c "import os; print(len(os.sched_getaffinity(0)) + 1)" 2>/dev/null || echo auto)
PARALLEL := -n $(WORKERS) --dist loadgroup

test: $(STAMP)
	$(call bytecode,$(VENV))
	$(BIN)/python -m pytest $(PARALLEL) -m "not heavy" --durations=30

# The heavy tier (about 30 minutes on 2 cores): the certificates of the hardest unsatisfiable instance files (minutes
# and gigabytes each), a signal at each of 100 instants of two commands, the long property-based profiles.
test-heavy: $(STAMP)
	$(call bytecode,$(VENV))
	$(BIN)/python -m pytest $(PARALLEL) -m heavy

# Local work: the suite without the tests marked slow (CI runs them all).
test-fast: $(STAMP)
	$(call bytecode,$(VENV))
	$(BIN)/python -m pytest $(PARALLEL) -m "not slow"

$(VENV)/.coverage-installed: $(STAMP)
	$(call requirements,$(VENV),coverage)
	touch $@

# What each tier reaches: the whole suite once under coverage.py, each line recorded under the test that ran it
# (children included), then the files whose lines only the slow tier reaches (benchmarks/suite_coverage.py).
coverage: $(VENV)/.coverage-installed
	$(call bytecode,$(VENV))
	rm -f .coverage .coverage.*
	COVERAGE_FILE=$(CURDIR)/.coverage $(BIN)/python -m pytest $(PARALLEL) -q --cov --cov-context=test --cov-report=
	COVERAGE_FILE=$(CURDIR)/.coverage $(BIN)/python -m coverage combine --append --quiet
	$(BIN)/python benchmarks/suite_coverage.py

# The house style and the types of the public API, as CI checks them.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The documentation site, offline, warnings as errors; the tutorials are executed (open docs/_build/html/index.html).
# The pages are read (and their code executed) on every core: on 2 cores 94 s against 141 s on one.
docs: $(STAMP)
	$(call bytecode,$(VENV))
	$(BIN)/python -m sphinx -j auto -W --keep-going -b html -q docs docs/_build/html

# The built site as a reader gets it (after make docs): every page reachable from index.html, no broken link, the
# gallery drawn by the build, and headless Chromium's screenshots of the front page and a tutorial
# (docs/_build/screenshots/; Debian: apt-get install chromium).
docs-check: $(STAMP)
	$(BIN)/python -m pytest -q tests/test_docs_site.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache docs/_build docs/jupyter_execute
