"""Date and time pickers: a browser's `<input type="date">` reads only ISO values, whatever the page's
language, so these render ISO rather than the language's display format (2026/12/05 in Chinese). The fields
read ISO back in every language: Django adds the ISO formats to each language's input formats."""

from __future__ import annotations

from typing import Any

from django import forms

ISO_DATE = "%Y-%m-%d"
ISO_TIME = "%H:%M"
ISO_MOMENT = "%Y-%m-%dT%H:%M"


class DatePicker(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_DATE)


class TimePicker(forms.TimeInput):
    input_type = "time"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_TIME)


class MomentPicker(forms.DateTimeInput):
    """A date and a time of day in one `datetime-local` input."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=ISO_MOMENT)
