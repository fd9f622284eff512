"""Loose ends of the command line: the progress chart goes to the file its help names, a
suggested Mytho Titan item bought or added from the command line gets its type, effect and
charges as in the app, and the item help says where the suggestions are listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from titan_campaign.cli import main
from titan_campaign.rules.items import SUGGESTED_ITEMS, filled_item

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.fixture
def iron_crown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "db.json"))
    monkeypatch.chdir(tmp_path)
    assert main(["import", str(EXAMPLE)]) == 0
    capsys.readouterr()
    return tmp_path


def test_progress_as_svg_without_o_writes_the_file_its_help_names(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "NAME-progress.svg" in "".join(_help(capsys, "progress").split())
    assert main(["progress", "Thorn", "--format", "svg"]) == 0
    assert capsys.readouterr().out == "wrote thorn-progress.svg\n"
    assert (iron_crown / "thorn-progress.svg").read_text(encoding="utf-8").startswith("<svg")


def test_a_suggested_item_from_the_command_line_gets_its_type_effect_and_charges(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold = next(item for item in SUGGESTED_ITEMS if item.name == "Gold Armor")
    potion = next(item for item in SUGGESTED_ITEMS if item.charges)
    assert main(["gold", "Thorn", "500", "--note", "hoard"]) == 0
    assert main(["buy", "Thorn", "item", "gold armor", "--price", "150"]) == 0
    assert main(["item", "add", "Thorn", potion.name]) == 0
    assert main(["item", "add", "Thorn", "Lucky Pebble"]) == 0  # free-form: nothing to fill
    capsys.readouterr()
    assert main(["sheet", "Thorn", "--format", "json"]) == 0
    items = {item["name"]: item for item in json.loads(capsys.readouterr().out)["magic_items"]}
    assert items["Gold Armor"]["type"] == gold.type == "cloak"
    assert items["Gold Armor"]["description"] == gold.description
    assert items[potion.name]["charges"] == potion.charges
    assert items[potion.name]["description"] == potion.description
    assert items["Lucky Pebble"]["type"] == "other" and items["Lucky Pebble"]["description"] == ""


def test_what_the_player_types_wins_over_the_suggestion() -> None:
    mine = filled_item("Gold Armor", type="other", description="Mine.", charges=3)
    assert (mine.type, mine.description, mine.charges) == ("other", "Mine.", 3)
    assert filled_item("  gold   ARMOR ").name == "Gold Armor"


def test_item_help_names_the_list_of_suggestions_and_the_list_has_every_one(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (["item"], ["item", "add"], ["buy"]):
        assert "titan-campaign item suggestions" in _help(capsys, *command)
    assert main(["item", "suggestions"]) == 0
    listed = capsys.readouterr().out
    for item in SUGGESTED_ITEMS:
        assert item.name in listed
    assert max(len(line) for line in listed.splitlines()) <= 80


def test_the_sheet_help_and_readme_say_paper_lays_out_svg_too_and_a_blank_sheet_prints_as_svg(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An SVG sheet is laid out on the paper asked for (215.9 mm wide on letter), and the blank
    sheet prints as html, pdf or svg: the help and the README said PDF and HTML only."""
    for argv in (["sheet", "Thorn"], ["sheet", "--blank"]):
        assert main([*argv, "--format", "svg", "--paper", "letter", "-o", "s.svg"]) == 0
        assert 'width="215.9mm"' in (iron_crown / "s.svg").read_text(encoding="utf-8")[:300]
    shown = " ".join(_help(capsys, "sheet").split())
    assert "--paper {a4,letter} for PDF, HTML and SVG" in shown
    assert "--blank a blank sheet (html, pdf or svg)" in shown
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert (
        "`svg` for the blank sheet" in readme
        and "`sheet TITAN [--format {text,json,html,pdf,svg}] [--paper a4\\|letter]" in readme
    )


def test_an_item_named_as_mytho_titans_heading_names_it_is_the_suggested_item(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mytho Titan's headings are plural ("Divine Swords:", "Potions:"); the list's names are
    not: a plural's "s" either way still names the suggested item, with its effect and
    charges."""
    assert main(["item", "add", "Thorn", "Divine Swords"]) == 0
    assert main(["item", "add", "Thorn", "potions"]) == 0
    assert main(["item", "add", "Thorn", "Golden Apple"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Thorn now has Golden Apples"
    assert main(["sheet", "Thorn", "--format", "json"]) == 0
    items = {item["name"]: item for item in json.loads(capsys.readouterr().out)["magic_items"]}
    assert items["Divine Sword"]["description"].startswith("Carried by a piece with hands")
    assert items["Potion"]["charges"] == 1
    assert "Golden Apples" in items
    # used and removed by the name it was added by
    assert main(["item", "use", "Thorn", "Potions"]) == 0
    assert main(["item", "remove", "Thorn", "Divine Swords"]) == 0
    capsys.readouterr()
    assert main(["sheet", "Thorn", "--format", "json"]) == 0
    items = {item["name"]: item for item in json.loads(capsys.readouterr().out)["magic_items"]}
    assert "Divine Sword" not in items and "Potion" not in items  # its one charge used up


def test_a_free_form_item_close_to_a_suggested_one_says_which_the_player_may_have_meant(
    iron_crown: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["item", "add", "Thorn", "Armor"]) == 0
    said = capsys.readouterr().out
    assert said.splitlines() == [
        "Thorn now has Armor",
        (
            '  "Armor" is not a suggested item, so it has no effect or charges filled in; did you'
            ' mean "Gold Armor" or "Bronze Armor"? (undo takes it back)'
        ),
    ]
    assert main(["gold", "Thorn", "10"]) == 0
    assert main(["buy", "Thorn", "item", "Divne Sword", "--price", "5"]) == 0
    assert 'did you mean "Divine Sword"?' in capsys.readouterr().out
    assert main(["item", "add", "Thorn", "Lucky Pebble"]) == 0  # near nothing: nothing said
    assert capsys.readouterr().out == "Thorn now has Lucky Pebble\n"
    assert main(["item", "add", "Thorn", "of"]) == 0  # a short word guesses nothing
    assert capsys.readouterr().out == "Thorn now has of\n"
