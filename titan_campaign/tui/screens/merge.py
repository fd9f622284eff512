"""A copy a sync tool left beside the database: what merging it would bring in and what the
rules would refuse (``titan-campaign merge --dry-run``), then the merge, through one action."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from ... import actions
from ..upright import key_named
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .forms import BACK, FormBox, FormModal

SHOWN = 12  # lines of each list shown; the rest are counted


def merge_preview(merged: actions.Merged) -> str:
    """The dry run's result as a player reads it."""
    if merged.brings_nothing:
        nothing = f"{merged.source}{merged.refused_before_note}"
        return "\n".join(
            [
                f"Nothing to merge: the database has every change in {nothing}.",
                *merged.deletes,
                *merged.differs,
                "You may delete the copy.",
            ]
        )
    lines = [f"Merging would bring in: {merged.text.removeprefix('merged ')}."]
    for name in merged.campaigns:
        lines.append(f'  campaign "{name}" comes in whole')
    lines.extend(f"  + {line}" for line in merged.brought[:SHOWN])
    if len(merged.brought) > SHOWN:
        lines.append(f"  ... and {len(merged.brought) - SHOWN} more")
    lines.extend(f"  {line}" for line in (*merged.judged, *merged.deletes, *merged.differs))
    lines.extend(f"  {refused.line}" for refused in (*merged.alike, *merged.refusals[:SHOWN]))
    if len(merged.refusals) > SHOWN:
        lines.append(f"  ... and {len(merged.refusals) - SHOWN} more refused")
    if merged.refusals:
        lines.append(
            "Refused changes are kept whole beside the database: enter one again if you still"
            " want it (no merge brings it in)."
        )
    if merged.unchanged:
        lines.append("Nothing comes in: the database stays as it is (no merge to undo).")
    else:
        lines.append("The file as it is now is kept as a backup; undo takes the merge back.")
    return "\n".join(lines)


class ConfirmMergeModal(FormModal):
    """Merge this copy? Returns True to merge; Escape or Cancel: nothing happens. Merge has
    the focus, and Down, Up, PageDown and PageUp read the preview (what is refused, all of
    it, before merging); a line under it says when more follows."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("down", "read_down", show=False),
        Binding("up", "read_up", show=False),
        Binding("pagedown", "read_page_down", show=False),
        Binding("pageup", "read_page_up", show=False),
    ]

    def __init__(self, name: str, merged: actions.Merged) -> None:
        super().__init__()
        self.copy_name = name
        self.merged = merged

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(plain(f"Merge {self.copy_name}"), classes="form-title")
            with VerticalScroll(classes="preview-body"):
                yield Static(plain(merge_preview(self.merged)), id="merge-preview")
            yield Static("", id="merge-more", classes="hint")
            with Horizontal(classes="buttons"):
                if self.merged.brings_nothing:
                    yield Button("Close", variant="primary", id="cancel")
                else:
                    yield Button("Merge", variant="primary", id="merge")
                    yield Button("Cancel", id="cancel")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(".buttons Button", Button).focus()
        body = self.preview_body()
        self.watch(body, "scroll_y", self.show_more)
        self.watch(body, "show_vertical_scrollbar", self.show_more)

    def preview_body(self) -> VerticalScroll:
        return self.query_one(".preview-body", VerticalScroll)

    def show_more(self) -> None:
        """Under a preview taller than its box: whether more follows, and the keys to read it."""
        body, more = self.preview_body(), self.query_one("#merge-more", Static)
        more.display = body.max_scroll_y > 0
        if body.scroll_y < body.max_scroll_y:
            more.update(f"▼ more below: {key_named(self, 'Down or PageDown reads on', 'scroll')}")
        else:
            more.update(f"▲ the end: {key_named(self, 'Up or PageUp goes back', 'scroll back')}")

    def action_read_down(self) -> None:
        self.preview_body().scroll_down(animate=False)

    def action_read_up(self) -> None:
        self.preview_body().scroll_up(animate=False)

    def action_read_page_down(self) -> None:
        self.preview_body().scroll_page_down(animate=False)

    def action_read_page_up(self) -> None:
        self.preview_body().scroll_page_up(animate=False)

    @on(Button.Pressed, "#merge")
    def merge_pressed(self) -> None:
        self.dismiss(True)


class ChooseCopyModal(FormModal):
    """Several copies left by sync tools lie beside the database: which to merge? Returns its
    path (then its preview is shown); Escape: nothing happens."""

    BINDINGS: ClassVar[list[BindingType]] = [BACK]

    def __init__(self, copies: tuple[Path, ...]) -> None:
        super().__init__()
        self.copies = copies

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label(
                plain(f"{len(self.copies)} copies to merge: which one?"), classes="form-title"
            )
            yield OptionList(*(Option(plain(copy.name)) for copy in self.copies), id="copies")
            yield Static("enter: see what merging it brings in   escape: back", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.copies[event.option_index])
