"""One place that knows every exporter: the export page, the downloads and the command line all read it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.exports.exporters.base import Exporter, ExportError

_EXPORTERS: dict[str, type[Exporter]] = {}


def register(exporter: type[Exporter]) -> type[Exporter]:
    """A class decorator; an identifier is taken once, so two exporters never answer to one name."""
    if exporter.identifier in _EXPORTERS and _EXPORTERS[exporter.identifier] is not exporter:
        raise ValueError(f"exporter {exporter.identifier!r} is registered twice")
    _EXPORTERS[exporter.identifier] = exporter
    return exporter


def get_exporter(identifier: str) -> type[Exporter]:
    try:
        return _EXPORTERS[identifier]
    except KeyError:
        raise ExportError(
            _("There is no export called %(name)s.") % {"name": identifier},
            field="exporter",
            code="unknown-exporter",
        ) from None


def all_exporters() -> list[type[Exporter]]:
    """In the order the export page shows them (by `position`, then registration)."""
    return sorted(_EXPORTERS.values(), key=lambda exporter: exporter.position)
