"""The hall's one-time unlock code: printed in the terminal at each start, good for lifting one lockout.

Whoever sits at the laptop can read it, and nobody else can: it lets an organiser locked out by wrong
passwords (their own or someone else's) back in without a second account or a command line. Only a digest
reaches the settings, and a code once used is spent for the rest of that start.
"""

from __future__ import annotations

import hashlib
import secrets

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread from a screen
GROUP = 4


def new_unlock_code() -> str:
    """Twelve characters in three groups: about 60 bits, far beyond guessing at a throttled form."""
    characters = "".join(secrets.choice(ALPHABET) for _ in range(GROUP * 3))
    return "-".join(characters[start : start + GROUP] for start in range(0, len(characters), GROUP))


def normalised(typed: str) -> str:
    """What the person typed, without spaces or dashes, in capitals."""
    return "".join(character for character in typed.upper() if character.isalnum())


def code_digest(code: str) -> str:
    return hashlib.sha256(normalised(code).encode("ascii", "ignore")).hexdigest()
