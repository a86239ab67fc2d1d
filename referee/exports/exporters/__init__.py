"""Exports: scoresheets, standings and results as PDF and Excel, from one registry.

`get_exporter(identifier)(ExportRequest(...)).render()` gives `(filename, mimetype, bytes)`; `all_exporters()`
lists them for the export page and `python manage.py export --list`.
"""

from referee.exports.exporters import (  # noqa: F401 - registration
    certificates,
    data_record,
    player_cards,
    results_xlsx,
    school_pack,
    scoresheets,
    standings_pdf,
)
from referee.exports.exporters.base import Exporter, ExportError, ExportRequest
from referee.exports.exporters.registry import all_exporters, get_exporter, register

__all__ = ["ExportError", "ExportRequest", "Exporter", "all_exporters", "get_exporter", "register"]
