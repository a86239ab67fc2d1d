"""What `manage.py restore` says before it replaces anything: what the backup holds, what the database holds
now, and the admin rights the backup would give that the database does not."""

from __future__ import annotations

import datetime

from django.utils import timezone

from tableref.backup.contents import Admin, Contents, TournamentHeld


def _moment(moment: datetime.datetime | None) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else "no change recorded"


def _tournament(held: TournamentHeld) -> str:
    from referee.privacy.backups import held_forget_on

    last = f"last match day {held.last_match_day}" if held.last_match_day else "no rounds"
    if held.children:
        kept = f"children's data kept until {held_forget_on(held) - datetime.timedelta(days=1)}"
    else:
        kept = "no child's personal data"
    return f"    {held.slug}: {held.name} ({held.players} players, {last}, {kept})"


def _admins(admins: list[Admin]) -> str:
    if not admins:
        return "none"
    return ", ".join(f"{admin.username}{' (superuser)' if admin.superuser else ''}" for admin in admins)


def described(contents: Contents) -> list[str]:
    """Lines naming the tournaments, the players, the last change and the accounts with admin rights."""
    lines = [f"  {len(contents.tournaments)} tournaments, {contents.players} players:"]
    lines += [_tournament(held) for held in contents.tournaments] or ["    (none)"]
    lines.append(f"  last change: {_moment(contents.last_change)}")
    lines.append(f"  accounts with admin rights: {_admins(contents.admins)}")
    return lines


def new_admin_rights(backup: Contents, current: Contents) -> list[Admin]:
    """The accounts the backup gives admin rights (or superuser rights) that the database does not give."""
    now = {admin.username: admin for admin in current.admins}
    return [
        admin
        for admin in backup.admins
        if admin.username not in now or (admin.superuser and not now[admin.username].superuser)
    ]
