"""Actions with files: backups, export and import of campaigns, a portable Titan, printing."""

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..printing.kinds import CampaignPrint
from ..rules.errors import RuleError
from ..rules.events import (
    Created,
    Renamed,
)
from ..rules.facts import to_json
from ..rules.game_log import played_elsewhere
from ..rules.names import quoted, same_name
from ..rules.sheet import SheetView
from ..rules.titan import (
    TitanState,
    replay,
)
from ..store import Database, StoreError, now_iso
from ..store import backups as backup_files
from ..store.database import MEND, no_campaign
from ..store.documents import TITAN_FORMAT
from ..store.exchange import (
    checked_campaigns,
    export_data,
    export_ids,
    export_text,
    read_export,
    read_titan_export,
)
from ..store.files import is_missing, write_atomically
from ..store.merge_copy import export_copy
from ..store.merge_refused import forget_refused_since
from ..store.merge_result import Merged
from ..store.outputs import check_replaceable, write_output
from ..store.schemas import SCHEMAS, schema_text
from .campaigns import IMPORT_NOTE
from .common import (
    Done,
    _readable,
    check_dates_played,
)
from .downloads import titan_export
from .ids import CampaignRef, TitanRef
from .merging import merge_tables
from .printing import print_data


def may_write_to(db: Database, path: Path, titan_file: bool = False) -> Path:
    """``path``, if a printout (or, ``titan_file``, a Titan's file) may be written there;
    StoreError if it is a file that is never replaced by it, as writing it would say: the
    database or one of its files, another database, an export, a Titan file (which only a
    Titan file replaces). Asked before a player is offered to replace a file."""
    check_replaceable(db.path, path, TITAN_FORMAT if titan_file else None)
    return path


# --- a portable Titan --------------------------------------------------------------------------


def export_titan(
    db: Database,
    titan: TitanRef,
    output: Path,
    streams: bool = False,
    make_folder: bool = False,
) -> TitanState:
    """One Titan with its whole history (``titan_export``), written to ``output`` as
    ``save_file`` writes."""
    state, data = titan_export(db, titan)
    save_file(db, output, data, streams, make_folder)
    return state


class NameTaken(RuleError):
    """A Titan file refused because the campaign has a Titan of its name (a new name brings
    it in)."""


def import_titan(db: Database, path: Path, campaign: CampaignRef, name: str | None = None) -> Done:
    """Bring an exported Titan into a campaign, every event replayed through the rules;
    refused whole (naming the first event that fails) with the database untouched. It comes
    in under ``name``, or the name it has in the file now: its renames are folded into its
    creation, so no name it had before (which another Titan here may have) gets in the way.
    A Titan is in a campaign once: while she is here (a copy of her from any campaign, under
    any name, archived or not) her file is refused; she comes back once she has left (her
    joining undone). She keeps her origin, which tells her apart in every campaign."""
    source, source_id, joined, events, own_id = read_titan_export(path)
    played_in = source or "another campaign"
    at = now_iso()
    if name is not None and not name.strip():
        raise RuleError(f"{path}: a new name cannot be empty; nothing imported")
    with db.writing() as session:
        stored = session.campaign_by_id(campaign.id)
        found = stored.campaign
        first = events[0]
        if not isinstance(first, Created):
            raise StoreError(
                f"{path}: a Titan's history must start with its creation; nothing imported"
            )
        # Which Titan she is, in any campaign. An older file, that does not say, is known by
        # the file itself, and by her history in the campaign it came from.
        older = not (joined or first.origin)
        origin = joined or first.origin or own_id
        try:
            found.check_not_here(origin, events if older and source_id == campaign.id else None)
        except RuleError as error:
            raise RuleError(f"{path}: {error}; nothing imported") from None
        named_now = [e.name for e in events if isinstance(e, Created | Renamed)][-1]
        if first.base_xp != found.base_xp:
            raise RuleError(
                f'{named_now} was made with {first.base_xp} base XP; "{found.name}" gives {found.base_xp} (R1); nothing imported'
            )
        created = Created(
            name=name or named_now, player=first.player, base_xp=found.base_xp, origin=origin
        )
        taken = found.find(created.name)
        if taken is not None:
            known = same_name(created.name, found.names()[taken]) + found.archived_note(taken)
            raise NameTaken(
                f'{path}: campaign "{found.name}" already has a Titan named {known};'
                " nothing imported (a new name brings it in)"
            )
        # brought back into the campaign it came from: its past games are told apart
        here = found.name if source_id == campaign.id else ""
        past = played_elsewhere(events[1:], played_in, here)
        history = [created, *(e for e in past if not isinstance(e, Renamed))]
        came_from = f'"{source}"' if source else "another campaign"
        text = f"{created.name} joins from {came_from} ({len(history)} events)"
        try:
            check_dates_played(past)
            replay([first, *past])  # names the first event that fails, as the file numbers it
            titan_id = found.next_titan_id()
            outcome = found.record(text, {titan_id: history}, at=at)
        except RuleError as error:
            raise RuleError(f"{path}: {error}; nothing imported") from None
        session.save(stored, outcome.campaign, text)
    return Done(text, found.name, {TitanRef(campaign, titan_id): outcome.steps[titan_id]})


# --- backups, export, import -------------------------------------------------------------


Backup = backup_files.Backup
BACKUPS_ENV = backup_files.ENV_VAR
"""The setting (an environment variable) that says how many backups are kept."""


FILE_SCHEMAS = tuple(SCHEMAS)
"""The files whose JSON Schema is published: the database, a campaigns export, a Titan file."""


def file_schema(which: str) -> str:
    """The JSON Schema of one kind of file (``database``, ``export`` or ``titan``), made from
    the models that check it, for an editor to check a file edited by hand."""
    if which not in SCHEMAS:
        raise RuleError(f"no schema named {which!r}: choose {', '.join(SCHEMAS)}")
    return schema_text(which)


def list_backups(db: Database) -> list[Backup]:
    return backup_files.list_backups(db.path)


def backups_kept() -> int:
    """How many backups are kept (StoreError if ``BACKUPS_ENV`` is set to something else)."""
    return backup_files.keep_count()


def backed_up_before_delete() -> bool:
    """Whether deleting a campaign keeps the file as it was as a backup (backups are on)."""
    try:
        return backup_files.keep_count() > 0
    except StoreError:  # a setting that is no number: the delete itself is refused, naming it
        return False


NO_BACKUP_KEPT = f"no backup holds it: backups are turned off, {BACKUPS_ENV}=0"
"""What a deleted campaign leaves when backups are off (``backed_up_before_delete``)."""


def keep_file(path: Path, content: bytes) -> None:
    """Write one of the app's own small files (its settings, a form kept unsaved) whole,
    atomically: a reader never sees half of it. OSError or StoreError if it cannot be."""
    write_atomically(path, content)


def undoes(backup: Backup) -> str:
    """What restoring a backup takes back: the change that came after it, and any later."""
    return (
        f"{backup.said} (and every later change in the file)"
        if backup.before
        else "the changes after it"
    )


class Restored(NamedTuple):
    """A restore done: the backup restored, and whether the database file it replaced was kept
    as backup 1 (False when there was no file to keep, as when it was deleted by hand)."""

    backup: Backup
    kept: bool
    damaged: tuple[str, ...] = ()
    """Each Titan of the backup whose line the rules cannot read or refuse (a hand edit),
    as the database's reads name it, with its campaign and how to mend it."""

    @property
    def kept_text(self) -> str:
        """What became of the database as it was, in a player's words."""
        if self.kept:
            return "the database as it was is now backup 1"
        return "there was no database file to keep, so no backup was added"


def no_campaign_note(db: Database) -> str:
    """What to do when the database holds no campaign: make one, or bring back the file
    deleted by hand from its backups."""
    return no_campaign(db.path)


def has_database_file(db: Database) -> bool:
    """Whether the database file is there now (False before its first change, or once it was
    deleted by hand): a restore then has nothing to keep."""
    return not is_missing(db.path)


def restore_keeps(db: Database) -> str:
    """What a restore does with the database as it is now, in a player's words (the command
    line's backups and the app's backups screen say it alike)."""
    if has_database_file(db):
        return "the current version is kept as a backup first"
    return "there is no database file now: nothing to keep"


def restore_shown_backup(db: Database, chosen: Backup) -> Restored:
    """Restore the backup that was shown as ``chosen``, found again by its file: a change made
    meanwhile renumbers the backups."""
    current = next((b for b in list_backups(db) if b.name == chosen.name), None)
    if current is None:
        raise StoreError(f"the backup from {chosen.when} is no longer kept; nothing restored")
    return restore_backup(db, current.number)


def restore_backup(db: Database, number: int) -> Restored:
    """Make backup ``number`` the database; the current file (even unreadable) is kept as a
    backup first, so nothing is ever lost by restoring. A backup dropped by a change saved
    meanwhile is looked up again: ``number`` counts from the newest at the time of restoring."""
    db.not_a_backup()  # (whose own backups folder there is none)
    for _ in range(3):
        backup = backup_files.find_backup(db.path, number)
        try:
            raw = backup_files.contents(backup)
        except backup_files.BackupGone:
            continue
        try:
            tables, campaigns = Database(backup.file).restorable_tables(db.path, raw)
        except StoreError as error:
            raise StoreError(
                f"backup {number} cannot be restored: {error}; nothing restored (an older"
                " backup may be whole: `titan-campaign backups` lists them)"
            ) from None
        # a line the database itself reads past (a hand edit) is restored as it is, and named
        damaged = tuple(
            f"{titan.name} (in {quoted(found.name)}) cannot be read: {titan.problem}{MEND}"
            for found in campaigns
            for titan in _readable(found)[1]
        )
        text = f"restore of backup {number} ({backup.when})"
        kept = db.replace_with(tables, text, events_checked=not damaged)
        forget_refused_since(db.path, backup.taken, now_iso())  # its merges taken back too
        return Restored(backup, kept, damaged)
    raise StoreError(
        "the backups changed while restoring (another program is saving changes); nothing restored: try again"
    )


def export_campaigns(
    db: Database, output: Path | None = None, streams: bool = False, make_folder: bool = False
) -> tuple[str, int]:
    """All campaigns, with their ids and the campaigns' delete records, as an export file's
    text (written to ``output`` if given, as ``save_file`` writes)."""
    with db.reading() as session:
        campaigns = [(session.campaign_doc_id(s.id), s.campaign) for s in session.campaigns()]
        deleted = list(session.deletions().values())
    if not campaigns and not deleted:
        raise StoreError(f"nothing to export: {no_campaign(db.path)}")
    for _, found in campaigns:  # its damaged line would be left out of the export
        for titan_id, problem in found.unreadable.items():
            raise StoreError(
                f"{found.names().get(titan_id, f'Titan {titan_id}')}: {problem}; nothing exported"
                " (mend the line by hand, or `titan-campaign backups` and `restore N`)"
            )
    text = export_text(export_data(campaigns, now_iso(), deleted))
    if output is not None:
        save_file(db, output, text.encode(), streams, make_folder)
    return text, len(campaigns)


class Imported(NamedTuple):
    """What an import brought: the campaigns added whole, or, for an export of this very
    database (it holds or deletes a campaign this file has or deleted, by id), the merge it
    was judged as (``merge_copy``: a campaign deleted in the export is deleted here unless
    changed here after the delete; one deleted here stays deleted)."""

    campaigns: list[str]
    merged: Merged | None = None
    deleted_here: bool = False
    """Every campaign the export holds was deleted here: the merge keeps them deleted (it
    tells it once; this says it at every import)."""


def import_campaigns(db: Database, path: Path) -> Imported:
    """Add every campaign of an export file, or refuse the whole file and add nothing. An
    export of this database's own campaigns (known by id) is merged as a copy of it is."""
    exported = read_export(path)
    with db.reading() as session:
        kept = {session.campaign_doc_id(stored.id) for stored in session.campaigns()}
        deleted = session.deletions().keys()
    held = {entry.id for entry in exported.campaigns if entry.id}
    if export_ids(exported) & (kept | deleted):
        merged = merge_tables(db, export_copy(path, exported), path.name)
        gone = bool(held) and held <= deleted and not merged.campaigns
        return Imported(list(merged.campaigns), merged, gone)
    with db.writing() as session:
        existing = [stored.campaign.name for stored in session.campaigns()]
        campaigns = checked_campaigns(path, exported, existing)
        for campaign in campaigns:
            try:
                check_dates_played(e for history in campaign.histories.values() for e in history)
            except RuleError as error:
                raise RuleError(f'campaign "{campaign.name}": {error}; nothing imported') from None
        for entry, campaign in zip(exported.campaigns, campaigns, strict=True):
            stored = session.add_campaign(
                campaign.name, campaign.base_xp, campaign.created, entry.id
            )
            session.save(stored, campaign, f"import of {campaign.name}")
        for deletion in exported.deleted:  # so that a merge with an older copy keeps them
            session.keep_deletion(to_json(deletion))
        session.saved_text = f"{IMPORT_NOTE}{', '.join(c.name for c in campaigns)}"
        session.not_undoable = session.saved_text  # undo would take back a change inside
    return Imported([campaign.name for campaign in campaigns])


# --- printing and saving files -----------------------------------------------------------------


def save_file(
    db: Database, output: Path, payload: bytes, streams: bool = False, make_folder: bool = False
) -> Path:
    """Write a printout or export to ``output``: never over the database or one of its files
    (StoreError), an existing file replaced whole, never into a folder that does not exist
    (MissingFolder, whose ``folder`` is made with ``make_folder`` once the player agrees).
    ``streams``: ``-``, /dev/stdout, /dev/null or a pipe are written as streams (the command
    line); otherwise refused (the app, whose terminal is no file)."""
    return write_output(db.path, output, payload, streams, make_folder)


def write_printout(
    db: Database,
    what: str,
    format: str,
    data: SheetView | Sequence[SheetView] | CampaignPrint | None,
    paper: str = "a4",
    output: Path | None = None,
    spells: Sequence[str] | None = None,
    campaign: str = "",
    streams: bool = False,
    make_folder: bool = False,
) -> Path:
    """Render a printout of ``data`` (see ``printing.render.render``) and save it as
    ``save_file`` does, to ``output`` or a file named after the Titan or campaign, here."""
    from ..printing.render import printout_path, render  # PDF and fonts load only when printing

    printout = render(what, format, data, paper, spells, campaign)
    payload = printout if isinstance(printout, bytes) else printout.encode()
    target = output or printout_path(what, format, data, spells, campaign)
    return save_file(db, target, payload, streams, make_folder)


def print_to_file(
    db: Database,
    what: str,
    format: str,
    paper: str = "a4",
    output: Path | None = None,
    campaign: CampaignRef | None = None,
    titan: TitanRef | None = None,
    spells: Sequence[str] | None = None,
    make_folder: bool = False,
) -> Path:
    """Print from the database and return the file written (as ``save_file`` writes).
    ``what``: "sheet", "cards" or "game-card" (of ``titan``), "blank", or "campaign" (every
    active Titan's whole sheet, then the game log: ``printing.print_data``). Cards without a
    Titan print the ``spells`` named, or all 72."""
    data, campaign_name = print_data(db, what, campaign, titan)
    return write_printout(
        db, what, format, data, paper, output, spells, campaign_name, make_folder=make_folder
    )
