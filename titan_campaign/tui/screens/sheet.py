"""The Titan Character Sheet: the paper sheet's layout, with boxes that know the rules."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ... import actions
from ...printing.figures import IN_PLAY, SKILL_USES_LABEL, mana_short
from ...rules.abilities import ABILITIES, ABILITY_INFO
from ...rules.errors import Decision
from ...rules.names import games_wording, plural
from ...rules.printable import shown_lines
from ...rules.sheet import GoalView, SheetView, SpellLine, sheet_view
from ...rules.spells import SCHOOLS, find_spell
from ...rules.titan import MAX_BOXES, TitanState
from .. import places
from ..upright import key_named
from ..widgets.box_grid import BoxGrid, BoxRow
from ..widgets.key_bar import KeyBar
from .base import UPRIGHT_WIDTH, OneTitan, titan_app

if TYPE_CHECKING:
    from .choices import ChoiceFlow

NARROW = 100
STACKED = 64  # two box grids of about 31 cells each
LEGEND = "[X] checked   [ ] may be checked (100 XP)   [·] not now"
SECTION_LINKS = (
    ("1 spells", "spells"),
    ("2 items", "items"),
    ("3 honor guard", "guard"),
    ("4 legions", "legions"),
    ("5 goal", "goal"),
    ("0 top", "top"),
)
"""The parts of the sheet below the boxes, as the hint under them names them, with their keys."""
NO_SPELLS = "No spells yet: a school level brings spell picks (R5)."
SECTIONS = {
    "spells": "sheet-spells",
    "items": "sheet-items",
    "guard": "sheet-guard",
    "legions": "sheet-legions",
    "goal": "sheet-goal",
    "top": "sheet-title",
}


def sections_hint() -> Text:
    """The hint under the boxes: "below: 1 spells  2 items ...", each part a link: a click
    goes there, as its key does."""
    hint = Text("below:")
    for label, name in SECTION_LINKS:
        hint.append("  " if name != "spells" else " ")
        hint.append(label, style=Style(meta={"@click": f"screen.section('{name}')"}))
    return hint


def clicked(text: Text, action: str) -> Text:
    """``text`` whose click runs the screen's ``action`` (its key's), if any."""
    if action:
        text.stylize(Style(meta={"@click": f"screen.{action}()"}))
    return text


def may_check(state: TitanState, grid: str, key: str) -> Decision:
    """Whether the next box of a row may be checked, asked of the action that checks it."""
    if grid == "abilities":
        return actions.can_buy_ability(state, key)
    return actions.can_buy_school_level(state, key)


def box_rows(state: TitanState, data: SheetView, grid: str) -> list[BoxRow]:
    """The rows of a box grid; the rules say whether the next box of each may be checked."""
    rows: list[BoxRow] = []
    keys = ABILITIES if grid == "abilities" else SCHOOLS
    boxes = data.abilities if grid == "abilities" else data.schools
    for key in keys:
        checked = boxes[key]
        decision = may_check(state, grid, key) if checked < MAX_BOXES else None
        title = ABILITY_INFO[key].title if grid == "abilities" else key.upper()
        note = (
            ABILITY_INFO[key].sheet_text
            if grid == "abilities"
            else f"level {checked}"
            if checked
            else ""
        )
        rows.append(
            BoxRow(
                key,
                title,
                note,
                checked,
                bool(decision),
                decision.reason if decision is not None else "",
            )
        )
    return rows


def xp_panel(data: SheetView) -> Text:
    xp = data.xp
    text = Text()
    text.append("EXPERIENCE\n", style="bold underline")
    for label, value in (
        ("Base XP", xp.base),
        ("Earned XP", xp.earned),
        ("Spent XP", xp.spent),
    ):
        text.append(f"{label + ':':<14}{value:>6}\n")
    text.append(f"{'Available:':<14}{xp.available:>6}\n", style="bold")
    text.append(f"{'To next level:':<14}{xp.next_level_text:>6}\n")
    text.append(f"\nGOLD{data.gold:>16}\n", style="bold")
    return text


def derived_panel(data: SheetView) -> Text:
    text = Text()
    text.append(f"{IN_PLAY}\n", style="bold underline")
    for label, value in (
        ("Mana per turn", data.mana),
        ("Titan Power-factor", data.titan_power),
        (SKILL_USES_LABEL, data.skill_uses),
        ("Re-rolls per turn", data.rerolls),
        ("XP bonus", f"{data.xp_bonus_percent}%"),
    ):
        text.append(f"{label + ':':<20}{value!s:>4}\n")
    return text


SPELL_COLUMNS = ("Spell", "School", "Lvl", "Mana", "Cast", "How")
UPRIGHT_SPELL_SPARE = 12
"""The columns of a phone's screen that are not the spell's name: Mana (4), the cells'
padding (4) and the page's margins and scroll bar (4)."""
UPRIGHT_SPELL_COLUMNS = ("Spell", "Mana")
"""The spell list under ``UPRIGHT_WIDTH`` columns (a phone held upright): the highlighted
spell's card below says the rest."""


def spell_rows(data: SheetView) -> list[tuple[str, ...]]:
    """The spell list's rows: name, school, level, Mana, when cast, how it was gained."""
    return [
        (
            spell.name,
            spell.school.title(),
            str(spell.level),
            str(spell.mana),
            spell.cast,
            "bonus" if spell.bonus else "bought" if spell.bought else "",
        )
        for spell in data.spells
    ]


def spell_text(name: str, mana: int, line: SpellLine | None = None) -> Text:
    """A known spell's whole card, read in place below the list; with the spell book's
    ``line`` (on a phone held upright, whose list shows only the name and Mana, or a list cut
    at the screen's edge), what the list's other columns say too; and whether the Titan's
    ``mana`` a turn is short of the spell's cost (R7)."""
    spell = find_spell(name)
    facts = f"Target: {spell.target}"
    facts += f"   Attack: {spell.attack}" if spell.attack else ""
    facts += f"   Area: {spell.area}" if spell.area else ""
    short = mana_short(spell.mana, mana)
    if line is None:
        card = Text.assemble((spell.name, "bold"), f"   {facts}\n", spell.text)
    else:
        how = ", bonus" if line.bonus else ", bought" if line.bought else ""
        card = Text.assemble(
            (spell.name, "bold"),
            f"\n{line.school.title()} level {line.level}   Mana {line.mana}\n{line.cast}{how}",
            f"\n{facts}\n",
            spell.text,
        )
    if short:
        card.append(f"\n{short}", style="bold")
    return card


def items_panel(data: SheetView) -> Text:
    text = Text()
    text.append("MAGIC ITEMS\n", style="bold underline")
    if not data.magic_items:
        text.append("none (m: gold and items)\n", style="dim")
    for item in data.magic_items:
        charges = f", {item.charges}/{item.max_charges} charges" if item.max_charges else ""
        legion = f", legion {item.legion}" if item.legion else ""
        text.append(f"• {item.name} ({item.type}{charges}{legion})\n")
    return text


def guard_panel(data: SheetView) -> Text:
    text = Text()
    text.append("HONOR GUARD\n", style="bold underline")
    slots = data.honor_guard_slots
    members = data.honor_guard
    if not slots:
        text.append("no slots below level 4 (R9)\n", style="dim")
    for number, cap in enumerate(slots):
        member = members[number] if number < len(members) else "_________"
        text.append(f"slot {number + 1} (up to {cap} pts): {member}\n")
    return text


def summary_line(data: SheetView, width: int) -> Text:
    """The figures a player spends from, in one line above the boxes; in two short lines
    where one does not fit in ``width`` cells (a phone held upright)."""
    xp = data.xp
    available = Text.assemble(("XP available ", "bold"), (str(xp.available), "bold reverse"))
    one = f"   to next level {xp.next_level_text}   Mana {data.mana}   Gold {data.gold}"
    line = Text.assemble(available, one)
    if line.cell_len <= width:
        return line
    two = f"   Mana {data.mana}\nto next level {xp.next_level_text}   Gold {data.gold}"
    lines = Text.assemble(available, two)
    if max(Text(each).cell_len for each in lines.plain.splitlines()) <= width:
        return lines
    parts = [Text(f"Mana {data.mana}"), Text(f"to next level {xp.next_level_text}")]
    return _whole_parts([available, *parts, Text(f"Gold {data.gold}")], width)


def _whole_parts(parts: list[Text], width: int, last_gap: str = "   ") -> Text:
    """``parts`` in as few lines of ``width`` cells as they fit in, each whole on a line where
    it fits ("Gold" never apart from its figure), three spaces apart (``last_gap`` before the
    last)."""
    text = Text.assemble(parts[0])  # the first part's style its own, not the whole line's
    line = text.cell_len
    for part in parts[1:]:
        gap = last_gap if part is parts[-1] else "   "
        if line + len(gap) + part.cell_len <= width:
            text.append(gap)
            line += len(gap) + part.cell_len
        else:
            text.append("\n")
            line = part.cell_len
        text.append_text(part)
    return text


def title_line(data: SheetView, width: int) -> Text:
    """The Titan's name, player, campaign and level, in as few lines of ``width`` cells as
    they fit in, each part whole on a line where it fits ("campaign" never apart from the
    campaign's name, nor "LEVEL" from its number)."""
    parts = [
        Text(data.name.upper(), style="bold"),
        Text(f"player {data.player}"),
        Text(f"campaign {data.campaign}"),
        *([Text("[archived]")] if data.archived else []),
        Text(f"LEVEL {data.level}", style="bold reverse"),
    ]
    return _whole_parts(parts, width, last_gap="      ")


def goal_line(goal: GoalView | None, room: int, step_key: str = "s") -> Text:
    """The kept goal in one line of ``room`` cells: what remains, the next step first (and
    ``step_key``, what takes it), then what is wanted, under it where the line does not hold
    both (shown whole; 5 shows the steps)."""
    text = Text()
    if not goal:
        return text
    text.append("GOAL ", style="bold")
    if goal.note:
        remains = [goal.note]
    elif goal.met:
        remains = ["reached"]
    else:
        remains = [f"next: {goal.steps[0]} ({step_key})"] if goal.steps else []
        if goal.xp_needed:
            remains.append(f"{goal.xp_needed} XP to earn")
        remains.append(f"{goal.xp_cost} XP in {plural(len(goal.steps), 'step')}")
    text.append("; ".join(remains))
    wanted = f"({goal.wanted})"
    apart = "  " if text.cell_len + 2 + cell_len(wanted) <= room else "\n"
    return text.append(apart + wanted, style="dim")


SIDES = 4
"""The columns beside the sheet's lines: its padding (1 each side) and its scroll bar (2)."""


def goal_panel(goal: GoalView | None, step_key: str = "s", goal_key: str = "o") -> Text:
    """The kept goal as the sheet shows it: what is wanted, what remains, the next steps,
    and the keys (``step_key``, ``goal_key``) that take the next one and change it."""
    text = Text()
    if not goal:
        return text
    text.append("BUILD GOAL ", style="bold underline")
    text.append(goal.wanted, style="bold")
    text.append("\n")
    if goal.note:
        text.append(goal.note + "\n")
        return text
    if goal.met:
        text.append("Reached: every box, level and spell of the goal is on the sheet.\n")
        return text
    remains = f"{goal.xp_cost} XP in {plural(len(goal.steps), 'step')}"
    if goal.xp_needed:
        about = games_wording(goal.games)  # none before a game tells the average award
        games = f" ({about})" if about else ""
        remains += f"; {goal.xp_needed} XP still to earn{games}"
    else:
        remains += ", all available now"
    if goal.forgets:  # R6: a bonus swap forgets the old spell
        remains += f"; forgets the bonus spell{'s' if len(goal.forgets) > 1 else ''} "
        remains += ", ".join(goal.forgets) + " (R6)"
    text.append(remains + "\n")
    steps = [f"{number}. {step}" for number, step in enumerate(goal.steps, start=1)]
    text.append("   ".join(steps) + "\n")  # every step: the plan is what the player reads it for
    text.append(f"{step_key}: take the next step   {goal_key}: change the goal", style="dim")
    return text


def legions_panel(data: SheetView) -> Text:
    text = Text()
    text.append("STARTING LEGIONS (next game)\n", style="bold underline")
    for number, legion in enumerate(data.starting_legions, start=1):
        text.append(f"{number}: {', '.join(legion)}\n")
    for note in data.starting_legion_notes:
        text.append(f"! {note}\n")
    return text


def pending_line(data: SheetView, choices_key: str = "c") -> str:
    """The base XP to spend before the first game (R2) and the choices still to make (and
    ``choices_key``, what opens them)."""
    spend = data.base_unspent
    lines = [f"! {spend} base XP to spend before the first game (R2)"] if spend else []
    if data.pending:
        listed = "; ".join(choice.text for choice in data.pending)
        lines.append(f"! {plural(len(data.pending), 'choice')} to make ({choices_key}): {listed}")
    return "\n".join(lines)


class SpellList(DataTable[Text]):
    """The spells known, a row each; Up from the first row goes back to the boxes above, as
    Down from the last box came to it."""

    def action_cursor_up(self) -> None:
        if self.cursor_row > 0:
            super().action_cursor_up()
            return
        grids = list(self.screen.query(BoxGrid))
        if grids:
            grids[-1].focus_row(len(grids[-1].rows) - 1)


class SheetScreen(OneTitan, Screen[None]):
    # its styles (sheet.tcss) are read with the app's: TitanCampaignApp.CSS_PATH
    AUTO_FOCUS = ""  # the boxes take the keys, focused on mount without scrolling the sheet
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="sheet.back"),
        Binding("c", "choices", "Choices", id="sheet.choices"),
        Binding("h", "history", "History", id="sheet.history"),
        Binding("m", "gold", "Gold & items", id="sheet.gold"),
        Binding("u", "honor_guard", "Guard", id="sheet.honor_guard"),
        Binding("t", "plan", "Plan", id="sheet.plan"),
        Binding("b", "buy_spell", "Buy spell", id="sheet.buy_spell"),
        Binding("p", "print", "Print", id="sheet.print"),
        Binding("o", "set_goal", "Goal", id="sheet.goal"),
        Binding("s", "next_step", "Next step", id="sheet.next_step"),
        Binding("P", "progress", "Progress", id="sheet.progress"),
        Binding("r", "rename", "Rename", id="sheet.rename"),
        Binding("w", "change_player", "Player", id="sheet.player"),
        Binding("1", "section('spells')", "Spells", show=False, id="sheet.to_spells"),
        Binding("2", "section('items')", "Items", show=False, id="sheet.to_items"),
        Binding("3", "section('guard')", "Honor guard", show=False, id="sheet.to_guard"),
        Binding("4", "section('legions')", "Legions", show=False, id="sheet.to_legions"),
        Binding("5", "section('goal')", "Goal in full", show=False, id="sheet.to_goal"),
        Binding("0", "section('top')", "Top of the sheet", show=False, id="sheet.to_top"),
    ]

    def __init__(
        self, titan: actions.TitanRef, state: TitanState | None = None, campaign_name: str = ""
    ) -> None:
        """The sheet of Titan ``titan``; ``state``: the Titan as just read (and
        ``campaign_name``, its campaign's name then)."""
        super().__init__(titan, campaign_name)
        self.state = state  # as drawn
        self.read_on_resume = True
        self.spell_lines: dict[str, SpellLine] = {}  # the spell book as drawn, by name
        self.mana = 0  # the Titan's Mana a turn, as drawn
        self._laid_out_at: Size | None = None  # as last laid out

    @cached_property
    def flow(self) -> ChoiceFlow:
        """The pick lists a purchase or a choice opens (their forms load when first needed,
        not before the sheet's first paint)."""
        from .choices import ChoiceFlow

        return ChoiceFlow(self)

    def compose(self) -> ComposeResult:
        self._fit(self.app.size.width)  # before the children get styled
        with VerticalScroll(id="sheet", can_focus=False):  # the boxes and lists take the keys
            yield Static(id="sheet-title", classes="page-title")
            yield Static(id="sheet-summary")
            yield Static(id="sheet-pending")
            yield Static(id="sheet-goal-line")
            with Horizontal(id="sheet-top"):
                with Vertical(id="sheet-left"):
                    with Vertical(id="sheet-grids"):
                        yield BoxGrid("ABILITIES", [], title_width=12, id="abilities")
                        yield BoxGrid("SPELL SCHOOLS", [], title_width=9, id="schools")
                    yield Static(Text(LEGEND), id="sheet-legend", classes="hint")
                    yield Static(sections_hint(), id="sheet-sections", classes="hint")
                with Vertical(id="sheet-right"):
                    yield Static(id="sheet-xp")
                    yield Static(id="sheet-derived")
            with Vertical(id="sheet-spells"):
                yield Static(Text("SPELLS", style="bold underline"))
                yield SpellList(id="spell-list", cursor_type="row", zebra_stripes=True)
                yield Static(id="spell-text")
            with Horizontal(id="sheet-bottom"):
                yield Static(id="sheet-items")
                yield Static(id="sheet-guard")
            yield Static(id="sheet-legions")
            yield Static(id="sheet-goal")
        yield KeyBar()

    def _fit(self, width: int) -> None:
        """One column below ``NARROW``; the abilities and schools side by side down to
        ``STACKED``, one below the other on narrower screens; under ``UPRIGHT_WIDTH`` (a phone
        held upright) the summary in two lines and the spell list in two columns."""
        self.set_class(width < NARROW, "-narrow")
        self.set_class(width < STACKED, "-stacked")
        self.set_class(width < UPRIGHT_WIDTH, "-upright")

    def on_mount(self) -> None:
        self.query_one("#abilities", BoxGrid).focus(scroll_visible=False)
        if self.state is not None and self.campaign_name:
            self.show(self.state)  # read just before: not again when first shown
            self.read_on_resume = False
        else:
            self.refresh_view()
            self.read_on_resume = False

    def on_screen_resume(self) -> None:
        if self.read_on_resume and self not in titan_app(self).closing:
            self.refresh_view()
        self.read_on_resume = True
        if self.focused is None:  # opened, or back from a chain of picks: the boxes take the
            # keys, the sheet staying at its top (its title and XP in view on a small screen)
            self.query_one("#abilities", BoxGrid).focus(scroll_visible=False)

    def on_resize(self, event: events.Resize) -> None:
        upright = self.has_class("-upright")
        self._fit(event.size.width)
        self.call_after_refresh(self.show_spell_text)  # the list cut at its edge, or no more
        resized = self._laid_out_at is not None and self._laid_out_at != event.size
        if resized:  # not the first time laid out
            self.call_after_refresh(self._top_in_view)
        self._laid_out_at = event.size
        if self.state is not None:
            data = sheet_view(self.state, self.campaign_name)
            self.show_top(data, event.size.width)  # in one or two lines
            if self.has_class("-upright") != upright:
                self.show_spells(data)  # and the spell list's other columns
                self.show_hints(data)  # and the keys named, or what is tapped

    def _top_in_view(self) -> None:
        """Resized with the boxes' cursor on the screen: the sheet from its top, as far as
        the cursor's row lets it (back from a narrow size, it stayed scrolled to where the
        schools had been, the title off the screen)."""
        if isinstance(self.focused, BoxGrid):
            self.query_one("#sheet", VerticalScroll).scroll_home(animate=False, immediate=True)
            self.focused.show_cursor()

    def show_top(self, data: SheetView, width: int) -> None:
        """The title and the summary, for a screen ``width`` columns wide (less the sheet's
        padding and its scroll bar)."""
        room = width - SIDES
        title_room = room - 2  # the title's own padding
        self.query_one("#sheet-title", Static).update(title_line(data, title_room))
        self.query_one("#sheet-summary", Static).update(summary_line(data, room))
        goal = self.query_one("#sheet-goal-line", Static)
        step = key_named(self, "s", "tap")  # a phone has no keys: the line itself is tapped
        goal.update(clicked(goal_line(data.goal, room, step), "next_step"))

    def refresh_view(self) -> None:
        if not self.query("#sheet-title"):  # not composed yet, or closing: drawn on mount
            return
        state = self.read_state()
        if state is not None:
            self.show(state)

    def show(self, state: TitanState) -> None:
        """Draw the sheet of the Titan as ``state`` has it."""
        self.state = state
        data = sheet_view(state, self.campaign_name)
        self.show_top(data, self.size.width)
        self.query_one("#sheet-goal-line", Static).display = data.goal is not None
        self.show_hints(data)
        self.query_one("#abilities", BoxGrid).set_rows(box_rows(state, data, "abilities"))
        self.query_one("#schools", BoxGrid).set_rows(box_rows(state, data, "schools"))
        self.query_one("#sheet-xp", Static).update(xp_panel(data))
        self.query_one("#sheet-derived", Static).update(derived_panel(data))
        self.show_spells(data)
        self.query_one("#sheet-items", Static).update(items_panel(data))
        self.query_one("#sheet-guard", Static).update(guard_panel(data))
        self.query_one("#sheet-legions", Static).update(legions_panel(data))

    def show_hints(self, data: SheetView) -> None:
        """The choices banner and the goal in full, naming the keys that act on them: on a
        phone held upright, which has no keys, what is tapped (the banner itself, the key
        bar's Next step and Goal)."""
        pending = self.query_one("#sheet-pending", Static)
        choices = key_named(self, "c", "tap")
        said = Text(shown_lines(pending_line(data, choices)))  # names shown as written (plain)
        pending.update(clicked(said, "choices" if data.pending else ""))
        pending.display = bool(data.pending or data.base_unspent)
        kept = self.query_one("#sheet-goal", Static)
        step, goal = key_named(self, "s", "Next step"), key_named(self, "o", "Goal")
        kept.update(goal_panel(data.goal, step, goal))
        kept.display = data.goal is not None

    def show_spells(self, data: SheetView) -> None:
        """The spell list, its highlighted spell kept, and that spell's text below it."""
        table = self.query_one("#spell-list", DataTable)
        upright = self.has_class("-upright")
        highlighted = self.highlighted_spell()
        labels = UPRIGHT_SPELL_COLUMNS if upright else SPELL_COLUMNS
        rows = [(row[0], row[3]) if upright else row for row in spell_rows(data)]
        table.clear(columns=True)
        for index, label in enumerate(labels):  # each as wide as its widest cell, set here:
            # measured by the table later, rows already drawn kept the old widths (names cut)
            width = max(cell_len(text) for text in (label, *(row[index] for row in rows)))
            if upright and index == 0:  # a long name wraps: Mana stays on a phone's screen
                width = min(width, self.app.size.width - UPRIGHT_SPELL_SPARE)
            table.add_column(label, width=width)
        self.spell_lines = {spell.name: spell for spell in data.spells}
        self.mana = data.mana
        for row in rows:
            table.add_row(*map(Text, row), key=row[0], height=None if upright else 1)
        table.display = bool(data.spells)
        if highlighted is not None and highlighted in {row[0] for row in spell_rows(data)}:
            table.move_cursor(row=table.get_row_index(highlighted), animate=False)
        self.show_spell_text()

    def highlighted_spell(self) -> str | None:
        table = self.query_one("#spell-list", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return None if key.value is None else str(key.value)

    def show_spell_text(self) -> None:
        name = self.highlighted_spell()
        text = self.query_one("#spell-text", Static)
        if name is None:
            text.update(Text(NO_SPELLS, style="dim"))
            return
        table = self.query_one("#spell-list", DataTable)
        cut = table.virtual_size.width > table.scrollable_content_region.width
        line = self.spell_lines.get(name) if self.has_class("-upright") or cut else None
        text.update(spell_text(name, self.mana, line))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "spell-list":
            self.show_spell_text()
            if event.data_table.has_focus:  # moved by the player: not by a redraw
                self.call_after_refresh(self.spell_in_view)

    def spell_in_view(self) -> None:
        """The sheet scrolled to the highlighted spell, with its card below when both fit:
        the list is as tall as its spells (a list scrolling inside the sheet took the mouse
        wheel and the keys from it), so the sheet follows its cursor."""
        table = self.query_one("#spell-list", DataTable)
        if not table.row_count:
            return
        sheet = self.query_one("#sheet", VerticalScroll)
        above = sum(row.height for row in table.ordered_rows[: table.cursor_row])
        row = table.region.y + table.header_height + above
        height = table.ordered_rows[table.cursor_row].height
        card = self.query_one("#spell-text").region.bottom - row
        if card <= sheet.scrollable_content_region.height:
            height = card
        shown = Region(0, row - sheet.scrollable_content_region.y, 1, height)
        sheet.scroll_to_region(shown.translate(sheet.scroll_offset), animate=False)

    def show_done(self, done: actions.Done) -> None:
        """Draw the Titan as a change left it, and tell the rules' notes."""
        before, step = self.state, done.step
        self.show(step.state)
        if step.notes:
            self.notify(
                "\n".join(step.notes), title=f"{step.state.name}: {step.state.available_xp} XP left"
            )
        if before is not None and step.state.level > before.level:
            self.notify(f"{step.state.name} reaches LEVEL {step.state.level}!", title="Level up")

    # --- boxes -----------------------------------------------------------------------

    @on(events.Click, "#sheet-pending")
    def _pending_clicked(self) -> None:
        """A click anywhere on the choices banner does what c does: its bar and the room
        beside its words too (only its letters did, and a finger on a phone missed them)."""
        if self.state is not None and self.state.pending:
            self.action_choices()

    @on(events.Click, "#sheet-goal-line")
    def _goal_line_clicked(self) -> None:
        """A click anywhere on the goal's line does what s does (as on the choices banner)."""
        self.action_next_step()

    def on_box_grid_box_pressed(self, message: BoxGrid.BoxPressed) -> None:
        grid, key, shown = message.grid.id or "", message.key, self.state
        if shown is None:
            return
        checked = shown.abilities[key] if grid == "abilities" else shown.schools[key]
        title = message.grid.current.title if message.grid.current else key
        if message.index < checked:
            self._uncheck(shown, key, message.index)
            return
        if message.index > checked:
            self.notify(
                f"The next {title} box is box {checked + 1}: boxes are checked in order.",
                title="Cannot check that box",
                severity="warning",
            )
            return
        decision = may_check(shown, grid, key)
        if not decision:
            self.notify(decision.reason, title="Cannot check that box", severity="warning")
            return
        done = titan_app(self).attempt(
            lambda: (
                actions.buy_ability(self.db, self.titan, key, shown)
                if grid == "abilities"
                else actions.buy_school_level(self.db, self.titan, key, shown)
            ),
            changed=self.show,
        )
        if done is not None:
            self.after_purchase(shown, done)

    def after_purchase(self, shown: TitanState, done: actions.Done, told: str = "") -> None:
        """Draw the Titan as a purchase left it: a purchase that brings choices (a level
        reached, a school level's spell picks) opens them at once, telling what it did on the
        first pick list; otherwise the rules' notes and ``told`` are shown."""
        if done.state.pending and done.state.pending != shown.pending:
            self.show(done.state)
            from .choices import news_of

            brought = [c for c in done.state.pending if c not in shown.pending]
            self.flow.start(news=news_of(shown, done), brought=brought)
            return
        self.show_done(done)
        if told:
            self.notify(told, title="Bought", markup=False)

    def _uncheck(self, state: TitanState, key: str, index: int) -> None:
        """Uncheck box ``index`` (0 for the first) of a row: undo, if it was the latest."""
        undone = titan_app(self).attempt(
            lambda: actions.uncheck_box(self.db, self.titan, key, index + 1, state),
            changed=self.show,
        )
        if undone is not None:
            self.notify(f"Undone: {undone.change.text}", title="Unchecked")
            self.refresh_view()

    # --- other screens ---------------------------------------------------------------

    def action_section(self, name: str) -> None:
        """Bring a part of the sheet below the boxes into view, its heading at the top."""
        target = self.query_one(f"#{SECTIONS[name]}")
        if name == "goal" and not target.display:
            self.notify("No build goal yet: o sets one.", title="Goal", markup=False)
        elif target.display:
            self.query_one("#sheet", VerticalScroll).scroll_to_widget(
                target, animate=False, top=True
            )
        spells = self.query_one("#spell-list", DataTable)
        if name == "spells" and spells.display:
            spells.focus(scroll_visible=False)  # up and down read one spell after another
        elif name == "top":
            self.query_one("#abilities", BoxGrid).focus(scroll_visible=False)

    def action_back(self) -> None:
        titan_app(self).go_back(places.Roster(self.campaign, self.titan))

    def action_buy_spell(self) -> None:
        self.flow.buy_spell()

    def action_choices(self) -> None:
        self.flow.start(announce_none=True)

    def action_history(self) -> None:
        titan_app(self).open(places.History(self.campaign, self.titan))

    def action_gold(self) -> None:
        if self.state is not None:
            titan_app(self).open(places.Gold(self.titan, self.state))

    def action_honor_guard(self) -> None:
        state = self.state
        if state is None:
            return
        if not state.honor_guard_slots and not state.honor_guard:
            self.notify(
                f"{state.name} is level {state.level}: no honor guard below level 4 (R9).",
                title="Honor guard",
                markup=False,
            )
            return
        titan_app(self).open(places.HonorGuard(self.titan, state))

    def action_plan(self) -> None:
        if self.state is not None:
            titan_app(self).open(places.Plan(self.titan, self.state))

    def action_print(self) -> None:
        titan_app(self).open(places.Print(self.campaign, self.titan))

    def action_set_goal(self) -> None:
        if self.state is not None:
            from .goal import edit_goal  # the goal's forms load when first opened

            edit_goal(self, self.titan, self.state, self.refresh_view)

    def action_next_step(self) -> None:
        if self.state is not None:
            from .goal import offer_next_step

            offer_next_step(self, self.titan, self.state, self.show_done)

    def action_progress(self) -> None:
        titan_app(self).open(places.Progress(self.titan))

    def action_rename(self) -> None:
        if self.state is not None:
            from .forms import rename_titan  # the forms load when one is first opened

            rename_titan(self, self.titan, self.state, self._renamed)

    def action_change_player(self) -> None:
        if self.state is not None:
            from .forms import change_player

            change_player(self, self.titan, self.state, self._renamed)

    def _renamed(self, done: object) -> None:
        if isinstance(done, actions.Done):
            self.notify(done.text)
            self.show(done.state)
