"""One count of the cores a run may use: the CPU affinity, capped by the control group's CPU quota."""

import os

import pytest

from nqueens.runtime import executors


@pytest.mark.parametrize(
    "files,quota",
    [
        ({"cpu.max": "max 100000\n"}, None),
        ({"cpu.max": "200000 100000\n"}, 2),
        ({"cpu.max": "150000 100000\n"}, 2),
        ({"cpu.max": "50000 100000\n"}, 1),
        ({"cpu/cpu.cfs_quota_us": "300000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 3),
        ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
        ({}, None),
    ],
)
def test_the_cgroup_quota_in_whole_cpus(tmp_path, files, quota):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert executors._cgroup_quota(str(tmp_path)) == quota


def test_the_workers_are_the_pinned_cores_under_the_quota(monkeypatch):
    if not hasattr(os, "sched_getaffinity"):
        pytest.skip("no CPU affinity on this platform")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    monkeypatch.setattr(executors, "_cgroup_quota", lambda: None)
    assert executors.default_workers() == 4
    monkeypatch.setattr(executors, "_cgroup_quota", lambda: 3)
    assert executors.default_workers() == 3
    from nqueens.api import request
    from nqueens.runtime import forecast

    req = request(20, "quadrants")
    assert req.workers == 3 and forecast._workers(req) == 3  # the forecast warns about the run's own thread count
