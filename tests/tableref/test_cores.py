"""Each web server process keeps to a core of its own: the choice in gunicorn's parent, the pinning in the
process, and the two hooks that join them."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from tableref import cores, gunicorn_config
from tests.tableref.settings_probe import ROOT, clean_environment, run_python


def test_one_core_leaves_nothing_to_choose() -> None:
    assert cores.choose_core([3], taken=[]) is None


def test_the_first_process_takes_the_lowest_core_and_the_next_the_next() -> None:
    assert cores.choose_core([0, 1], taken=[]) == 0
    assert cores.choose_core([0, 1], taken=[0]) == 1


def test_a_replacement_takes_the_core_its_predecessor_left() -> None:
    assert cores.choose_core([0, 1], taken=[1]) == 0
    assert cores.choose_core([2, 5, 7], taken=[2, 7, None]) == 5


def test_more_processes_than_cores_share_them_out_evenly() -> None:
    assert cores.choose_core([0, 1], taken=[0, 1]) == 0
    assert cores.choose_core([0, 1], taken=[0, 1, 0]) == 1


def test_nothing_to_pin_to_is_not_pinned() -> None:
    assert cores.pin_to(None) is False


@pytest.mark.skipif(not hasattr(cores.os, "sched_setaffinity"), reason="pinning is Linux's")
def test_a_pinned_process_runs_on_its_core_only() -> None:
    """In a process of its own, so that the test run keeps every core."""
    core = cores.usable_cores()[-1]
    probe = (
        "import os; from tableref.cores import pin_to; "
        f"print(pin_to({core}), sorted(os.sched_getaffinity(0)))"
    )
    printed = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert printed.split() == ["True", f"[{core}]"]


def test_a_core_that_cannot_be_had_is_not_pinned_and_not_an_error(monkeypatch) -> None:
    def refuse(_pid: int, _cores: set[int]) -> None:
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(cores.os, "sched_setaffinity", refuse, raising=False)
    assert cores.pin_to(1) is False


def _server(*taken: int | None) -> SimpleNamespace:
    workers = {1000 + index: SimpleNamespace(core=core) for index, core in enumerate(taken)}
    return SimpleNamespace(WORKERS=workers, log=SimpleNamespace(info=lambda *_args: None))


def test_gunicorn_chooses_the_core_before_a_process_starts(monkeypatch) -> None:
    monkeypatch.setattr(cores, "usable_cores", lambda: [0, 1])
    monkeypatch.setattr(cores, "cores_alike", lambda _cores: True)
    monkeypatch.setattr(gunicorn_config, "pin_cores", True)
    worker = SimpleNamespace()
    gunicorn_config.pre_fork(_server(0), worker)
    assert worker.core == 1


def test_web_pin_cores_0_leaves_the_processes_free(monkeypatch) -> None:
    monkeypatch.setattr(cores, "usable_cores", lambda: [0, 1])
    monkeypatch.setattr(gunicorn_config, "pin_cores", False)
    worker = SimpleNamespace()
    gunicorn_config.pre_fork(_server(), worker)
    assert worker.core is None
    pinned: list[int | None] = []
    monkeypatch.setattr(gunicorn_config, "pin_to", lambda core: pinned.append(core) or False)
    gunicorn_config.post_fork(_server(), worker)
    assert pinned == [None]


def test_pinning_is_on_unless_told_0() -> None:
    """WEB_PIN_CORES is read when gunicorn loads its settings."""
    probe = "from tableref import gunicorn_config as c; print(c.pin_cores)"
    for value, expected in (("", "True"), ("0", "False"), ("1", "True")):
        finished = run_python(probe, clean_environment(WEB_PIN_CORES=value))
        assert finished.stdout.strip() == expected, (value, finished.stderr)


@pytest.mark.parametrize(
    ("usable", "processes"), [([0], 1), ([0, 1], 2), ([4, 5, 6, 7], 4), (list(range(16)), 8)]
)
def test_one_process_a_core_at_most_eight(monkeypatch, usable: list[int], processes: int) -> None:
    monkeypatch.setattr(cores, "usable_cores", lambda: usable)
    assert cores.processes_for_the_cores() == processes


def test_gunicorn_runs_one_process_a_core_unless_told() -> None:
    probe = "from tableref import gunicorn_config as c; print(c.workers)"
    environment = {key: value for key, value in clean_environment().items() if key != "WEB_CONCURRENCY"}
    assert run_python(probe, environment).stdout.strip() == str(cores.processes_for_the_cores())
    assert run_python(probe, {**environment, "WEB_CONCURRENCY": "3"}).stdout.strip() == "3"


def _cpu_folder(tmp_path, kinds: dict[int, str], name: str = "cpufreq/cpuinfo_max_freq"):
    for core, kind in kinds.items():
        file = tmp_path / f"cpu{core}" / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(f"{kind}\n")
    return tmp_path


def test_cores_of_one_top_frequency_are_alike(tmp_path) -> None:
    assert cores.cores_alike([0, 1], _cpu_folder(tmp_path, {0: "4800000", 1: "4800000"}))


def test_performance_and_efficiency_cores_are_not_alike(tmp_path) -> None:
    assert not cores.cores_alike([0, 1, 2], _cpu_folder(tmp_path, {0: "4800000", 1: "4800000", 2: "3600000"}))


def test_arm_cores_of_two_capacities_are_not_alike(tmp_path) -> None:
    folder = _cpu_folder(tmp_path, {0: "1024", 1: "446"}, name="cpu_capacity")
    assert not cores.cores_alike([0, 1], folder)


def test_cores_that_say_nothing_of_their_kind_count_as_alike(tmp_path) -> None:
    assert cores.cores_alike([0, 1], tmp_path)


def test_unlike_cores_leave_the_processes_free(monkeypatch) -> None:
    monkeypatch.setattr(cores, "usable_cores", lambda: [0, 1])
    monkeypatch.setattr(cores, "cores_alike", lambda _cores: False)
    monkeypatch.setattr(gunicorn_config, "pin_cores", True)
    worker = SimpleNamespace()
    gunicorn_config.pre_fork(_server(), worker)
    assert worker.core is None


def test_a_core_that_could_not_be_kept_to_is_logged(monkeypatch) -> None:
    warnings: list[tuple] = []
    log = SimpleNamespace(info=lambda *_args: None, warning=lambda *args: warnings.append(args))
    server = SimpleNamespace(log=log)
    monkeypatch.setattr(gunicorn_config, "pin_to", lambda _core: False)
    gunicorn_config.post_fork(server, SimpleNamespace(core=1))
    assert len(warnings) == 1
    assert "could not keep to core" in warnings[0][0]


def test_a_process_serves_all_day_unless_told_to_be_replaced() -> None:
    """WEB_MAX_REQUESTS: a replacement after so many requests, off unless set, with a tenth of jitter."""
    probe = "from tableref import gunicorn_config as c; print(c.max_requests, c.max_requests_jitter)"
    assert run_python(probe, clean_environment(WEB_MAX_REQUESTS="")).stdout.strip() == "0 0"
    told = run_python(probe, clean_environment(WEB_MAX_REQUESTS="50000"))
    assert told.stdout.strip() == "50000 5000", told.stderr
