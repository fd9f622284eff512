"""A text edited by hand into something no program writes (half of an emoji's code,
``\\ud83d``, left when the other half was deleted) is a hand edit's mistake like any other:
in a change's line, every command refuses the file in one line naming where and why and leaves
it untouched, and the app opens on its "cannot be opened" page; in an event, its Titan is named
unreadable, changes to the others are saved and the line kept as it was, for mending. Never a
traceback."""

from __future__ import annotations

import pytest

from titan_campaign.rules.printable import printable, shown
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.problem import ProblemScreen

from ..tui.conftest import rendered
from .conftest import Cli

HALF = "\\ud83d"  # as a player's editor leaves it in the file
WHY = "half of a character's code (such as \\ud83d)"


def half_an_emoji(cli: Cli, note_only: bool = False) -> Cli:
    """Mira's gold "sold a sword" edited by hand: in her change's line and her event's note,
    or (``note_only``) in the note alone."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    cli.ok("gold", "Mira", "10", "--note", "sold a sword")
    text = cli.db.read_text(encoding="utf-8")
    written = '"note": "sold a sword"' if note_only else "sold a sword"
    edited = text.replace(written, written.replace("sword", f"sword {HALF}"))
    cli.db.write_text(edited, encoding="utf-8")
    return cli


def thorn_named_with_half(cli: Cli) -> Cli:
    """Thorn and Mira, Thorn's name edited by hand to "Thorn\\ud83d"."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    text = cli.db.read_text(encoding="utf-8")
    cli.db.write_text(text.replace('"name": "Thorn"', f'"name": "Thorn{HALF}"'), encoding="utf-8")
    return cli


@pytest.mark.parametrize(
    "command", [("gold", "Thorn", "1"), ("history",), ("sheet", "Mira"), ("titan", "list")]
)
def test_every_command_names_the_half_character_and_where_it_is(
    cli: Cli, command: tuple[str, ...]
) -> None:
    """`gold Thorn 1` said "the result cannot be shown in this terminal's encoding" (the
    file could not be written back), `history` the same, and the sheet of Mira took it."""
    half_an_emoji(cli)
    said = cli.refused(*command)
    assert "changes 3: text: text with " + WHY in said, said


def test_the_event_with_half_a_character_says_why_it_is_refused(cli: Cli) -> None:
    half_an_emoji(cli)
    text = cli.db.read_text(encoding="utf-8")
    cli.db.write_text(
        text.replace(f'"text": "Mira: gold +10 (sold a sword {HALF})"', '"text": "Mira: gold"'),
        encoding="utf-8",
    )
    said = cli.refused("sheet", "Mira")
    assert "note: text with " + WHY in said, said


def test_a_name_with_half_a_character_is_refused_saying_why() -> None:
    with pytest.raises(ValueError, match="half of a character"):
        printable("Mi\ud83dra")
    assert shown("Mi\ud83dra") == "Mi\\ud83dra"


async def test_the_app_opens_on_the_page_saying_what_is_wrong(cli: Cli) -> None:
    """A box checked on Thorn's sheet ended the app with a traceback that printed the whole
    campaign file on the terminal."""
    half_an_emoji(cli)
    before = cli.db.read_bytes()
    app = TitanCampaignApp(cli.db, open_campaign="Iron Crown", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        assert WHY in " ".join(rendered(app.screen.query_one("#problem")).split())
        await pilot.press("space")
        await pilot.pause()
    assert cli.db.read_bytes() == before


def test_two_titans_given_one_name_by_hand_are_refused_naming_the_change(cli: Cli) -> None:
    """Mira renamed "Thorn" in the file: `titan list` showed two Thorns, and every command
    on Thorn went to the first while the other could no longer be named at all."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mira", "--player", "Bo")
    cli.ok("titan", "rename", "Mira", "Mirra")
    cli.ok("titan", "rename", "Mirra", "Mira")
    text = cli.db.read_text(encoding="utf-8")
    last = text.rindex('"kind": "renamed", "name": "Mira"')
    cli.db.write_text(
        text[:last] + text[last:].replace('"name": "Mira"', '"name": "thorn"', 1),
        encoding="utf-8",
    )
    for command in (("titan", "list"), ("gold", "Thorn", "1"), ("sheet", "Thorn")):
        said = cli.refused(*command)
        assert 'changes 4 "Mirra: renamed Mira": a second Titan named "thorn"' in said, said
        assert '"Iron Crown" has Thorn (Titan 1)' in said, said


def test_a_change_to_another_titan_is_saved_and_the_damaged_note_kept_for_mending(
    cli: Cli,
) -> None:
    """With the half character in Mira's note only, `gold Thorn 1` said "the result cannot
    be shown in this terminal's encoding" (the file could not be written back)."""
    half_an_emoji(cli, note_only=True)
    assert "Thorn: 1 gold" in cli.ok("gold", "Thorn", "1")
    assert f'"note": "sold a sword {HALF}"' in cli.db.read_text(encoding="utf-8")
    assert "Mira: cannot be read" in cli.ok("titan", "list")


async def test_the_app_saves_a_box_beside_a_damaged_note(cli: Cli) -> None:
    half_an_emoji(cli, note_only=True)
    app = TitanCampaignApp(cli.db, open_campaign="Iron Crown", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space")  # Power's first box
        await pilot.pause()
    assert app.return_code in (None, 0)
    saved = cli.db.read_text(encoding="utf-8")
    assert '"ability": "power"' in saved and f"sold a sword {HALF}" in saved


@pytest.mark.parametrize("command", [("sheet", "Thorn"), ("gold", "Thorn", "1")])
def test_a_titan_whose_name_holds_half_a_character_is_found_and_said_damaged(
    cli: Cli, command: tuple[str, ...]
) -> None:
    """Thorn's name edited by hand to "Thorn\\ud83d": `sheet Thorn` said no Titan was named
    Thorn, while `titan list` listed a "Titan 1" that could not be read."""
    thorn_named_with_half(cli)
    said = cli.refused(*command)
    assert f'change 1 "Thorn created for Ann with 200 base XP" (Thorn{HALF})' in said, said
    assert "name: text with " + WHY in said, said
    assert said.endswith("mend it by hand, or restore a backup (see `titan-campaign backups`)")
    assert "Mira (Bo)" in cli.ok("titan", "list")


def test_a_name_edited_to_nothing_is_said_empty_naming_the_change(cli: Cli) -> None:
    """Mira's rename edited by hand to "": `sheet Mira` said her name was "required" (as if
    the field were missing), of a Titan named "()"."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Mi", "--player", "Bo")
    cli.ok("titan", "rename", "Mi", "Mira")
    text = cli.db.read_text(encoding="utf-8")
    cli.db.write_text(text.replace('"name": "Mira"', '"name": ""'), encoding="utf-8")
    said = cli.refused("sheet", "Mi")
    assert 'change 3 "Mi: renamed Mira" (Titan 2): event 1 (renamed), name: empty' in said, said
    assert "Mi: cannot be read: " in cli.ok("titan", "list")


@pytest.mark.parametrize("command", [("titan", "list"), ("campaign", "list")])
def test_a_titan_whose_name_holds_half_a_character_is_listed_by_that_name(
    cli: Cli, command: tuple[str, ...]
) -> None:
    """Thorn's name edited by hand to "Thorn\\ud83d" was listed as "Titan 1", a name no
    command finds; it is listed as it still reads, its damage shown."""
    thorn_named_with_half(cli)
    listed = cli.ok(*command)
    assert f"Thorn{HALF}: cannot be read" in listed, listed
    assert "Titan 1" not in listed, listed
