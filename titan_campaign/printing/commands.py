"""Printing's entry points, kept for callers of the earlier module: see ``render.py``. (What
reads the database to print, for the app's print dialog, is ``actions.print_to_file``.)"""

from __future__ import annotations

from .render import KINDS, printout_warnings, render, write_printout

__all__ = ["KINDS", "printout_warnings", "render", "write_printout"]
