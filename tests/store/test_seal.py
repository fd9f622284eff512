"""A file as the program wrote it is read without checking its documents again (its seal
holds); any byte changed since (a hand edit, damage) breaks the seal, and the file is checked
whole, as before. A program reading the same file twice parses it once, and what a session
changes but does not save never reaches the next session."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.campaign import Campaign
from titan_campaign.store import database as store_database
from titan_campaign.store import documents as store_documents
from titan_campaign.store.database import Database
from titan_campaign.store.files import StoreError, encode, is_sealed

from .conftest import Cli


@pytest.fixture
def thorn(cli: Cli) -> Cli:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    return cli


class Checks:
    """Counts the whole-file checks of documents made while reading."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made = 0
        checked = store_database.check_tables

        def counting(path: Path, data: object) -> dict[str, dict[str, object]]:
            self.made += 1
            return checked(path, data)

        monkeypatch.setattr(store_database, "check_tables", counting)


def test_a_file_the_program_wrote_is_read_without_checking_it_again(
    thorn: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert is_sealed(thorn.db.read_bytes())
    checks = Checks(monkeypatch)
    assert "Thorn" in thorn.ok("titan", "list")
    assert checks.made == 0


def test_a_hand_edit_breaks_the_seal_and_the_file_is_checked_whole(
    thorn: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = thorn.db.read_bytes()
    edited = raw.replace(b'"base_xp": 200', b'"base_xp": 250', 1)  # the seal left as it was
    assert edited != raw and not is_sealed(edited)
    thorn.db.write_bytes(edited)
    checks = Checks(monkeypatch)
    assert "base_xp" in thorn.refused("titan", "list")
    assert checks.made == 1


def test_a_key_given_twice_under_an_old_seal_is_still_refused_by_name(thorn: Cli) -> None:
    lines = thorn.db.read_bytes().splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith(b'  "1": {"campaign"'))
    lines.insert(at + 1, lines[at].rstrip(b",\n") + b",\n")  # a hand merge left it twice
    thorn.db.write_bytes(b"".join(lines))
    assert 'the key "1" twice' in thorn.refused("titan", "list")


def test_a_seal_is_the_file_whole_not_only_its_documents(thorn: Cli) -> None:
    raw = thorn.db.read_bytes()
    assert not is_sealed(raw.replace(b"\n", b"\r\n"))  # the same JSON, other bytes
    assert not is_sealed(raw[:-1])
    tables = json.loads(raw)
    tables["meta"]["1"]["sealed"] = "0" * 64
    assert not is_sealed(json.dumps(tables).encode())


def test_what_a_session_changed_without_saving_never_reaches_the_next_one(thorn: Cli) -> None:
    db = Database(thorn.db)
    with db.reading() as session:  # read once: the program now keeps the file as read
        stored = session.campaign("Iron Crown")
    with pytest.raises(RuntimeError), db.writing() as session:
        stored = session.campaign("Iron Crown")
        outcome = stored.campaign.rename("Iron Throne", "2026-12-01T20:00:00+00:00")
        session.save(stored, outcome.campaign, outcome.change.text)
        undo = session.campaign("Iron Throne")
        undone, _ = undo.campaign.undo(at="2026-12-01T20:00:01+00:00")
        session.save(undo, undone, "undo")  # changes a document in place (its undo state)
        raise RuntimeError("refused before the file was written")
    with db.reading() as session:
        again: Campaign = session.campaign().campaign
    assert again.name == "Iron Crown"
    assert [change.undone for change in again.changes] == [0, 0]
    assert Database(thorn.db).checked_tables() == db.checked_tables()


def test_a_dry_run_merge_leaves_the_next_read_as_the_file_is(thorn: Cli, tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    copy.write_bytes(thorn.db.read_bytes())
    other = Cli(copy, thorn.capsys)
    other.ok("gold", "Thorn", "30")
    db = Database(thorn.db)
    assert "Thorn" in str(actions.titans(db, actions.find_campaign(db)))
    merged = actions.merge_copy(db, copy, dry_run=True)
    assert merged.brought
    gold = actions.read_titan(db, actions.find_titan(db, "Thorn")).state.gold
    assert gold == 0


def test_a_change_made_by_another_program_is_read_at_once(thorn: Cli) -> None:
    db = Database(thorn.db)
    thorn_ref = actions.find_titan(db, "Thorn")
    assert actions.read_titan(db, thorn_ref).state.gold == 0
    thorn.ok("gold", "Thorn", "30")  # another program: the file is replaced
    assert actions.read_titan(db, thorn_ref).state.gold == 30


def test_a_sealed_file_of_another_schema_is_refused_as_before(thorn: Cli) -> None:
    tables = json.loads(thorn.db.read_bytes())
    tables["meta"]["1"]["schema_version"] = 99
    thorn.db.write_text(json.dumps(tables))
    with pytest.raises(StoreError, match="newer titan-campaign"), Database(thorn.db).reading():
        pass


def test_a_program_writing_again_writes_each_document_as_it_now_is(thorn: Cli) -> None:
    """A running program (the app) writes a document unchanged since its last write as it
    wrote it, and every changed one anew: undo and redo change documents in place."""
    db = Database(thorn.db)
    campaign = actions.find_campaign(db)
    thorn_ref = actions.find_titan(db, "Thorn")
    steps = [
        lambda: actions.change_gold(db, thorn_ref, 30, "loot"),
        lambda: actions.undo(db, campaign),
        lambda: actions.redo(db, campaign),
        lambda: actions.rename_campaign(db, campaign, "Iron Throne"),
        lambda: actions.undo(db, thorn_ref),
        lambda: actions.undo(db, campaign),
    ]
    for step in steps:
        step()
        raw = thorn.db.read_bytes()
        assert raw == encode(json.loads(raw))
        as_written = actions.read_campaign(Database(thorn.db), campaign)  # another program
        as_held = actions.read_campaign(db, campaign)
        assert as_written.name == as_held.name
        assert [c.undone for c in as_written.changes] == [c.undone for c in as_held.changes]
    assert actions.read_titan(db, thorn_ref).state.gold == 0
    assert "Iron Crown" in thorn.ok("campaign", "list")


def test_a_copy_to_merge_is_checked_whole_even_when_sealed(thorn: Cli, tmp_path: Path) -> None:
    """A seal tells a file unchanged since the program wrote it, not who wrote it: a copy
    from elsewhere with a made-up seal is checked all the same."""
    tables = json.loads(thorn.db.read_bytes())
    tables["campaigns"]["1"]["base_xp"] = 250
    forged = tmp_path / "campaigns (conflicted copy).json"
    forged.write_bytes(encode(tables))
    assert is_sealed(forged.read_bytes())
    with pytest.raises(StoreError, match="base_xp"):
        actions.merge_copy(Database(thorn.db), forged)


class EventChecks:
    """Counts the events checked by their models while a command runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made = 0
        checked = store_documents.events_from_json

        def counting(data: object) -> tuple[object, ...]:
            self.made += 1
            return checked(data)

        monkeypatch.setattr(store_documents, "events_from_json", counting)


def test_a_sealed_file_s_events_are_read_as_written_without_checking_them_again(
    thorn: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    thorn.ok("gold", "Thorn", "30", "--note", "Loot of the Ogres")
    thorn.ok("game", "Thorn:won:score=120", "Mira:lost")
    thorn.ok("item", "add", "Thorn", "Ring of Fire", "--charges", "3")
    checks = EventChecks(monkeypatch)
    as_written = thorn.ok("sheet", "Thorn", "--format", "json")
    thorn.ok("gold", "Thorn", "5")  # a change reads the Titan's events as written too
    assert "Mira" in thorn.ok("titan", "list")  # a small campaign's too, whole
    assert checks.made == 0
    thorn.ok("undo")
    raw = thorn.db.read_bytes()
    at = raw.index(b'"sealed": "') + len(b'"sealed": "')
    thorn.db.write_bytes(raw[:at] + b"0" * 64 + raw[at + 64 :])  # the seal broken, nothing else
    assert thorn.ok("sheet", "Thorn", "--format", "json") == as_written
    assert checks.made > 0
    assert "Ring of Fire" in as_written and '"score": 120' in as_written


def test_a_hand_edited_event_is_checked_when_read(thorn: Cli) -> None:
    raw = thorn.db.read_bytes()
    thorn.db.write_bytes(raw.replace(b'"player": "Ann"', b'"player": ""', 1))
    said = thorn.refused("sheet", "Thorn")
    assert "player" in said and 'change 1 "Thorn created for Ann with 200 base XP" (Thorn)' in said


def _two_campaigns_one_hand_edited(cli: Cli, edit: tuple[bytes, bytes]) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("campaign", "new", "Salt March", "--base-xp", "100")
    cli.ok("titan", "add", "Vex", "--player", "Cy", "--campaign", "Salt March")
    raw = cli.db.read_bytes()
    assert edit[0] in raw
    cli.db.write_bytes(raw.replace(*edit))


def test_a_hand_made_mistake_in_a_campaign_nobody_read_is_not_sealed_by_the_next_change(
    cli: Cli,
) -> None:
    """A change to one campaign seals the file only if every event of the file holds: an
    event broken by hand in another stays one that every read checks, and names."""
    _two_campaigns_one_hand_edited(cli, (b'"player": "Cy"', b'"player": ""'))
    cli.ok("gold", "Thorn", "30", "--campaign", "Iron Crown")
    assert not is_sealed(cli.db.read_bytes())
    assert 'change 2 "Vex created for Cy with 100 base XP" (Vex)' in cli.refused(
        "sheet", "Vex", "--campaign", "Salt March"
    )
    assert "30" in cli.ok("sheet", "Thorn", "--campaign", "Iron Crown")


def test_a_hand_edit_that_holds_is_sealed_by_the_next_change(cli: Cli) -> None:
    _two_campaigns_one_hand_edited(cli, (b'"player": "Cy"', b'"player": "Cyd"'))
    cli.ok("gold", "Thorn", "30", "--campaign", "Iron Crown")
    assert is_sealed(cli.db.read_bytes())
    assert "Cyd" in cli.ok("sheet", "Vex", "--campaign", "Salt March")


def test_a_change_writes_the_documents_it_did_not_change_as_the_file_held_them(
    thorn: Cli,
) -> None:
    """Each command is a program of its own: it writes an unchanged document as the line the
    file holds for it (read by place, not encoded again), every changed one anew."""
    steps = [
        ("gold", "Thorn", "30", "--note", "loot"),
        ("undo",),
        ("redo",),
        ("campaign", "rename", "Iron Throne"),
        ("titan", "add", "Vex", "--player", "Cy"),
        ("undo",),
    ]
    for step in steps:
        thorn.ok(*step)
        raw = thorn.db.read_bytes()
        assert is_sealed(raw) and raw == encode(json.loads(raw))
    assert "Vex" not in thorn.ok("titan", "list") and "30" in thorn.ok("sheet", "Thorn")


def test_a_document_given_an_id_when_read_is_written_with_it(thorn: Cli) -> None:
    """A sealed file whose change has no id (one added by hand, then sealed by the program):
    the id given when it is read is written with the next change, not the line as it was."""
    tables = json.loads(thorn.db.read_bytes())
    first = next(iter(tables["changes"]))
    del tables["changes"][first]["id"]
    thorn.db.write_bytes(encode(tables))
    db = Database(thorn.db)
    given = actions.read_campaign(db, actions.find_campaign(db)).changes[0].id
    thorn.ok("gold", "Thorn", "30")
    written = json.loads(thorn.db.read_bytes())["changes"][first]
    assert given and written["id"] == given


def test_a_hand_edit_the_checks_would_correct_is_not_sealed_by_the_next_change(
    cli: Cli,
) -> None:
    """An event that passes its check only once corrected (a spell misspelt by hand) is not
    sealed as it is: built without its check it would be another event."""
    _two_campaigns_one_hand_edited(cli, (b'"player": "Cy"', b'"player": "Cy"'))
    cli.ok("spend", "Vex", "school", "fire", "--campaign", "Salt March")
    cli.ok("choose", "Vex", "spell", "Fire Bolt", "--campaign", "Salt March")
    raw = cli.db.read_bytes()
    cli.db.write_bytes(raw.replace(b'"spell": "Fire Bolt"', b'"spell": "fire  bolt"', 1))
    cli.ok("gold", "Thorn", "30", "--campaign", "Iron Crown")
    assert not is_sealed(cli.db.read_bytes())
    assert "Fire Bolt" in cli.ok("sheet", "Vex", "--campaign", "Salt March")


def _sealed_as_checks_1(raw: bytes) -> bytes:
    """The file with the seal the program gave it before ``checks 2``."""
    at = raw.index(b'"sealed": "') + len(b'"sealed": "')
    unsealed = raw[:at] + b"0" * 64 + raw[at + 64 :]
    old_seal = hashlib.sha256(b"titan-campaign schema 4, checks 1\n" + unsealed).hexdigest()
    return raw[:at] + old_seal.encode() + raw[at + 64 :]


def test_an_older_file_s_escape_in_a_campaign_name_is_never_sealed_in(thorn: Cli) -> None:
    raw = thorn.db.read_bytes().replace(b'"name": "Iron Crown"', b'"name": "Iron\\u0007Crown"')
    thorn.db.write_bytes(_sealed_as_checks_1(raw))
    assert "Iron\\x07Crown" in thorn.ok("campaign", "list")
    thorn.ok("gold", "Thorn", "5")
    assert not is_sealed(thorn.db.read_bytes())
    listed = thorn.ok("campaign", "list")
    assert "\x07" not in listed and "Iron\\x07Crown" in listed
    assert "\x07" not in thorn.ok("sheet", "Thorn")


def test_a_file_sealed_before_its_events_were_checked_for_the_seal_is_checked_again(
    thorn: Cli,
) -> None:
    """The program before ``checks 2`` sealed a file whose events it had not all checked (an
    older file's raw escape in a name, say): such a seal no longer holds, and the escape is
    shown, never sent to the terminal."""
    raw = thorn.db.read_bytes().replace(b'"player": "Ann"', b'"player": "A\\u001b[2Jnn"', 1)
    thorn.db.write_bytes(_sealed_as_checks_1(raw))
    assert not is_sealed(thorn.db.read_bytes())
    sheet = thorn.ok("sheet", "Thorn")
    assert "\x1b" not in sheet and "A\\x1b[2Jnn" in sheet
    thorn.ok("gold", "Mira", "5")  # the next change does not seal the escape in
    assert not is_sealed(thorn.db.read_bytes())
    assert "\x1b" not in thorn.ok("sheet", "Thorn")
