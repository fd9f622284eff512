"""Mistakes a new player makes while following the README: each is one `error:` line, exit 1,
the database byte-for-byte as it was; and what the README's tour prints reads as it says."""

from __future__ import annotations

import argparse
import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from titan_campaign.cli import main
from titan_campaign.cli.parser import build_parser


def test_keeping_a_goal_without_naming_one_is_refused_rather_than_keeping_nothing(thorn) -> None:
    message = thorn.refused("goal", "Thorn", "--keep")
    assert "--ability, --school or --spell" in message


def test_clearing_a_goal_when_none_is_kept_is_refused_and_records_no_change(thorn) -> None:
    assert "keeps no goal" in thorn.refused("goal", "Thorn", "--clear")
    thorn.ok("goal", "Thorn", "--keep", "--ability", "power=1")
    assert "cleared" in thorn.ok("goal", "Thorn", "--clear")
    assert "keeps no goal" in thorn.refused("goal", "Thorn", "--clear")


def test_renaming_a_campaign_to_the_name_it_has_is_refused(thorn) -> None:
    assert "already called" in thorn.refused("campaign", "rename", "Iron Crown")
    assert "already called" in thorn.refused("campaign", "rename", " Iron   Crown ")
    assert "Iron Crown" in thorn.ok("campaign", "list")


def test_progress_in_the_terminal_ends_its_last_line(thorn) -> None:
    thorn.ok("award", "Thorn", "--result", "won", "--date", "2026-11-28")
    out = thorn.ok("progress", "Thorn")
    assert out.endswith("\n") and not out.endswith("\n\n")
    assert out.splitlines()[-1].split()[:2] == ["1", "2026-11-28"]


def test_progress_written_to_a_text_file_ends_its_last_line(thorn, tmp_path: Path) -> None:
    thorn.ok("award", "Thorn", "--result", "won", "--date", "2026-11-28")
    output = tmp_path / "thorn-progress.txt"
    thorn.ok("progress", "Thorn", "-o", str(output))
    assert output.read_text(encoding="utf-8").endswith("0\n")


EMPTY_FILE_NAMES = [
    ("import", ""),
    ("merge", ""),
    ("titan", "import", ""),
    ("sheet", "Thorn", "-o", ""),
    ("export", "-o", ""),
    ("progress", "Thorn", "--format", "svg", "-o", ""),
    ("cards", "--all", "-o", ""),
]


@pytest.mark.parametrize("argv", EMPTY_FILE_NAMES, ids=[" ".join(a) for a in EMPTY_FILE_NAMES])
def test_an_empty_file_name_is_refused_naming_what_is_missing(
    thorn, argv, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    message = thorn.refused(*argv)
    assert "no file" in message and "folder" not in message
    assert not (tmp_path / "thorn-sheet.txt").exists()


def test_the_history_of_a_new_campaign_says_there_is_none_yet(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    assert cli.ok("history").strip() == "no changes yet: add a Titan with titan add NAME --player P"
    assert cli.ok("history", "--json").strip() == "[]"


def test_a_blank_sheet_as_the_readme_asks_for_it_is_a_pdf(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = cli.ok("sheet", "--blank")
    written = Path(out.strip().removeprefix("wrote "))
    assert written.suffix == ".pdf" and written.read_bytes().startswith(b"%PDF")
    assert "not text" in cli.refused("sheet", "--blank", "--format", "text")


ESCAPE = "x\x1b[31mred"
"""A file name a player could paste: an escape sequence that would turn the terminal red."""


def test_a_file_name_with_an_escape_sequence_is_named_with_it_shown_never_sent(
    thorn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    thorn.ok("award", "Thorn", "--result", "won")
    said = [
        thorn.ok("sheet", "Thorn", "--format", "html", "-o", f"{ESCAPE}.html"),
        thorn.ok("progress", "Thorn", "--format", "svg", "-o", f"{ESCAPE}.svg"),
        thorn.ok("titan", "export", "Thorn", "-o", f"{ESCAPE}.json"),
        thorn.ok("export", "-o", f"{ESCAPE}-all.json"),
    ]
    for out in said:
        assert "\x1b" not in out and "x\\x1b[31mred" in out, out
    assert (tmp_path / f"{ESCAPE}.html").is_file()  # the file is named as typed


def test_a_database_path_with_an_escape_sequence_is_named_with_it_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from titan_campaign.cli import main

    db = tmp_path / f"{ESCAPE}.json"
    assert main(["--db", str(db), "campaign", "new", "Iron Crown", "--base-xp", "0"]) == 0
    assert main(["--db", str(db), "backups"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and out.count("x\\x1b[31mred") == 2, out


@pytest.mark.parametrize("where", ["--db", "env"])
def test_a_database_named_as_a_folder_is_refused_rather_than_made_as_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    from titan_campaign.cli import main

    folder = f"{tmp_path / 'games'}/"
    words = ["campaign", "new", "Iron Crown", "--base-xp", "0"]
    if where == "env":
        monkeypatch.setenv("TITAN_CAMPAIGN_DB", folder)
    else:
        words = ["--db", folder, *words]
    assert main(words) == 1
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1, error
    assert f"names a folder: give the database's file name, e.g. {folder}campaigns.json" in error
    assert list(tmp_path.iterdir()) == []  # no file called "games", no lock beside it


@pytest.mark.parametrize("action", ["use", "remove"])
def test_an_item_named_by_an_empty_name_is_refused_saying_the_name_is_empty(
    thorn, action: str
) -> None:
    thorn.ok("item", "add", "Thorn", "Winged Sandals")
    message = thorn.refused("item", action, "Thorn", " ")
    assert "the magic item's name is empty (Thorn's items: Winged Sandals)" in message


@pytest.mark.parametrize(
    "argv",
    [
        ("award", "Thorn", "--result", "won", "--survivors", "Titan,Dargon"),
        ("game", "Thorn:won:survivors=Titan+Dargon"),
    ],
    ids=["award", "game"],
)
def test_a_misspelt_survivor_is_named_by_the_field_not_its_place_in_the_list(thorn, argv) -> None:
    message = thorn.refused(*argv)
    assert message == 'survivors: no character named "Dargon"; did you mean "Dragon"?'


@pytest.mark.parametrize(
    ("argv", "typed"),
    [
        (("game", "Thorn:won:survivors=Titan++Ogre"), 'survivors "Titan++Ogre" has a "+"'),
        (("game", "Thorn:won:survivors=Titan+Ogre+"), 'survivors "Titan+Ogre+" has a "+"'),
        (
            ("award", "Thorn", "--result", "won", "--survivors", "Titan,,Ogre"),
            '"Titan,,Ogre" has a ","',
        ),
    ],
    ids=["doubled", "trailing", "award"],
)
def test_survivors_with_a_name_left_out_between_them_are_refused(thorn, argv, typed) -> None:
    """``survivors=Titan++Ogre+`` was read as Titan and Ogre: the creature the player forgot to
    type was lost from the game, and from the honor guard chosen from it (R9)."""
    before = thorn.db.read_bytes()
    message = thorn.refused(*argv)
    assert typed in message and "with no name beside it: name each survivor once" in message
    assert thorn.db.read_bytes() == before


@pytest.mark.parametrize(
    "argv",
    [
        ("award", "Thorn", "--result", "lost", "--survivors", ",,"),
        ("game", "Thorn:lost:survivors="),
    ],
    ids=["award", "game"],
)
def test_survivors_typed_with_no_name_are_refused_and_none_says_none_survived(thorn, argv) -> None:
    """A half-typed ``survivors=`` was read as none survived, which slays the whole honor
    guard (R9); "none" says it."""
    before = thorn.db.read_bytes()
    message = thorn.refused(*argv)
    assert "survivors names no character" in message and "none if none survived" in message
    assert thorn.db.read_bytes() == before
    thorn.ok("game", "Thorn:lost:survivors=none")
    thorn.ok("award", "Thorn", "--result", "lost", "--survivors", "None")
    games = json.loads(thorn.ok("sheet", "Thorn", "--format", "json"))["games"]
    assert [game["survivors"] for game in games] == [[], []]


@pytest.mark.parametrize(
    "argv",
    [
        ("award", "Thorn", "--result", "won", "--survivors", "Ogre,Troll"),
        ("game", "Thorn:won:survivors=Ogre+Troll"),
    ],
    ids=["award", "game"],
)
def test_a_winner_whose_titan_did_not_survive_is_refused(thorn, argv) -> None:
    """A player whose Titan is slain is out of the game: a winner's survivors hold its Titan."""
    message = thorn.refused(*argv)
    assert message == (
        "game 1: Thorn won, but its survivors do not include its Titan: a player whose Titan"
        " is slain is out of the game and has lost (R8); add Titan to the survivors"
    )
    thorn.ok("game", "Thorn:won:survivors=Ogre+Troll", "--scenario", "Rescue the Ogres")


def test_survivors_joined_with_commas_in_a_game_entry_are_said_to_take_plus(thorn) -> None:
    """``award --survivors`` takes commas, a game entry +: the comma split the entry."""
    message = thorn.refused("game", "Thorn:won:survivors=Titan,Ogre")
    assert "survivors are joined with + here, as in survivors=Titan+Ogre" in message


def test_keep_and_clear_together_are_refused_naming_both(thorn) -> None:
    message = thorn.refused("goal", "Thorn", "--keep", "--clear")
    assert "--keep" in message and "--clear" in message and "no target" not in message


def test_a_titan_no_campaign_has_is_refused_naming_each_campaigns_titans(thorn) -> None:
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "0")
    thorn.ok("titan", "add", "Mira", "--player", "Bo", "--campaign", "Second Age")
    message = thorn.refused("sheet", "Osk")
    assert message == 'no Titan named "Osk" in any campaign (Iron Crown: Thorn; Second Age: Mira)'


@pytest.mark.parametrize("campaigns", [1, 2])
def test_a_titan_called_by_its_old_name_is_refused_saying_its_new_name(thorn, campaigns) -> None:
    if campaigns == 2:
        thorn.ok("campaign", "new", "Second Age", "--base-xp", "0")
    thorn.ok("titan", "rename", "Thorn", "Thorin", "--campaign", "Iron Crown")
    message = thorn.refused("spend", "thorn", "ability", "power")
    assert message.startswith('no Titan named "thorn"') and "Thorn is now called Thorin" in message


def test_gold_of_a_game_the_titan_did_not_play_is_refused(thorn) -> None:
    thorn.ok("award", "Thorn", "--result", "won")
    assert "Thorn played no game 2" in thorn.refused("gold", "Thorn", "50", "--game", "2")
    assert "50 gold" in thorn.ok("gold", "Thorn", "50", "--game", "1")


NUMBERS = [
    (("correct", "-1", "Thorn:won"), "expected a game number like 3, got -1"),
    (("correct", "x", "Thorn:won"), "expected a game number like 3, got 'x'"),
    (("award", "Thorn", "--result", "won", "--game", "x"), "expected a game number like 3"),
    (("gold", "Thorn", "5", "--game", "x"), "expected a game number like 3"),
    (("restore", "x"), "expected a backup's number like 1 from titan-campaign backups, got 'x'"),
    (("item", "add", "Thorn", "Ring", "--charges", "x"), "expected a whole number, got 'x'"),
    (("serve", "--max-tabs", "-1"), "expected at least 1 tab, got -1"),
]


@pytest.mark.parametrize(("argv", "said"), NUMBERS, ids=[" ".join(a) for a, _ in NUMBERS])
def test_a_number_typed_wrong_is_refused_saying_what_number_it_takes(thorn, argv, said) -> None:
    message = thorn.refused(*argv)
    assert said in message and "invalid int" not in message and "at least 0" not in message


@pytest.mark.parametrize("command", ["print-campaign", "cards"])
def test_the_help_of_a_printout_names_the_file_it_writes_by_default(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from titan_campaign.cli import main

    monkeypatch.setenv("COLUMNS", "200")  # one line each: no word cut at a hyphen
    with pytest.raises(SystemExit):
        main([command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    named = {"print-campaign": "named after the campaign", "cards": "spell-cards"}[command]
    assert named in said, said


def test_archiving_an_archived_titan_says_it_is_archived_already(thorn) -> None:
    thorn.ok("titan", "archive", "Thorn")
    assert thorn.refused("titan", "archive", "Thorn") == "Thorn is already archived"


@pytest.mark.parametrize("argv", [("Thorn", "--all"), ("--all", "--spell", "Fire Ball")])
def test_spell_cards_of_two_kinds_at_once_are_refused_saying_to_choose_one(thorn, argv) -> None:
    assert "one at a time" in thorn.refused("cards", *argv)


def test_a_school_level_2_says_it_brings_two_spell_picks(thorn) -> None:
    thorn.ok("spend", "Thorn", "ability", "power")
    thorn.ok("spend", "Thorn", "school", "water")
    thorn.ok("choose", "Thorn", "spell", "Bog Walker")
    out = thorn.ok("choose", "Thorn", "school", "water")
    said = "Water level 2 gained: pick one spell of Water level 2 and one of Water level 1 (R5)"
    assert said in out, out


def test_a_titan_file_whose_name_the_campaign_has_is_refused_saying_a_new_name_brings_it_in(
    thorn, tmp_path: Path
) -> None:
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("titan", "add", "Thorn", "--player", "Bo", "--campaign", "Second Age")
    message = thorn.refused("titan", "import", str(file), "--campaign", "Second Age")
    assert 'already has a Titan named "Thorn"' in message and "a new name" in message
    assert "--name NEW" in message  # the command line's way to give it


@pytest.mark.parametrize("argv", [("sheet", "Thorn"), ("spend", "Thorn", "ability", "power")])
def test_a_titan_named_in_a_database_without_campaigns_says_to_create_one(cli, argv) -> None:
    message = cli.refused(*argv)
    assert message.endswith(
        "no campaign yet: create one with `titan-campaign campaign new NAME --base-xp 0`"
    )
    assert "()" not in message and not cli.db.exists()


def test_a_goal_one_step_away_says_one_step(thorn) -> None:
    assert "Thorn to Power 1: 1 step, 100 XP spent" in thorn.ok(
        "goal", "Thorn", "--ability", "power=1"
    )
    thorn.ok("goal", "Thorn", "--keep", "--ability", "power=1")
    assert "100 XP to spend in 1 step," in thorn.ok("sheet", "Thorn")


def test_a_pending_choice_shows_the_command_that_answers_it_as_it_can_be_typed(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Old Thorn", "--player", "Ann")
    cli.ok("spend", "Old Thorn", "ability", "power")
    out = cli.ok("spend", "Old Thorn", "school", "water")
    assert 'choose "Old Thorn" school SCHOOL (Water, Air,' in out
    assert 'choose "Old Thorn" spell NAME (Water Affinity,' in cli.ok("choices", "Old Thorn")


def _two_games(cli) -> None:
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    cli.ok(
        "game", "Thorn:won:score=100", "Mira:lost", "--date", "2026-11-01", "--scenario", "Siege"
    )
    cli.ok("game", "Thorn:lost:score=50", "--date", "2026-11-08")


def test_correcting_the_date_of_a_later_game_changes_that_game_only(thorn) -> None:
    import json

    _two_games(thorn)
    said = thorn.ok("correct", "2", "--date", "2026-11-09")
    assert said.startswith("game 2 corrected: date 2026-11-08 -> 2026-11-09"), said
    games = json.loads(thorn.ok("campaign", "games", "--json"))
    assert [(g["game"], g["date"], g["scenario"]) for g in games] == [
        (1, "2026-11-01", "Siege"),
        (2, "2026-11-09", ""),
    ]
    assert "won, score 100" in thorn.ok("campaign", "games").split("game 2")[0]


def test_a_titan_added_to_a_later_game_takes_that_games_date(thorn) -> None:
    _two_games(thorn)
    thorn.ok("award", "Mira", "--result", "won", "--game", "2")
    assert "game 2 on 2026-11-08" in thorn.ok("history", "Mira")


def test_deleting_a_misspelt_campaign_says_there_is_none_of_that_name_before_asking_for_yes(
    thorn,
) -> None:
    said = thorn.refused("campaign", "delete", "Iron Crwn")
    assert 'no campaign named "Iron Crwn"' in said and "--yes" not in said


def test_the_sheet_on_a_terminal_sets_its_headings_in_bold_and_no_row_of_boxes(thorn) -> None:
    """On a terminal the text sheet's headings are bold: every heading, whether or not words
    in brackets follow it, and none of the rows of boxes, ticked ([x]) or not ([ ])."""
    from titan_campaign.cli.handlers import is_heading

    thorn.ok("spend", "Thorn", "ability", "power")
    sheet = thorn.ok("sheet", "Thorn").splitlines()
    assert any(line.startswith("[x][ ][ ] POWER") for line in sheet)
    assert [line.split("  ")[0] for line in sheet if is_heading(line)] == [
        "TITAN CHARACTER SHEET",
        "ABILITIES",
        "SPELL SCHOOLS",
        "SPELLS (0)",
        "MAGIC ITEMS",
        "GOLD LEDGER",
        "HONOR GUARD",
        "STARTING LEGIONS (next game)",
    ]


def test_backups_of_a_database_deleted_by_hand_promise_nothing_to_keep(thorn) -> None:
    thorn.ok("gold", "Thorn", "3")
    assert "kept as a backup first" in thorn.ok("backups")
    thorn.db.unlink()
    listed = thorn.ok("backups")
    assert "no database file now: nothing to keep" in listed
    assert "kept as a backup first" not in listed


def test_restore_with_backups_turned_off_says_they_are_off(
    cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    said = cli.refused("restore", "1")
    assert "turned off (TITAN_CAMPAIGN_BACKUPS=0)" in said and "every change" not in said


def test_a_backup_number_typed_wrong_points_to_one_place_for_help(thorn) -> None:
    said = thorn.refused("restore", "abc")
    assert "from titan-campaign backups, got 'abc'" in said and said.count("(see") == 1


def test_a_figure_too_large_is_named_by_the_option_or_key_the_player_typed(thorn) -> None:
    said = thorn.refused("award", "Thorn", "--result", "won", "--battle-won", "5000")
    assert said == "--battle-won: at most 1000"
    assert "'Thorn:won:fled=5000': fled: at most 1000" in thorn.refused(
        "game", "Thorn:won:fled=5000"
    )
    assert "battle-won: at most 1000" in thorn.refused("game", "Thorn:won:battle-won=5000")


def test_a_figure_past_its_limit_says_the_limit_as_at_most_or_at_least(thorn) -> None:
    """ "--score: 1000000 or less" and "amount: -1000000 or more" read oddly."""
    assert thorn.refused("award", "Thorn", "--result", "won", "--score", "2000000") == (
        "--score: at most 1000000"
    )
    assert thorn.refused("gold", "Thorn", "--", "-2000000") == "amount: at least -1000000"


@pytest.mark.parametrize(
    "argv",
    [
        ("export", "--campaign", "Two", "-o", "out.json"),
        ("--campaign", "Two", "export", "-o", "out.json"),
        ("restore", "1", "--campaign", "Nope"),
        ("backups", "--campaign", "Two"),
        ("campaign", "list", "--campaign", "Two"),
        ("--campaign", "Two", "campaign", "new", "Three", "--base-xp", "0"),
    ],
    ids=" ".join,
)
def test_a_campaign_named_to_a_command_about_every_campaign_is_refused(
    thorn, argv, tmp_path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    thorn.ok("campaign", "new", "Two", "--base-xp", "0")
    message = thorn.refused(*argv)
    assert "takes no --campaign: leave it out" in message
    assert not Path("out.json").exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("spend", "Thorn", "spell", "Ice", "Storm"), "spend does not take Storm"),
        (("campaign", "rename", "Iron", "Crown"), "campaign rename does not take Crown"),
    ],
)
def test_words_a_command_does_not_take_point_at_its_own_help_and_at_quotes(
    thorn, argv, said
) -> None:
    message = thorn.refused(*argv)
    assert said in message and ('"Ice Storm"' in message or '"Second Age"' in message), message
    command = " ".join(argv[:2] if argv[0] == "campaign" else argv[:1])
    assert message.endswith(f"see titan-campaign {command} --help)")


def test_a_campaign_renamed_as_a_titan_is_old_name_then_new_is_told_it_takes_the_new_one_alone(
    thorn,
) -> None:
    """`campaign rename "Iron Crown" "Second Age"` (as `titan rename Thorn Thor` is typed) was
    told a name of several words goes in quotes: both were in quotes."""
    assert thorn.refused("campaign", "rename", "Iron Crown", "Second Age") == (
        "campaign rename does not take Second Age (it takes the new name alone, in quotes if"
        ' of several words, e.g. campaign rename "Second Age" --campaign "Iron Crown"; see'
        " titan-campaign campaign rename --help)"
    )
    said = thorn.refused("campaign", "rename", "Iron Crown", "")
    assert said.startswith('campaign rename does not take "" (it takes the new name alone')


def test_a_plan_that_changes_nothing_is_refused_and_an_undone_change_can_still_be_redone(
    thorn,
) -> None:
    thorn.ok("spend", "Thorn", "ability", "charisma")
    thorn.ok("plan", "Thorn", "--charisma", "Ogre")
    thorn.ok("gold", "Thorn", "10")
    thorn.ok("undo", "Thorn")
    assert "planned so already" in thorn.refused("plan", "Thorn", "--charisma", "Ogre")
    assert "gold +10" in thorn.ok("redo", "Thorn")


def test_keeping_the_goal_a_titan_keeps_already_is_refused(thorn) -> None:
    thorn.ok("goal", "Thorn", "--keep", "--school", "fire=1")
    thorn.ok("gold", "Thorn", "10")
    thorn.ok("undo", "Thorn")
    message = thorn.refused("goal", "Thorn", "--keep", "--school", "fire=1")
    assert "keeps that goal already" in message
    assert "gold +10" in thorn.ok("redo", "Thorn")
    thorn.ok("goal", "Thorn", "--keep", "--school", "fire=2")


def test_the_history_says_what_a_plan_planned(thorn) -> None:
    thorn.ok("spend", "Thorn", "ability", "charisma")
    thorn.ok("plan", "Thorn", "--charisma", "Ogre", "--legion", "Ogre=2")
    assert (
        "Thorn: next game's starting legions planned (Charisma: Ogre; Ogre in legion 2)"
        in thorn.ok("history", "Thorn")
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("game", "Thorn:lost:score=500,score=20"), "score is given twice"),
        (("gold", "Thorn", "1_000"), "expected a whole number like 50 or -20, got '1_000'"),
        (("gold", "Thorn", "５0"), "got '５0'"),
        (("award", "Thorn", "--result", "lost", "--score", "٣٠٠"), "got '٣٠٠'"),
        (("game", "Thorn:lost:score=٣"), "score: expected a number of 0 or more, got '٣'"),
        (
            ("game", "Thorn:lost:battle-won=²"),
            "battle-won: expected a number of 0 or more, got '²'",
        ),
        (("award", "Thorn", "--result", "won", "--date", "20261128"), "a date like 2026-11-29"),
        (("award", "Thorn", "--result", "won", "--date", "2026-W48-1"), "a date like 2026-11-29"),
        (("campaign", "new", "Two", "--base-xp", "1_00"), "got '1_00'"),
    ],
)
def test_a_figure_typed_twice_or_in_other_digits_is_refused_not_read_silently(
    thorn, argv, said
) -> None:
    assert said in thorn.refused(*argv)


def test_a_result_is_read_whatever_its_case_as_names_are(thorn) -> None:
    thorn.ok("titan", "add", "Mira", "--player", "Bo")
    thorn.ok("game", "Thorn:WON:Score=100", "Mira:Lost")
    games = thorn.ok("campaign", "games")
    assert "Thorn: 110 XP: won, score 100" in games and "Mira: 50 XP: lost" in games
    thorn.ok("award", "Thorn", "--result", "Lost")
    assert "Thorn: 50 XP: lost" in thorn.ok("campaign", "games").split("game 2")[1]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("ＴＨＯＲＮ", 'a Titan named "Thorn" ("ＴＨＯＲＮ" is the same name)'),
        ("thorn", 'a Titan named "Thorn" ("thorn" is the same name)'),
        ("Thorn", 'a Titan named "Thorn";'),
    ],
)
def test_a_name_another_titan_has_is_refused_naming_that_titan(thorn, typed, said) -> None:
    assert said in thorn.refused("titan", "add", typed, "--player", "Bo") + ";"


def test_a_campaign_name_another_campaign_has_is_refused_naming_that_campaign(thorn) -> None:
    message = thorn.refused("campaign", "new", "IRON crown", "--base-xp", "0")
    assert 'a campaign named "Iron Crown" ("IRON crown" is the same name) already exists' in message


def test_the_file_of_changes_a_merge_refused_is_named_for_what_it_is(thorn, tmp_path) -> None:
    refused = tmp_path / "campaigns.json.refused.json"
    refused.write_text('{"format": "titan-campaign refused changes", "refused": []}')
    for argv in (("import", str(refused)), ("merge", str(refused))):
        assert "is the changes a merge refused" in thorn.refused(*argv)


def test_a_file_of_no_format_given_to_import_says_what_an_export_starts_with(
    thorn, tmp_path
) -> None:
    other = tmp_path / "notes.json"
    other.write_text('{"a": 1}')
    message = thorn.refused("import", str(other))
    assert 'such a file starts "format": "titan-campaign export"' in message


def test_a_compressed_backup_given_to_merge_is_said_to_be_compressed_not_damaged(
    thorn, tmp_path
) -> None:
    import gzip

    packed = tmp_path / "old.json.gz"
    packed.write_bytes(gzip.compress(thorn.db.read_bytes()))
    message = thorn.refused("merge", str(packed))
    assert "is compressed (gzip)" in message and "damaged" not in message


def test_a_merge_into_a_database_not_made_yet_says_to_use_the_copy_itself(cli, tmp_path) -> None:
    copy = tmp_path / "copy.json"
    cli.db = copy
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.db = tmp_path / "new.json"
    assert "holds no campaign yet" in cli.refused("merge", str(copy))
    assert not cli.db.exists()


def test_a_missing_word_is_named_as_the_usage_line_names_it(thorn) -> None:
    assert "required: WHAT, NAME (see titan-campaign spend --help)" in thorn.refused(
        "spend", "Thorn"
    )


def test_an_option_a_command_does_not_take_is_named_without_the_hint_about_quotes(thorn) -> None:
    assert thorn.refused("sheet", "Thorn", "--bogus") == (
        "sheet has no --bogus option (see titan-campaign sheet --help)"
    )
    # an option with its value that the command does not take: no word of quotes either
    assert thorn.refused("plan", "Thorn", "--format", "json") == (
        "plan has no --format option (see titan-campaign plan --help)"
    )


def test_an_option_given_twice_is_refused_not_the_first_value_dropped(thorn) -> None:
    """``award --survivors Titan --survivors Ogre`` recorded only the Ogre, and ``--result lost
    --result won`` a game won, without a word."""
    before = thorn.db.read_bytes()
    for argv, option in (
        (("--survivors", "Titan", "--survivors", "Ogre"), "--survivors"),
        (("--result", "won"), "--result"),
        (("--score", "5", "--score", "6"), "--score"),
    ):
        refusal = thorn.refused("award", "Thorn", "--result", "lost", *argv)
        assert refusal.startswith(f"{option} is given twice: give it once"), refusal
    assert thorn.db.read_bytes() == before
    # --campaign before the command and after it: which campaign was meant is not guessed
    refusal = thorn.refused("--campaign", "Iron Crown", "gold", "Thorn", "1", "--campaign", "X")
    assert refusal.startswith("--campaign is given twice: give it once")


@pytest.mark.parametrize(
    "argv",
    [
        ("history", "--json", "--json"),
        ("honor-guard", "Thorn", "--clear", "--clear"),
        ("titan", "list", "--all", "--all"),
        ("goal", "Thorn", "--spell", "Fire Bolt", "--keep", "--keep"),
    ],
)
def test_a_flag_given_twice_is_refused_as_an_option_given_twice_is(thorn, argv) -> None:
    """``history --json --json`` was taken while ``--note a --note b`` was refused."""
    assert thorn.refused(*argv).startswith(f"{argv[-1]} is given twice: give it once")


@pytest.mark.parametrize(
    "argv",
    [
        ("gold", "Thorn", "7", "--db", "OTHER"),  # before the command and after it
        ("--db", "OTHER", "gold", "Thorn", "7"),  # twice before the command
        ("campaign", "--db", "OTHER", "games", "--db", "OTHER"),
    ],
)
def test_a_database_given_twice_is_refused_and_neither_file_changes(thorn, argv) -> None:
    """``--db db.json gold Osk 7 --db ex.json`` wrote the gold into ex.json, the last --db
    silently winning over the first."""
    other = thorn.db.with_name("other.json")
    other.write_bytes(thorn.db.read_bytes())
    words = [str(other) if word == "OTHER" else word for word in argv]
    assert thorn.refused(*words).startswith("--db is given twice: give it once")
    assert other.read_bytes() == thorn.db.read_bytes()


def test_one_database_option_wins_over_the_environment_variable(
    thorn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "elsewhere.json"))
    assert "Thorn: 7 gold" in thorn.ok("gold", "Thorn", "7")
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_choice_is_taken_in_any_case_as_names_are(thorn) -> None:
    """``--format PDF`` was refused while every name is taken in any case."""
    assert json.loads(thorn.ok("sheet", "Thorn", "--format", "JSON"))["name"] == "Thorn"
    assert "bought a Power box" in thorn.ok("spend", "Thorn", "Ability", "Power")
    assert '"title"' in thorn.ok("schema", "Titan")


def test_every_subcommands_help_opens_with_what_it_does(capsys) -> None:
    """``campaign new --help``, ``titan rename --help``, ``item add --help``... showed only
    their usage and options."""

    def commands(parser: argparse.ArgumentParser, words: tuple[str, ...]):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield (*words, name), sub
                    yield from commands(sub, (*words, name))

    found = list(commands(build_parser(), ()))
    assert ("campaign", "new") in [words for words, _ in found] and len(found) > 40
    for words, sub in found:
        assert sub.description, words
        with pytest.raises(SystemExit):
            main([*words, "--help"])
        shown = capsys.readouterr().out.split("\n\n")
        assert " ".join(shown[1].split()) == " ".join(sub.description.split()), words


def test_clear_with_a_name_says_clear_names_nothing(thorn) -> None:
    """It said "a name of several words goes in quotes", which Ogre is not."""
    message = thorn.refused("honor-guard", "Thorn", "--clear", "Ogre")
    assert "--clear names nothing: give the names or --clear" in message
    assert "quotes" not in message


@pytest.mark.parametrize("entry", [("award", "Thorn", "--result", "won"), ("game", "Thorn:won")])
def test_a_game_date_later_than_tomorrow_is_refused_as_a_slip(thorn, entry) -> None:
    """2999-01-01 (or 2062 for 2026) was recorded, and the progress put it first of all."""
    before = thorn.db.read_bytes()
    message = thorn.refused(*entry, "--date", "2999-01-01")
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    assert message == (
        f"game date 2999-01-01 is later than tomorrow ({tomorrow}): a game is entered"
        " once it is played; check the year and month"
    )
    assert thorn.db.read_bytes() == before
    thorn.ok(*entry, "--date", "2026-01-31")
    assert "later than tomorrow" in thorn.refused("correct", "1", "--date", "2999-01-01")


@pytest.mark.parametrize("entry", [("award", "Thorn", "--result", "won"), ("game", "Thorn:won")])
@pytest.mark.parametrize("day", ["0206-12-01", "1900-01-01", "1979-12-31"])
def test_a_game_date_before_titan_was_published_is_refused_as_a_slip(thorn, entry, day) -> None:
    """0206-12-01 (for 2026-12-01) was recorded, and the progress and the game log put it
    first of all."""
    before = thorn.db.read_bytes()
    message = thorn.refused(*entry, "--date", day)
    assert message == f"game date {day} is before Titan was first published (1980): check the year"
    assert thorn.db.read_bytes() == before
    thorn.ok(*entry, "--date", "1980-01-01")
    assert "first published" in thorn.refused("correct", "1", "--date", day)


def test_a_game_played_tomorrow_is_taken_and_the_day_after_is_refused_as_later_than_tomorrow(
    thorn,
) -> None:
    """Tomorrow is today somewhere on Earth; the refusal of the day after said "is after today",
    which tomorrow is too, though it was taken."""
    tomorrow = date.today() + timedelta(days=1)
    after = (tomorrow + timedelta(days=1)).isoformat()
    message = thorn.refused("game", "Thorn:won", "--date", after)
    assert message.startswith(f"game date {after} is later than tomorrow ({tomorrow.isoformat()}):")
    thorn.ok("game", "Thorn:won", "--date", tomorrow.isoformat())


def test_r2_choices_tells_a_new_titan_to_spend_its_base_xp_before_the_first_game(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    assert cli.ok("choices", "Thorn").splitlines() == [
        "- spend the 200 base XP before the first game (R2)",
        "    titan-campaign spend Thorn ability|school|spell NAME",
    ]
    cli.ok("spend", "Thorn", "ability", "power")
    cli.ok("spend", "Thorn", "ability", "skill")
    assert "spend the" not in cli.ok("choices", "Thorn")  # now a free school level waits
    cli.ok("titan", "add", "Osk", "--player", "Bo")
    said = cli.ok("game", "Thorn:won", "Osk:lost")
    assert "Osk: lost, 50 XP; 250 XP available" in said
    assert "played its first game with 200 base XP unspent" in said
    assert said.count("unspent") == 1  # Thorn spent it
    assert cli.ok("choices", "Osk") == "Osk has no choices to make\n"
    cli.ok("titan", "add", "it$s `x`", "--player", "Cy")  # a line a shell takes as it is
    assert "titan-campaign spend 'it$s `x`' ability" in cli.ok("choices", "it$s `x`")
    cli.ok("titan", "archive", "it$s `x`")
    assert cli.ok("choices", "it$s `x`") == "it$s `x` has no choices to make\n"


def test_history_of_a_campaign_whose_every_change_is_undone_says_what_redo_brings_back(
    cli,
) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("undo")
    assert cli.ok("history") == "no changes in effect: 1 undone change to redo (redo)\n"


def test_a_name_beginning_with_a_dash_is_said_to_go_after_two_dashes(thorn) -> None:
    """A Titan named "-x" could be made, then "sheet -x" said "sheet has no -x option" and
    "titan add -x --player A" that a name was required: nothing said how to type it."""
    thorn.ok("titan", "add", "--player", "Bo", "--", "-x")
    said = thorn.refused("sheet", "-x")
    assert said.startswith('no option -x: a name beginning with "-" goes last, after "--"')
    assert "titan-campaign sheet -- -x" in said
    assert thorn.refused("titan", "add", "-y", "--player", "Bo").startswith("no option -y:")
    assert "Titan Name: -x" in thorn.ok("sheet", "--", "-x")
    said = thorn.refused("gold", "Thorn", "5", "--note", "-x")  # a value: joined to its option
    assert "; a value of an option is joined to it, as in --note=-x (see" in said
    assert "(-x)" in thorn.ok("gold", "Thorn", "5", "--note=-x") + thorn.ok("history", "Thorn")
    thorn.ok("undo", "Thorn")
    thorn.ok("gold", "Thorn", "20", "--note", "-5")  # a number is no option
    assert thorn.ok("gold", "Thorn", "-5") == "Thorn: 15 gold\n"
