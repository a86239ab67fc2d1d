"""Loaded first by every Python process of the hall in `test_hall_portable.py` (this folder is put on
PYTHONPATH): what Windows lacks is made unavailable to the project's own code, the closest this CI comes to
Windows. The project's modules cannot import `fcntl`, `resource`, `termios`, `pwd` or `grp` (libraries may:
psutil needs `resource` on Linux, and has its own Windows build); nobody finds `os.sched_*`, `os.setpriority`,
`os.nice`, `os.killpg` or the POSIX-only signals. At exit each process lists the project's modules it loaded,
for the test's scan of their source.
"""

import atexit
import importlib.abc
import os
import signal
import sys

PROJECT = {"tableref", "referee", "core", "weather", "scoring", "seating"}
HIDDEN_MODULES = {"fcntl", "resource", "termios", "pwd", "grp"}
HIDDEN_NAMES = {
    "os": ("sched_getaffinity", "sched_setaffinity", "setpriority", "getpriority", "nice", "killpg"),
    "signal": (
        "SIGHUP",
        "SIGUSR1",
        "SIGUSR2",
        "SIGQUIT",
        "SIGALRM",
        "SIGWINCH",
        "SIGTTIN",
        "SIGTTOU",
        "SIGTSTP",
    ),
}


def _importer() -> str:
    """The module whose code asked for the import: the first frame outside the import machinery."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
        frame = frame.f_back
    return frame.f_globals.get("__name__", "") if frame is not None else ""


class HideFromTheProject(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in HIDDEN_MODULES and _importer().split(".")[0] in PROJECT:
            raise ImportError(f"No module named {name!r} (the hall must run on Windows)")
        return None


sys.meta_path.insert(0, HideFromTheProject())
for module_name, names in HIDDEN_NAMES.items():
    module = {"os": os, "signal": signal}[module_name]
    for name in names:
        if hasattr(module, name):
            delattr(module, name)


@atexit.register
def _list_loaded() -> None:
    folder = os.environ.get("POSIXLESS_LOADED_DIR")
    if not folder:
        return
    loaded = sorted(
        getattr(module, "__file__", None) or ""
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in PROJECT
    )
    with open(os.path.join(folder, f"loaded-{os.getpid()}.txt"), "w", encoding="utf-8") as listing:
        listing.write("\n".join(path for path in loaded if path))
