"""Printed forms of the Titan Character Sheet, spell cards and the game-night card.

``text`` (80 columns), ``html`` (one self-contained file with print CSS), ``pdf`` (fpdf2, core
fonts, boxes drawn as shapes) and ``svg``. The PDF and SVG pages are laid out once as shapes in
``canvas`` (``sheet_layout``, ``cards``, ``game_card``); ``commands`` writes printouts to files
for the command line and the app. Every figure comes from ``rules.sheet.sheet_data``.
"""
