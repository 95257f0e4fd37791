"""Where numba keeps the compiled kernels: one folder per kernel module, named after that module's own sources.

numba checks a cached kernel against the file that defines it, not against the files it calls into: a kernel of
``models/mary.py`` that inlines functions of ``models/rows.py`` would be loaded from the cache after ``rows.py``
changed (a ``git pull`` that touches one file), and would run the old code. So each module's kernels live in a
folder named after a digest of that module and of every project module it imports, transitively
(:func:`module_digest`, read from the sources, nothing imported): an edit of a kernel recompiles that module and
the modules that import it, and an edit anywhere else (the CLI, the docs, the runner) recompiles nothing. The
folders sit under one folder per numba version; two checkouts of the same sources share them (modification times
play no part, so a fresh clone finds the kernels a previous clone compiled, and an edit within the same second
cannot load a stale kernel). numba is told through ``NUMBA_CACHE_LOCATOR_CLASSES`` (:class:`KernelLocator` first,
numba's own locators after it for everything that is not this package's); a numba too old to read that setting
gets one folder named after the digest of every source file instead, as coarse but as safe.

Set ``NUMBA_CACHE_DIR`` yourself to choose another place; the folders per module go there. This runs when
:mod:`nqueens` is imported, before numba is, and reads no source: the digests are taken when numba asks.
"""

import hashlib
import os
import re
import tempfile
from functools import cache
from pathlib import Path

__all__ = [
    "use_source_keyed_cache",
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
# numba's own locators, in numba's order, after ours (for cached functions that are not this package's).
_NUMBA_LOCATORS = "UserProvidedCacheLocator,InTreeCacheLocator,UserWideCacheLocator,IPythonCacheLocator,ZipCacheLocator"


def use_source_keyed_cache():
    """Point numba's cache at the folder for this numba version, with a folder per kernel module under it, unless
    numba is already loaded. ``NUMBA_CACHE_DIR`` set by the user is kept."""
    import sys

    if "numba" in sys.modules:
        return None
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    locators = _numba_reads_locator_classes()
    if locators and not os.environ.get("NUMBA_CACHE_LOCATOR_CLASSES"):
        os.environ["NUMBA_CACHE_LOCATOR_CLASSES"] = f"{__name__}.KernelLocator,{_NUMBA_LOCATORS}"
    if chosen:
        return None
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = f"numba-{locators}" if locators else _digest_of_every_source()
    folder = Path(cache) / "nqueens" / "numba" / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as exc:  # kept where it can be, and said (a cache that cannot be written recompiles every run)
        global FALLBACK
        wanted = folder
        folder = Path(tempfile.gettempdir()) / f"nqueens-numba-{os.getuid()}" / wanted.name
        FALLBACK = (wanted, folder, exc.strerror or str(exc))
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    global FRESH
    try:
        FRESH = not any(folder.iterdir()) if folder.is_dir() else True
    except OSError:
        FRESH = True
    return folder


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
    if not FRESH:
        return None
    return (
        "note: the first run of this version compiles its kernels (some seconds, once); "
        f"later runs load them from {os.environ.get('NUMBA_CACHE_DIR')}"
    )


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
        if module not in _SAID:
            _SAID.add(module)
            _SAY(_compiling(module))


def _compiling(module):
    return f"note: compiling the kernels of {module} (once for this version: the cache keeps them)"


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
            if module.startswith("nqueens.") and module not in _SAID:
                _SAID.add(module)
                _SAY(_compiling(module))

        def on_end(self, ev):
            self.depth -= 1

    event.register("numba:compile", Compiling())
    _LISTENING.append(True)


def uncompiled(modules):
    """The kernel modules (those that define compiled kernels) among ``modules`` and the project modules they
    import whose kernels the cache does not hold for their sources yet: a run that uses them compiles them first.
    Nothing is imported; under a numba too old for per-module folders, every kernel module when the cache is
    empty, else none."""
    closure = set()
    for name in modules:
        closure |= _closure(name)
    kernels = sorted(m for m in closure if _defines_kernels(m))
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder or not os.environ.get("NUMBA_CACHE_LOCATOR_CLASSES", "").startswith(__name__):
        return kernels if FRESH else []
    # a module's folder is made when numba first sees its kernels (a kernel only inlined into others keeps none)
    return [m for m in kernels if not os.path.isdir(os.path.join(folder, f"{m}-{module_digest(m)}"))]


_KERNEL = re.compile(rb"^\s*@(?:numba\.)?(?:njit|jit)\b", re.M)


@cache
def _defines_kernels(module):
    path = _source(module)
    return path is not None and _KERNEL.search(path.read_bytes()) is not None


class KernelLocator:
    """numba's cache locator for this package's kernels: ``NUMBA_CACHE_DIR/MODULE-DIGEST/``.

    numba asks each locator in ``NUMBA_CACHE_LOCATOR_CLASSES`` in turn (:meth:`from_function`); this one takes
    the functions of ``nqueens`` modules and leaves the others to numba's own locators. The source stamp numba
    keeps in each index is the same digest, so a folder is never read for other sources.
    """

    def __init__(self, py_func, module):
        self._lineno = py_func.__code__.co_firstlineno
        self._stamp = module_digest(module)
        self._path = os.path.join(os.environ["NUMBA_CACHE_DIR"], f"{module}-{self._stamp}")

    @classmethod
    def from_function(cls, py_func, py_file):
        module = getattr(py_func, "__module__", None) or ""
        if not os.environ.get("NUMBA_CACHE_DIR") or _source(module) is None:
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


def _numba_reads_locator_classes():
    """numba's version when it reads ``NUMBA_CACHE_LOCATOR_CLASSES`` (its configuration file names it), else
    ``""`` (found without importing numba)."""
    import importlib.util

    try:
        found = importlib.util.find_spec("numba")
    except (ImportError, ValueError):
        return ""
    if found is None or not found.submodule_search_locations:
        return ""
    folder = Path(next(iter(found.submodule_search_locations)))
    try:
        if b"NUMBA_CACHE_LOCATOR_CLASSES" not in (folder / "core" / "config.py").read_bytes():
            return ""
        version = re.search(rb"version_json = '''\s*(\{.*?\})\s*'''", (folder / "_version.py").read_bytes(), re.S)
    except OSError:
        return ""
    if version:
        import json

        return json.loads(version.group(1)).get("version") or "any"
    return "any"


def _digest_of_every_source():
    roots = [_PACKAGE.parent / name for name in _FOLDERS]
    if not all(root.is_dir() for root in roots):  # an installed wheel: the subpackages live under nqueens/
        roots = [_PACKAGE]
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            digest.update(f"{path.relative_to(root.parent)}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]
