"""`python -m tableref.hall` (what `make hall` runs): see tableref/hall/launcher.py."""

import sys

from tableref.hall.launcher import main

sys.exit(main())
