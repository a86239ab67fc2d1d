"""Exact searches for the Rummikub rulesets with regular jokers: best initial meld, fullest restore.

Standard library only. See docs/solvers.md for the algorithm and why it is exact.
"""

from .api import max_meld, restore
from .arrangement import Arrangement

__all__ = ["Arrangement", "max_meld", "restore"]
