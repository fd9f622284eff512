"""A served tab on a phone held upright: a finger's swipe scrolls the sheet, as the README
says ("scroll for the rest of the sheet"); a tap still presses what it touches."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import GameNight, Tab

pytestmark = pytest.mark.slow

UPRIGHT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def swipe(tab: Tab, rise: int) -> None:
    """A finger on the middle of the screen moved up by ``rise`` CSS pixels (down if less
    than 0), in small steps as a real swipe sends them."""
    box = tab.page.locator(".xterm-screen").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * (0.75 if rise > 0 else 0.25)
    touch = tab.page.context.new_cdp_session(tab.page)
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for step in range(1, 21):
        point = {"x": x, "y": y - rise * step / 20}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        tab.page.wait_for_timeout(15)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_swipe_up_scrolls_the_sheet_and_a_swipe_down_scrolls_it_back(
    game_night: GameNight, open_tab: Callable[..., Tab]
) -> None:
    tab = open_tab(game_night.url + "?titan=Thorn", **UPRIGHT)
    tab.wait_for(r"THORN", "Thorn's sheet")
    swipe(tab, 400)
    tab.wait_for(r"\bIN PLAY\b", "the sheet's lower part, scrolled up by the finger")
    assert "THORN" not in tab.text
    swipe(tab, -400)
    tab.wait_for(r"THORN", "the sheet's head again")
    tab.click_text(r"\[ \]\[·\]\[·\] POWER")  # a tap still presses a box
    tab.wait_for(r"XP available 100", "the box bought by a tap")
