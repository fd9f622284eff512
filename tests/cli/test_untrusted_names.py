"""Names never carry control characters (they could retitle a terminal or fake lines), and the
figures of a game are checked the same way however they arrive."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "name",
    ["\x1b]0;owned\x07Thorn", "Thorn\nerror: fake", "Nul\x00", "   "],
    ids=["OSC", "newline", "NUL", "spaces"],
)
def test_a_titan_name_with_control_characters_or_only_spaces_is_refused(thorn, name) -> None:
    message = thorn.refused("titan", "add", name, "--player", "Bo")
    assert "name" in message and "\x1b" not in message and "\n" not in message


def test_a_campaign_name_with_control_characters_is_refused(cli) -> None:
    assert "control characters" in cli.refused("campaign", "new", "Iron\x07Crown", "--base-xp", "0")


def test_a_game_number_never_recorded_is_refused(thorn) -> None:
    assert "no game 7" in thorn.refused("award", "Thorn", "--result", "won", "--game", "7")
