"""A change to some Titans reads only their events, and of the other Titans only what the
campaign's own rules need: their names (a new name must be unique) and their games (game
numbers and an earlier game's date). These are worked examples that such a change still
judges as if it had read the whole campaign."""

from __future__ import annotations

import json

from titan_campaign.store import Database

from .conftest import Cli


def _break_titan_events(cli: Cli, name: str) -> None:
    """Damage the gold lines noted ``name`` in the file (an amount that is not a number)."""
    tables = json.loads(cli.db.read_text())
    for doc in tables["changes"].values():
        for events in doc["titans"].values():
            for event in events:
                if event.get("kind") == "gold_changed" and event.get("note") == name:
                    event["amount"] = "lots"
    cli.db.write_text(json.dumps(tables))


def test_a_new_game_is_numbered_after_games_other_titans_played(crown: Cli) -> None:
    crown.ok("award", "Bex", "--result", "won", "--date", "2026-10-08")  # game 2: Bex alone
    out = crown.ok("award", "Thorn", "--result", "lost", "--date", "2026-10-15")
    assert "game 3 on 2026-10-15" in out


def test_joining_a_game_another_titan_recorded_keeps_its_date(crown: Cli) -> None:
    crown.ok("titan", "add", "Oska", "--player", "Cy")
    out = crown.ok("award", "Oska", "--result", "lost", "--game", "1")
    assert "game 1 on 2026-10-01" in out


def test_a_rename_to_another_titans_name_is_refused(crown: Cli) -> None:
    assert 'already has a Titan named "Bex"' in crown.refused("titan", "rename", "Thorn", "Bex")


def test_a_change_ends_the_redo_of_a_game_it_shared_with_another_titan(crown: Cli) -> None:
    crown.ok("game", "Thorn:won", "Bex:lost", "--date", "2026-10-08")
    crown.ok("undo")  # the game for both
    crown.ok("gold", "Thorn", "5")  # Thorn changes: the game can no longer be redone
    assert "nothing to redo" in crown.refused("redo")
    texts = [doc["text"] for doc in json.loads(crown.db.read_text())["changes"].values()]
    assert not any(text.startswith("game 2") for text in texts)


def test_a_titan_history_shows_the_other_titans_of_its_games(crown: Cli) -> None:
    crown.ok("game", "Thorn:won", "Bex:lost", "--date", "2026-10-08")
    out = crown.ok("history", "Thorn")
    assert "Bex" in out.split("game 2 recorded")[1]


def test_damage_in_another_titans_events_does_not_stop_a_change_and_stays_as_it_was(
    crown: Cli,
) -> None:
    crown.ok("gold", "Bex", "7", "--note", "Bex")
    _break_titan_events(crown, "Bex")
    crown.ok("gold", "Thorn", "3")
    assert "amount: a whole number" in crown.refused("sheet", "Bex")
    tables = json.loads(crown.db.read_text())
    amounts = [
        event["amount"]
        for doc in tables["changes"].values()
        for events in doc["titans"].values()
        for event in events
        if event.get("kind") == "gold_changed"
    ]
    assert amounts == ["lots", 3]


def test_a_change_read_for_some_titans_is_not_kept_as_the_whole_campaign(crown: Cli) -> None:
    with Database(crown.db).writing() as session:
        part = session.campaign_for(["Thorn"])
        assert not part.whole
        whole = session.campaign("Iron Crown")
        assert whole.whole and whole.campaign.state(whole.campaign.titan_id("Bex")).name == "Bex"
