"""Run every benchmark module in this package and fail if any reports a wrong answer."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main() -> int:
    package = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(package)]) if m.name.startswith("bench_"))
    failed = []
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name} ==", flush=True)
        if module.run() is False:
            failed.append(name)
        print(flush=True)
    if failed:
        print("FAILED: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
