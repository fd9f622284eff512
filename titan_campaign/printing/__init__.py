"""Printed forms of the Titan Character Sheet, spell cards and the game-night card.

``text`` (80 columns), ``pdf`` (fpdf2, the shipped DejaVu font embedded, boxes drawn as
shapes), ``svg`` and ``html`` (the PDF's own pages as inline SVG, font embedded). Pages are
laid out once as shapes in ``canvas`` (``sheet_layout``, ``sheet_items``, ``cards``,
``game_card``), flowing onto a second page (``flow``) rather than setting type below 7 points;
``render`` turns sheet data into a printout and writes it, ``fonts`` says which letters the font
lacks. Every figure comes from ``rules.sheet.sheet_view``.
"""
