"""reportlab's C accelerator is installed and chosen: since reportlab 4 it is a package of its own (rl-accel),
and without it reportlab quietly falls back to pure Python for text widths, escaping and number formatting."""

from __future__ import annotations

from reportlab.lib import rl_accel

ACCELERATED = ("fp_str", "escapePDF", "instanceStringWidthTTF", "calcChecksum", "asciiBase85Encode")


def test_reportlab_uses_the_c_accelerator() -> None:
    for name in ACCELERATED:
        assert getattr(rl_accel, name).__module__ == "_rl_accel", name


def test_no_function_fell_back_to_python() -> None:
    assert not rl_accel._py_funcs
