"""The hall's secret key: made once with permissions 600, then read back unchanged at every start."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from tableref.hall.secret import hall_secret_key


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_made_once_readable_by_its_owner_only_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "state" / "secret-key"
    first = hall_secret_key(path)
    assert len(first) >= 50
    assert mode(path) == 0o600
    assert hall_secret_key(path) == first


def test_a_key_file_left_open_to_others_is_closed_again(tmp_path: Path) -> None:
    path = tmp_path / "secret-key"
    key = hall_secret_key(path)
    path.chmod(0o644)
    assert hall_secret_key(path) == key
    assert mode(path) == 0o600


def test_an_empty_key_file_is_refused_with_its_remedy(tmp_path: Path) -> None:
    path = tmp_path / "secret-key"
    path.write_text("\n")
    with pytest.raises(ValueError, match="delete it and start again"):
        hall_secret_key(path)


def test_the_key_file_is_kept_out_of_git() -> None:
    ignored = (Path(__file__).resolve().parents[3] / ".gitignore").read_text().split()
    assert "var/" in ignored
