"""A served tab on a phone held sideways: the game form and its marks, the game log and the
sheet fit the screen, nothing off the side."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import GameNight, Tab

pytestmark = pytest.mark.slow

SIDEWAYS = {
    "viewport": {"width": 844, "height": 390},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
"""A phone held sideways (an iPhone 12's screen)."""


def test_a_phone_held_sideways_records_a_game_with_marks_in_words(
    game_night: GameNight, open_tab: Callable[..., Tab]
) -> None:
    tab = open_tab(game_night.url + "?titan=Thorn", **SIDEWAYS)
    tab.wait_for(r"THORN\s+player Ann")
    tab.page.locator(".xterm-helper-textarea").focus()
    tab.page.keyboard.press("Escape")  # the campaign's roster
    tab.wait_for(r"Thorn\s+Ann")
    page = tab.page
    screen = page.locator(".xterm-screen").bounding_box()
    assert screen is not None
    zoom = page.evaluate("window.visualViewport.scale")
    assert screen["width"] * zoom <= SIDEWAYS["viewport"]["width"]  # nothing off the side
    assert screen["height"] * zoom <= SIDEWAYS["viewport"]["height"]
    page.keyboard.press("g")
    tab.wait_for(r"▐✓▌ Thorn", "a tick that reads as a mark")
    tab.wait_for(r"Survivors", "the headings")
    page.keyboard.press("Escape")
    tab.wait_for(r"Thorn\s+Ann")
    page.keyboard.press("l")
    tab.wait_for(r"Game log", "the game log's title in view")
    tab.wait_for(r"Escape: close", "and its close hint")
