"""R8 in scenario play: at most one winner unless a scenario says otherwise, and a scenario's
own award that replaces the standard one ("XP are awarded according to the rules of the
scenario")."""

from __future__ import annotations

import json


def crew(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    for name, player in (("Thorn", "Ann"), ("Mira", "Bo")):
        cli.ok("titan", "add", name, "--player", player)


def test_r8_two_winners_without_a_scenario_are_refused_naming_both(cli) -> None:
    crew(cli)
    refusal = cli.refused("game", "Thorn:won", "Mira:won")
    assert refusal == (
        "game 1 would have 2 winners, Thorn and Mira: the standard rules have one; "
        "name the scenario that allows more (R8)"
    )
    assert "game 1 recorded" in cli.ok("game", "Thorn:won", "Mira:won", "--scenario", "Alliance")


def test_r8_three_winners_are_counted_as_three(cli) -> None:
    crew(cli)
    cli.ok("titan", "add", "Osk", "--player", "Cy")
    refusal = cli.refused("game", "Thorn:won", "Mira:won", "Osk:won")
    assert refusal.startswith("game 1 would have 3 winners, Thorn, Mira and Osk:")


def test_r8_a_scenario_of_spaces_is_no_scenario(cli) -> None:
    crew(cli)
    refusal = cli.refused("game", "Thorn:won", "Mira:won", "--scenario", "  ")
    assert refusal.startswith("game 1 would have 2 winners, Thorn and Mira")
    cli.ok("game", "Thorn:won", "Mira:won", "--scenario", " Alliance ")
    [game] = json.loads(cli.ok("campaign", "games", "--json"))
    assert game["scenario"] == "Alliance"
    assert "2 winners" in cli.refused("correct", "1", "--scenario", "   ")


def test_r8_a_second_winner_added_to_a_game_is_refused(cli) -> None:
    crew(cli)
    cli.ok("award", "Thorn", "--result", "won")
    refusal = cli.refused("award", "Mira", "--result", "won", "--game", "1")
    assert "2 winners, Thorn and Mira" in refusal


def test_r8_an_agreement_eliminating_the_titans_legion_ends_its_game_lost(cli) -> None:
    crew(cli)
    refusal = cli.refused("game", "Thorn:won:agreement-eliminated=1", "Mira:lost")
    assert refusal == (
        "game 1: an agreement that eliminates Thorn's legion eliminates Thorn: it happens once,"
        " in a game Thorn lost (R8)"
    )
    refusal = cli.refused("award", "Mira", "--result", "lost", "--agreement-eliminated", "2")
    assert refusal.startswith("game 1: an agreement that eliminates Mira's legion")
    cli.ok("game", "Thorn:won:battle-won=2", "Mira:lost:agreement-eliminated=1")
    refusal = cli.refused("correct", "1", "Mira:won:agreement-eliminated=1", "Thorn:lost")
    assert refusal.startswith("game 1: an agreement that eliminates Mira's legion")


def test_r8_a_battle_the_titans_legion_lost_ends_its_game_lost(cli) -> None:
    """An engagement ends when one side is wholly eliminated: a battle lost by the legion that
    holds the Titan slays it, and its player has lost (it was taken as a game won, twice,
    with the Titan surviving)."""
    crew(cli)
    refusal = cli.refused("game", "Thorn:won:battle-lost=1", "Mira:lost")
    assert refusal == (
        "game 1: a battle Thorn's legion lost eliminates Thorn: it happens once, in a game"
        " Thorn lost (R8)"
    )
    refusal = cli.refused("game", "Thorn:won", "Mira:lost:battle-lost=2")
    assert refusal.startswith("game 1: a battle Mira's legion lost eliminates Mira: it happens")
    refusal = cli.refused("game", "Thorn:won", "Mira:lost:battle-lost=1,agreement-eliminated=1")
    assert refusal.startswith(
        "game 1: Mira's legion, lost in a battle and eliminated by an agreement, eliminates Mira"
    )
    refusal = cli.refused("game", "Thorn:won", "Mira:lost:battle-lost=1,survivors=Titan+Ogre")
    assert refusal == (
        "game 1: a battle Mira's legion lost eliminates Mira: its Titan is not among the"
        " survivors (R8)"
    )
    said = cli.ok("game", "Thorn:won", "Mira:lost:battle-won=1,battle-lost=1,survivors=Ogre")
    assert "Mira: lost, 75 XP" in said  # R8: lost 50, a battle won 25, a battle lost 0
    assert "game 2 recorded" in cli.ok(
        "game", "Thorn:won:battle-lost=1", "Mira:won", "--scenario", "The Last Stand"
    )


def test_r8_an_agreement_eliminating_the_titans_legion_leaves_no_titan_to_survive(cli) -> None:
    crew(cli)
    refusal = cli.refused("game", "Thorn:won", "Mira:lost:agreement-eliminated=1,survivors=Titan")
    assert refusal == (
        "game 1: an agreement that eliminates Mira's legion eliminates Mira: its Titan is not"
        " among the survivors (R8)"
    )


def test_a_player_has_one_titan_among_the_survivors(cli) -> None:
    crew(cli)
    refusal = cli.refused("award", "Thorn", "--result", "won", "--survivors", "Titan,Titan")
    assert refusal == ("game 1: Thorn's survivors list its Titan 2 times: a player has one Titan")
    refusal = cli.refused("game", "Thorn:won:survivors=Titan+Titan", "--scenario", "Twins")
    assert refusal.startswith("game 1: Thorn's survivors list its Titan 2 times")
    cli.ok("award", "Thorn", "--result", "won", "--survivors", "Titan,Ogre,Ogre")


def test_r8_a_game_entered_late_is_judged_at_the_wisdom_it_was_played_with(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    for name, player in (("Ann", "A"), ("Bea", "B")):
        cli.ok("titan", "add", name, "--player", player)
    cli.ok("game", "Ann:won:score=100", "--date", "2026-01-01")
    cli.ok("game", "Ann:won", "Bea:lost:score=500", "--date", "2026-01-08")
    cli.ok("spend", "Bea", "ability", "wisdom")  # with game 2's 100 XP, after game 2
    out = cli.ok("award", "Bea", "--game", "1", "--result", "lost", "--score", "100")
    assert "wisdom bonus (0%): 0" in out and "total: 60 XP" in out
    [bea] = [
        p for game in json.loads(cli.ok("campaign", "games", "--json")) if game["game"] == 1
        for p in game["participants"] if p["titan"] == "Bea"
    ]  # fmt: skip
    assert bea["award"] == 60
    assert "total: 66 XP" in cli.ok("award", "Bea", "--result", "lost", "--score", "100")
    assert "game 1 corrected for Bea" in cli.ok("correct", "1", "Bea:lost:score=200")
    [sheet_game] = [
        g for g in json.loads(cli.ok("sheet", "Bea", "--format", "json"))["games"] if g["game"] == 1
    ]
    assert sheet_game["award"] == 70  # judged again at the game's Wisdom: 50 + 20


def test_r8_a_scenario_award_replaces_the_standard_award(cli) -> None:
    crew(cli)
    cli.ok("spend", "Thorn", "ability", "wisdom")  # R8: the Wisdom bonus still applies
    out = cli.ok(
        "award", "Thorn", "--result", "won", "--score", "500", "--battle-won", "2",
        "--scenario", "Rescue", "--scenario-award", "80",
    )  # fmt: skip
    assert "scenario award, replacing the standard one: 80" in out
    assert "total: 88 XP" in out  # 80 + 10% of 80; not 100 + 50 + 50
    cli.ok("game", "Mira:lost:score=200,scenario-award=40", "--scenario", "Rescue")
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [p["award"] for g in games for p in g["participants"]] == [88, 40]
    assert games[1]["participants"][0]["figures"]["scenario_replaces"] is True


def test_r8_scenario_xp_and_a_scenario_award_are_not_given_together(cli) -> None:
    crew(cli)
    assert "give one" in cli.refused(
        "award", "Thorn", "--result", "won", "--scenario-xp", "5", "--scenario-award", "80"
    )
    assert "give one" in cli.refused("game", "Thorn:won:scenario-xp=5,scenario-award=80")


def test_the_award_help_says_how_a_scenario_award_replaces_the_standard_one(cli) -> None:
    code, out, _ = cli("award", "--help")
    said = " ".join(out.split())
    assert (
        code == 0
        and "--scenario-award N the scenario's own award, which replaces the standard one" in said
    )


def test_r8_the_award_help_says_either_sides_flight_counts_as_fled(cli) -> None:
    """ "engagements fled" read as if the Titan's own legion had fled; the rulebook counts
    "engagements where the defender flees", and R8 either side's."""
    code, out, _ = cli("award", "--help")
    said = " ".join(out.split())
    assert code == 0 and (
        "--fled N engagements where a legion fled before any battle, either side (0 XP each)"
        " (R8)" in said
    )


def test_r8_scenario_xp_or_a_scenario_award_needs_the_scenario_named(cli) -> None:
    """Scenario XP, or a scenario's own award, in a game that names no scenario replaced or
    added to the standard award (Ann won a game and got 0 XP)."""
    crew(cli)
    refusal = cli.refused("game", "Thorn:won:score=300,scenario-award=0", "Mira:lost")
    assert refusal == (
        "game 1: Thorn has a scenario award, but the game names no scenario:"
        " name the scenario played (R8)"
    )
    refusal = cli.refused("award", "Mira", "--result", "lost", "--scenario-xp", "500")
    assert refusal.startswith("game 1: Mira has scenario XP, but the game names no scenario")
    out = cli.ok("game", "Thorn:won", "Mira:lost:scenario-xp=500", "--scenario", "Siege")
    assert "Mira: lost, 550 XP" in out
    # the scenario taken away while Mira's 500 scenario XP stands: refused
    refusal = cli.refused("correct", "1", "--scenario", "")
    assert "Mira has scenario XP, but the game names no scenario" in refusal


def test_r8_a_scenario_award_is_said_as_such_in_the_game_log(cli) -> None:
    crew(cli)
    cli.ok("game", "Thorn:won:score=300,scenario-award=200", "Mira:lost", "--scenario", "Siege")
    games = cli.ok("campaign", "games")
    assert "Thorn: 200 XP: won, score 300, scenario award 200, replacing the standard one" in games
    assert "200 (scenario award, replacing the standard one) = 200 XP" in games
    assert "scenario XP" not in games


def test_r8_scenario_xp_of_0_beside_a_scenario_award_adds_nothing_as_in_the_game_form(
    cli,
) -> None:
    """The game form takes ScXP 0 and ScAw 40 (0 scenario XP adds nothing), and so does
    `award`; `game` refused them as if both had been given."""
    crew(cli)
    cli.ok("game", "Thorn:won:scenario-xp=0,scenario-award=40", "--scenario", "Rescue")
    cli.ok("award", "Mira", "--result", "lost", "--game", "1", "--scenario-xp", "0",
           "--scenario-award", "0")  # fmt: skip
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [p["award"] for g in games for p in g["participants"]] == [40, 0]
    assert "give one" in cli.refused("game", "Thorn:won:scenario-award=0,scenario-xp=20")
