"""The campaign-wide change log: every user action is one change, undone and redone whole."""

from __future__ import annotations

import json


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
    assert "nothing to undo for Thorn" in cli.refused(
        "undo", "Thorn"
    )  # its creation is not undone by name


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
    assert {e["titan"]: e["notes"] for e in game["events"]} == {
        "Thorn": ["100 XP earned (R8)"],
        "Mira": ["50 XP earned (R8)"],
    }


def test_undo_with_nothing_to_undo_is_refused(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    assert "nothing to undo" in cli.refused("undo")
    assert "nothing to redo" in cli.refused("redo")
