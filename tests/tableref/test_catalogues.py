"""The catalogues compile without GNU gettext, to the same translations msgfmt gives."""

from __future__ import annotations

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest

from tableref import catalogues

HEADER = (
    'msgid ""\nmsgstr ""\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
)


def _translations(mo_path: Path) -> dict:
    """Every message of a compiled catalogue; the header by its lines, which polib sorts and where msgfmt
    leaves out the template's creation date."""
    with mo_path.open("rb") as handle:
        messages = dict(gettext.GNUTranslations(handle)._catalog)
    messages[""] = sorted(line for line in messages[""].splitlines() if not line.startswith("POT-"))
    return messages


def _copy_catalogues(tmp_path: Path) -> list[Path]:
    copies = []
    for po_path in catalogues.catalogues():
        copy = tmp_path / po_path.relative_to(catalogues.ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(po_path, copy)
        copies.append(copy)
    return copies


def test_finds_the_site_and_app_catalogues_but_not_the_virtualenv():
    found = {str(path.relative_to(catalogues.ROOT)) for path in catalogues.catalogues()}
    assert "locale/zh_Hant/LC_MESSAGES/django.po" in found
    assert "locale/en/LC_MESSAGES/django.po" in found
    assert not any(name.startswith((".venv", "staticfiles")) for name in found)


def test_every_catalogue_compiles_to_what_msgfmt_gives(tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed to compare with")
    copies = _copy_catalogues(tmp_path / "ours")
    assert catalogues.main(tmp_path / "ours") == 0
    messages = 0
    for copy in copies:
        reference = tmp_path / "msgfmt" / copy.name
        reference.parent.mkdir(exist_ok=True)
        subprocess.run([msgfmt, "-o", str(reference.with_suffix(".mo")), str(copy)], check=True)
        ours = _translations(copy.with_suffix(".mo"))
        assert ours == _translations(reference.with_suffix(".mo")), copy
        messages += len(ours)
    assert messages > 1000


def test_contexts_and_plurals_are_kept_and_fuzzy_entries_left_out(tmp_path):
    po_path = tmp_path / "zh_Hant" / "LC_MESSAGES" / "django.po"
    po_path.parent.mkdir(parents=True)
    po_path.write_text(
        HEADER
        + '\nmsgctxt "game table"\nmsgid "table"\nmsgstr "比賽桌"\n'
        + '\nmsgid "%(n)d game"\nmsgid_plural "%(n)d games"\nmsgstr[0] "%(n)d 局"\nmsgstr[1] "%(n)d 局"\n'
        + '\n#, fuzzy\nmsgid "Save"\nmsgstr "刪除"\n'
        + '\nmsgid "Untranslated"\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert catalogues.main(tmp_path) == 0
    with po_path.with_suffix(".mo").open("rb") as handle:
        translation = gettext.GNUTranslations(handle)
    assert translation.pgettext("game table", "table") == "比賽桌"
    assert translation.ngettext("%(n)d game", "%(n)d games", 2) == "%(n)d 局"
    assert translation.gettext("Save") == "Save"
    assert translation.gettext("Untranslated") == "Untranslated"


@pytest.mark.parametrize(
    "broken",
    [
        '\nmsgstr "a translation of nothing"\n',
        '\nmsgid "Save"\nmsgstr "a"\n\nmsgid "Save"\nmsgstr "b"\n',
        # a placeholder the code never fills: a KeyError in one language only, as msgfmt --check-format knows
        '\n#, python-format\nmsgid "%(tile)s is missing"\nmsgstr "%(til)s 不見了"\n',
        '\n#, python-format\nmsgid "%(n)d game"\nmsgid_plural "%(n)d games"\n'
        'msgstr[0] "%(n)d"\nmsgstr[1] "%(m)d"\n',
        '\n#, python-format\nmsgid "%s of %s"\nmsgstr "%s"\n',
    ],
)
def test_a_broken_catalogue_fails_and_is_named(tmp_path, capsys, broken):
    po_path = tmp_path / "en" / "LC_MESSAGES" / "django.po"
    po_path.parent.mkdir(parents=True)
    po_path.write_text(HEADER + broken, encoding="utf-8")
    assert catalogues.main(tmp_path) == 1
    assert "en/LC_MESSAGES/django.po" in capsys.readouterr().err


def test_nothing_to_compile_is_an_error(tmp_path):
    assert catalogues.main(tmp_path) == 1
