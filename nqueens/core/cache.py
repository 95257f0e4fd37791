"""Where numba keeps the compiled kernels: one folder per kernel module, named after that module's own sources.

numba checks a cached kernel against the file that defines it, not against the files it calls into: a kernel of
``models/mary.py`` that inlines functions of ``models/rows.py`` would be loaded from the cache after ``rows.py``
changed (a ``git pull`` that touches one file), and would run the old code. So each module's kernels live in a
folder named after a digest of that module and of every project module it imports, transitively
(:func:`module_digest`, read from the sources, nothing imported): an edit of a kernel recompiles that module and
the modules that import it, and an edit anywhere else (the CLI, the docs, the runner) recompiles nothing. The
folders sit under one folder per numba version; two checkouts of the same sources share them (modification times
play no part, so a fresh clone finds the kernels a previous clone compiled, and an edit within the same second
cannot load a stale kernel). A kernel module imports ``njit`` from :mod:`nqueens.core.jit`, which puts
:class:`KernelLocator` first among numba's cache locators, in numba's own class attribute: importing
:mod:`nqueens` changes nothing in the process's environment, and a function that is not this package's (a
notebook's own ``@njit(cache=True)``) is cached where numba would cache it anyway.

Set ``NUMBA_CACHE_DIR`` yourself to choose another place; the folders per module go there. Nothing here reads a
source or makes a folder before a kernel module loads or a command asks.
"""

import hashlib
import os
import re
import tempfile
from functools import cache
from pathlib import Path

from nqueens.core.files import user_cache

__all__ = [
    "folder",
    "place_kernels",
    "fallback_note",
    "fresh_note",
    "module_digest",
    "KernelLocator",
    "say_compiling",
    "say_uncompiled",
    "uncompiled",
]

_FOLDERS = ("nqueens", "native", "models", "analysis")
_PACKAGE = Path(__file__).resolve().parent.parent  # nqueens/


def folder():
    """The folder the kernel modules' folders go in: ``NUMBA_CACHE_DIR`` when the user set it, else one folder per
    numba version in the user's cache directory (made on first use; a temporary folder when it cannot be
    written, see :func:`fallback_note`)."""
    return os.environ.get("NUMBA_CACHE_DIR") or str(_default_folder())


def place_kernels(impl):
    """Put :class:`KernelLocator` first among the cache locators of numba's cache implementation ``impl`` (a
    class; numba's CPU one, or numba-cuda's), once."""
    if KernelLocator not in impl._locator_classes:
        impl._locator_classes.insert(0, KernelLocator)


@cache
def _default_folder():
    global FALLBACK, FRESH
    wanted = user_cache() / "numba" / f"numba-{_numba_version()}"
    try:
        wanted.mkdir(parents=True, exist_ok=True)
        if not os.access(wanted, os.W_OK):
            raise PermissionError(13, "Permission denied")
        used = wanted
    except OSError as exc:  # kept where it can be, and said (a cache that cannot be written recompiles every run)
        used = Path(tempfile.gettempdir()) / f"nqueens-numba-{os.getuid()}" / wanted.name
        FALLBACK = (wanted, used, exc.strerror or str(exc))
    try:
        FRESH = not any(used.iterdir()) if used.is_dir() else True
    except OSError:
        FRESH = True
    return used


def _numba_version():
    from importlib import metadata

    try:
        return metadata.version("numba")
    except metadata.PackageNotFoundError:
        return "any"


# (wanted folder, folder used, reason) when the cache folder could not be written; the CLI says so.
FALLBACK = None
# True when the cache folder held no kernel yet: this run compiles them (the CLI says so at a terminal).
FRESH = False


def fallback_note():
    """The line to show when the kernels are not cached where they should be, or ``None``."""
    if FALLBACK is None:
        return None
    wanted, used, reason = FALLBACK
    return f"note: the kernel cache {wanted} cannot be written ({reason}); compiled kernels are kept in {used}"


def fresh_note():
    """The line to show before a command that will compile the kernels this installation has not compiled yet."""
    where = folder()
    if not FRESH:
        return None
    return f"note: the first run of this version compiles its kernels (some seconds, once); later runs load them from {where}"


def say_compiling(say):
    """Call ``say`` with one ``note:`` line when a kernel module of this package starts compiling (its kernels
    were not in the cache for these sources), once per module and process, whatever else the cache holds; the
    CLI passes a printer at a terminal. ``None`` says nothing."""
    global _SAY
    _SAY = say


_SAY = None
_SAID: set = set()


def say_uncompiled(modules):
    """Say at once, through the printer of :func:`say_compiling`, which kernel modules among ``modules`` (and
    those they import) the cache lacks, before anything is imported: a command that knows its solvers says so
    within a moment of starting, not once numba is loaded."""
    if _SAY is None:
        return
    for module in uncompiled(modules):
        _compiling(module)


def _compiling(module):
    """Say, once per module and process, that the kernels of ``module`` compile."""
    if _SAY is not None and module not in _SAID:
        _SAID.add(module)
        _SAY(f"note: compiling the kernels of {module} (once for this version: the cache keeps them)")


_LISTENING: list = []


def _listen():
    """Register the listener of numba's ``numba:compile`` event (fired only on a cache miss), once."""
    if _LISTENING:
        return
    from numba.core import event

    class Compiling(event.Listener):
        depth = 0

        def on_start(self, ev):
            self.depth += 1
            if self.depth > 1 or _SAY is None:  # a kernel's callees compile inside its note
                return
            module = getattr(getattr(ev.data.get("dispatcher"), "py_func", None), "__module__", "") or ""
            if module.startswith("nqueens."):
                _compiling(module)

        def on_end(self, ev):
            self.depth -= 1

    event.register("numba:compile", Compiling())
    _LISTENING.append(True)


def uncompiled(modules):
    """The kernel modules (those that define compiled kernels) among ``modules`` and the project modules they
    import whose kernels the cache does not hold for their sources yet: a run that uses them compiles them first.
    Nothing is imported."""
    closure = set()
    for name in modules:
        closure |= _closure(name)
    kernels = sorted(m for m in closure if _defines_kernels(m))
    where = folder()
    # a module's folder is made when numba first sees its kernels (a kernel only inlined into others keeps none)
    return [m for m in kernels if not os.path.isdir(os.path.join(where, f"{m}-{module_digest(m)}"))]


_KERNEL = re.compile(rb"^\s*@(?:numba\.)?(?:njit|jit)\b", re.M)


@cache
def _defines_kernels(module):
    path = _source(module)
    return path is not None and _KERNEL.search(path.read_bytes()) is not None


class KernelLocator:
    """numba's cache locator for this package's kernels: ``folder()/MODULE-DIGEST/``.

    numba asks each of its locators in turn (:meth:`from_function`); this one, first (:func:`place_kernels`), takes
    the functions of ``nqueens`` modules and leaves the others to numba's own locators. The source stamp numba
    keeps in each index is the same digest, so a folder is never read for other sources.
    """

    def __init__(self, py_func, module):
        self._lineno = py_func.__code__.co_firstlineno
        self._stamp = module_digest(module)
        self._path = os.path.join(folder(), f"{module}-{self._stamp}")

    @classmethod
    def from_function(cls, py_func, py_file):
        module = getattr(py_func, "__module__", None) or ""
        if _source(module) is None:
            return None
        if Path(py_file).resolve() != _source(module):
            return None
        _listen()
        self = cls(py_func, module)
        try:
            self.ensure_cache_path()
        except OSError:
            return None
        return self

    def ensure_cache_path(self):
        os.makedirs(self._path, exist_ok=True)
        tempfile.TemporaryFile(dir=self._path).close()  # as numba's own locators check that it can write

    def get_cache_path(self):
        return self._path

    def get_source_stamp(self):
        return self._stamp

    def get_disambiguator(self):
        return str(self._lineno)


@cache
def module_digest(name: str) -> str:
    """A digest of the module ``name`` and every project module it imports, transitively (read from the
    sources: nothing is imported)."""
    digest = hashlib.sha256()
    for module in sorted(_closure(name)):
        path = _source(module)
        if path is not None:
            digest.update(module.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_IMPORT = re.compile(rb"^\s*(?:from\s+(nqueens[\w.]*)\s+import\s+([\w\s,()]+)|import\s+(nqueens[\w.]*))", re.M)


def _closure(name):
    """``name`` and every project module it imports, transitively (read from the sources, nothing imported; a
    line scan, not a parse: start-up time matters, and an import the scan over-reads only widens the digest)."""
    seen, todo = set(), [name]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = _source(module)
        if path is None:
            continue
        for found in _IMPORT.finditer(path.read_bytes()):
            package, names, plain = (g.decode() if g else None for g in found.groups())
            if plain:
                todo.append(plain)
            else:
                todo.append(package)
                todo.extend(
                    f"{package}.{alias.split()[0]}"
                    for alias in (names or "").replace("(", "").replace(")", "").split(",")
                    if alias.strip()
                )
    return seen


@cache
def _source(module):
    """The source file of the project module ``module``, found from the package layout (nothing imported), or
    ``None`` for anything else (another package, a name imported from a module)."""
    parts = module.split(".")
    if parts[0] != "nqueens":
        return None
    base, rest = _PACKAGE, parts[1:]
    if rest and rest[0] in _FOLDERS[1:] and not (_PACKAGE / rest[0]).is_dir():
        base, rest = _PACKAGE.parent / rest[0], rest[1:]  # a checkout: the subpackages are top-level folders
    path = base.joinpath(*rest)
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    if rest and path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    return None
