"""The result store: a SQLite file that keeps every finished subproblem of a long count, and every finished run.

A long count is split into independent subproblems (see :mod:`nqueens.native.engine`). Each one, once finished,
is written here in its own transaction, so a run stopped by Ctrl-C, ``kill -9``, a crash or a lost cluster
resumes where it stopped: the next run of the same count takes the finished subproblems from the store and
computes only the missing ones. A finished run is recorded with its parameters, counts, time, workers and host
(``nqueens history``); asking for the same count again computes it again, unless the stored answer is asked
for (``nqueens count --cached``).

Nothing is mixed that should not be: a run is keyed by ``n``, the solver, its algorithm version and the digest of
its plan (the exact list of subproblems), and each stored subproblem carries its own digest, which must match.
A file that is not a SQLite database, is damaged, is not a result store, or stays locked by another process
for longer than :data:`LOCK_TIMEOUT` seconds is an :class:`~nqueens.core.errors.NQueensError` naming the file.

The file is ``--store PATH`` if given, else the ``NQUEENS_STORE`` environment variable, else
``$XDG_CACHE_HOME/nqueens/results.sqlite`` (``~/.cache/nqueens/results.sqlite`` when that is not set). Only that
default cache folder is created when missing; the folder of a store that is named must exist.

The same file holds the runs of experiments (``nqueens compare``, :mod:`nqueens.experiments.runner`), one row per run in
a table of their own, each written in its own transaction. A store written by a newer version of nqueens (a
higher schema) is refused; an older one is brought up to date when opened.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "results.sqlite")
>>> with ResultStore(path) as store:
...     run = store.open_run(14, "fast", "1", plan="abc", subproblems=2)
...     store.record(run, 0, "d0", {"total": 5}, 0.1)
...     store.finish(run, {"total": 7, "unique": 2}, seconds=0.2, workers=1, host="here")
...     [(r["n"], r["total"], r["unique"], r["workers"]) for r in store.history()]
[(14, 7, 2, 1)]
"""

import json
import os
import sqlite3
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.files import user_cache
from nqueens.core.record import RunRecord, classes_from_json

__all__ = ["SCHEMA", "LOCK_TIMEOUT", "ENV_VAR", "default_path", "resolve_path", "Run", "ResultStore"]

SCHEMA = "2"  # 2: experiment runs
LOCK_TIMEOUT = 30.0  # seconds to wait for another process's write lock before giving up
ENV_VAR = "NQUEENS_STORE"
COUNT_KEY = "count:"  # the key in the log of runs of a finished count: count:<its id in the engine's table>
_APPLICATION = "nqueens result store"

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    n INTEGER NOT NULL,
    solver TEXT NOT NULL,
    version TEXT NOT NULL,
    plan TEXT NOT NULL,
    subproblems INTEGER NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    result TEXT,
    seconds REAL,
    workers INTEGER,
    host TEXT,
    reused INTEGER
);
CREATE TABLE IF NOT EXISTS results (
    run INTEGER NOT NULL REFERENCES runs (id),
    idx INTEGER NOT NULL,
    digest TEXT NOT NULL,
    result TEXT NOT NULL,
    seconds REAL NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (run, idx)
);
CREATE INDEX IF NOT EXISTS runs_by_key ON runs (n, solver, version, plan);
CREATE TABLE IF NOT EXISTS experiment_runs (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    solver TEXT NOT NULL,
    problem TEXT NOT NULL,
    question TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    status TEXT NOT NULL,
    record TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS experiment_runs_by_key ON experiment_runs (key);
"""


def default_path():
    """The store used when none is given: ``$NQUEENS_STORE``, else the user's cache directory.

    Examples
    --------
    >>> default_path().name
    'results.sqlite'
    """
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return cache_path()


def cache_path():
    """The store in the user's cache directory, the one store whose folder is created when missing."""
    return user_cache() / "results.sqlite"


def resolve_path(path=None):
    """``path`` as a :class:`~pathlib.Path`, or :func:`default_path` when it is ``None``.

    Raises
    ------
    NQueensError
        If ``path`` is empty, is ``none`` (which means no store, so it cannot be read), or names a directory or
        another file that is not a regular one (a named pipe, a device).
    """
    if path is None:
        return default_path()
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise NQueensError(f"the result store must be a file path, got {path!r}")
    if str(path).strip().lower() == "none":
        raise NQueensError("'none' means no result store; give the file to read, e.g. --store results.sqlite")
    path = Path(path).expanduser()
    if path.is_dir():
        raise NQueensError(f"result store {path} is a directory; give a file path such as {path / 'results.sqlite'}")
    from nqueens.core.files import not_regular

    kind = not_regular(path)
    if kind is not None:  # SQLite would wait on a named pipe for ever
        raise NQueensError(f"result store {path} is not a regular file ({kind}); give a file path")
    return path


class Run:
    """A run being computed: its row id in the store and the subproblem results already there.

    Attributes
    ----------
    id : int
    done : dict
        ``{index: (digest, result)}`` of the subproblems finished so far (by this session or earlier ones).
    resumed : int
        How many of them earlier sessions had finished.
    """

    def __init__(self, run_id, done):
        self.id = run_id
        self.done = dict(done)
        self.resumed = len(done)


class ResultStore:
    """One result store file, opened for reading and writing (a context manager).

    Parameters
    ----------
    path : str or os.PathLike, optional
        The file; see :func:`resolve_path`. Only the default cache folder is created if needed.
    create : bool
        Create the file if it does not exist. With ``False`` a missing file is an error, unless it is the
        default store in the cache folder (which is then an empty store).

    Raises
    ------
    NQueensError
        If the file cannot be created or read, its folder does not exist, is not a result store, was written by
        a newer version of nqueens, or stays locked for longer than :data:`LOCK_TIMEOUT` seconds.
    """

    def __init__(self, path=None, *, create=True, write=True):
        self.path = resolve_path(path)
        self._db: Any = None  # the connection once opened
        self._opened = 0  # the last experiment run's id when opened for writing
        default = self.path == cache_path()
        if not create and not self.path.exists():
            if not default:
                raise NQueensError(f"result store {self.path} does not exist")
            self._db = sqlite3.connect(":memory:", isolation_level=None)  # the default store not made yet: empty
            self._create()
            return
        if not write:  # reading needs no write access: a store on read-only media, or another user's file
            with self._refused(), self._guard():
                self._db = _connect_read_only(self.path)
                self._check()
            return
        check_folder(self.path)
        with self._refused(), self._guard():
            self._db = sqlite3.connect(self.path, timeout=LOCK_TIMEOUT, isolation_level=None)
            self._db.execute(f"PRAGMA busy_timeout = {int(LOCK_TIMEOUT * 1000)}")
            self._check()
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            with self._transaction():
                self._create()
                # the experiment runs written before this store was opened: a row of a key written after it,
                # by another process, is that process's making of the same run (see record_experiment_run)
                self._opened = self._db.execute("SELECT COALESCE(MAX(id), 0) FROM experiment_runs").fetchone()[0]
        self._stat = os.stat(self.path)

    @contextmanager
    def _refused(self):
        """A file refused while it is opened is closed at once: SQLite then folds back and removes the ``-wal``
        and ``-shm`` files its reading made (left open, they stay beside a file that is not ours)."""
        try:
            yield
        except BaseException:
            self.close()
            raise

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Close the file (idempotent)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- runs -------------------------------------------------------------------------------------------------

    def open_run(self, n, solver, version, *, plan, subproblems):
        """The unfinished run of this count to resume, or a new one; a :class:`Run`.

        A run is resumed only if ``n``, ``solver``, ``version`` and the ``plan`` digest all match; finished
        runs are never resumed (a count asked again is computed again).
        """
        with self._guard(), self._transaction():
            row = self._db.execute(
                "SELECT id FROM runs WHERE n = ? AND solver = ? AND version = ? AND plan = ? AND finished IS NULL "
                "ORDER BY id DESC LIMIT 1",
                (n, solver, str(version), plan),
            ).fetchone()
            if row is None:
                cur = self._db.execute(
                    "INSERT INTO runs (n, solver, version, plan, subproblems, started) VALUES (?, ?, ?, ?, ?, ?)",
                    (n, solver, str(version), plan, subproblems, _now()),
                )
                return Run(cur.lastrowid, {})
            done = {
                idx: (digest, json.loads(result))
                for idx, digest, result in self._db.execute(
                    "SELECT idx, digest, result FROM results WHERE run = ?", (row[0],)
                )
            }
            return Run(row[0], done)

    def record(self, run, index, digest, result, seconds):
        """Write one finished subproblem (its own transaction) and note it in ``run.done``."""
        with self._guard(), self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO results (run, idx, digest, result, seconds, finished) VALUES (?, ?, ?, ?, ?, ?)",
                (_run_id(run), int(index), digest, json.dumps(result), float(seconds), _now()),
            )
        if isinstance(run, Run):
            run.done[index] = (digest, result)

    def finish(self, run, result, *, seconds, workers, host):
        """Mark ``run`` finished with its final ``result`` (a JSON-able dict with ``total`` and ``unique``), and
        write it into the log of runs as a one-run experiment (what ``nqueens runs``, ``report`` and ``history``
        read), in one transaction.

        Its subproblem results are deleted in the same transaction: a finished run is never resumed, and the
        store keeps only its record.
        """
        resumed = run.resumed if isinstance(run, Run) else 0
        self._check_still_there(result)
        with self._guard(), self._transaction():
            self._db.execute(
                "UPDATE runs SET finished = ?, result = ?, seconds = ?, workers = ?, host = ?, reused = ? WHERE id = ?",
                (_now(), json.dumps(result), float(seconds), workers, host, resumed, _run_id(run)),
            )
            self._db.execute("DELETE FROM results WHERE run = ?", (_run_id(run),))
            row = self._db.execute(f"SELECT {_COUNT_COLUMNS} FROM runs WHERE id = ?", (_run_id(run),)).fetchone()
            entry = _logged(self.path, row)
            self._db.execute(
                "INSERT INTO experiment_runs (key, solver, problem, question, repeat, status, record, finished) "
                "VALUES (?, ?, ?, 'count', 1, 'solved', ?, ?)",
                (f"{COUNT_KEY}{row[0]}", entry["solver"], str(entry["n"]), json.dumps(entry), entry["finished"]),
            )

    def finished(self, n, solver, version):
        """The latest finished run of this count (a dict as in :meth:`history`), or ``None``.

        Raises
        ------
        NQueensError
            If the stored record does not add up (its classes do not make its total and unique count).
        """
        rows = [r for r in self._counts() if (r["n"], r["solver"], r["version"]) == (n, solver, str(version))]
        return _checked(self.path, rows[-1]) if rows else None

    def history(self, *, check=True):
        """The finished runs, oldest first: dicts with ``n, solver, total, unique, seconds, workers, host,
        version, finished`` (docs/design.md's keys), plus ``id``, ``result`` (everything the run counted),
        ``subproblems`` and ``reused`` (how many subproblems earlier, interrupted sessions had finished).

        With ``check=False`` a record that does not add up is listed with its ``problem`` instead of raised
        (``nqueens store list``, so that it can be deleted).

        Raises
        ------
        NQueensError
            If a stored record does not add up (see :meth:`finished`), unless ``check`` is false.
        """
        out = []
        for entry in self._counts():
            try:
                out.append(_checked(self.path, entry))
            except NQueensError as exc:
                if check:
                    raise
                out.append({**entry, "problem": str(exc)})
        return out

    def unfinished(self):
        """The runs started and not finished (interrupted, or running now), oldest first: dicts with ``id, n,
        solver, version, started, subproblems`` and ``done`` (subproblems finished so far)."""
        with self._guard():
            rows = self._db.execute(
                "SELECT id, n, solver, version, started, subproblems, "
                "(SELECT COUNT(*) FROM results WHERE results.run = runs.id) FROM runs WHERE finished IS NULL ORDER BY id"
            ).fetchall()
        keys = ("id", "n", "solver", "version", "started", "subproblems", "done")
        return [dict(zip(keys, row)) for row in rows]

    def run_ids(self):
        """The ids of every counting run, finished or not."""
        with self._guard():
            return [row[0] for row in self._db.execute("SELECT id FROM runs ORDER BY id")]

    def delete_run(self, run_id):
        """Delete one counting run (finished or not) and its subproblem results.

        Raises
        ------
        NQueensError
            If there is no run with that id.
        """
        if run_id not in self.run_ids():
            raise NQueensError(f"result store {self.path} has no run {run_id}; `nqueens store list` shows the ids")
        with self._guard(), self._transaction():
            self._db.execute("DELETE FROM results WHERE run = ?", (run_id,))
            self._db.execute("DELETE FROM runs WHERE id = ?", (run_id,))
            self._db.execute("DELETE FROM experiment_runs WHERE key = ?", (f"{COUNT_KEY}{run_id}",))

    def delete_experiment_runs(self, solver=None):
        """Delete the recorded experiment runs (of one column, ``solver``, if given); return how many."""
        where, params = ("WHERE solver = ?", (solver,)) if solver is not None else ("", ())
        with self._guard(), self._transaction():
            return self._db.execute("DELETE FROM experiment_runs " + where, params).rowcount

    def vacuum(self):
        """Give the space of deleted rows back to the file system."""
        with self._guard():
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.execute("VACUUM")
            # In WAL mode VACUUM writes the new pages to the log: fold them into the file, so its size is real.
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def info(self):
        """``path``, ``size`` (bytes, with the write-ahead log), ``schema``, and the number of ``finished`` and
        ``unfinished`` counting runs and of ``experiment_runs``."""
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        counts = {}
        with self._guard():
            counts["finished"], counts["unfinished"] = self._db.execute(
                "SELECT COUNT(finished), COUNT(*) - COUNT(finished) FROM runs"
            ).fetchone()
            counts["experiment_runs"] = self._db.execute("SELECT COUNT(*) FROM experiment_runs").fetchone()[0]
        return {"path": str(self.path), "size": size, "schema": SCHEMA, **counts}

    # -- experiment runs --------------------------------------------------------------------------------------

    def record_experiment_run(self, key, record, *, replace=False):
        """Write one run of an experiment (a JSON-able dict with ``solver``, ``n``, ``instance``, ``question``,
        ``repeat``, ``status``, ``finished``) under its identity ``key``, in its own transaction; with
        ``replace``, overwrite the latest row of that key instead (a verdict reached later). A run that another
        process wrote under the same key while this store was open (two experiments at once) is not written a
        second time: ``False`` then, else ``True``."""
        problem = record.get("instance") or str(record["n"])
        row = (
            key,
            record["solver"],
            problem,
            record["question"],
            int(record["repeat"]),
            record["status"],
            json.dumps(record, default=str),
            record.get("finished") or _now(),
        )
        with self._guard(), self._transaction():
            latest = (
                self._db.execute("SELECT MAX(id) FROM experiment_runs WHERE key = ?", (key,)).fetchone()[0]
                if replace
                else None
            )
            if (
                latest is None
                and self._db.execute(
                    "SELECT 1 FROM experiment_runs WHERE key = ? AND id > ?", (key, self._opened)
                ).fetchone()
            ):
                return False  # another process wrote the same run while this one was open: one row per run
            if latest is None:
                self._db.execute(
                    "INSERT INTO experiment_runs (key, solver, problem, question, repeat, status, record, finished) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
            else:
                self._db.execute(
                    "UPDATE experiment_runs SET status = ?, record = ? WHERE id = ?", (row[5], row[6], latest)
                )
        return True

    def repeated_runs(self):
        """``{id: earlier id}`` for every experiment run stored again under the key of an earlier row (the same
        run made again with ``--fresh``, or written twice by experiments that ran at once)."""
        with self._guard():
            rows = self._db.execute("SELECT id, key FROM experiment_runs ORDER BY id").fetchall()
        first: dict[str, int] = {}
        again: dict[int, int] = {}
        for run_id, key in rows:
            if key in first:
                again[run_id] = first[key]
            else:
                first[key] = run_id
        return again

    def superseded_runs(self):
        """The ids of the experiment runs stored again later under the same key (made again with ``--fresh``):
        a summary counts each run once, the latest."""
        with self._guard():
            rows = self._db.execute(
                "SELECT id FROM experiment_runs AS e WHERE EXISTS "
                "(SELECT 1 FROM experiment_runs AS later WHERE later.key = e.key AND later.id > e.id)"
            ).fetchall()
        return {row[0] for row in rows}

    def experiment_runs_by_key(self, keys):
        """``{key: record}`` of the latest stored run of each of ``keys`` that is in the store."""
        found = {}
        keys = list(keys)
        with self._guard():
            for start in range(0, len(keys), 500):
                chunk = keys[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for key, record in self._db.execute(
                    f"SELECT key, record FROM experiment_runs WHERE key IN ({marks}) ORDER BY id", chunk
                ):
                    found[key] = self._load(record)
        return found

    def experiment_runs(self, solver=None, since=None):
        """Every recorded experiment run, oldest first (of one column ``solver``; finished at or after the
        ISO time ``since``): the run records, each with its ``id``."""
        where, params = [], []
        if solver is not None:
            where.append("solver = ?")
            params.append(solver)
        if since is not None:
            where.append("finished >= ?")
            params.append(since)
        sql = "SELECT id, record FROM experiment_runs" + (" WHERE " + " AND ".join(where) if where else "")
        with self._guard():
            rows = self._db.execute(sql + " ORDER BY id", params).fetchall()
        return [{"id": run_id, **self._load(record)} for run_id, record in rows]

    def _load(self, text):
        try:
            record = json.loads(text)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            raise NQueensError(f"result store {self.path} holds a damaged experiment run")
        return record

    def _counts(self):
        """The finished counts, oldest first, as :meth:`history` lists them, read from the log of runs (a count
        finished by an earlier version, which wrote none there, from its row in the engine's table)."""
        with self._guard():
            logged = self._db.execute(
                "SELECT key, record FROM experiment_runs WHERE key LIKE ? ORDER BY id", (f"{COUNT_KEY}%",)
            ).fetchall()
            rows = self._db.execute(
                f"SELECT {_COUNT_COLUMNS} FROM runs WHERE finished IS NOT NULL ORDER BY id"
            ).fetchall()
        entries = {int(key[len(COUNT_KEY) :]): self._load(record) for key, record in logged}
        for row in rows:
            entries.setdefault(row[0], _logged(self.path, row))
        return [_listed(self.path, run_id, entries[run_id]) for run_id in sorted(entries)]

    # -- plumbing ---------------------------------------------------------------------------------------------

    def _check_still_there(self, result):
        """Refuse to report a stored result when the file was deleted or replaced during the run (SQLite would go
        on writing to the unlinked file and the answer would be lost without a word)."""
        try:
            same = os.path.samestat(os.stat(self.path), self._stat)
        except OSError:
            same = False
        if not same:
            raise NQueensError(
                f"result store {self.path} was deleted or replaced during the run, so the result (total "
                f"{result.get('total')}) is not stored; run again to store it"
            )

    def _check(self):
        """Refuse a file that is not a healthy SQLite database holding a result store this version can read."""
        verdict = self._db.execute("PRAGMA quick_check").fetchone()
        if verdict is None or verdict[0] != "ok":
            raise NQueensError(f"result store {self.path} is damaged ({verdict[0] if verdict else 'no answer'})")
        tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return
        meta = dict(self._db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("application") != _APPLICATION:
            raise NQueensError(f"{self.path} is a SQLite database but not an nqueens result store")
        schema = meta.get("schema")
        if not str(schema).isdigit():
            raise NQueensError(f"result store {self.path} has schema {schema!r}, which no version of nqueens writes")
        if int(str(schema)) > int(SCHEMA):
            raise NQueensError(
                f"result store {self.path} has schema {schema!r}, written by a newer version of nqueens; this "
                f"version reads schemas up to {SCHEMA!r}: upgrade nqueens, or choose another file with --store"
            )

    def _create(self):
        for statement in _TABLES.split(";"):
            if statement.strip():
                self._db.execute(statement)
        self._db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('application', ?)", (_APPLICATION,))
        self._db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA,))
        # An older store has had the missing tables created above: it is now of this schema.
        self._db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA,))

    @contextmanager
    def _transaction(self):
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @contextmanager
    def _guard(self):
        """Turn SQLite's errors into one-line NQueensErrors that name the file."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            text = str(exc)
            if "locked" in text or "busy" in text:
                raise NQueensError(
                    f"result store {self.path} is locked by another process (waited {LOCK_TIMEOUT:g} s)"
                ) from None
            if "unable to open" in text:
                raise NQueensError(
                    f"cannot use result store {self.path}: {text} (writing needs the file and its folder writable)"
                ) from None
            if "readonly" in text:
                raise NQueensError(f"cannot write result store {self.path}: it is read-only") from None
            raise NQueensError(f"cannot use result store {self.path}: {text}") from None
        except sqlite3.DatabaseError as exc:
            raise NQueensError(f"result store {self.path} cannot be read: {exc}") from None


def check_folder(path):
    """Make sure the folder of store ``path`` is there (the default store's is created), before any work is
    done for the store: a count must not compute for minutes and then find it cannot keep its result."""
    path = resolve_path(path)
    if path == cache_path():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise NQueensError(
                f"cannot create the folder of result store {path}: {exc.strerror} (set NQUEENS_STORE or give "
                "--store FILE, or --store none to keep nothing)"
            ) from None
    elif not path.parent.is_dir():
        raise NQueensError(f"cannot create result store {path}: the folder {path.parent} does not exist")


def _connect_read_only(path):
    """A read-only connection. SQLite reads a write-ahead-logged file through its ``-shm`` index, which it must be
    able to create; where it cannot (a read-only folder or file system), the file is read as immutable."""
    from urllib.parse import quote

    uri = f"file:{quote(str(Path(path).resolve()))}"
    folder = Path(path).resolve().parent
    if os.access(path, os.R_OK | os.W_OK) and os.access(folder, os.W_OK | os.X_OK):
        # A reader that may write opens the file read-write and promises to write nothing: the last connection
        # to close then folds the write-ahead log back and removes -wal and -shm (a mode=ro reader leaves them).
        db = sqlite3.connect(f"{uri}?mode=rw", uri=True, timeout=LOCK_TIMEOUT, isolation_level=None)
        db.execute("PRAGMA query_only = 1")
        return db
    db = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=LOCK_TIMEOUT, isolation_level=None)
    try:
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError:
        db.close()
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=LOCK_TIMEOUT, isolation_level=None)


_COUNT_COLUMNS = "id, n, solver, version, result, seconds, workers, host, finished, subproblems, reused"


def _logged(path, row):
    """A finished count (its row of the engine's table) as a one-run experiment of the log of runs."""
    from nqueens.core.version import __version__

    run_id, n, solver, version, result, seconds, workers, host, finished, subproblems, reused = row
    try:
        result = json.loads(result)
        total, unique, classes = result["total"], result.get("unique"), classes_from_json(result.get("classes"))
    except (TypeError, ValueError, KeyError, AttributeError):
        raise NQueensError(f"result store {path} holds a damaged run record (n = {n})") from None
    record = RunRecord(
        n=n,
        solver=solver,
        registered=solver,
        question="count",
        status="solved",
        total=total,
        unique=unique,
        classes=classes,
        seconds=seconds,
        host=host,
        finished=finished,
        version=__version__,
        stats={"run": run_id, "code": version, "workers": workers, "subproblems": subproblems, "resumed": reused},
    ).stored_dict()
    record["classes"] = result.get("classes")  # as stored: a damaged one is named by history, not hidden
    return record


def _listed(path, run_id, record):
    """A logged count as :meth:`ResultStore.history` lists it (docs/design.md's keys first)."""
    stats = record.get("stats") or {}
    try:
        return {
            "id": run_id,
            "n": record["n"],
            "solver": record["solver"],
            "total": record["total"],
            "unique": record.get("unique"),
            "seconds": record.get("seconds"),
            "workers": stats.get("workers"),
            "host": record.get("host"),
            "version": stats.get("code"),
            "finished": record.get("finished"),
            "result": {k: record.get(k) for k in ("total", "unique", "classes")},
            "subproblems": stats.get("subproblems"),
            "reused": stats.get("resumed"),
        }
    except (TypeError, KeyError):
        raise NQueensError(f"result store {path} holds a damaged run record (run {run_id})") from None


def _checked(path, entry):
    """``entry``, a finished count; one whose orbit classes do not make its total and unique count is not a result."""
    run_id, n, solver, result = entry["id"], entry["n"], entry["solver"], entry["result"]
    classes = result.get("classes")
    if not isinstance(classes, dict):
        return entry
    try:
        sizes = classes_from_json(classes)
        total, unique = int(result["total"]), result.get("unique")
    except (TypeError, ValueError):
        sizes, total, unique = None, None, None
    if (
        sizes is None
        or sum(s * c for s, c in sizes.items()) != total
        or (unique is not None and sum(sizes.values()) != int(unique))
    ):
        raise NQueensError(
            f"result store {path}: the record of run {run_id} (n = {n}, {solver}) is inconsistent: its classes "
            f"{', '.join(f'{c} of size {s}' for s, c in sorted((sizes or {}).items())) or '(unreadable)'} do not add "
            f"up to total {result.get('total')} and unique {result.get('unique')}; delete it with "
            f"`nqueens store delete {run_id} --store {path}`"
        )
    return entry


def _run_id(run):
    return run.id if isinstance(run, Run) else int(run)


def _now():
    return datetime.fromtimestamp(time.time(), UTC).isoformat(timespec="seconds")
