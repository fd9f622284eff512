"""Games on the record (issue 21): every figure typed is kept and shown, game order is play
order (R9), and an imported Titan keeps its own past."""

from __future__ import annotations

import json


def crew(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    for name, player in (("Thorn", "Ann"), ("Mira", "Bo"), ("Osk", "Cy")):
        cli.ok("titan", "add", name, "--player", player)


GAME = (
    "game",
    "Thorn:won:score=347,battle-won=3,agreement=1,survivors=Titan+Ogre",
    "Mira:lost:score=120,battle-lost=2,fled=1,agreement-eliminated=1",
    "Osk:lost:scenario-xp=20",
    "--date",
    "2026-11-28",
    "--scenario",
    "Siege",
)


def test_r8_every_figure_typed_is_kept_in_the_game_log_as_data(cli) -> None:
    crew(cli)
    cli.ok(*GAME)
    [game] = json.loads(cli.ok("campaign", "games", "--json"))
    assert (game["game"], game["date"], game["scenario"]) == (1, "2026-11-28", "Siege")
    thorn, mira, osk = game["participants"]
    assert thorn["titan"] == "Thorn" and thorn["result"] == "won"
    assert thorn["figures"] == {
        "score": 347,
        "battle_won": 3,
        "battle_lost": 0,
        "agreement": 1,
        "agreement_eliminated": 0,
        "fled": 0,
        "scenario_xp": 0,
        "scenario_replaces": False,
    }
    assert thorn["survivors"] == ["Titan", "Ogre"]
    # R8: 100 won + 3 x 25 + 1 x 10 + 347 // 10 = 219, no wisdom
    assert thorn["award"] == 219
    assert [part["xp"] for part in thorn["breakdown"]["parts"]] == [100, 75, 10, 34]
    assert (thorn["breakdown"]["subtotal"], thorn["breakdown"]["total"]) == (219, 219)
    assert mira["figures"]["battle_lost"] == 2 and mira["figures"]["fled"] == 1
    assert mira["figures"]["agreement_eliminated"] == 1 and mira["award"] == 50 + 12
    assert osk["figures"]["scenario_xp"] == 20 and osk["award"] == 70
    assert osk["survivors"] is None


def test_r8_campaign_games_shows_each_titans_figures_and_breakdown(cli) -> None:
    crew(cli)
    cli.ok(*GAME)
    out = cli.ok("campaign", "games")
    assert "game 1  2026-11-28  Siege" in out
    assert "Thorn: 219 XP: won, score 347, 3 battles won, 1 agreement; survivors Titan, Ogre" in out
    assert "100 (game won) + 75 (3 battles won x 25) + 10 (1 agreement x 10)" in out
    assert "Mira: 62 XP: lost, score 120, 2 battles lost, 1 agreement eliminating" in out


def test_r8_history_names_the_figures_of_a_game(cli) -> None:
    crew(cli)
    cli.ok(*GAME)
    out = cli.ok("history")
    assert "Thorn: game 1 on 2026-11-28 (Siege): won, score 347, 3 battles won" in out
    assert "Mira: game 1 on 2026-11-28 (Siege): lost, score 120, 2 battles lost" in out
    rows = json.loads(cli.ok("history", "--json"))
    lines = [event["text"] for event in rows[-1]["events"]]
    assert "1 engagement fled" in lines[1] and "2 battles lost" in lines[1]


def test_r8_the_sheet_json_keeps_every_figure_per_game(cli) -> None:
    crew(cli)
    cli.ok(*GAME)
    [game] = json.loads(cli.ok("sheet", "Thorn", "--format", "json"))["games"]
    assert game["figures"]["score"] == 347 and game["figures"]["battle_won"] == 3
    assert game["survivors"] == ["Titan", "Ogre"] and game["award"] == 219
    assert game["breakdown"]["parts"][-1] == {"label": "score 347 / 10", "xp": 34}


def test_r9_the_last_game_is_the_newest_by_number_not_the_last_typed(cli) -> None:
    """The issue's repro: game 5 without Thorn, game 6 with him (Titan, Minotaur, Lion), then
    Thorn added to game 5 (Titan, Minotaur, Griffon): Lion may join his guard, Griffon not."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    for _ in range(5):
        cli.ok("award", "Mira", "--result", "lost")
    cli.ok(
        "award", "Thorn", "--result", "won", "--scenario-xp", "800", "--scenario", "Quest",
        "--survivors", "Titan,Minotaur,Lion",
    )  # fmt: skip
    for ability in ("power", "skill", "luck", "spirit"):
        for _ in range(2):
            cli.ok("spend", "Thorn", "ability", ability)  # 800 XP spent: level 4 (R2)
    cli.ok(
        "award", "Thorn", "--result", "lost", "--game", "5",
        "--survivors", "Titan,Minotaur,Griffon",
    )  # fmt: skip
    refusal = cli.refused("honor-guard", "Thorn", "Griffon")
    assert refusal == "Griffon did not survive the last game; choose from its survivors (R9)"
    assert "honor guard: Lion" in cli.ok("honor-guard", "Thorn", "Lion")
    rows = json.loads(cli.ok("progress", "Thorn", "--format", "json"))
    assert [row["game"] for row in rows] == [5, 6]


def test_an_imported_titan_keeps_its_own_games_out_of_the_new_campaigns_log(cli, tmp_path):
    """The issue's repro: Thorn's games in "The Iron Crown" are not listed under "Second
    Age"'s game 1 (a Siege on 2025-01-05), and Second Age's next game is still 2."""
    cli.ok("campaign", "new", "The Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    for date in ("2024-03-01", "2024-04-01", "2024-05-01", "2024-06-01"):
        cli.ok("award", "Thorn", "--result", "lost", "--date", date)
    file = tmp_path / "thorn.json"
    cli.ok("titan", "export", "Thorn", "-o", str(file))
    cli.ok("campaign", "new", "Second Age", "--base-xp", "0")
    cli.ok("titan", "add", "Bea", "--player", "Bo", "--campaign", "Second Age")
    cli.ok(
        "award", "Bea", "--result", "won", "--scenario", "Siege", "--date", "2025-01-05",
        "--campaign", "Second Age",
    )  # fmt: skip
    out = cli.ok("titan", "import", str(file), "--campaign", "Second Age")
    assert 'joins "Second Age"' in out
    games = json.loads(cli.ok("campaign", "games", "--json", "--campaign", "Second Age"))
    assert [[p["titan"] for p in g["participants"]] for g in games] == [["Bea"]]
    out = cli.ok("award", "Thorn", "--result", "lost", "--campaign", "Second Age")
    assert "Thorn: game 2 on" in out
    rows = json.loads(cli.ok("progress", "Thorn", "--campaign", "Second Age", "--format", "json"))
    assert [(row["game"], row.get("played_in", "")) for row in rows] == [
        (1, "The Iron Crown"),
        (2, "The Iron Crown"),
        (3, "The Iron Crown"),
        (4, "The Iron Crown"),
        (2, ""),
    ]
    history = cli.ok("history", "Thorn", "--campaign", "Second Age")
    assert 'joins from "The Iron Crown"' in history


def test_a_titan_from_two_campaigns_of_one_name_keeps_the_games_of_each_apart(
    cli, tmp_path, capsys
) -> None:
    """Thorn played game 1 in a group's "Iron Crown", then, imported, game 1 of another
    group's "Iron Crown" (another file): brought into a third campaign, both games 1 are his;
    the second campaign's games are named apart (the import was refused: game 1 twice)."""
    from .conftest import Cli

    other = Cli(tmp_path / "other.json", capsys)
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("award", "Thorn", "--result", "lost", "--date", "2024-03-01")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    cli.ok("titan", "export", "Thorn", "-o", str(first))
    other.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    other.ok("titan", "import", str(first))
    other.ok("award", "Thorn", "--result", "won", "--date", "2025-03-01")
    other.ok("titan", "export", "Thorn", "-o", str(second))
    cli.ok("campaign", "new", "Third Age", "--base-xp", "0")
    cli.ok("titan", "import", str(second), "--campaign", "Third Age", "--name", "Thorn II")
    rows = json.loads(cli.ok("progress", "Thorn II", "--campaign", "Third Age", "--format", "json"))
    assert [(row["game"], row["date"], row.get("played_in")) for row in rows] == [
        (1, "2024-03-01", "Iron Crown"),
        (1, "2025-03-01", "Iron Crown (2)"),
    ]


def test_r1_a_correction_that_takes_back_xp_spent_before_later_games_made_it_up_is_refused(
    cli,
) -> None:
    cli.ok("campaign", "new", "B", "--base-xp", "0")
    cli.ok("titan", "add", "E", "--player", "a")
    cli.ok("titan", "add", "F", "--player", "b")
    cli.ok("game", "E:won:score=1000", "F:lost")  # E: 200 XP
    cli.ok("spend", "E", "ability", "wisdom")
    cli.ok("spend", "E", "ability", "wisdom")  # all 200 spent
    cli.ok("game", "E:won:score=2000", "F:lost")  # 360 XP: enough at the end for any correction
    assert "gives E 150 XP less, which E spent after that game" in cli.refused(
        "correct", "1", "E:lost"
    )
    assert "taking E out of game 1 takes back 200 XP" in cli.refused(
        "correct", "1", "E", "--remove"
    )
    assert "+50 XP" in cli.ok("correct", "1", "E:won:score=1500")


def test_a_refused_correction_names_the_xp_against_the_game_as_it_stands(cli) -> None:
    """Game 1 gave 134 XP, was corrected to 144: a correction to 50 or taking the Titan out was
    said to take back 84 and 134 XP (the award before the correction)."""
    cli.ok("campaign", "new", "R", "--base-xp", "0")
    cli.ok("titan", "add", "T", "--player", "P")
    cli.ok("award", "T", "--result", "won", "--score", "347")
    cli.ok("spend", "T", "ability", "wisdom")
    cli.ok("correct", "1", "T:won:score=447")
    cli.ok("award", "T", "--result", "won")
    assert cli.refused("correct", "1", "T:lost") == (
        "game 1 as corrected gives T 94 XP less, which T spent after that game, before later"
        " games made it up: 50 XP would have been lacking (R1)"
    )
    assert cli.refused("correct", "1", "T", "--remove").startswith(
        "taking T out of game 1 takes back 144 XP, which T spent after that game"
    )


def test_a_game_dated_before_an_earlier_numbered_game_says_so(cli) -> None:
    """Game 2 typed as 2025-03-01 after game 1 of 2025-03-08 was taken without a word, though
    game 2 counts as the last game (R9) and the progress then ran its dates backwards."""
    cli.ok("campaign", "new", "S", "--base-xp", "0")
    cli.ok("titan", "add", "T", "--player", "A")
    cli.ok("titan", "add", "U", "--player", "B")
    said = cli.ok("game", "T:won:score=20", "U:lost", "--date", "2025-03-08")
    assert "dated" not in said
    said = cli.ok("game", "T:won", "U:lost", "--date", "2025-03-01")
    note = (
        "game 2 is dated 2025-03-01, before game 1 (2025-03-08): games count in the order of"
        " their numbers (R9), so check the date; a correction fixes it"
    )
    assert said.count(note) == 1, said
    assert "dated" not in cli.ok("award", "T", "--result", "won", "--date", "2025-03-09")


def test_a_date_corrected_out_of_the_games_order_says_so(cli) -> None:
    """Game 1 corrected to a date after game 2's took no note, though a new game dated so
    did."""
    cli.ok("campaign", "new", "S", "--base-xp", "0")
    cli.ok("titan", "add", "T", "--player", "A")
    cli.ok("game", "T:won", "--date", "2025-03-01")
    cli.ok("game", "T:won", "--date", "2025-03-08")
    said = cli.ok("correct", "1", "--date", "2025-03-15")
    assert said.count("game 1 is dated 2025-03-15, after game 2 (2025-03-08)") == 1, said
    assert "is dated" not in cli.ok("correct", "1", "--date", "2025-03-02")
