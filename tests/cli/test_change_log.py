"""The campaign-wide change log: every user action is one change, undone and redone whole."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import time_machine

from .conftest import Cli


def sheets(cli, *names: str) -> dict[str, dict]:
    return {name: json.loads(cli.ok("sheet", name, "--format", "json")) for name in names}


def crew(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    for name, player in (("Thorn", "Ann"), ("Mira", "Bo"), ("Osk", "Cy")):
        cli.ok("titan", "add", name, "--player", player)


def test_a_game_for_three_titans_is_one_change_undone_and_redone_whole(cli) -> None:
    crew(cli)
    before = sheets(cli, "Thorn", "Mira", "Osk")
    out = cli.ok(
        "game",
        "Thorn:won:score=347,battle-won=3,agreement=1",
        "Mira:lost:score=120",
        "Osk:lost",
        "--date",
        "2026-11-28",
    )
    assert "game 1 recorded for Thorn, Mira and Osk" in out
    after = sheets(cli, "Thorn", "Mira", "Osk")
    assert [after[n]["xp"]["earned"] for n in ("Thorn", "Mira", "Osk")] == [219, 62, 50]  # R8

    assert "undone: game 1 recorded for Thorn, Mira and Osk" in cli.ok("undo")
    assert sheets(cli, "Thorn", "Mira", "Osk") == before
    assert json.loads(cli.ok("campaign", "games", "--json")) == []

    assert "redone: game 1 recorded for Thorn, Mira and Osk" in cli.ok("redo")
    assert sheets(cli, "Thorn", "Mira", "Osk") == after
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [p["titan"] for p in games[0]["participants"]] == ["Thorn", "Mira", "Osk"]


def test_undo_by_titan_takes_the_whole_change_and_is_refused_when_another_titan_changed_since(
    cli,
) -> None:
    crew(cli)
    cli.ok("game", "Thorn:won", "Mira:lost")
    cli.ok("spend", "Mira", "ability", "luck")
    refusal = cli.refused("undo", "Thorn")
    assert (
        "game 1 recorded for Thorn and Mira" in refusal
        and "Mira" in refusal.split("also changed")[1]
    )
    cli.ok("undo", "Mira")  # Mira's Luck box
    assert "undone: game 1 recorded for Thorn and Mira" in cli.ok("undo", "Thorn")
    assert json.loads(cli.ok("campaign", "games", "--json")) == []


def test_undo_by_titan_skips_later_changes_of_other_titans(cli) -> None:
    crew(cli)
    cli.ok("spend", "Thorn", "ability", "power")
    cli.ok("spend", "Osk", "ability", "luck")
    assert "undone: Thorn: bought a Power box" in cli.ok("undo", "Thorn")
    assert sheets(cli, "Osk")["Osk"]["abilities"]["luck"] == 1
    assert cli.refused("undo", "Thorn") == (  # its creation is not undone by name
        "Thorn has no change to undo but joining the campaign: the campaign's own undo (undo"
        " with no Titan, ctrl+z on the roster) takes that back while it is the latest change;"
        " archiving puts a Titan away"
    )


def test_a_new_change_to_a_titan_drops_its_undone_changes_but_not_others(cli) -> None:
    crew(cli)
    cli.ok("spend", "Thorn", "ability", "power")
    cli.ok("spend", "Osk", "ability", "luck")
    cli.ok("undo", "Thorn")
    cli.ok("undo", "Osk")
    cli.ok("spend", "Thorn", "ability", "skill")
    assert "nothing to redo for Thorn" in cli.refused("redo", "Thorn")
    assert "redone: Osk: bought a Luck box" in cli.ok("redo")


def test_history_lists_the_campaigns_changes_or_one_titans(cli) -> None:
    crew(cli)
    cli.ok("game", "Thorn:won", "Mira:lost")
    cli.ok("spend", "Osk", "ability", "luck")
    campaign = json.loads(cli.ok("history", "--json"))
    assert [row["text"] for row in campaign][-2:] == [
        "game 1 recorded for Thorn and Mira",
        "Osk: bought a Luck box (100 XP)",
    ]
    thorn = [row["text"] for row in json.loads(cli.ok("history", "Thorn", "--json"))]
    assert thorn == ["Thorn created for Ann with 100 base XP", "game 1 recorded for Thorn and Mira"]
    game = next(row for row in campaign if row["text"].startswith("game 1"))
    unspent = (
        "played its first game with 100 base XP unspent: the rules say to spend base XP before"
        " the first game (R2); it is still there to spend"
    )
    assert {e["titan"]: e["notes"] for e in game["events"]} == {
        "Thorn": [unspent, "100 XP earned (R8)"],
        "Mira": [unspent, "50 XP earned (R8)"],
    }


def test_two_campaigns_in_one_file_share_the_change_numbers_as_the_readme_says(cli) -> None:
    """ "Second Age" listed 2 and 4: the file's numbers, the others being "First Age"'s."""
    for campaign, titan in (("First Age", "Ann"), ("Second Age", "Bo")):
        cli.ok("campaign", "new", campaign, "--base-xp", "0")
        cli.ok("titan", "add", titan, "--player", "P", "--campaign", campaign)
    cli.ok("gold", "Ann", "5", "--campaign", "First Age")
    cli.ok("gold", "Bo", "5", "--campaign", "Second Age")
    listed = cli.ok("history", "--campaign", "Second Age").splitlines()
    assert [line.split()[0] for line in listed] == ["2", "4"]


def test_a_redone_change_is_listed_in_its_new_place_saying_when_it_was_redone(cli) -> None:
    """Undone and redone, Mira's plan was listed after a change made later than it, with the
    time it was first made: it looked out of order, as if a change had gone missing."""
    crew(cli)
    with time_machine.travel(datetime(2026, 12, 7, 5, 19, tzinfo=UTC), tick=False):
        cli.ok("gold", "Mira", "5")
    with time_machine.travel(datetime(2026, 12, 7, 5, 22, tzinfo=UTC), tick=False):
        cli.ok("gold", "Thorn", "3")
        cli.ok("undo", "Mira")
    with time_machine.travel(datetime(2026, 12, 7, 5, 24, tzinfo=UTC), tick=False):
        cli.ok("redo", "Mira")
    lines = cli.ok("history").splitlines()
    assert lines[-2].endswith("2026-12-07 05:22  Thorn: gold +3")
    assert lines[-1].endswith("2026-12-07 05:19  Mira: gold +5 (redone 2026-12-07 05:24)")
    [row] = [r for r in json.loads(cli.ok("history", "--json")) if r["text"] == "Mira: gold +5"]
    assert row["redone_at"].startswith("2026-12-07T05:24")


def test_undo_with_nothing_to_undo_is_refused(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    assert "nothing to undo" in cli.refused("undo")
    assert "nothing to redo" in cli.refused("redo")


# --- undo and redo are judged by the campaign's rules like any change -------------------------


def test_undoing_a_rename_is_refused_when_another_titan_took_the_old_name(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Bob", "--player", "Ann")
    cli.ok("titan", "rename", "Bob", "Zed")
    cli.ok("titan", "add", "Bob", "--player", "Bo")
    refusal = cli.refused("undo", "Zed")
    assert "Bob: renamed Zed" in refusal and 'already has a Titan named "Bob"' in refusal
    names = [row["name"] for row in json.loads(cli.ok("titan", "list", "--json"))]
    assert names == ["Zed", "Bob"]
    cli.ok("export", "-o", str(cli.db.with_name("copy.json")))  # still imports elsewhere
    other = Cli(cli.db.with_name("other.json"), cli.capsys)
    assert "Iron Crown" in other.ok("import", str(cli.db.with_name("copy.json")))


def test_redoing_a_titan_is_refused_when_its_name_was_taken_meanwhile(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Bob", "--player", "Ann")
    cli.ok("titan", "add", "Zed", "--player", "Bo")
    cli.ok("titan", "rename", "Zed", "Cy")
    cli.ok("undo")  # Cy is Zed again
    cli.ok("titan", "rename", "Bob", "Cy")  # Bob takes the name meanwhile
    refusal = cli.refused("redo")
    assert "cannot be redone now" in refusal and 'already has a Titan named "Cy"' in refusal


def test_a_game_undone_then_another_recorded_and_the_first_redone_stay_two_games(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Ann", "--player", "Ann")
    cli.ok("titan", "add", "Bea", "--player", "Bo")
    cli.ok("award", "Ann", "--result", "won", "--date", "2026-01-05", "--scenario", "Ann night")
    cli.ok("undo")
    cli.ok("award", "Bea", "--result", "lost", "--date", "2026-02-09", "--scenario", "Bea night")
    cli.ok("redo")
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [(g["date"], g["scenario"], [p["titan"] for p in g["participants"]]) for g in games] == [
        ("2026-01-05", "Ann night", ["Ann"]),
        ("2026-02-09", "Bea night", ["Bea"]),
    ]
    assert len({g["game"] for g in games}) == 2


def test_a_game_undone_and_recorded_again_keeps_its_number(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Ann", "--player", "Ann")
    cli.ok("award", "Ann", "--result", "won", "--date", "2026-01-05")
    cli.ok("undo")
    assert "game 1 on 2026-01-06" in cli.ok(
        "award", "Ann", "--result", "won", "--date", "2026-01-06"
    )


def test_a_titan_who_joined_a_game_is_redone_into_that_game(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Ann", "--player", "Ann")
    cli.ok("titan", "add", "Bea", "--player", "Bo")
    cli.ok("award", "Ann", "--result", "won", "--date", "2026-01-05")
    cli.ok("award", "Bea", "--result", "lost", "--game", "1")
    assert "Bea added to game 1" in cli.ok("history")  # not "game 1 recorded": a new game
    cli.ok("undo")
    cli.ok("redo")
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [[p["titan"] for p in g["participants"]] for g in games] == [["Ann", "Bea"]]


def test_a_redo_into_a_game_number_another_game_took_is_refused(cli) -> None:
    """A file written before game numbers were kept for undone games: Bea's game took the
    number of Ann's undone one. The redo is refused, never merged."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Ann", "--player", "Ann")
    cli.ok("titan", "add", "Bea", "--player", "Bo")
    cli.ok("award", "Ann", "--result", "won", "--date", "2026-01-05", "--scenario", "Ann night")
    cli.ok("undo")
    cli.ok("award", "Bea", "--result", "lost", "--date", "2026-02-09", "--scenario", "Bea night")
    tables = json.loads(cli.db.read_text())
    for doc in tables["changes"].values():
        for event in doc["titans"].get("2", []):
            if event["kind"] == "game_recorded":
                event["game"] = 1
        if doc["text"].startswith("game 2"):
            doc["text"] = "game 1 recorded for Bea"
    cli.db.write_text(json.dumps(tables))
    refusal = cli.refused("redo")
    assert "game 1 recorded for Ann" in refusal and "game 1" in refusal.split("redone now")[1]
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [[p["titan"] for p in g["participants"]] for g in games] == [["Bea"]]


# --- campaign rename, delete and restore ---------------------------------------------------------


def test_a_campaign_rename_is_a_change_undone_and_redone(cli) -> None:
    crew(cli)
    said = cli.ok("campaign", "rename", "Second Age")
    assert said == 'campaign "Iron Crown" renamed "Second Age"\n'  # the old name too
    assert 'campaign "Iron Crown" renamed "Second Age"' in cli.ok("history")
    assert 'undone: campaign "Iron Crown" renamed "Second Age"' in cli.ok("undo")
    assert [c["name"] for c in json.loads(cli.ok("campaign", "list", "--json"))] == ["Iron Crown"]
    assert "Thorn" in cli.ok("sheet", "Thorn", "--campaign", "Iron Crown")
    cli.ok("redo")
    assert [c["name"] for c in json.loads(cli.ok("campaign", "list", "--json"))] == ["Second Age"]


def test_an_undone_campaign_rename_is_dropped_by_the_next_change_of_the_campaign(cli) -> None:
    """Rename, undo, then a box, a game and gold later, a plain `redo` renamed the campaign:
    a rename touches no Titan, so no change ever dropped it."""
    crew(cli)
    cli.ok("campaign", "rename", "Second Age")
    cli.ok("undo")
    cli.ok("gold", "Thorn", "5")
    cli.ok("undo")
    assert "redone: Thorn: gold +5" in cli.ok("redo")
    assert "nothing to redo" in cli.refused("redo")
    assert [c["name"] for c in json.loads(cli.ok("campaign", "list", "--json"))] == ["Iron Crown"]


def test_undoing_a_campaign_rename_is_refused_when_another_campaign_took_the_name(cli) -> None:
    crew(cli)
    cli.ok("campaign", "rename", "Second Age")
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    refusal = cli.refused("undo", "--campaign", "Second Age")
    assert "cannot be undone now" in refusal and 'a campaign named "Iron Crown"' in refusal


def test_undo_after_a_campaign_delete_points_to_restore_and_undoes_nothing_else(cli) -> None:
    crew(cli)
    cli.ok("campaign", "new", "Second Age", "--base-xp", "0")
    assert "`undo` does not" in cli.ok("campaign", "delete", "Second Age", "--yes")
    refusal = cli.refused("undo")
    assert 'campaign "Second Age" deleted' in refusal and "restore" in refusal
    assert "undone: Osk created" in cli.ok("undo", "--campaign", "Iron Crown")  # when named


def test_deleting_a_campaign_with_backups_off_promises_no_backup(cli, monkeypatch) -> None:
    """It said `titan-campaign backups` had the file as it was, and there was none."""
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    cli.ok("campaign", "new", "Second Age", "--base-xp", "0")
    asked = cli.refused("campaign", "delete", "Second Age")
    assert asked.endswith("(no backup holds it: backups are turned off, TITAN_CAMPAIGN_BACKUPS=0)")
    said = cli.ok("campaign", "delete", "Second Age", "--yes")
    assert said == (
        'campaign "Second Age" deleted; no backup holds it: backups are turned off,'
        " TITAN_CAMPAIGN_BACKUPS=0, and `undo` does not bring it back\n"
    )


def test_undo_after_a_restore_points_to_the_backup_before_it(cli) -> None:
    crew(cli)
    cli.ok("spend", "Thorn", "ability", "power")
    cli.ok("restore", "1")  # back to before the Power box
    refusal = cli.refused("undo")
    assert "restore of backup 1" in refusal and "restore" in refusal
    cli.ok("gold", "Osk", "3")  # a change after the restore: undo takes it as usual
    assert "undone: Osk: " in cli.ok("undo")


def test_restore_says_what_it_took_back(cli) -> None:
    """`restore 2` said only "restored backup 2, saved ...": the gold +5 made after was gone
    without a word (the app's question says what a restore takes back)."""
    crew(cli)
    cli.ok("spend", "Thorn", "ability", "power")
    cli.ok("gold", "Osk", "5")
    said = cli.ok("restore", "2")
    assert (
        "took back Thorn: bought a Power box (100 XP) (and every later change in the file)" in said
    ), said
    assert said.strip().endswith("the database as it was is now backup 1"), said


def test_a_titan_added_to_a_game_cannot_give_it_another_date_or_scenario(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Ann", "--player", "Ann")
    cli.ok("titan", "add", "Bea", "--player", "Bo")
    cli.ok("award", "Ann", "--result", "won", "--date", "2026-01-05", "--scenario", "Siege")
    join = ("award", "Bea", "--result", "lost", "--game", "1")
    assert "game 1 was played on 2026-01-05" in cli.refused(*join, "--date", "2026-01-06")
    assert 'game 1 was the scenario "Siege"' in cli.refused(*join, "--scenario", "Raid")
    assert "game 1 on 2026-01-05" in cli.ok(*join, "--date", "2026-01-05")


def test_the_history_names_each_titan_as_it_was_called_when_the_change_was_made(cli) -> None:
    """Thorn renamed Thorne, then Mira renamed Thorn: game 1 read "game 1 recorded for Thorn
    and Mira", then "Thorne: ... won" and "Thorn: ... lost", one name for two Titans."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    cli.ok("game", "Thorn:won", "Mira:lost")
    cli.ok("titan", "rename", "Thorn", "Thorne")
    cli.ok("titan", "rename", "Mira", "Thorn")
    lines = cli.ok("history").splitlines()
    at = next(n for n, line in enumerate(lines) if "game 1 recorded for Thorn and Mira" in line)
    end = next(n for n in range(at + 1, len(lines)) if lines[n][:4].strip().isdigit())
    game = [line.strip() for line in lines[at + 1 : end]]
    assert "Thorn: game 1 on" in game[0] and game[0].endswith("won"), game
    assert any(line.startswith("Mira: game 1 on") and line.endswith("lost") for line in game)
    assert not any(line.startswith("Thorne:") for line in game), game
    renames = "\n".join(lines[end:])
    assert "Thorn: renamed Thorne" in renames and "Mira: renamed Thorn" in renames, renames


def test_a_titans_history_shows_only_its_own_lines_of_a_shared_change(cli) -> None:
    """`history Mira` printed Thorn's entry and award for every game Mira shared with him."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    cli.ok("game", "Thorn:won:score=120", "Mira:lost")
    mira = cli.ok("history", "Mira")
    assert "game 1 recorded for Thorn and Mira" in mira
    assert "Mira: game 1 on" in mira and "50 XP earned (R8)" in mira, mira
    assert "Thorn: game 1" not in mira and "112 XP" not in mira, mira
    assert "Thorn: game 1" in cli.ok("history")
