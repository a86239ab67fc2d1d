"""`python -m tableref.hall` (what `make hall` runs): see tableref/hall/launcher.py."""

import sys

from tableref.hall.launcher import main

if __name__ == "__main__":  # the serving processes start from this module too (spawn)
    sys.exit(main())
