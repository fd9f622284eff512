"""Every dialog at 60x20 and 80x24 by mouse, with notes shown over it: each of its buttons is
what a click at it lands on (nothing covers it), and a click on the button that backs out
closes the dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select

from titan_campaign.tui.app import NOTES_SHOWN

from .conftest import screen_text
from .test_every_dialog_fits import BACK_OUT
from .test_every_screen_snapshots import DIALOGS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow


NOTES = [
    "Thorn: 1 charge left on Winged Sandals\nWinged Sandals used.",
    "Changed elsewhere: Mira: bought the spell Fire Bolt (100 XP)\nOsk: learned Barkskin",
    "Changed elsewhere: Osk: 2 gold spent\nThorn: archived",
]
"""Three notes in a row, as a player sees them after an action and changes made elsewhere
(the two latest show)."""


def seen_notes(dialog: ModalScreen[object]) -> list[Region]:
    """The part of each note seen (empty: a note waiting for room), each checked whole: a
    note cut at the foot of the room above the buttons showed as a stub (``▌``)."""
    seen = []
    for toast in dialog.query("Toast"):
        where = dialog.find_widget(toast)
        part = where.region.intersection(where.clip)
        assert part == where.region or not part.area, (str(toast.render()), where.region, part)
        seen.append(part if part.area else Region())
    return seen


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_a_click_on_a_dialogs_button_reaches_it_and_back_out_closes_it(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
) -> None:
    """The notes shown over the dialog cover none of its buttons: at 80x24 notes at the
    screen's foot covered a tall form's Save and Cancel, and a player could neither see them
    nor click them until they faded (a click there took the note away). Each is seen whole,
    or waits for room."""
    async with opened(campaign, titan, keys, size, notifications=True) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        for note in NOTES:
            app.notify(note, title="Note", timeout=30)
        await pilot.pause(0.2)  # the toasts are drawn
        toasts = seen_notes(dialog)
        assert len(toasts) == NOTES_SHOWN and toasts[0]  # the first shown, at least
        buttons = list(dialog.query(Button))
        for button in buttons:
            at, _ = dialog.get_widget_at(*button.region.center)
            assert at is button, (name, str(button.label), at)
            assert not any(toast.overlaps(button.region) for toast in toasts), name
        back_out = [b for b in buttons if str(b.label) in BACK_OUT]
        if not back_out:
            return  # a list to pick from or a message: Escape backs out
        await pilot.click(back_out[0])
        await pilot.pause()
        assert app.screen is not dialog, (name, app.screen)


async def test_a_note_with_no_room_over_a_dialog_waits_and_shows_whole_when_one_fades(
    campaign: Path,  # noqa: F811
) -> None:
    """At 80x24 over the print dialog a note too tall for the room left above Print showed as
    a stub (``▌``) until the one above it faded: now it waits, unseen, and shows whole once
    the first fades; f2 lists both meanwhile."""
    notes = [NOTES[0], "\n".join(NOTES)]
    async with opened(campaign, None, ["p"], (80, 24), notifications=True) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        for number, note in enumerate(notes):
            app.notify(note, title="Note", timeout=1 if number == 0 else 30)
        await pilot.pause(0.2)
        assert [bool(part) for part in seen_notes(dialog)] == [True, False]
        assert all(note in app.notes[-len(notes) + n] for n, note in enumerate(notes))
        await pilot.pause(1.2)  # the first fades
        assert [bool(part) for part in seen_notes(dialog)] == [True]
        buttons = [button.region for button in dialog.query(Button)]
        assert not any(part.overlaps(button) for part in seen_notes(dialog) for button in buttons)


@pytest.mark.parametrize(
    ("before", "keys", "title", "note"),
    [
        (["ctrl+z"], ["u"], "Thorn's HONOR GUARD", "Undone (Thorn's latest change)"),
        (["m", "a", *"30", "ctrl+s"], ["b"], "Buy a magic item with gold", "Thorn: gold +30"),
    ],
    ids=["honor_guard_after_an_undo", "buy_item_after_gold"],
)
async def test_a_dialog_opens_readable_with_the_notes_raised_before_it_put_away(
    campaign: Path,  # noqa: F811
    before: list[str],
    keys: list[str],
    title: str,
    note: str,
) -> None:
    """At 80x24 the note of the change just made stayed on top of the dialog opened next and
    hid its title: it concerns the screen left, so it is put away (f2 still lists it); a note
    raised while the dialog is open shows over it."""
    async with opened(campaign, "Thorn", before, (80, 24), notifications=True) as (app, pilot):
        assert note in screen_text(app)
        await pilot.press(*keys)
        await pilot.pause(0.2)
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        shown = screen_text(app)
        assert title in shown and note not in shown, shown
        assert any(note in told for told in app.notes)  # f2's list
        app.notify(NOTES[0], title="Note")
        await pilot.pause(0.2)
        assert [bool(part) for part in seen_notes(dialog)] == [True]


async def test_after_two_undos_and_a_redo_the_two_latest_notes_show(
    campaign: Path,  # noqa: F811
) -> None:
    """On the gold screen at 80x24 three stacked notes covered the magic items' charges: a
    third note puts away the oldest one shown (f2 still lists all three)."""
    keys = ["m", "ctrl+z", "ctrl+z", "ctrl+y"]
    async with opened(campaign, "Thorn", keys, (80, 24), notifications=True) as (app, pilot):
        await pilot.pause(0.2)
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert len(toasts) == 2 and "Redone" in toasts[-1], toasts
        assert [told[:4] for told in list(app.notes)[-3:]] == ["Undo", "Undo", "Redo"]


def labelled_fields(dialog: ModalScreen[object]) -> list[tuple[Label, Widget]]:
    """Each label of a dialog's fields and the field it names: the field just after it."""
    found = []
    for label in dialog.query(Label):
        parent = label.parent
        siblings = [w for w in parent.children if w.display] if parent is not None else []
        after = siblings[siblings.index(label) + 1 :] if label in siblings else []
        if after and isinstance(after[0], Input | Select | Checkbox):
            found.append((label, after[0]))
    return found


@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_a_click_on_a_fields_label_takes_typing_to_that_field(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
) -> None:
    """In the new-Titan dialog a click on "Player" did nothing: "Ann" then typed went into
    the Name field ("ThornAnn"). A click on any field's label gives that field the focus."""
    async with opened(campaign, titan, keys, (80, 24)) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        for label, field in reversed(labelled_fields(dialog)):  # the last first: not focused
            assert await pilot.click(label), (name, str(label.render()))
            await pilot.pause()
            assert dialog.focused is field, (name, str(label.render()), dialog.focused)


@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_every_dialogs_fields_are_framed_as_the_new_titans_the_focused_one_lit(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
) -> None:
    """The gold, item, spell-for-gold, goal and print dialogs' fields had no frame: the one
    with the focus showed it by one shade of background, and what was typed went where the
    player did not look. Every dialog's fields are framed as the new Titan's are, the frame
    of the one with the focus lit."""
    async with opened(campaign, None, ["a"], (80, 24)) as (app, _pilot):
        titan_name = app.screen.query_one("#titan-name", Input)
        lit = (titan_name.styles.border_top, titan_name.styles.border_bottom)
        player = app.screen.query_one("#titan-player", Input)
        unlit = (player.styles.border_top, player.styles.border_bottom)
    assert lit[0][0] != "" and lit != unlit
    async with opened(campaign, titan, keys, (80, 24)) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        fields = [field for field in dialog.query(Input) if field.display]
        for field in fields:
            field.focus()
            await pilot.pause()
            for other in fields:
                drawn = (other.styles.border_top, other.styles.border_bottom)
                assert drawn == (lit if other is field else unlit), (name, other.id, drawn)
                assert other.region.height == 3, (name, other.id, other.region)
