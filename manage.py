#!/usr/bin/env python
"""Django's command-line utility for TableRef."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as error:  # a missing setting: the remedy in one line, not a traceback
        sys.exit(f"manage.py: {error}")


if __name__ == "__main__":
    main()
