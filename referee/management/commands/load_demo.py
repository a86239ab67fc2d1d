"""`manage.py load_demo`: the demo tournament, into an empty database only, and its logins."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from referee.management.demo import DEMO_SLUG, database_is_empty, load_demo, logins, read_demo
from referee.models import Tournament
from referee.wording.sentences import listed


class Command(BaseCommand):
    help = "Load the demo tournament (slug 'demo') into an empty database and print its logins."

    def handle(self, *args, **options) -> None:
        demo = read_demo()
        if Tournament.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write(_("The demo tournament is already loaded; nothing changed."))
            self._print_logins(demo)
            return
        if not database_is_empty():
            self.stdout.write(
                _(
                    "The database already holds data; the demo loads into an empty database only. "
                    "Nothing changed."
                )
            )
            return
        tournament = load_demo(demo)
        self.stdout.write(
            self.style.SUCCESS(_("Loaded the demo tournament “%(name)s”.") % {"name": tournament.name})
        )
        self._print_logins(demo)

    def _print_logins(self, demo: dict) -> None:
        demo_logins = logins(demo)
        self.stdout.write(
            _("Demo logins (all with the password %(password)s):") % {"password": demo_logins.password}
        )
        self.stdout.write("  " + _("organiser: %(username)s") % {"username": demo_logins.organiser})
        self.stdout.write("  " + _("referees: %(usernames)s") % {"usernames": listed(demo_logins.referees)})
        self.stdout.write(_("Open http://127.0.0.1:8000/ and log in."))
