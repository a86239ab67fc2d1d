"""The hall needs nothing that Windows lacks: it starts, serves and stops with the POSIX-only modules and
names made unavailable to the project's code (`posixless/sitecustomize.py`, loaded by each of its
processes), and the source of every project module it loaded names none of them.

This is how CI, which runs on Linux, checks the Windows path; docs/organiser.md says so.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.tableref.hall.hall_process import running_hall
from tests.tableref.hall.test_hall_exports import ask_for, wait_for

POSIXLESS = Path(__file__).parent / "posixless"


def hidden() -> tuple[set[str], dict[str, set[str]]]:
    """HIDDEN_MODULES and HIDDEN_NAMES as the hook defines them (read, not imported: importing it would hide
    them from this test's own process)."""
    tree = ast.parse((POSIXLESS / "sitecustomize.py").read_text(encoding="utf-8"))
    values = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in ("HIDDEN_MODULES", "HIDDEN_NAMES")
    }
    return set(values["HIDDEN_MODULES"]), {key: set(names) for key, names in values["HIDDEN_NAMES"].items()}


def posix_only_uses(source: Path) -> list[str]:
    """Imports of the hidden modules and uses of the hidden names, as `file:line what`."""
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    found = []
    hidden_modules, hidden_names = hidden()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [(node.module or "").split(".")[0]]
            if node.module in hidden_names:
                names += [alias.name for alias in node.names if alias.name in hidden_names[node.module]]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names = [node.attr] if node.attr in hidden_names.get(node.value.id, set()) else []
        else:
            continue
        found += [f"{source}:{node.lineno} {name}" for name in names if name in hidden_modules]
        found += [
            f"{source}:{node.lineno} {name}"
            for name in names
            if any(name in hidden for hidden in hidden_names.values())
        ]
    return found


def test_the_hall_starts_serves_and_stops_without_what_windows_lacks(tmp_path: Path) -> None:
    loaded = tmp_path / "loaded"
    loaded.mkdir()
    with running_hall(
        tmp_path, prepared=16, PYTHONPATH=str(POSIXLESS), POSIXLESS_LOADED_DIR=str(loaded)
    ) as hall:
        assert hall.get("/login/")[0] == 200
        assert hall.get("/")[0] == 200
        assert hall.get("/hall/")[0] == 200
        organiser = hall.organiser()
        made = wait_for(organiser, ask_for(organiser, "results-xlsx"), {"done", "failed"})
        assert made["status"] == "done"  # the background worker runs on the Windows-like path too
        hall.interrupt()
        assert hall.process.wait(timeout=15) == 0
    printed = hall.printed()
    assert "Traceback" not in printed, printed[-3000:]
    listings = list(loaded.glob("loaded-*.txt"))
    assert len(listings) >= 3, "the launcher, the export worker and the forgetting each list what they loaded"
    modules = {Path(line) for listing in listings for line in listing.read_text().splitlines() if line}
    assert any(path.name == "server.py" and path.parent.name == "hall" for path in modules)
    uses = [use for module in sorted(modules) if module.suffix == ".py" for use in posix_only_uses(module)]
    assert uses == []


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The scan above would pass on anything if it found nothing: here it must find each kind."""
    source = tmp_path / "example.py"
    source.write_text(
        "import fcntl\nimport os\nimport signal\nfrom resource import getrlimit\n"
        "os.setpriority(0, 0, 10)\nsignal.signal(signal.SIGHUP, None)\nfrom os import sched_setaffinity\n",
        encoding="utf-8",
    )
    found = [use.split(" ", 1)[1] for use in posix_only_uses(source)]
    assert found.count("fcntl") == 1
    assert found.count("resource") == 1
    assert found.count("setpriority") == 1
    assert found.count("SIGHUP") == 1
    assert found.count("sched_setaffinity") == 1
