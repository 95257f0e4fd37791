"""The result store: where it lives, what it refuses to read, what it never mixes, and ``nqueens history``."""

import json
import os
import sqlite3

import pytest
from helpers import run_cli
from known import TOTAL, UNIQUE
from nqueens.native import engine

import nqueens
from nqueens import NQueensError
from nqueens.runtime import run, store
from nqueens.runtime.run import code_version
from nqueens.runtime.store import ResultStore

# -- where the store is ----------------------------------------------------------------------------------------


def test_path_option_then_environment_then_cache_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("NQUEENS_STORE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert store.resolve_path() == tmp_path / "xdg" / "nqueens" / "results.sqlite"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert store.resolve_path() == tmp_path / "home" / ".cache" / "nqueens" / "results.sqlite"
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "env.sqlite"))
    assert store.resolve_path() == tmp_path / "env.sqlite"
    assert store.resolve_path(tmp_path / "given.sqlite") == tmp_path / "given.sqlite"


def test_long_counts_use_the_default_store_short_ones_do_not(monkeypatch, tmp_path):
    monkeypatch.delenv("NQUEENS_STORE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    default = tmp_path / "nqueens" / "results.sqlite"
    for n in (9, 14):
        assert nqueens.count(n, "fast").stats["store"] is None and not default.exists()
    r = nqueens.count(15, "fast")
    assert r.stats["store"] == str(default) and r.stats["subproblems"] > 1
    assert [e["n"] for e in ResultStore(default).history()] == [15]
    assert nqueens.count(15, "fast", cached=True).stats["store"] == str(default)  # --cached looks in the store
    with pytest.raises(NQueensError, match="no finished count of n = 8 by fast"):
        nqueens.count(8, "fast", cached=True)  # and never computes
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "env.sqlite"))
    assert nqueens.count(6, "fast").stats["store"] == str(tmp_path / "env.sqlite")
    assert nqueens.count(13, "fast", store="none").stats["store"] is None


# -- what the store refuses -----------------------------------------------------------------------------------


def _refused(capsys, path, *fragments):
    """``nqueens count`` with this store exits 2 with one error line naming the file and one of ``fragments``."""
    code, out, err = run_cli(capsys, "count", "12", "--store", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and str(path) in err, err
    assert any(fragment in err for fragment in fragments), err


def test_a_file_that_is_not_sqlite_is_refused(capsys, tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_text("these are not the results you are looking for\n" * 100)
    _refused(capsys, path, "cannot be read")


def test_a_damaged_store_is_refused(capsys, tmp_path):
    path = tmp_path / "results.sqlite"
    nqueens.count(12, "fast", store=str(path))
    data = bytearray(path.read_bytes())
    assert len(data) > 8192
    data[4096:8192] = b"\xa5" * 4096  # a page in the middle overwritten
    path.write_bytes(bytes(data))
    for side in ("-wal", "-shm"):
        (tmp_path / f"results.sqlite{side}").unlink(missing_ok=True)
    _refused(capsys, path, "malformed", "damaged")


def test_a_foreign_sqlite_database_is_refused(capsys, tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE customers (name TEXT)")
    _refused(capsys, path, "not an nqueens result store")


def test_a_store_of_a_newer_version_is_refused_by_name(capsys, tmp_path):
    path = tmp_path / "results.sqlite"
    ResultStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    _refused(capsys, path, "schema '99', written by a newer version of nqueens")
    code, out, err = run_cli(capsys, "history", "--store", str(path))
    assert code == 2 and "newer version" in err and str(path) in err


def test_an_older_store_is_brought_up_to_date(tmp_path):
    path = tmp_path / "results.sqlite"
    nqueens.count(12, "fast", store=str(path))
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE experiment_runs")
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    with ResultStore(path) as results:
        assert results.info()["schema"] == store.SCHEMA and [e["n"] for e in results.history()] == [12]
        assert results.experiment_runs() == []


def test_a_named_store_needs_an_existing_folder_only_the_cache_folder_is_made(capsys, monkeypatch, tmp_path):
    code, out, err = run_cli(capsys, "count", "12", "--store", str(tmp_path / "no" / "such" / "x.sqlite"))
    assert code == 2 and "the folder" in err and "does not exist" in err and not (tmp_path / "no").exists()
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "missing" / "env.sqlite"))
    with pytest.raises(NQueensError, match="does not exist"):
        ResultStore()
    monkeypatch.delenv("NQUEENS_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    ResultStore().close()
    assert (tmp_path / "cache" / "nqueens" / "results.sqlite").exists()


def test_a_directory_is_refused(capsys, tmp_path):
    code, out, err = run_cli(capsys, "count", "12", "--store", str(tmp_path))
    assert code == 2 and "is a directory" in err and err.count("\n") == 1


def test_a_store_locked_too_long_is_refused(capsys, monkeypatch, tmp_path):
    path = tmp_path / "results.sqlite"
    ResultStore(path).close()
    monkeypatch.setattr(store, "LOCK_TIMEOUT", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        _refused(capsys, path, "is locked by another process (waited 0.2 s)")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# -- what the store never mixes -------------------------------------------------------------------------------


def _plant_unfinished_run(path, n, version, value):
    """An unfinished run of ``n`` whose stored subproblems all claim ``value`` solutions."""
    subproblems = engine.plan(n)
    with ResultStore(path) as results:
        opened = results.open_run(
            n, engine.NAME, version, plan=run.plan_digest(engine, n, subproblems), subproblems=len(subproblems)
        )
        for s in subproblems[: len(subproblems) // 2]:
            results.record(opened, s.index, s.digest, {"total": value, "classes": {"8": value}}, 0.0)
    return len(subproblems) // 2


def test_another_algorithm_version_is_never_mixed_in(tmp_path):
    path = tmp_path / "results.sqlite"
    _plant_unfinished_run(path, 13, "0", 10**6)
    r = nqueens.count(13, "fast", store=str(path))
    assert (r.total, r.unique) == (TOTAL[13], UNIQUE[13])
    assert r.stats["reused"] == 0 and r.stats["computed"] == r.stats["subproblems"]


def test_subproblems_with_another_digest_are_not_reused(tmp_path):
    path = tmp_path / "results.sqlite"
    planted = _plant_unfinished_run(path, 13, code_version(engine), 7)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE results SET digest = 'something else' WHERE idx = 0")
    r = nqueens.count(13, "fast", store=str(path))
    # the planted results are taken (that is resuming: their digests match), except the one whose digest does
    # not; the planted numbers are wrong on purpose, so the total shows that they were used
    assert r.stats["reused"] == planted - 1 and r.total != TOTAL[13]
    # the run is finished: the same count asked again is computed from scratch, and exact
    again = nqueens.count(13, "fast", store=str(path))
    assert (again.total, again.unique) == (TOTAL[13], UNIQUE[13]) and again.stats["reused"] == 0


# -- finished runs, --cached, history ---------------------------------------------------------------------------


def test_a_finished_count_is_computed_again_unless_cached(capsys, tmp_path):
    path = str(tmp_path / "results.sqlite")
    first = nqueens.count(13, "fast", store=path)
    second = nqueens.count(13, "fast", store=path)
    assert second.stats["computed"] == second.stats["subproblems"] and "cached" not in second.stats
    code, out, _ = run_cli(capsys, "count", "13", "--store", path, "--cached", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["stats"]["cached"] is True
    assert (doc["total"], doc["unique"]) == (first.total, first.unique) == (TOTAL[13], UNIQUE[13])
    assert {int(k): v for k, v in doc["classes"].items()} == first.classes
    assert len(ResultStore(path).history()) == 2  # a cached answer is not a new run


def test_cached_without_a_stored_run_never_computes(capsys, tmp_path):
    path = tmp_path / "s.sqlite"
    code, out, err = run_cli(capsys, "count", "12", "--store", str(path), "--cached")
    assert code == 2 and out == "" and err.startswith("error: no stored count of n = 12") and err.count("\n") == 1
    nqueens.count(10, "fast", store=str(path))
    code, out, err = run_cli(capsys, "count", "12", "--store", str(path), "--cached")
    assert code == 2 and out == "" and "no finished count of n = 12 by fast" in err
    assert [e["n"] for e in ResultStore(path).history()] == [10]


def test_an_inconsistent_stored_count_is_an_error(capsys, tmp_path):
    path = tmp_path / "s.sqlite"
    nqueens.count(10, "fast", store=str(path))
    _tamper(path, classes={"4": 3, "8": 90})
    code, out, err = run_cli(capsys, "count", "10", "--store", str(path), "--cached")
    assert code == 2 and out == "" and "is inconsistent" in err and str(path) in err


def _tamper(path, **changes):
    """Change the fields of the stored count's entry in the log of runs (what history and --cached read)."""
    with sqlite3.connect(path) as db:
        ((key, text),) = db.execute("SELECT key, record FROM experiment_runs WHERE key LIKE 'count:%'").fetchall()
        db.execute("UPDATE experiment_runs SET record = ? WHERE key = ?", (json.dumps(json.loads(text) | changes), key))


def test_history_lists_finished_runs(capsys, tmp_path):
    path = str(tmp_path / "results.sqlite")
    nqueens.count(12, "fast", store=path, workers=2)
    nqueens.count(8, "fast", store=path, workers=1)
    code, out, _ = run_cli(capsys, "history", "--store", path, "--json")
    runs = json.loads(out)
    assert code == 0
    assert [list(r) for r in runs] == [
        ["n", "solver", "total", "unique", "seconds", "workers", "host", "version", "finished"]
    ] * 2
    assert [(r["n"], r["total"], r["unique"], r["workers"], r["solver"]) for r in runs] == [
        (12, TOTAL[12], UNIQUE[12], 2, "fast"),
        (8, TOTAL[8], UNIQUE[8], 1, "fast"),
    ]
    assert all(r["version"] == code_version(engine) and r["seconds"] > 0 and r["host"] for r in runs)
    code, out, _ = run_cli(capsys, "history", "--store", path)
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:4] == ["n", "solver", "total", "unique"] and len(lines) == 3
    assert lines[1].split()[:4] == ["12", "fast", f"{TOTAL[12]:,}", f"{UNIQUE[12]:,}"]


def test_history_of_a_missing_store_is_an_error_but_not_of_the_default_one(capsys, monkeypatch, tmp_path):
    path = tmp_path / "typo.sqlite"
    code, out, err = run_cli(capsys, "history", "--store", str(path), "--json")
    assert code == 2 and out == "" and f"result store {path} does not exist" in err and not path.exists()
    code, out, err = run_cli(capsys, "history", "--store", "none")
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    monkeypatch.delenv("NQUEENS_STORE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, out, _ = run_cli(capsys, "history", "--json")
    assert code == 0 and json.loads(out) == []


def test_unfinished_runs_are_visible(capsys, tmp_path):
    path = tmp_path / "partial.sqlite"
    planted = _plant_unfinished_run(path, 13, code_version(engine), 7)
    subproblems = len(engine.plan(13))
    code, out, _ = run_cli(capsys, "history", "--store", str(path))
    assert code == 0 and out.startswith("no finished runs")
    assert f"unfinished: n = 13, fast, {planted} of {subproblems} subproblems done" in out
    code, out, _ = run_cli(capsys, "store", "list", "--store", str(path))
    assert code == 0 and "schema 2" in out and "0 finished and 1 unfinished" in out
    assert f"{planted}/{subproblems} subproblems" in out


def test_store_list_show_delete_vacuum(capsys, tmp_path):
    path = str(tmp_path / "results.sqlite")
    nqueens.count(12, "fast", store=path)
    nqueens.count(13, "fast", store=path)
    run_cli(capsys, "compare", "6", "--solvers", "bitwise,dlx", "--store", path)
    code, out, _ = run_cli(capsys, "store", "list", "--store", path, "--json")
    listing = json.loads(out)
    assert code == 0 and listing["schema"] == store.SCHEMA and listing["size"] > 0
    assert [(r["id"], r["n"], r["total"]) for r in listing["finished_runs"]] == [(1, 12, TOTAL[12]), (2, 13, TOTAL[13])]
    assert listing["experiment_runs"] == 2 + 2 and listing["unfinished_runs"] == []  # the counts are in the log
    code, out, _ = run_cli(capsys, "store", "show", "2", "--store", path)
    assert code == 0 and str(TOTAL[13]) in out and "None" not in out and "{" not in out
    code, out, _ = run_cli(capsys, "store", "delete", "1", "--store", path)
    assert code == 0 and [e["n"] for e in ResultStore(path).history()] == [13]
    code, out, err = run_cli(capsys, "store", "delete", "1", "--store", path)
    assert code == 2 and "has no run 1" in err
    code, out, _ = run_cli(capsys, "store", "delete", "--experiment-runs", "--solver", "dlx", "--store", path)
    assert code == 0 and out.startswith("deleted 1 experiment run of dlx")
    assert [r["solver"] for r in ResultStore(path).experiment_runs()] == ["fast", "bitwise"]  # n = 13's count
    code, out, _ = run_cli(capsys, "store", "vacuum", "--store", path)
    on_disk = sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))
    assert code == 0 and out.rstrip().endswith(f"-> {on_disk / 1024:.1f} KiB")  # the size the files have now
    code, out, err = run_cli(capsys, "store", "show", "--store", path)
    assert code == 2 and "needs the id" in err


def test_an_inconsistent_record_is_an_error_naming_the_store(capsys, tmp_path):
    path = tmp_path / "results.sqlite"
    nqueens.count(12, "fast", store=str(path))
    _tamper(path, unique=UNIQUE[12] + 1)
    with (
        ResultStore(path) as results,
        pytest.raises(NQueensError, match="record of run 1 .* is inconsistent") as caught,
    ):
        results.finished(12, engine.NAME, code_version(engine))
    assert str(path) in str(caught.value)
    code, out, err = run_cli(capsys, "count", "12", "--store", str(path), "--cached")
    assert code == 2 and "inconsistent" in err and err.count("\n") == 1
    code, out, _ = run_cli(capsys, "store", "list", "--store", str(path))
    assert code == 0 and "run 1: result store" in out and "the record of run 1 (n = 12, fast) is inconsistent" in out


def test_history_refuses_an_unreadable_store(capsys, tmp_path):
    path = tmp_path / "x.sqlite"
    path.write_bytes(b"\x00garbage" * 1000)
    code, out, err = run_cli(capsys, "history", "--store", str(path))
    assert code == 2 and out == "" and str(path) in err and err.count("\n") == 1


def _immutable(path, on=True):
    """chattr +i (or -i): not even root may write it; None where the file system does not support it."""
    import shutil
    import subprocess

    if shutil.which("chattr") is None:
        return None
    done = subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True)
    return done.returncode == 0


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_store_is_read(tmp_path, cli, what):
    """history, store list, runs and count --cached read a store they may not write (an immutable file, or a
    folder where SQLite cannot create its index file); store vacuum says it cannot write it."""
    folder = tmp_path / "d"
    folder.mkdir()
    path = folder / "s.sqlite"
    made = cli("count", "12", "--store", path)
    assert made.returncode == 0, made.stderr
    for leftover in folder.glob("s.sqlite-*"):
        leftover.unlink()
    target = path if what == "file" else folder
    if not _immutable(target):
        pytest.skip("chattr +i is not supported here")
    try:
        history = cli("history", "--store", path)
        assert history.returncode == 0 and "14,200" in history.stdout, history.stderr
        listed = cli("store", "list", "--store", path)
        assert listed.returncode == 0 and "1 finished" in listed.stdout, listed.stderr
        assert cli("runs", "--store", path).returncode == 0
        cached = cli("count", "12", "--cached", "--store", path)
        assert cached.returncode == 0 and "14,200 solutions" in cached.stdout, cached.stderr
        vacuum = cli("store", "vacuum", "--store", path)
        assert vacuum.returncode == 2 and vacuum.stderr.startswith("error: cannot")
        assert ("read-only" if what == "file" else "folder writable") in vacuum.stderr
    finally:
        _immutable(target, on=False)


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_store_deleted_during_the_run_is_noticed(tmp_path, how):
    """SQLite goes on writing into an unlinked file: finishing a run then says the result is not stored, instead
    of reporting a store that is not on disk."""
    folder = tmp_path / "d"
    folder.mkdir()
    path = folder / "s.sqlite"
    results = ResultStore(path)
    run = results.open_run(8, "engine", "1", plan="p", subproblems=1)
    for leftover in folder.iterdir():
        leftover.unlink()
    if how == "replaced":
        ResultStore(path).close()
    with pytest.raises(NQueensError, match="deleted or replaced during the run.*total 92"):
        results.finish(run, {"total": 92, "unique": 12}, seconds=0.1, workers=1, host="h")
    results.close()


def test_the_printed_seconds_are_the_recorded_seconds(capsys, tmp_path):
    """A count's seconds on stdout and in the store's history are one measurement, not two nearby ones."""
    import json

    from helpers import run_cli

    store = str(tmp_path / "s.sqlite")
    code, out, err = run_cli(capsys, "count", "16", "--store", store, "--json")
    assert code == 0, err
    printed = json.loads(out)["seconds"]
    code, out, err = run_cli(capsys, "history", "--store", store, "--json")
    assert code == 0, err
    assert [run["seconds"] for run in json.loads(out)] == [printed]


def test_a_stored_count_is_a_run_in_the_one_log_that_runs_report_and_history_read(capsys, tmp_path):
    """``count --store S`` records a one-run experiment: ``runs`` and ``report`` list it beside the experiments,
    ``history`` reads the same log, ``store delete`` takes it out of all three. Totals are OEIS A000170/A002562."""
    path = str(tmp_path / "s.sqlite")
    for n in (9, 10):
        assert run_cli(capsys, "count", str(n), "--store", path)[0] == 0
    assert run_cli(capsys, "compare", "6..6", "--solvers", "bitwise", "--store", path, "--quiet")[0] == 0
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--json")
    runs = json.loads(out)
    assert code == 0 and [(r["n"], r["solver"], r["question"], r["status"], r["total"]) for r in runs] == [
        (9, "fast", "count", "solved", TOTAL[9]),
        (10, "fast", "count", "solved", TOTAL[10]),
        (6, "bitwise", "count", "solved", TOTAL[6]),
    ]
    assert [r["unique"] for r in runs[:2]] == [UNIQUE[9], UNIQUE[10]]
    code, out, _ = run_cli(capsys, "history", "--store", path, "--json")
    assert code == 0 and [(h["n"], h["total"], h["unique"]) for h in json.loads(out)] == [
        (9, TOTAL[9], UNIQUE[9]),
        (10, TOTAL[10], UNIQUE[10]),
    ]
    assert run_cli(capsys, "runs", "--store", path, "--check")[0] == 0
    page = tmp_path / "r.html"
    assert run_cli(capsys, "report", "--store", path, "-o", str(page), "--question", "count")[0] == 0
    assert "fast" in page.read_text()
    first = json.loads(run_cli(capsys, "history", "--store", path, "--json")[1])
    with ResultStore(path) as s:
        (gone,) = [h["id"] for h in s.history() if h["n"] == 9]
    assert run_cli(capsys, "store", "delete", str(gone), "--store", path)[0] == 0
    assert [r["n"] for r in json.loads(run_cli(capsys, "runs", "--store", path, "--json")[1])] == [10, 6]
    assert json.loads(run_cli(capsys, "history", "--store", path, "--json")[1]) == first[1:]


def test_a_count_stored_before_the_one_log_is_still_in_history(tmp_path):
    """A store whose finished count has no entry in the log of runs (written by an earlier version) lists it."""
    path = tmp_path / "old.sqlite"
    nqueens.count(8, "fast", store=str(path))
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM experiment_runs")
    with ResultStore(path) as s:
        assert [(h["n"], h["total"], h["unique"]) for h in s.history()] == [(8, TOTAL[8], UNIQUE[8])]


def test_two_experiments_writing_one_store_at_once_store_each_run_once(tmp_path):
    import sqlite3

    from nqueens.experiments import run
    from nqueens.runtime.store import ResultStore

    path = tmp_path / "one.sqlite"
    # the second experiment opens the store before the first has written anything, as two processes started
    # together do; then both make every run, and the second writes them after the first
    second = ResultStore(path)
    try:
        run("5..6", "bitwise,mary", repeat=2, store=str(path))
        db = sqlite3.connect(path)
        made = db.execute("SELECT key, record FROM experiment_runs").fetchall()
        db.close()
        told = [second.record_experiment_run(key, json.loads(record)) for key, record in made]
    finally:
        second.close()
    assert len(made) == 8 and told == [False] * 8
    with ResultStore(path, create=False, write=False) as store:
        assert len(store.experiment_runs()) == 8 and store.repeated_runs() == {}


def test_reading_a_store_leaves_no_wal_or_shm_file_beside_it(capsys, tmp_path):
    path = tmp_path / "m.sqlite"
    assert run_cli(capsys, "compare", "5..5", "--solvers", "bitwise", "--store", str(path), "--quiet")[0] == 0
    for argv in (["runs"], ["runs", "--check"], ["history"]):
        run_cli(capsys, *argv, "--store", str(path))
        assert sorted(p.name for p in tmp_path.iterdir()) == ["m.sqlite"], argv
