"""`python -m scoring COMMAND`: see scoring/cli.py and docs/engine.md."""

import sys

from scoring.cli import main

sys.exit(main())
