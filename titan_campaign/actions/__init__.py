"""Everything a user does, one function each: the command line and the app both call these.

An action reads the database, asks the rules core, and saves one change (or refuses with a
``RuleError``/``StoreError`` and saves nothing). It returns what a shell shows: the change's
line, and each touched Titan's new state with the rules' notes. Shells only collect input and
show results.

- ``common``: what actions return, reading, and saving one judged change;
- ``titan_changes``: one Titan's names, purchases, choices, honor guard, gold, items and plan;
- ``campaigns``: campaigns, recorded games, undo, redo, history;
- ``planning``: build goals and progress;
- ``merging``: a copy of the database that went its own way, merged back;
- ``files``: backups, export and import, a portable Titan, printing;
- ``printing``: what a printout shows, one path for every shell;
- ``game_entries``: one Titan's entry of a game as typed, and the award it would bring;
- ``downloads``: printouts and exports made in memory, for a browser tab to download.

Each submodule is imported when one of its names is first used (``lazy_loader``, from the
names in ``__init__.pyi``): a command loads only the actions it runs, about a tenth of a
command's time for the one-Titan commands (``bench/bench_cli.py``).
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
