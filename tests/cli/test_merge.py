"""The issue's worked example: a new user copies campaigns.json, changes both copies with
--db (some changes clash), merges the copy back, finds every change in `history`, the
clashing one listed with its reason and kept, and `undo` takes the merge back whole."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from .conftest import Cli

START = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


def test_two_copies_changed_apart_are_merged_and_the_merge_undone(thorn: Cli) -> None:
    copy = Cli(thorn.db.with_name("copy.json"), thorn.capsys)
    thorn.ok("titan", "add", "Mira", "--player", "Bo")
    shutil.copyfile(thorn.db, copy.db)
    before = thorn.ok("history")
    with time_machine.travel(START, tick=False) as clock:
        thorn.ok("spend", "Thorn", "ability", "power")  # Ann, at home: 100 of Thorn's 200 XP
        clock.shift(timedelta(minutes=1))
        copy.ok("spend", "Mira", "ability", "skill")  # Bo, on his laptop
        clock.shift(timedelta(minutes=1))
        thorn.ok("spend", "Thorn", "ability", "luck")  # Thorn's last 100 XP
        clock.shift(timedelta(minutes=1))
        copy.ok("spend", "Thorn", "ability", "wisdom")  # the same 100 XP, spent again
        clock.shift(timedelta(minutes=1))
        said = thorn.ok("merge", str(copy.db))
    assert said.splitlines()[0] == "merged 1 change from copy.json; 1 refused"
    assert "+ Mira: bought a Skill box" in said
    assert "refused: Thorn: bought a Wisdom box" in said and "XP" in said
    history = thorn.ok("history")
    for line in ("Thorn: bought a Power box", "Mira: bought a Skill box", "Thorn: bought a Luck"):
        assert line in history
    kept = json.loads(thorn.db.with_name("campaigns.json.refused.json").read_text())
    [entry] = kept["refused"]
    assert entry["what"].startswith("Thorn: bought a Wisdom box") and entry["reason"] in said
    assert entry["change"]["titans"]["1"] == [{"kind": "ability_bought", "ability": "wisdom"}]
    assert thorn.ok("undo").startswith("undone: merged 1 change from copy.json; 1 refused")
    assert "Mira: bought a Skill box" not in thorn.ok("history")
    assert "Thorn: bought a Luck" in thorn.ok("history")
    assert before.splitlines()[0] in thorn.ok("history")
    thorn.ok("merge", str(copy.db))
    for dry_run in (("--dry-run",), ()):  # merged already: the dry run says so too
        said = thorn.ok("merge", str(copy.db), *dry_run)
        assert said.startswith("nothing to merge from copy.json: the database has all its changes")
        assert "0 changes" not in said


def test_redo_right_after_a_merge_was_undone_says_to_merge_again(thorn: Cli) -> None:
    copy = Cli(thorn.db.with_name("copy.json"), thorn.capsys)
    shutil.copyfile(thorn.db, copy.db)
    thorn.ok("spend", "Thorn", "ability", "skill")
    thorn.ok("undo")  # an older undone change: redo must not bring it back instead
    copy.ok("spend", "Thorn", "ability", "luck")
    thorn.ok("merge", str(copy.db))
    thorn.ok("undo")
    message = thorn.refused("redo")
    assert message == (
        'the latest undo took back "merged 1 change from copy.json": a merge is not redone;'
        " `titan-campaign merge FILE` brings its changes in again"
    )
    thorn.ok("merge", str(copy.db))
    assert "Thorn: bought a Luck box" in thorn.ok("history")
    thorn.ok("undo")
    thorn.ok("spend", "Thorn", "ability", "power")  # a new change: redo is as always again
    assert "no change is undone" in thorn.refused("redo")


GIVE = "give a copy of the database or a file `titan-campaign export` wrote; nothing merged"


@pytest.mark.parametrize(
    ("name", "contents", "said"),
    [  # it said "not a campaign database", as if merge took nothing else; it takes an export too
        (
            "notes.txt",
            "hello world",
            f'notes.txt is neither a campaign database nor an export: it is not JSON (it begins "hello world"); {GIVE}',
        ),
        (
            "notes.json",
            '{"shopping": ["eggs"]}',
            f"notes.json is neither a campaign database nor an export: {GIVE}",
        ),
        ("list.json", "[1, 2]", f"list.json is neither a campaign database nor an export: {GIVE}"),
        (  # it said "not UTF-8 text ... (saved in another encoding, such as Latin-1?)"
            "photo.json",
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00",
            (
                "photo.json is neither a campaign database nor an export: it is not text at all"
                f" (a picture, an archive or a program?); {GIVE}"
            ),
        ),
        (
            "empty.json",
            "",
            "empty.json is empty, not a campaign database or an export; nothing merged",
        ),
        (
            "folder",
            None,
            "folder is a folder, not a campaign database or an export; nothing merged",
        ),
    ],
)
def test_merge_of_a_file_that_is_neither_a_database_nor_an_export_is_refused(
    thorn: Cli, name: str, contents: str | bytes | None, said: str
) -> None:
    other = thorn.db.with_name(name)
    if contents is None:
        other.mkdir()
    elif isinstance(contents, bytes):
        other.write_bytes(contents)
    else:
        other.write_text(contents)
    assert thorn.refused("merge", str(other)) == f"{thorn.db.parent}/{said}"


def test_merge_of_a_titan_file_says_how_the_titan_is_brought_in(thorn: Cli) -> None:
    titan = thorn.db.with_name("thorn.titan")
    thorn.ok("titan", "export", "Thorn", "-o", str(titan))
    assert thorn.refused("merge", str(titan)) == (
        f"{titan} is a Titan file, not a database: `titan-campaign titan import {titan}` brings"
        " the Titan in; nothing merged"
    )


def test_a_merge_that_only_refuses_says_the_database_is_unchanged_and_undo_keeps_ann_s_change(
    thorn: Cli,
) -> None:
    copy = Cli(thorn.db.with_name("copy.json"), thorn.capsys)
    shutil.copyfile(thorn.db, copy.db)
    with time_machine.travel(START, tick=False) as clock:
        thorn.ok("spend", "Thorn", "ability", "power")
        thorn.ok("spend", "Thorn", "ability", "luck")  # Thorn's last 100 XP
        clock.shift(timedelta(minutes=1))
        copy.ok("spend", "Thorn", "ability", "wisdom")  # the same XP, spent later: refused
        clock.shift(timedelta(minutes=1))
        assert "the database stays as it is (no merge to undo)" in thorn.ok(
            "merge", str(copy.db), "--dry-run"
        )
        said = thorn.ok("merge", str(copy.db))
    assert said.startswith("merged 0 changes from copy.json; 1 refused")
    assert "the database is unchanged: there is no merge to undo" in said
    assert "undone: Thorn: bought a Luck box" in thorn.ok("undo")  # Ann's own change, as said


def test_a_campaign_whose_id_was_removed_by_hand_is_refused_naming_both_ids(thorn: Cli) -> None:
    """The campaign's "id" deleted by hand in one copy: the merge said "not a copy of this
    campaign's history (no change in common)", though every change was in both."""
    copy = thorn.db.with_name("other.json")
    shutil.copy(thorn.db, copy)
    original = json.loads(thorn.db.read_text())["campaigns"]["1"]["id"]
    text = thorn.db.read_text().replace(f'"id": "{original}"', '"note": "x"', 1)
    thorn.db.write_text(text.replace(', "note": "x"', ""))
    said = thorn.refused("merge", str(copy))
    assert 'its campaign "Iron Crown" holds changes of "Iron Crown" here' in said, said
    assert f"({original} there," in said and "give both the same id" in said, said


def test_a_titan_file_imported_on_both_copies_is_one_titan_once_merged(thorn: Cli) -> None:
    """Thorn's file imported into Second Age on both copies, renamed Thorin on one and given a
    game on the other: the merge took both, Second Age holding her twice with her XP counted
    twice. Now she is there once, with the game."""
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    file = thorn.db.with_name("thorn.json")
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    copy = Cli(thorn.db.with_name("copy.json"), thorn.capsys)
    shutil.copyfile(thorn.db, copy.db)
    with time_machine.travel(START, tick=False) as clock:
        thorn.ok("titan", "import", str(file), "--campaign", "Second Age")
        thorn.ok("titan", "rename", "Thorn", "Thorin", "--campaign", "Second Age")
        clock.shift(timedelta(minutes=1))
        copy.ok("titan", "import", str(file), "--campaign", "Second Age")
        copy.ok("award", "Thorn", "--result", "won", "--campaign", "Second Age")
        clock.shift(timedelta(minutes=1))
        said = thorn.ok("merge", str(copy.db))
    assert "= Thorn joins from" in said and "game 1 recorded for Thorn" in said, said
    listed = json.loads(thorn.ok("titan", "list", "--campaign", "Second Age", "--json"))
    assert [(row["name"], row["level"]) for row in listed] == [("Thorin", 0)], listed
    games = json.loads(thorn.ok("sheet", "Thorin", "--campaign", "Second Age", "--format", "json"))
    assert [game["game"] for game in games["games"]] == [1]


def test_two_files_of_one_titan_imported_on_two_copies_are_refused_once_merged(
    thorn: Cli,
) -> None:
    """Thorn's file imported into Second Age on one copy, a later file of hers (a game more)
    on the other under another name: both came in. The later joining is refused now, naming
    her as she is called, and kept with the game it brought."""
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    first, later = thorn.db.with_name("p1.json"), thorn.db.with_name("p2.json")
    thorn.ok("titan", "export", "Thorn", "-o", str(first))
    thorn.ok("award", "Thorn", "--result", "won", "--date", "2026-11-28")
    thorn.ok("titan", "export", "Thorn", "-o", str(later))
    copy = Cli(thorn.db.with_name("copy.json"), thorn.capsys)
    shutil.copyfile(thorn.db, copy.db)
    with time_machine.travel(START, tick=False) as clock:
        thorn.ok("titan", "import", str(first), "--campaign", "Second Age")
        clock.shift(timedelta(minutes=1))
        copy.ok("titan", "import", str(later), "--campaign", "Second Age", "--name", "Thor")
        clock.shift(timedelta(minutes=1))
        said = thorn.ok("merge", str(copy.db))
    line = said.splitlines()[1]
    assert line.startswith('  refused: Thor joins from "Iron Crown" (2 events)'), said
    assert line.endswith(': this Titan is already in "Second Age", as Thorn'), said
    listed = json.loads(thorn.ok("titan", "list", "--campaign", "Second Age", "--json"))
    assert [row["name"] for row in listed] == ["Thorn"]
    kept = json.loads(thorn.db.with_name("campaigns.json.refused.json").read_text())
    assert [entry["change"]["text"] for entry in kept["refused"]] == [
        'Thor joins from "Iron Crown" (2 events)'
    ]
