"""The hall's noticeboard: the address referees type, its QR code and how to join, in both languages at once.

A notice on the wall is read by everyone, so it is bilingual whatever the reader chose; the same sentences
make the page (/hall/) and its PDF, each in Chinese first and then in English.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno
from django.utils import translation
from django.utils.translation import gettext

NOTICE_LANGUAGES = ("zh-hant", "en")


@dataclass(frozen=True)
class NoticeText:
    language: str
    html_lang: str
    heading: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class Noticeboard:
    url: str
    wifi: str = ""

    def texts(self) -> list[NoticeText]:
        return [self._text(language) for language in NOTICE_LANGUAGES]

    def _text(self, language: str) -> NoticeText:
        with translation.override(language):
            join = (
                gettext("Join the Wi-Fi network %(network)s.") % {"network": self.wifi}
                if self.wifi
                else gettext("Join the hall's Wi-Fi.")
            )
            steps = (
                join,
                gettext("Scan the code with the phone's camera, or type the address into the browser."),
                gettext("Log in with the login name and password the organiser gave you."),
            )
            heading = gettext("Referees: enter the results here")
        return NoticeText(language, "zh-Hant-HK" if language == "zh-hant" else language, heading, steps)

    def qr_code(self) -> segno.QRCode:
        return segno.make(self.url, error="m", micro=False)

    def qr_svg(self) -> bytes:
        output = io.BytesIO()
        self.qr_code().save(output, kind="svg", scale=10, border=4, xmldecl=False, title=self.url)
        return output.getvalue()

    def qr_terminal(self) -> str:
        """The QR code drawn with block characters, for the terminal that runs `make hall`."""
        output = io.StringIO()
        self.qr_code().terminal(out=output, compact=True, border=2)
        return output.getvalue()
