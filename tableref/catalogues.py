"""Compile the translation catalogues (.po to .mo) in plain Python, so that `make run` needs no GNU gettext.

`python -m tableref.catalogues` compiles every `*/LC_MESSAGES/*.po` of the project (the site's and each app's)
into the `.mo` beside it, skipping fuzzy and untranslated entries as msgfmt does. It needs no Django settings.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRECTORIES = {".venv", "staticfiles", "node_modules", ".git"}


def catalogues(root: Path = ROOT) -> Iterator[Path]:
    for path in sorted(root.rglob("LC_MESSAGES/*.po")):
        if not SKIPPED_DIRECTORIES.intersection(path.relative_to(root).parts):
            yield path


# A Python %-placeholder: %(name)s, %d, %5.2f; "%%" is a literal percent sign.
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])")


def placeholders(text: str) -> Counter[str]:
    """Named placeholders by name, unnamed ones under "" (by count, as `%` fills them in order)."""
    return Counter(name for name, conversion in PLACEHOLDER.findall(text) if conversion != "%")


def check_placeholders(entry: polib.POEntry) -> None:
    """What msgfmt --check-format refuses: a translation that asks for a value the code does not give, or a
    different number of unnamed ones. Either would fail at run time, and in one language only."""
    expected = placeholders(entry.msgid) | placeholders(entry.msgid_plural)
    for text in [entry.msgstr, *entry.msgstr_plural.values()]:
        found = placeholders(text)
        unknown = set(found) - set(expected)
        if unknown or found[""] != expected[""]:
            raise ValueError(f"the translation of {entry.msgid!r} does not match its placeholders")


def compile_catalogue(po_path: Path) -> Path:
    mo_path = po_path.with_suffix(".mo")
    catalogue = polib.pofile(str(po_path), check_for_duplicates=True)
    for entry in catalogue.translated_entries():
        if "python-format" in entry.flags:
            check_placeholders(entry)
    catalogue.save_as_mofile(str(mo_path))
    return mo_path


def main(root: Path = ROOT) -> int:
    compiled = 0
    for po_path in catalogues(root):
        try:
            compile_catalogue(po_path)
        except (OSError, ValueError) as error:
            print(f"{po_path.relative_to(root)}: {error}", file=sys.stderr)
            return 1
        compiled += 1
    if not compiled:
        print(f"No catalogues found under {root}.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
