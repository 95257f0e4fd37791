"""What a researcher installs and cites: the supported Pythons said and tested, the ``test`` extra holding what the
tests import, the citation file in step with the version, a wheel that carries the examples the README uses and a
source archive whose tests can run."""

import ast
import re
import shutil
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import nqueens

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
SUPPORTED = ("3.11", "3.12", "3.13")


def test_the_supported_pythons_are_said_and_each_is_tested_in_ci():
    project = PYPROJECT["project"]
    assert project["requires-python"] == ">=3.11"
    said = {c.rsplit(" :: ", 1)[1] for c in project["classifiers"] if re.fullmatch(r".*Python :: 3\.\d+", c)}
    assert said == set(SUPPORTED)
    ci = (ROOT / ".ci" / "run").read_text()
    assert all(f"test-fast-{version}" in ci for version in SUPPORTED[1:])


def test_every_package_of_the_source_is_in_the_distribution():
    # The packages are listed by hand (three of them from folders beside nqueens/): one left out is missing from
    # the wheel, and its commands fail there only.
    mapped = {folder: name for name, folder in PYPROJECT["tool"]["setuptools"]["package-dir"].items()}
    found = set()
    for init in ROOT.glob("*/**/__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        if parts[0] in mapped and parts[0] != "examples":  # the examples are data (a plugin package among them)
            found.add(".".join([mapped[parts[0]], *parts[1:]]))
    assert found - set(PYPROJECT["tool"]["setuptools"]["packages"]) == set()


def test_the_citation_file_names_this_version():
    cff = (ROOT / "CITATION.cff").read_text()
    assert re.search(r"^version: (\S+)$", cff, re.M).group(1) == nqueens.__version__ == PYPROJECT["project"]["version"]
    assert re.search(r"^cff-version: 1\.2\.0$", cff, re.M)
    # no address is given that the project does not have: no repository host is named anywhere yet
    assert "urls" not in PYPROJECT["project"] and "repository-code" not in cff
    assert f"version = {{{nqueens.__version__}}}" in (ROOT / "docs" / "cite.md").read_text()


def _imported_by_the_tests():
    """The top-level modules the suite's files import: neither the suite's own nor those of the folders it puts
    on ``sys.path`` (the papers' reproductions, the scripts)."""
    own = {"nqueens"} | {
        p.stem for folder in ("tests", "examples/papers", "scripts", "benchmarks") for p in (ROOT / folder).glob("*.py")
    }
    found = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {name for name in found - own if name not in sys.stdlib_module_names}


def _normal(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _names(requirements, extras=()):
    """``{distribution: extras asked of it}`` of ``requirements`` (those whose marker holds for ``extras``)."""
    out: dict = {}
    for text in requirements or ():
        match = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(\[[^\]]*\])?[^;]*(;.*)?$", text)
        marker = match.group(3) or ""
        if "extra ==" in marker and not any(re.search(rf"extra == ['\"]{e}['\"]", marker) for e in extras):
            continue
        wanted = {e.strip() for e in (match.group(2) or "[]")[1:-1].split(",") if e.strip()}
        out.setdefault(_normal(match.group(1)), set()).update(wanted)
    return out


def test_the_test_extra_brings_everything_the_tests_import():
    # What `pip install '.[test]'` installs: the requirements of pyproject.toml with the test extra (and the extras
    # it names of the package itself), and theirs in turn as the installed distributions declare them.
    project = PYPROJECT["project"]
    seen: dict = {}
    todo = _names(project["dependencies"])
    extras, asked = set(), ["test"]
    while asked:
        extra = asked.pop()
        if extra in extras:
            continue
        extras.add(extra)
        for dep, wanted in _names(project["optional-dependencies"][extra]).items():
            if dep == "nqueens":
                asked.extend(wanted)
            else:
                todo.setdefault(dep, set()).update(wanted)
    while todo:
        name, wanted = todo.popitem()
        if name in seen and wanted <= seen[name]:
            continue
        seen.setdefault(name, set()).update(wanted)
        try:
            requires = metadata.requires(name)
        except metadata.PackageNotFoundError:
            continue
        for dep, more in _names(requires, seen[name]).items():
            todo.setdefault(dep, set()).update(more)
    providers = metadata.packages_distributions()
    missing = {
        module
        # tkinter: the interpreter's own (the viewer); coverage: imported by the children's start-up only under make
        # coverage, which installs the coverage extra
        for module in _imported_by_the_tests() - {"tkinter", "coverage"}
        if not any(_normal(d) in seen for d in providers.get(module, [module]))
    }
    assert not missing, f"imported by the tests but not brought by the test extra: {sorted(missing)}"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The wheel and the source archive of this checkout, built as pip would (setuptools' PEP 517 hooks)."""
    import os
    import shutil
    import subprocess

    out = tmp_path_factory.mktemp("dist")
    source = tmp_path_factory.mktemp("src") / "nqueens"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv*", ".git", "build", "*.egg-info", "__pycache__"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for hook in ("build_sdist", "build_wheel"):  # one process each, as pip's build front end makes them
        code = f"import sys\nfrom setuptools import build_meta\nbuild_meta.{hook}(sys.argv[1])\n"
        subprocess.run([sys.executable, "-c", code, str(out)], cwd=source, check=True, capture_output=True, env=env)
    return next(out.glob("*.whl")), next(out.glob("*.tar.gz"))


@pytest.mark.slow
def test_the_wheel_carries_the_examples_the_readme_uses_and_no_tests(built):
    names = zipfile.ZipFile(built[0]).namelist()
    readme = (ROOT / "README.md").read_text()
    used = set(re.findall(r"examples/([\w/]+\.(?:py|mzn))", readme))
    assert used and all(f"nqueens/examples/{name}" in names for name in used)
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n or n.endswith(".pyc")]


@pytest.mark.slow
def test_the_source_archive_holds_the_tests_with_their_helpers_and_data(built):
    import tarfile

    with tarfile.open(built[1]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    tracked = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("*") if p.is_file()}
    tracked = {p for p in tracked if "__pycache__" not in p and not p.endswith(".pyc")}
    assert {"tests/conftest.py", "tests/helpers.py", "tests/faults/sitecustomize.py"} <= names
    assert not tracked - names, sorted(tracked - names)[:10]


def test_nqueens_examples_copies_what_the_readme_uses_and_overwrites_nothing(cli, tmp_path):
    done = cli("examples", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    copied = {p.relative_to(tmp_path / "examples").as_posix() for p in (tmp_path / "examples").rglob("*")}
    readme = (ROOT / "README.md").read_text()
    assert set(re.findall(r"examples/([\w/]+\.(?:py|mzn))", readme)) <= copied
    assert not [name for name in copied if "__pycache__" in name]
    # the README's own check of the copied solver (the same 8 checks as in the clone; one cannot run here)
    done = cli("check-solver", "examples/my_solver.py:solver", "--no-interrupt", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "7 checks passed, 1 skipped", done.stdout
    again = cli("examples", cwd=tmp_path)
    assert again.returncode == 2 and again.stderr.startswith("error: examples exists and is not an empty folder")


def test_the_source_folder_found_first_on_the_path_imports_the_folders_installed_into_it(tmp_path):
    # `python -m nqueens` started in a clone finds the clone's nqueens/ first, without the models/, native/ and
    # analysis/ that an installed package holds inside: a child with no installed nqueens and no editable finder
    # (-S: no site, no .pth files; the libraries' folder on the path by hand) imports the clone's own folders.
    import subprocess
    import sysconfig

    clone = tmp_path / "clone"
    for name in ("nqueens", "models", "native", "analysis"):
        shutil.copytree(ROOT / name, clone / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", clone)
    code = (
        "import sys\n"
        f"sys.path[:0] = [{str(clone)!r}]\n"
        f"sys.path.append({sysconfig.get_paths()['purelib']!r})\n"
        f"sys.path.append({sysconfig.get_paths()['platlib']!r})\n"
        "import nqueens, nqueens.models, nqueens.native, nqueens.analysis\n"
        "print(nqueens.models.__file__)\n"
        "print(nqueens.count(6, 'bitwise').total)\n"
    )
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    where, total = done.stdout.split()
    assert Path(where).is_relative_to(clone) and total == "4"  # OEIS A000170: 4 solutions of n = 6
