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
- ``downloads``: printouts and exports made in memory, for a browser tab to download.
"""

from ..rules.errors import RuleError
from ..store import Database, StoreError
from ..store.outputs import MissingFolder, is_stream
from .campaigns import (
    HistoryRow,
    Undone,
    correct_game,
    delete_campaign,
    history,
    new_campaign,
    record_game,
    redo,
    rename_campaign,
    undo,
)
from .common import (
    Done,
    Participant,
    TitanChanged,
    TitanView,
    Unreadable,
    change_titan_as_shown,
    change_titans,
    games,
    read_campaign,
    read_campaigns,
    read_titan,
    roster,
    titan_sheet,
    titans,
)
from .downloads import printout, titan_export
from .files import (
    BACKUPS_ENV,
    FILE_SCHEMAS,
    Backup,
    backups_kept,
    export_campaigns,
    export_titan,
    file_schema,
    import_campaigns,
    import_titan,
    keep_file,
    list_backups,
    print_to_file,
    restore_backup,
    restore_shown_backup,
    save_file,
    write_printout,
)
from .merging import Merged, conflicted_copies, merge_copy, refused_file
from .planning import (
    campaign_progress,
    keep_goal,
    kept_goal_plan,
    plan_goal,
    progress,
)
from .printing import PrintData, print_data
from .titan_changes import (
    add_item,
    add_titan,
    archive_titan,
    buy_ability,
    buy_item,
    buy_school_level,
    buy_spell,
    buy_spell_with_gold,
    change_gold,
    change_player,
    choose_school,
    choose_spell,
    decline_swap,
    item_facts,
    remove_item,
    rename_titan,
    restore_titan,
    set_honor_guard,
    set_plan,
    swap_bonus,
    use_item,
)

__all__ = [
    "BACKUPS_ENV",
    "FILE_SCHEMAS",
    "Backup",
    "Database",
    "Done",
    "HistoryRow",
    "Merged",
    "MissingFolder",
    "Participant",
    "PrintData",
    "RuleError",
    "StoreError",
    "TitanChanged",
    "TitanView",
    "Undone",
    "Unreadable",
    "add_item",
    "add_titan",
    "archive_titan",
    "backups_kept",
    "buy_ability",
    "buy_item",
    "buy_school_level",
    "buy_spell",
    "buy_spell_with_gold",
    "campaign_progress",
    "change_gold",
    "change_player",
    "change_titan_as_shown",
    "change_titans",
    "choose_school",
    "choose_spell",
    "conflicted_copies",
    "correct_game",
    "decline_swap",
    "delete_campaign",
    "export_campaigns",
    "export_titan",
    "file_schema",
    "games",
    "history",
    "import_campaigns",
    "import_titan",
    "is_stream",
    "item_facts",
    "keep_file",
    "keep_goal",
    "kept_goal_plan",
    "list_backups",
    "merge_copy",
    "new_campaign",
    "plan_goal",
    "print_data",
    "print_to_file",
    "printout",
    "progress",
    "read_campaign",
    "read_campaigns",
    "read_titan",
    "record_game",
    "redo",
    "refused_file",
    "remove_item",
    "rename_campaign",
    "rename_titan",
    "restore_backup",
    "restore_shown_backup",
    "restore_titan",
    "roster",
    "save_file",
    "set_honor_guard",
    "set_plan",
    "swap_bonus",
    "titan_export",
    "titan_sheet",
    "titans",
    "undo",
    "use_item",
    "write_printout",
]
