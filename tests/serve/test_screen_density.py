"""A served tab on a screen of 3 device pixels to a CSS pixel (a phone's, a high-density
laptop's) draws the app at the screen's density: each layer of the terminal holds 3 device
pixels for each CSS pixel it covers, so the letters are the size the tab lays them out at.

The screen's density is set as the display's (``--force-device-scale-factor``), as a phone
reports it. Chromium's device emulation (Playwright's ``device_scale_factor``) cannot show it:
under emulation the terminal's WebGL layer measures itself in the display's own pixels and
draws every letter 3 times too large (xterm.js issue 4728), which no real screen does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, sync_playwright

from .conftest import BROWSER_FLAGS, STEP_SECONDS, GameNight, Tab, chromium_path

pytestmark = pytest.mark.slow

DENSITY = 3

LAYERS = """() => Array.from(document.querySelectorAll('.xterm-screen canvas'), (canvas) => ({
    backing: canvas.width,
    shown: canvas.getBoundingClientRect().width,
}))"""
"""Each canvas of the terminal: its width in device pixels, and the CSS pixels it covers."""


@pytest.fixture
def dense_page() -> Iterator[Page]:
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium): no browser to drive")
    flags = [*BROWSER_FLAGS, f"--force-device-scale-factor={DENSITY}", "--window-size=500,900"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=flags, timeout=STEP_SECONDS * 1000
        )
        try:
            context = browser.new_context(no_viewport=True)  # the window's own screen
            context.set_default_timeout(STEP_SECONDS * 1000)
            yield context.new_page()
        finally:
            browser.close()


def test_a_tab_on_a_dense_screen_draws_every_layer_at_the_screen_s_density(
    game_night: GameNight, dense_page: Page
) -> None:
    tab = Tab(dense_page)
    dense_page.goto(game_night.url + "?titan=Thorn")
    tab.wait_for(r"THORN\s+player Ann")
    assert dense_page.evaluate("window.devicePixelRatio") == pytest.approx(DENSITY)
    tab.wait_for(r"XP available")  # drawn: the sheet is on the screen
    layers = dense_page.evaluate(LAYERS)
    assert layers, "the terminal draws on canvases"
    for layer in layers:
        assert layer["backing"] == pytest.approx(layer["shown"] * DENSITY, abs=DENSITY), layer
    screen = dense_page.locator(".xterm-screen").bounding_box()
    width = dense_page.evaluate("window.innerWidth")
    assert screen is not None and screen["x"] + screen["width"] <= width  # nothing off the side
