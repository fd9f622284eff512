"""Notes (toasts) on every screen size: each is read whole, or cut where it says "f2" shows it
all, and never runs off the screen's top or under the key bar, two at once or one, on a phone
held upright, turned sideways, or at 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import ConfirmModal
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import PHONE_UPRIGHT, build_db, rendered

SIDEWAYS = (61, 13)
"""A 360x740 phone turned sideways."""
CUT = "(f2: the whole note)"

SAVED = "game 3 recorded for six Titans\n" + "\n".join(
    f"Ægir Łukasiewicz-Østergård the {n}th: won, 3 battles won, score 347: 219 XP" for n in range(6)
)
LEVELLED = "Ægir Łukasiewicz-Østergård the 1st reached level 2\n" + "\n".join(
    f"one free spell-school level to choose (R2), pick {n} of a spell of a school level (R5)"
    for n in range(6)
)


def notes_off_screen(app: TitanCampaignApp) -> list[str]:
    """Each note shown that is not wholly on the screen above the key bar, or that is cut
    without saying f2 shows it all."""
    bar = app.screen.query_one(KeyBar).region
    room = bar.y if bar.height else app.size.height
    wrong = []
    for toast in app.screen.query(Toast):
        shown = rendered(toast)
        body = " ".join(shown.split("\n", 1)[-1].split())
        whole = any(" ".join(note.split()).endswith(body) for note in app.notes)
        if not (0 <= toast.region.y and toast.region.bottom <= room):
            wrong.append(f"{toast.region} beyond rows 0-{room}: {shown[:40]!r}")
        elif not whole and not shown.endswith(CUT):
            wrong.append(f"cut without saying so: {shown!r}")
    return wrong


@pytest.mark.parametrize(
    "size",
    [PHONE_UPRIGHT, (30, 28), (26, 28), SIDEWAYS, (80, 24), (120, 40)],
    ids=["upright", "30x28", "26x28", "sideways", "80x24", "120x40"],
)
async def test_two_long_notes_at_once_are_each_read_or_plainly_cut(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A game saved for six Titans, then a level-up: on a phone held upright the older note
    was pushed off the screen's top, three of its lines hidden."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        app.notify(SAVED, title="Saved")
        await pilot.pause()
        app.notify(LEVELLED, title="Level up")
        await pilot.pause(0.3)
        assert len(app.screen.query(Toast)) >= 1
        assert notes_off_screen(app) == []
        newest = " ".join(rendered(list(app.screen.query(Toast))[-1]).split())
        assert newest.startswith("Level up Ægir Łukasiewicz-Østergård the 1st")


@pytest.mark.parametrize(
    ("held", "turned"), [(PHONE_UPRIGHT, SIDEWAYS), (SIDEWAYS, PHONE_UPRIGHT), ((80, 24), SIDEWAYS)]
)
async def test_a_long_note_stays_on_screen_when_the_phone_is_turned(
    tmp_path: Path, held: tuple[int, int], turned: tuple[int, int]
) -> None:
    """A long note shown upright, then the phone turned sideways (13 rows): its first lines,
    what was done, went off the screen's top."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=held, notifications=True) as pilot:
        await pilot.pause()
        app.notify(SAVED, title="Saved")
        await pilot.pause()
        await pilot.resize_terminal(*turned)
        await pilot.pause(0.3)
        (toast,) = app.screen.query(Toast)
        assert notes_off_screen(app) == []
        assert " ".join(rendered(toast).split()).startswith("Saved game 3 recorded for six Titans")


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (80, 24)], ids=["upright", "80x24"])
async def test_notes_raised_as_a_form_closes_fit_the_screen_under_it(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A form saved tells what was done as it closes: the notes then show over the screen
    under it, whose key bar takes more rows than the form's foot."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        form = ConfirmModal("Save the game?", "Six Titans played.")
        await app.push_screen(form)
        await pilot.pause()
        app.notify(SAVED, title="Saved")
        app.notify(LEVELLED, title="Level up")
        await pilot.pause()
        form.dismiss(True)
        await pilot.pause(0.3)
        assert len(app.screen.query(Toast)) >= 1
        assert notes_off_screen(app) == []
