"""`honor-guard TITAN` alone shows the guard; only `--clear` empties it (R9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Cli

EXAMPLE = Path(__file__).resolve().parents[2] / "sheets" / "example-campaign.json"


@pytest.fixture
def crown(cli: Cli) -> Cli:
    """The example campaign: Thorn (level 4) has Griffon in his guard, Mira (level 2) no slot."""
    cli.ok("import", str(EXAMPLE))
    return cli


def test_naming_no_creature_shows_the_guard_and_changes_nothing(crown: Cli) -> None:
    before = crown.db.read_bytes()
    assert (
        crown.ok("honor-guard", "Thorn")
        == "Thorn's honor guard: Griffon; 1 slot of 30 points (R9)\n"
    )
    assert (
        crown.ok("honor-guard", "Mira") == "Mira has no honor guard; no slot before level 4 (R9)\n"
    )
    assert crown.db.read_bytes() == before


def test_clear_empties_the_guard_as_one_change_that_undo_takes_back(crown: Cli) -> None:
    assert (
        crown.ok("honor-guard", "Thorn", "--clear")
        == "Thorn has no honor guard; 1 slot of 30 points (R9)\n"
    )
    assert (
        crown.ok("honor-guard", "Thorn") == "Thorn has no honor guard; 1 slot of 30 points (R9)\n"
    )
    crown.ok("undo", "Thorn")
    assert (
        crown.ok("honor-guard", "Thorn")
        == "Thorn's honor guard: Griffon; 1 slot of 30 points (R9)\n"
    )


def test_clear_with_creatures_named_is_refused(crown: Cli) -> None:
    refusal = crown.refused("honor-guard", "Thorn", "Ogre", "--clear")
    assert refusal == "--clear empties the honor guard: name no creature with it"


def test_help_says_how_to_show_set_and_clear(crown: Cli) -> None:
    code, out, _ = crown("honor-guard", "--help")
    assert code == 0
    assert "--clear" in out and "shows" in out


def test_the_guard_it_has_already_records_no_change(crown: Cli) -> None:
    """Nothing to undo after it: the file is as it was."""
    before = crown.db.read_bytes()
    assert (
        crown.ok("honor-guard", "Thorn", "griffon")
        == "Thorn's honor guard: Griffon; 1 slot of 30 points (R9)\n"
    )
    assert (
        crown.ok("honor-guard", "Mira", "--clear")
        == "Mira has no honor guard; no slot before level 4 (R9)\n"
    )
    assert crown.db.read_bytes() == before
