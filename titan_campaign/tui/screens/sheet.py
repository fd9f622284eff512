"""The Titan Character Sheet: the paper sheet's layout, with boxes that know the rules."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...rules.abilities import ABILITIES, ABILITY_INFO
from ...rules.errors import Decision
from ...rules.spells import SCHOOLS
from ..widgets.box_grid import BoxGrid, BoxRow
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import keeper, titan_app
from .navigation import go_back

if TYPE_CHECKING:  # the rules' events and the store are read after the first frame
    from ...rules.events import Event
    from ...rules.titan import TitanState
    from ...store.repository import TitanRecord
    from ..keeper import Keeper
    from .choices import ChoiceFlow

NARROW = 100
READING = "one moment: reading the campaign"
LEGEND = "[X] checked   [ ] may be checked (100 XP)   [·] not now"


def next_purchase(state: TitanState, grid: str, key: str, index: int, at: str = "") -> Event:
    """The event that checking box ``index`` of a row asks for (``at``: when, if it is done)."""
    from ...rules.events import AbilityBought, SchoolGained
    from ...rules.titan import MAX_BOXES

    if grid == "abilities":
        return AbilityBought(ability=key, at=at)  # type: ignore[arg-type]
    return SchoolGained(school=key, level=min(index + 1, MAX_BOXES), at=at)  # type: ignore[arg-type]


def checked_by_latest(state: TitanState, latest: Event, grid: str, key: str) -> bool:
    """Whether the latest event checked the last box of this row (so unchecking it is undo)."""
    from ...rules.events import AbilityBought, SchoolGained

    if grid == "abilities":
        return isinstance(latest, AbilityBought) and latest.ability == key
    return (
        isinstance(latest, SchoolGained)
        and latest.school == key
        and latest.level == state.schools[key]
    )


def box_rows(state: TitanState | None, data: dict[str, Any], grid: str) -> list[BoxRow]:
    """The rows of a box grid; without the Titan's state (the kept sheet, drawn before the
    database is read) no box is offered yet."""
    rows: list[BoxRow] = []
    keys = ABILITIES if grid == "abilities" else SCHOOLS
    for key in keys:
        checked = data[grid][key]
        decision = (
            Decision(False, READING) if state is None else _decision(state, grid, key, checked)
        )
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


def _decision(state: TitanState, grid: str, key: str, checked: int) -> Decision | None:
    from ...rules.titan import MAX_BOXES, check

    return check(state, next_purchase(state, grid, key, checked)) if checked < MAX_BOXES else None


def xp_panel(data: dict[str, Any]) -> Text:
    xp = data["xp"]
    text = Text()
    text.append("EXPERIENCE\n", style="bold underline")
    for label, value in (
        ("Base XP", xp["base"]),
        ("Earned XP", xp["earned"]),
        ("Spent XP", xp["spent"]),
    ):
        text.append(f"{label + ':':<14}{value:>6}\n")
    text.append(f"{'Available:':<14}{xp['available']:>6}\n", style="bold")
    text.append(f"{'To next level:':<14}{xp['to_next_level']:>6}\n")
    text.append(f"\nGOLD{data['gold']:>16}\n", style="bold")
    return text


def derived_panel(data: dict[str, Any]) -> Text:
    text = Text()
    text.append("IN PLAY\n", style="bold underline")
    for label, value in (
        ("Mana per turn", data["mana"]),
        ("Titan Power-factor", data["titan_power"]),
        ("Skill-5 strikes", data["skill_uses"]),
        ("Re-rolls per turn", data["rerolls"]),
        ("XP bonus", f"{data['xp_bonus_percent']}%"),
    ):
        text.append(f"{label + ':':<20}{value!s:>4}\n")
    return text


def spells_panel(data: dict[str, Any]) -> Group | Text:
    if not data["spells"]:
        return Text.assemble(
            ("SPELLS\n", "bold underline"), "No spells yet: a school level brings spell picks (R5)."
        )
    table = Table(box=None, expand=False, padding=(0, 1), pad_edge=False)
    for column in ("Spell", "School", "Lvl", "Mana", "Cast", "How"):
        table.add_column(column)
    for spell in data["spells"]:
        how = "bonus" if spell["bonus"] else "bought" if spell["bought"] else ""
        table.add_row(
            spell["name"],
            spell["school"].title(),
            str(spell["level"]),
            str(spell["mana"]),
            spell["cast"],
            how,
        )
    return Group(Text("SPELLS", style="bold underline"), table)


def items_panel(data: dict[str, Any]) -> Text:
    text = Text()
    text.append("MAGIC ITEMS\n", style="bold underline")
    if not data["magic_items"]:
        text.append("none (g: gold and items)\n", style="dim")
    for item in data["magic_items"]:
        charges = (
            f", {item['charges']}/{item['max_charges']} charges" if item["max_charges"] else ""
        )
        legion = f", legion {item['legion']}" if item["legion"] else ""
        text.append(f"• {item['name']} ({item['type']}{charges}{legion})\n")
    return text


def guard_panel(data: dict[str, Any]) -> Text:
    text = Text()
    text.append("HONOR GUARD\n", style="bold underline")
    slots = data["honor_guard_slots"]
    members = data["honor_guard"]
    if not slots:
        text.append("no slots below level 4 (R9)\n", style="dim")
    for number, cap in enumerate(slots):
        member = members[number] if number < len(members) else "_________"
        text.append(f"slot {number + 1} (up to {cap} pts): {member}\n")
    return text


def pending_line(data: dict[str, Any]) -> str:
    if not data["pending"]:
        return ""
    listed = "; ".join(choice["text"] for choice in data["pending"])
    return f"! {len(data['pending'])} choice(s) to make (c): {listed}"


class SheetScreen(Screen[None]):
    CSS_PATH = "sheet.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="sheet.back"),
        Binding("c", "choices", "Choices", id="sheet.choices"),
        Binding("h", "history", "History", id="sheet.history"),
        Binding("g", "gold", "Gold", id="sheet.gold"),
        Binding("u", "honor_guard", "Guard", id="sheet.honor_guard"),
        Binding("n", "plan", "Plan", id="sheet.plan"),
        Binding("b", "buy_spell", "Buy spell", id="sheet.buy_spell"),
        Binding("p", "print", "Print", id="sheet.print"),
    ]

    def __init__(
        self,
        campaign_id: int | None = None,
        titan_id: int | None = None,
        kept: dict[str, Any] | None = None,
    ) -> None:
        """The sheet of Titan ``titan_id``; or, until the database is read, the ``kept`` sheet
        (see ``sheet_cache``) of the Titan asked for at start, which ``show_titan`` then names."""
        super().__init__()
        self._titan = None if campaign_id is None or titan_id is None else (campaign_id, titan_id)
        self.kept = kept if self._titan is None else None
        self._changed_unseen = False  # since the kept sheet was drawn
        self._flow: ChoiceFlow | None = None

    def show_titan(self, campaign_id: int, titan_id: int) -> None:
        """The database has been read: from now on the sheet is the Titan's own, boxes and all."""
        shown, self.kept = self.kept, None
        self._titan = (campaign_id, titan_id)
        if shown is not None:
            from ...rules.sheet import sheet_data

            now = sheet_data(self.record.log.state, shown["campaign"])
            self._changed_unseen = json.loads(json.dumps(now)) != shown
        if self.is_current:
            self.refresh_view()

    def _ids(self) -> tuple[int, int]:
        if self._titan is None:
            titan_app(self).read_database()  # a key pressed before the database was read
        assert self._titan is not None, "the Titan asked for at start is gone"
        return self._titan

    @property
    def campaign_id(self) -> int:
        return self._ids()[0]

    @property
    def titan_id(self) -> int:
        return self._ids()[1]

    @property
    def flow(self) -> ChoiceFlow:
        if self._flow is None:
            from .choices import ChoiceFlow

            self._flow = ChoiceFlow(self)
        return self._flow

    @property
    def keeper(self) -> Keeper:
        return keeper(self)

    @property
    def record(self) -> TitanRecord:
        return self.keeper.titan(self.campaign_id, self.titan_id)

    def titan_in_view(self) -> TitanRecord | None:
        return self.record

    def compose(self) -> ComposeResult:
        self.set_class(self.app.size.width < NARROW, "-narrow")  # before the children get styled
        with VerticalScroll(id="sheet"):
            yield Static(id="sheet-title", classes="page-title")
            yield Static(id="sheet-pending")
            with Horizontal(id="sheet-top"):
                with Vertical(id="sheet-left"):
                    yield BoxGrid("ABILITIES", [], id="abilities")
                    yield BoxGrid("SPELL SCHOOLS", [], id="schools")
                    yield Static(Text(LEGEND), classes="hint")
                with Vertical(id="sheet-right"):
                    yield Static(id="sheet-xp")
                    yield Static(id="sheet-derived")
            yield Static(id="sheet-spells")
            with Horizontal(id="sheet-bottom"):
                yield Static(id="sheet-items")
                yield Static(id="sheet-guard")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#abilities", BoxGrid).focus()

    def on_screen_resume(self) -> None:
        self._changed_unseen = False  # back from another screen: the sheet shown is current
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < NARROW, "-narrow")

    def refresh_view(self) -> None:
        state: TitanState | None = None
        if self.kept is not None:
            data = self.kept
        else:
            from ...rules.sheet import sheet_data

            state = self.record.log.state
            data = sheet_data(state, self.keeper.campaign(self.campaign_id).name)
        archived = "   [archived]" if data["archived"] else ""
        title = Text.assemble(
            (data["name"].upper(), "bold"),
            f"   player {data['player']}   campaign {data['campaign']}{archived}",
            "      ",
            (f"LEVEL {data['level']}", "bold reverse"),
        )
        self.query_one("#sheet-title", Static).update(title)
        pending = self.query_one("#sheet-pending", Static)
        pending.update(plain(pending_line(data)))
        pending.display = bool(data["pending"])
        self.query_one("#abilities", BoxGrid).set_rows(box_rows(state, data, "abilities"))
        self.query_one("#schools", BoxGrid).set_rows(box_rows(state, data, "schools"))
        self.query_one("#sheet-xp", Static).update(xp_panel(data))
        self.query_one("#sheet-derived", Static).update(derived_panel(data))
        self.query_one("#sheet-spells", Static).update(spells_panel(data))
        self.query_one("#sheet-items", Static).update(items_panel(data))
        self.query_one("#sheet-guard", Static).update(guard_panel(data))

    # --- boxes -----------------------------------------------------------------------

    def on_box_grid_box_pressed(self, message: BoxGrid.BoxPressed) -> None:
        grid = message.grid.id or ""
        record = self.record
        if self._changed_unseen:  # the kept sheet was out of date: refused as any stale write is
            self._changed_unseen = False
            self.notify(
                f"{self.keeper.path.name} was changed elsewhere (the command line?) since it was "
                "shown; it has been reloaded and nothing was changed. Check and try again.",
                title="Reloaded",
                severity="warning",
                timeout=8,
            )
            return
        state = record.log.state
        checked = (
            state.abilities[message.key] if grid == "abilities" else state.schools[message.key]
        )
        if message.index < checked:
            self._uncheck(record, grid, message.key, message.index, checked)
            return
        from ...rules.titan import check
        from ...store.repository import now_iso

        event = next_purchase(state, grid, message.key, message.index, at=now_iso())
        decision = check(state, event)
        if not decision:
            self.notify(decision.reason, title="Cannot check that box", severity="warning")
            return
        done = titan_app(self).attempt(lambda: self.keeper.do(record, event))
        if done is None:
            return
        saved, step = done
        self.refresh_view()
        if step.notes:
            self.notify(
                "\n".join(step.notes), title=f"{saved.name}: {saved.log.state.available_xp} XP left"
            )
        if saved.log.state.level > state.level:
            self.notify(f"{saved.name} reaches LEVEL {saved.log.state.level}!", title="Level up")
        if saved.log.state.pending and saved.log.state.pending != state.pending:
            self.flow.start()

    def _uncheck(self, record: TitanRecord, grid: str, key: str, index: int, checked: int) -> None:
        latest = record.log.events[-1]
        if index != checked - 1 or not checked_by_latest(record.log.state, latest, grid, key):
            self.notify(
                "Only the latest purchase can be unchecked (it is the same as undo, ctrl+z); "
                "h shows the history.",
                title="Cannot uncheck",
                severity="warning",
            )
            return
        titan_app(self).action_undo()

    # --- other screens ---------------------------------------------------------------

    def action_back(self) -> None:
        from .roster import RosterScreen

        go_back(self, lambda: RosterScreen(self.campaign_id))

    def action_buy_spell(self) -> None:
        self.flow.buy_spell()

    def action_choices(self) -> None:
        self.flow.start(announce_none=True)

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.campaign_id, self.titan_id))

    def action_gold(self) -> None:
        from .gold import GoldScreen

        self.app.push_screen(GoldScreen(self.campaign_id, self.titan_id))

    def action_honor_guard(self) -> None:
        from .honor_guard import HonorGuardModal

        self.app.push_screen(HonorGuardModal(self.campaign_id, self.titan_id))

    def action_plan(self) -> None:
        from .plan import PlanScreen

        self.app.push_screen(PlanScreen(self.campaign_id, self.titan_id))

    def action_print(self) -> None:
        from .printing import PrintModal

        self.app.push_screen(PrintModal(self.campaign_id, self.titan_id))
