"""Every benchmark module runs alone (`python -m benchmarks.bench_<name>`, as docs/performance.md says): with
no arguments it runs its whole measurement; with arguments it is the measuring child its `run` starts."""

from __future__ import annotations

import pytest

from benchmarks import bench_exports, bench_site


@pytest.mark.parametrize("module", [bench_exports, bench_site])
def test_with_no_arguments_a_bench_runs_its_measurement(monkeypatch, module):
    ran = []
    monkeypatch.setattr(module, "run", lambda: ran.append(True) or True)
    assert module.main([]) == 0
    assert ran == [True]


@pytest.mark.parametrize("module", [bench_exports, bench_site])
def test_a_bench_that_finds_something_wrong_exits_1(monkeypatch, module):
    monkeypatch.setattr(module, "run", lambda: False)
    assert module.main([]) == 1
