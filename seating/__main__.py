"""`python -m seating COMMAND`: see seating/cli.py and docs/seating.md."""

import sys

from seating.cli import main

sys.exit(main())
