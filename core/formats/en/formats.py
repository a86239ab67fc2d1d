"""English dates as Hong Kong writes them in English: 28 Nov 2026, not Django's American "Nov. 28, 2026"
(whose full stop also doubled the one ending a sentence)."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
