"""Managing Titans and campaigns from the command line: rename, player, bring back, carry a
Titan to another campaign, keep a goal, progress game by game. Every change is undoable."""

from __future__ import annotations

import json

import pytest


def sheet(cli, titan: str, *more: str) -> dict:
    return json.loads(cli.ok("sheet", titan, "--format", "json", *more))


def test_rename_keeps_the_titan_and_frees_the_old_name(thorn) -> None:
    thorn.ok("titan", "add", "Bex", "--player", "Bo")
    assert "already has a Titan named" in thorn.refused("titan", "rename", "Thorn", "bex")
    assert "Thorn is now called Thorne" in thorn.ok("titan", "rename", "Thorn", "Thorne")
    assert sheet(thorn, "Thorne")["name"] == "Thorne"
    thorn.ok("titan", "add", "Thorn", "--player", "Cy")  # the old name is free again
    assert 'already has a Titan named "Thorn"' in thorn.refused("undo", "Thorne")  # still unique
    assert sheet(thorn, "Thorn")["player"] == "Cy"


def test_player_change_and_bring_back_from_the_archive(thorn) -> None:
    assert "now played by Bo" in thorn.ok("titan", "player", "Thorn", "Bo")
    thorn.ok("titan", "archive", "Thorn")
    assert "bring the Titan back first" in thorn.refused("spend", "Thorn", "ability", "power")
    assert "back on the roster" in thorn.ok("titan", "restore", "Thorn")
    assert "is not archived" in thorn.refused("titan", "restore", "Thorn")
    assert sheet(thorn, "Thorn")["archived"] is False


def test_a_titan_exported_from_one_campaign_imports_into_another_with_the_same_sheet(
    thorn, tmp_path
) -> None:
    thorn.ok("spend", "Thorn", "school", "water")
    thorn.ok("choose", "Thorn", "spell", "Bog Walker")
    thorn.ok("award", "Thorn", "--result", "won", "--score", "200")
    before = sheet(thorn, "Thorn")
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("titan", "import", str(file), "--campaign", "Second Age")
    after = sheet(thorn, "Thorn", "--campaign", "Second Age")
    assert [game.pop("played_in") for game in after["games"]] == ["Iron Crown"]  # its own past
    assert [row.pop("played_in") for row in after["progress"]] == ["Iron Crown"]
    assert {**after, "campaign": ""} == {**before, "campaign": ""}
    again = thorn.refused("titan", "import", str(file), "--campaign", "Second Age")
    assert 'already in "Second Age", as Thorn;' in again and "--name" not in again


def test_a_renamed_titan_is_imported_under_the_name_it_has_now(thorn, tmp_path) -> None:
    # Mira became Mirabel before she was exported: "Second Age" has a Mira of its own, and
    # no other Mirabel once she is in
    thorn.ok("titan", "add", "Mira", "--player", "Bo")
    thorn.ok("titan", "rename", "Mira", "Mirabel")
    file = tmp_path / "mirabel.json"
    thorn.ok("titan", "export", "Mirabel", "-o", str(file))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("titan", "add", "Mira", "--player", "Cy", "--campaign", "Second Age")
    said = thorn.ok("titan", "import", str(file), "--campaign", "Second Age")
    assert said.startswith('Mirabel (Bo) joins "Second Age"')
    assert sheet(thorn, "Mirabel", "--campaign", "Second Age")["player"] == "Bo"
    clash = thorn.refused("titan", "rename", "Mira", "Mirabel", "--campaign", "Second Age")
    assert 'already has a Titan named "Mirabel"' in clash
    assert "empty" in thorn.refused(
        "titan", "import", str(file), "--campaign", "Second Age", "--name", " "
    )


def test_a_titan_file_that_breaks_the_rules_is_refused_whole_naming_the_event(
    thorn, tmp_path
) -> None:
    file = tmp_path / "forged.json"
    events = [{"kind": "created", "name": "Forger", "player": "Eve", "base_xp": 200}]
    events += [{"kind": "ability_bought", "ability": "power"}] * 3 + [
        {"kind": "ability_bought", "ability": "luck"}
    ]
    file.write_text(
        json.dumps({"format": "titan-campaign titan", "schema_version": 1, "events": events})
    )
    message = thorn.refused("titan", "import", str(file))
    assert "event 4" in message and "nothing imported" in message
    assert "nothing imported" in thorn.refused("titan", "import", str(tmp_path / "missing.json"))


def test_a_file_of_the_other_kind_is_refused_saying_which_command_takes_it(thorn, tmp_path) -> None:
    titan_file, export = tmp_path / "thorn.json", tmp_path / "all.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(titan_file))
    thorn.ok("export", "-o", str(export))
    said = thorn.refused("titan", "import", str(export))
    assert "is a campaigns export, not a Titan file" in said and "`titan-campaign import" in said
    said = thorn.refused("import", str(titan_file))
    assert (
        "is a Titan file, not a campaigns export" in said and "`titan-campaign titan import" in said
    )
    said = thorn.refused("titan", "import", str(thorn.db))
    assert "is a campaign database, not a Titan file" in said and "titan export NAME" in said
    assert "nothing imported" in said


def test_an_archived_titan_imported_is_said_to_be_archived_and_listed_as_hidden(
    thorn, tmp_path
) -> None:
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "archive", "Thorn")
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    said = thorn.ok("titan", "import", str(file), "--campaign", "Second Age")
    assert said.startswith('Thorn (Ann) joins "Second Age"') and "archived" in said
    assert "titan restore Thorn" in said
    listed = thorn.ok("titan", "list", "--campaign", "Second Age")
    assert "no Titans yet" not in listed and "1 archived" in listed and "--all" in listed


def test_a_kept_goal_shows_what_remains_and_is_cleared(thorn) -> None:
    assert "keeps no goal" in thorn.refused("goal", "Thorn")
    thorn.ok("goal", "Thorn", "--keep", "--ability", "power=2")
    assert "spend Thorn ability power" in thorn.ok("goal", "Thorn")
    thorn.ok("spend", "Thorn", "ability", "power")
    thorn.ok("spend", "Thorn", "ability", "power")
    assert "already has Power 2" in thorn.ok("goal", "Thorn")
    thorn.ok("goal", "Thorn", "--clear")
    assert "keeps no goal" in thorn.refused("goal", "Thorn")
    assert "(R3)" in thorn.refused("goal", "Thorn", "--keep", "--ability", "power=4")


def test_progress_lists_each_game_with_award_earned_spent_level_and_mana(thorn, tmp_path) -> None:
    assert "played no game yet" in thorn.ok("progress", "Thorn")
    thorn.ok(
        "award", "Thorn", "--result", "won", "--score", "300", "--date", "2026-10-01"
    )  # 130 XP
    thorn.ok("spend", "Thorn", "ability", "spirit")
    thorn.ok("spend", "Thorn", "ability", "spirit")  # 200 spent: level 1, Mana 1 + 2
    thorn.ok("award", "Thorn", "--result", "lost", "--date", "2026-10-15")  # 50 XP
    rows = json.loads(thorn.ok("progress", "Thorn", "--format", "json"))
    assert rows == [
        {
            "game": 1,
            "date": "2026-10-01",
            "award": 130,
            "earned": 130,
            "spent": 0,
            "level": 0,
            "mana": 0,
        },
        {
            "game": 2,
            "date": "2026-10-15",
            "award": 50,
            "earned": 180,
            "spent": 200,
            "level": 1,
            "mana": 3,
        },
    ]
    svg = tmp_path / "thorn.svg"
    thorn.ok("progress", "Thorn", "--format", "svg", "-o", str(svg))
    assert svg.read_text().startswith("<svg") and "Thorn" in svg.read_text()


def test_the_progress_chart_warns_of_letters_no_printout_font_has(cli, tmp_path) -> None:
    """The sheet and the game card said so for an emoji name; the progress chart did not."""
    cli.ok("campaign", "new", "Crown", "--base-xp", "0")
    cli.ok("titan", "add", "🐉 Dragon", "--player", "Ann")
    cli.ok("award", "🐉 Dragon", "--result", "won")
    code, out, err = cli("progress", "🐉 Dragon", "--format", "svg", "-o", str(tmp_path / "p.svg"))
    assert code == 0 and out.startswith("wrote ")
    assert err == (
        'warning: the printout fonts have no letter for "🐉" (U+1F409): it shows only where the'
        " reader has a font for it\n"  # an SVG keeps it as typed
    )
    code, _, err = cli("progress", "🐉 Dragon")  # the table keeps every letter
    assert code == 0 and err == ""


def test_a_rename_says_the_old_name_as_listed_not_as_typed(thorn) -> None:
    """`titan rename thorn Thorin` said "thorn is now called Thorin": the name as typed, which
    the roster never showed."""
    assert thorn.ok("titan", "rename", "thorn", "Thorin") == "Thorn is now called Thorin\n"


@pytest.mark.parametrize("written", ["now", "before files named their Titan"])
def test_a_titan_file_brought_back_into_her_own_campaign_is_refused_while_she_is_there(
    thorn, tmp_path, written
) -> None:
    """Thorn exported and imported into Iron Crown again, where she still is: the refusal
    offered --name NEW, which made a second Thorn with all her XP; renamed Thorin first, she
    came in with no refusal at all."""
    thorn.ok("award", "Thorn", "--result", "won", "--score", "300")
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    if written != "now":
        data = json.loads(file.read_text())
        data.pop("joined", None)
        file.write_text(json.dumps(data))
    said = thorn.refused("titan", "import", str(file))
    assert said == f'{file}: this Titan is already in "Iron Crown", as Thorn; nothing imported'
    assert "already in" in thorn.refused("titan", "import", str(file), "--name", "Thorn2")
    thorn.ok("titan", "rename", "Thorn", "Thorin")
    assert 'already in "Iron Crown", as Thorin;' in thorn.refused("titan", "import", str(file))
    thorn.ok("titan", "archive", "Thorin")
    said = thorn.refused("titan", "import", str(file), "--name", "Thorn2")
    assert 'as Thorin, archived (titan restore "Thorin"' in said and "--name" not in said, said
    assert [row["name"] for row in json.loads(thorn.ok("titan", "list", "--all", "--json"))] == [
        "Thorin"
    ]


def test_a_titan_is_refused_where_a_copy_of_her_already_is_in_any_campaign(thorn, tmp_path) -> None:
    """Thorn's file imported into Second Age twice (the second time as Thorn2), and her file
    from Second Age brought back into Iron Crown as Back: each was taken, the same Titan
    counted twice with her XP and games."""
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("award", "Thorn", "--result", "won", "--score", "300")
    first, second = tmp_path / "p1.json", tmp_path / "p2.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(first))
    thorn.ok("titan", "import", str(first), "--campaign", "Second Age")
    thorn.ok("titan", "rename", "Thorn", "Thorin", "--campaign", "Second Age")
    said = thorn.refused("titan", "import", str(first), "--campaign", "Second Age", "--name", "T2")
    assert said == f'{first}: this Titan is already in "Second Age", as Thorin; nothing imported'
    thorn.ok("titan", "export", "Thorin", "--campaign", "Second Age", "-o", str(second))
    said = thorn.refused("titan", "import", str(second), "--campaign", "Iron Crown", "--name", "B")
    assert said == f'{second}: this Titan is already in "Iron Crown", as Thorn; nothing imported'
    thorn.ok("undo", "--campaign", "Iron Crown")  # her game
    thorn.ok("undo", "--campaign", "Iron Crown")  # her joining: she has left Iron Crown
    said = thorn.ok("titan", "import", str(second), "--campaign", "Iron Crown")
    assert said.startswith('Thorin (Ann) joins "Iron Crown"'), said


def test_an_older_titan_file_imported_twice_into_another_campaign_is_refused(
    thorn, tmp_path
) -> None:
    """A Titan file written before files named her origin was taken twice by Second Age (the
    second time as Thorn2): one Titan with her XP and games counted twice. The file itself
    tells her apart now; another Thorn of the same name and player, in her own file, is taken."""
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("campaign", "new", "Third Age", "--base-xp", "200")
    thorn.ok("award", "Thorn", "--result", "won", "--score", "300")
    file, other, carried = tmp_path / "old.json", tmp_path / "other.json", tmp_path / "c.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    data = json.loads(file.read_text())
    del data["joined"], data["campaign_id"]  # as files were written before they named them
    file.write_text(json.dumps(data))
    thorn.ok("titan", "import", str(file), "--campaign", "Second Age")
    said = thorn.refused("titan", "import", str(file), "--campaign", "Second Age", "--name", "T2")
    assert said == f'{file}: this Titan is already in "Second Age", as Thorn; nothing imported'
    thorn.ok("titan", "export", "Thorn", "--campaign", "Second Age", "-o", str(carried))
    thorn.ok("titan", "import", str(carried), "--campaign", "Third Age")  # kept through imports
    said = thorn.refused("titan", "import", str(file), "--campaign", "Third Age", "--name", "T2")
    assert said == f'{file}: this Titan is already in "Third Age", as Thorn; nothing imported'
    thorn.ok("campaign", "new", "Far Realm", "--base-xp", "200")  # another Thorn of Ann's
    thorn.ok("titan", "add", "Thorn", "--player", "Ann", "--campaign", "Far Realm")
    thorn.ok("titan", "export", "Thorn", "--campaign", "Far Realm", "-o", str(other))
    data = json.loads(other.read_text())
    del data["joined"], data["campaign_id"]
    other.write_text(json.dumps(data))
    said = thorn.ok("titan", "import", str(other), "--campaign", "Second Age", "--name", "T2")
    assert said.startswith('T2 (Ann) joins "Second Age"'), said


def test_a_titan_file_undone_and_imported_again_is_not_redone_beside_her(thorn, tmp_path) -> None:
    """Thorn's file imported into Second Age as A, undone, imported again as B: redo brought
    A back beside B, one Titan twice with her XP counted twice."""
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    thorn.ok("titan", "import", str(file), "--campaign", "Second Age", "--name", "A")
    thorn.ok("undo", "--campaign", "Second Age")
    thorn.ok("titan", "import", str(file), "--campaign", "Second Age", "--name", "B")
    said = thorn.refused("redo", "--campaign", "Second Age")
    assert said == (
        "'A joins from \"Iron Crown\" (1 events)' cannot be redone now:"
        ' this Titan is already in "Second Age", as B'
    ), said


def test_a_titan_file_comes_back_into_her_own_campaign_once_her_joining_is_undone(
    thorn, tmp_path
) -> None:
    thorn.ok("titan", "export", "Thorn", "-o", str(tmp_path / "thorn.json"))
    thorn.ok("undo")  # her joining, the campaign's latest change
    said = thorn.ok("titan", "import", str(tmp_path / "thorn.json"))
    assert said.startswith('Thorn (Ann) joins "Iron Crown"'), said


def test_a_name_an_archived_titan_has_is_refused_saying_she_is_archived(thorn) -> None:
    """`titan add Thorn` with Thorn archived said only that the campaign has a Thorn."""
    thorn.ok("titan", "archive", "Thorn")
    said = thorn.refused("titan", "add", "Thorn", "--player", "Zed")
    assert said == (
        'campaign "Iron Crown" already has a Titan named "Thorn", archived'
        ' (titan restore "Thorn", or x on the roster with archived Titans shown, brings it back)'
    ), said


def test_a_titan_file_of_an_archived_titans_name_says_she_is_archived(thorn, tmp_path) -> None:
    file = tmp_path / "thorn.json"
    thorn.ok("titan", "export", "Thorn", "-o", str(file))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("titan", "add", "Thorn", "--player", "Bo", "--campaign", "Second Age")
    thorn.ok("titan", "archive", "Thorn", "--campaign", "Second Age")
    said = thorn.refused("titan", "import", str(file), "--campaign", "Second Age")
    assert 'named "Thorn", archived (titan restore "Thorn",' in said and "--name NEW" in said
