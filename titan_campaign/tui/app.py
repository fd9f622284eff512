"""The Textual application: campaigns, roster and the Titan Character Sheet.

A thin layer: the screens collect input and show results; every read and every change is one
call of ``actions`` (the same functions the command line calls), so the rules decide and the
store saves. A refusal becomes a notification, never a traceback.
"""

from __future__ import annotations

import asyncio
import io
import signal
import sys
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path, PurePath
from typing import Any, ClassVar, TypeVar

from platformdirs import user_downloads_path
from rich.text import Text
from textual import events, messages
from textual._wait import wait_for_idle
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.driver import Driver
from textual.notifications import Notification, Notify, SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Input
from textual.widgets._toast import Toast

from .. import actions
from ..rules.errors import RuleError
from ..rules.printable import shown_lines
from ..rules.titan import TitanState
from . import places, settings, unsaved
from .commands import ActionsProvider
from .notes import FEWEST_CUT, FRAME_ROWS, all_fit, cut_to, shares
from .refusals import REFUSED, Refusal, refusal_of
from .screens.problem import ProblemScreen
from .upright import UPRIGHT_WIDTH, key_named
from .widgets.key_bar import KeyBar

SERVED_IMPORT = (
    "A game night tab reads no file on the serving computer: import a Titan there, with"
    " `titan-campaign titan import FILE`."
)

T = TypeVar("T")

POLL_SECONDS = 1.0
"""How often the app asks the database what changed elsewhere (a change made by another
program shows within about this long)."""
KEY_SECONDS = 2.0
"""The longest a key waits for the one before it to be done (one whose widget went away
meanwhile is never heard of again; on a very busy computer, half a second was too short)."""


class TitanCampaignApp(App[int]):
    """Campaign Titan: the character sheet you use between games."""

    TITLE = "Campaign Titan"
    CSS_PATH: ClassVar[list[str | PurePath]] = ["app.tcss", "screens/sheet.tcss"]
    """The sheet's CSS is read with the app's: a screen's own CSS file, read when it first
    opens, makes Textual parse every style again (about 45M instructions at start)."""
    COMMANDS = App.COMMANDS | {ActionsProvider}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="app.undo"),
        Binding("ctrl+y", "redo", "Redo", id="app.redo"),
        Binding("f1", "reference", "Reference", id="app.reference"),
        Binding("f2", "notes", "Notes", id="app.notes"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True, show=False),  # asks too
        Binding("q", "quit_app", "Quit", id="app.quit_key"),
        Binding("question_mark", "more_keys", "More keys", id="app.more_keys", show=False),
    ]

    upright = var(False)
    """On a phone held upright (under ``UPRIGHT_WIDTH`` columns): words naming keys name what
    to tap instead, and are worded anew when the phone is turned (``upright.when_turned``)."""

    def __init__(
        self,
        db_path: Path,
        open_campaign: str | None = None,
        open_titan: str | None = None,
        settings_path: Path | None = None,
    ) -> None:
        """``settings_path``: where the theme and last campaign are remembered (default: the
        user's config folder)."""
        super().__init__()
        self.db = actions.Database(db_path)
        self.open_campaign = open_campaign
        self.open_titan = open_titan
        self.settings_path = settings_path
        self._typed: deque[events.InputEvent] = deque()
        """Keys (and the clicks made while keys wait) waiting for their screen, in order."""
        self._last_click: tuple[float, tuple[float, float], Screen[Any]] | None = None
        """When and where the latest click was made, and on which screen (``_chained``)."""
        self._dropping_click = False
        """The press of a click being dropped was seen: its release goes too (``_chained``)."""
        self._feeder: asyncio.Task[None] | None = None
        self._key_done: tuple[events.Key, asyncio.Event] | None = None
        """The key being handled, and what says it is done (``_handled``)."""
        self._version = self._version_now()
        self._unreadable = ""
        """The problem of a database that cannot be read, as told last (told once)."""
        self._replaced_seen = 0
        """How many of the app's own versions that replaced the file whole were looked at."""
        self.served = settings.served()
        """In a browser tab of ``titan-campaign serve``: files go to the browser, not the host."""
        self.unsaved_folder: Path | None = None  # where typed forms are kept (None: the default)
        self._leaving = False  # the player (or the app) chose to end it
        self._reopened: actions.CampaignRef | None = None  # the campaign opened last, by id
        self.notes: deque[str] = deque(maxlen=NOTES_KEPT)
        """The latest notifications in full, oldest first (f2 shows them: a long one is cut)."""
        self._whole_notes: dict[str, str] = {}
        """The notes shown, whole, by their notification's identity (each shown cut to fit)."""
        self.closing: weakref.WeakSet[Screen[Any]] = weakref.WeakSet()
        """Screens being closed by ``close_gone``: never redrawn (their Titan is gone, and a
        redraw would say so again as a refusal)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notification, always shown as plain text: its message holds names, notes and
        change texts as players typed them (``[sold] sword``), never markup, whatever a
        caller asks (a widget's ``notify`` asks for markup by default); a character that would
        act on the terminal (a refused text said back) shows as a visible escape."""
        text, heading = shown_lines(message), shown_lines(title)
        self.notes.append(f"{heading}: {text}" if heading else text)
        super().notify(
            text,
            title=heading,
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def on_notify(self, new: Notify) -> None:
        """A new note puts away the oldest shown beyond ``NOTES_SHOWN`` (Textual shows it
        next): at 80x24 three stacked notes hid the gold screen's magic items. The notes
        shown then share the screen (``_fit_notes``)."""
        self._whole_notes[new.notification.identity] = new.notification.message
        shown = list(self._notifications)
        for older in shown[: max(0, len(shown) - NOTES_SHOWN + 1)]:
            self._unnotify(older, refresh=False)
        self._fit_notes([*self._notifications, new.notification])

    def _fit_notes(self, shown: list[Notification]) -> None:
        """The notes ``shown`` (oldest first), each cut to its share of the rows above the
        key bar, ending "…" and "f2: the whole note"; when a share is too small to say what
        was done, the oldest is put away (f2 lists it). A note once fitted to half the screen
        ran off its top: two long notes on a phone held upright, or one long note when the
        phone was turned sideways, lost their first lines, the ones that say what was done."""
        if not self.screen_stack:  # the app closing
            return
        upright = self.has_class("-upright")  # then a toast takes the whole width (app.tcss)
        width = (self.size.width if upright else min(TOAST_WIDTH, self.size.width * 9 // 10)) - 5
        wholes = [self._whole_notes.get(note.identity, note.message) for note in shown]
        wrapped = [
            [line.plain.rstrip() for line in Text(whole).wrap(self.console, max(10, width))]
            for whole in wholes
        ]
        rows = self.size.height - self._key_bar_rows()
        most = max(FEWEST_CUT, self.size.height // 2 - 3)  # a note covers half the screen at most
        while True:
            room = rows - sum(FRAME_ROWS + bool(note.title) for note in shown)
            needs = [len(lines) for lines in wrapped]
            given = shares(needs, room, most)
            if len(shown) == 1 or all_fit(needs, given):
                break
            self._unnotify(shown.pop(0), refresh=False)
            wholes.pop(0)
            wrapped.pop(0)
        for note, whole, lines, room in zip(shown, wholes, wrapped, given, strict=True):
            note.message = whole if len(lines) <= room else cut_to(lines, room)
        self._whole_notes = {
            note.identity: whole for note, whole in zip(shown, wholes, strict=True)
        }
        for toast in self.screen.query(Toast):
            toast.refresh(layout=True)

    def _fit_notes_when_laid_out(self) -> None:
        """The notes shown, cut anew once the screen is laid out (its key bar too): the phone
        turned, or another screen shown, with its own key bar (a form saved closes as it tells
        what was done, and the screen under it shows the notes)."""
        self.call_after_refresh(lambda: self._fit_notes(list(self._notifications)))

    def _key_bar_rows(self) -> int:
        """The rows under the notes at the screen's foot: the key bar's (Textual's gap of one
        on a screen without one)."""
        bars = [
            bar.outer_size.height
            for bar in self.screen.query(KeyBar)
            if bar.display and bar.visible and bar.styles.dock == "bottom"
        ]
        return sum(bars) or 1

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette entries (theme, keys, screenshot), but not a second Quit:
        the app's own Quit is listed, and asks first when something is unsaved."""
        for command in super().get_system_commands(screen):
            if command.title != "Quit":
                yield command

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver; in a terminal (not a browser tab, not Windows), ``TerminalDriver``
        (imported only there: it needs the terminal library Windows lacks)."""
        driver = super().get_driver_class()
        if sys.platform == "win32":
            return driver
        from textual.drivers.linux_driver import LinuxDriver

        from .terminal_driver import TerminalDriver

        return TerminalDriver if driver is LinuxDriver else driver

    def on_resize(self, event: events.Resize) -> None:
        # on a phone held upright a notice takes the screen's width (half of it, Textual's
        # own, left a column of a few words that ran under the key bar)
        upright = event.size.width < UPRIGHT_WIDTH
        self.set_class(upright, "-upright")
        # once Textual has taken the new size (after this handler), which words go by
        self.call_next(self._turned, upright)
        self._fit_notes_when_laid_out()

    def _turned(self, upright: bool) -> None:
        self.upright = upright

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """A field left shows the start of what it holds, not its end (a long list of
        survivors read ",Ogre,Cyclops"); coming back to it selects it all, as before."""
        event.input.cursor_position = 0

    def on_app_blur(self, event: events.AppBlur) -> None:
        """The terminal, or the browser tab, lost the keyboard: what has the focus keeps it.
        Textual's own way takes it away and gives it back on the next tap, so the key bar lost
        the focused widget's keys, and grew them back under the player's first tap: on a phone,
        "esc Back" tapped on a sheet opened by its address bought a box."""
        event.prevent_default()

    def on_load(self) -> None:
        """Before the terminal is taken over: a hang-up or SIGTERM from now on ends the app
        as one does, keeping a typed form and leaving the terminal as it was found (before
        the app was mounted, SIGTERM killed it on the alternate screen)."""
        for ending in ENDING_SIGNALS:
            asyncio.get_running_loop().add_signal_handler(ending, self.hung_up)

    def on_mount(self) -> None:
        remembered = settings.load_settings(self.settings_path)
        if remembered.theme in self.available_themes:
            self.theme = remembered.theme
        if self.open_campaign is None:  # (a Titan named at start and not found: it too)
            self._reopened = self._still_there(remembered)
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        self.screen_change_signal.subscribe(self, lambda _: self._fit_notes_when_laid_out())
        self.push_screen(self.first_screen())
        self.set_interval(POLL_SECONDS, self.check_database)
        self.set_interval(POLL_SECONDS, self.check_terminal)
        # Told only in the app opened on the host: the next tab may be another player's (the
        # host's console names a form kept from a closed tab as it closes).
        for kept in [] if self.served else unsaved.kept_for(self.db.path, self.unsaved_folder):
            self.notify(
                f"A form was open when the app was last closed: what was typed is kept in {kept}",
                title="Typed, not saved",
                severity="warning",
                timeout=30,
                markup=False,
            )

    def on_unmount(self) -> None:
        for ending in ENDING_SIGNALS:
            asyncio.get_running_loop().remove_signal_handler(ending)

    def _version_now(self) -> int:
        try:
            return actions.changes_since(self.db, 0).version
        except actions.StoreError:
            return 0

    def _still_there(self, remembered: settings.Settings) -> actions.CampaignRef | None:
        """The campaign opened last, by its id, if it is still in the database (or, as a
        settings file of an earlier version names it, the campaign of that name)."""
        try:
            views = actions.campaign_views(self.db)
        except REFUSED:
            return None
        if remembered.last_campaign_id is not None:
            ref = actions.CampaignRef(remembered.last_campaign_id)
            return ref if any(view.ref == ref for view in views) else None
        named = [view.ref for view in views if view.name == remembered.last_campaign]
        return named[0] if named and remembered.last_campaign is not None else None

    def _remember_theme(self, theme: Theme) -> None:
        settings.remembered(self.settings_path, theme=theme.name)

    def remember_campaign(self, campaign: actions.CampaignRef | None) -> None:
        """The campaign to open next time, by id (None: start on the campaign list)."""
        key = campaign.id if campaign is not None and campaign.id else None
        settings.remembered(self.settings_path, last_campaign_id=key, last_campaign=None)

    # --- keys typed while a screen opens ------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        """Keys are handled one at a time, in the order typed: a key waits until the screen
        it goes to is open and the key before it has done its work (a Tab has moved the focus,
        a form has opened), so fast typing never lands in the wrong field. A click made while
        keys wait takes its turn behind them: it would move the focus under them."""
        if not event.is_forwarded and self._chained(event):
            return
        feeding = self._feeder is not None and not self._feeder.done()
        if event.is_forwarded or not (
            isinstance(event, events.Key)
            or (feeding and isinstance(event, events.MouseDown | events.MouseUp))
        ):
            await super().on_event(event)
            if self._key_done is not None and self._key_done[0] is event:
                self._key_done[1].set()  # up from the focused widget: its binding has run
            return
        self._typed.append(event)
        if not feeding:
            self._feeder = asyncio.create_task(self._feed_keys())

    def _chained(self, event: events.Event) -> bool:
        """Whether ``event`` is the press or release of a click chained to one made on
        another screen (the second click of a double-click whose first opened this screen):
        dropped, so that a double-click on a roster's row opens the sheet and checks no box
        of it, which had come to lie under the pointer."""
        if not self.screen_stack:  # nothing drawn yet to click on
            return False
        if isinstance(event, events.MouseDown):
            last = self._last_click
            self._dropping_click = (
                last is not None
                and last[2] is not self.screen
                and last[1] == (event.screen_x, event.screen_y)
                and event.time - last[0] <= self.CLICK_CHAIN_TIME_THRESHOLD
            )
            return self._dropping_click
        if isinstance(event, events.MouseUp):
            dropping, self._dropping_click = self._dropping_click, False
            if not dropping:
                self._last_click = (event.time, (event.screen_x, event.screen_y), self.screen)
            return dropping
        return False

    async def _feed_keys(self) -> None:
        try:
            while self._typed:
                if not self.screen.is_mounted:
                    while not self.screen.is_mounted:
                        await asyncio.sleep(0.005)
                    await wait_for_idle(0, 0.5)  # the opened screen has taken the focus
                event = self._typed.popleft()
                typing = (
                    isinstance(event, events.Key)
                    and isinstance(self.focused, Input)
                    and event.is_printable
                )
                if isinstance(event, events.Key):
                    await self._handled(event)
                else:
                    await super().on_event(event)
                if not typing:  # a character typed into a field changes nothing else
                    await wait_for_idle(0, 0.5)  # and what a key set going (a screen opened)
        except Exception as error:  # noqa: BLE001 (a bug: shown like any other)
            self._handle_exception(error)

    async def _handled(self, key: events.Key) -> None:
        """``key`` given to the focused widget, once it is done: taken by a widget on its way
        up (a character typed into a field) or come up to the app, whose binding has then run
        (a Tab has moved the focus). Whether the computer looks busy says nothing of that: on
        a busy one, a figure typed after a Tab went into the field the Tab left."""
        done = asyncio.Event()
        target = self.focused or self.screen
        ways_up = [target, *target.ancestors_with_self[1:-1]]  # the app: ``on_event``

        def heard(message: object) -> None:
            if message is key and key._stop_propagation:
                done.set()

        self._key_done = (key, done)
        for widget in ways_up:
            widget.message_signal.subscribe(self, heard, immediate=True)
        try:
            await super().on_event(key)
            if key.is_forwarded:  # not taken by the app's own priority keys at once
                await asyncio.wait_for(done.wait(), KEY_SECONDS)
        except TimeoutError:
            pass
        finally:
            self._key_done = None
            for widget in ways_up:
                widget.message_signal.unsubscribe(self)

    def first_screen(self) -> Screen[None]:
        """What was asked for at start: a Titan's sheet, a campaign's roster, or the campaign
        list. The screens under a directly opened one are made when Escape goes back to them."""
        not_found = ""
        if self.open_titan is not None:
            try:
                titan = actions.find_titan(self.db, self.open_titan, self.open_campaign)
                view = actions.read_titan(self.db, titan)
                return self.screen_for(places.Sheet(titan, view.state, view.campaign))
            except (actions.StoreError, RuleError) as error:
                not_found = str(error)
        try:
            actions.read_campaigns(self.db)  # a damaged file is said before anything else
        except actions.StoreError as error:
            return ProblemScreen(str(error))
        opened = self._reopened
        if opened is None and self.open_campaign is not None:
            found = self.try_action(lambda: actions.find_campaign(self.db, self.open_campaign))
            if not isinstance(found, Refusal):
                opened = found
            elif found.message not in not_found:  # not said already by the Titan's look-up
                not_found = "\n".join(filter(None, (not_found, found.message)))
        if not_found:  # nothing was being saved: no "Not saved" title
            if self.served:  # a tab's address names the campaign, not the command line
                not_found = not_found.replace("--campaign NAME", "&campaign=NAME in the address")
            self.notify(not_found, severity="warning")
        return self.screen_for(places.CampaignList() if opened is None else places.Roster(opened))

    # --- acting through actions -----------------------------------------------------

    def try_action(self, action: Callable[[], T], labels: Mapping[str, str] = {}) -> T | Refusal:
        """Run one read or change; a refusal is returned in a player's words (``labels``: the
        form's field labels, by field name), never raised."""
        saved, failed = len(self.db.saved), len(self.db.after_save)
        try:
            return action()
        except REFUSED as error:
            return refusal_of(error, labels)
        finally:
            self._tell_after_save(saved, failed)

    def _tell_after_save(self, saved: int, failed: int) -> None:
        """A change saved since ``saved`` versions were written, with something failing after
        it (syncing the folder, unlocking) since ``failed`` such problems: said as a warning,
        as the command line says it, so that the change is not entered a second time."""
        problems = self.db.after_save[failed:]
        if not problems:
            return
        said = self.db.saved[-1] if len(self.db.saved) > saved else ""
        message = actions.saved_then(said, problems) if said else "; ".join(problems)
        self.notify(message, title="Saved, but", severity="warning", timeout=30)

    def attempt(
        self, action: Callable[[], T], changed: Callable[[TitanState], None] | None = None
    ) -> T | None:
        """Run one read or change; a refusal becomes a notification, never a traceback.
        ``changed``: shows the Titan as it is now when it was refused for a change elsewhere."""
        outcome = self.try_action(action)
        if isinstance(outcome, Refusal):
            self.notify(outcome.message, title=outcome.title, severity=outcome.severity)  # type: ignore[arg-type]
            if outcome.state is not None and changed is not None:
                changed(outcome.state)
            return None
        return outcome

    def refresh_view(self) -> None:
        """Redraw every open screen that shows saved data (the top one and those under it),
        but those being closed."""
        for screen in self.screen_stack:
            refresh: Callable[[], None] | None = getattr(screen, "refresh_view", None)
            if refresh is not None and screen.is_mounted and screen not in self.closing:
                refresh()

    # --- live views -------------------------------------------------------------------

    def check_database(self) -> None:
        """If another program (the command line, a second app, another browser tab) changed
        the database, as the store tells it, say what it changed, close the screens of a
        Titan or campaign that is gone (or a sheet whose Titan was archived) saying why, and
        redraw the others. The app's own changes are already shown: they are never
        announced as made elsewhere."""
        replaced = self.db.replaced[self._replaced_seen :]
        self._replaced_seen = len(self.db.replaced)
        if replaced:  # the app replaced the file whole (a restore): what it held before is gone
            self._version = replaced[-1]
        try:
            changes = actions.changes_since(self.db, self._version)
        except actions.StoreError as error:
            if str(error) != self._unreadable:  # said once: the file damaged by a hand edit
                self._unreadable = str(error)
                self.notify(str(error), title="Cannot read the database", severity="error")
            self.cannot_open(str(error))
            return
        was_unreadable, self._unreadable = self._unreadable, ""
        since, self._version = self._version, changes.version
        changed = changes.version != since or changes.whole
        if was_unreadable or changed:  # mended by hand, or restored elsewhere
            self.opens_again()
        if not changed:
            return
        # a version that replaced the file whole (a restore elsewhere) is where its news
        # starts: the entries before it are the restored file's past, not changes made now
        first = max([since + 1, *(found.version for found in changes.announced if found.whole)])
        announced = [found for found in changes.announced if found.version >= first]
        own = set(self.db.versions)
        told = {found.version for found in announced}
        untold = set(range(first, changes.version + 1)) - told - own
        elsewhere = [found for found in announced if found.version not in own]
        by_hand = changes.whole and not announced  # no version told (an editor)
        if not elsewhere and not untold and since <= changes.version and not by_hand:
            return
        said = [found.text or "a change" for found in elsewhere] or ["The database changed."]
        self.notify("\n".join(said[-3:]), title="Changed elsewhere", timeout=4)
        self.close_gone()
        self.refresh_view()

    def close_gone(self, archived: bool = True) -> None:
        """Close, from the top, every screen whose Titan or campaign is no longer there, or
        (``archived``) whose Titan was archived while its sheet was open; the player is told
        why (once: a screen being closed is not redrawn, see ``closing``)."""
        for number, screen in enumerate(self.screen_stack):
            why = self._why_closed(screen, archived)
            if why is not None:
                break
        else:
            return
        closed = self.screen_stack[number:]
        self.closing.update(closed)
        typed = [screen for screen in closed if holds_typed(screen)]
        if typed:  # a form above it goes too: what it holds is said, and kept as on a hang-up
            lines = [line for screen in typed for line in _typed_lines(screen)]
            why += f". Typed in its form and not saved: {'; '.join(lines)}"
            # the host is told of a tab's as of a tab closed; a player here, now
            kept = self.keep_typed(typed, CHANGED_ELSEWHERE, told=not self.served)
            if kept is not None:
                why += " (kept on the serving computer)" if self.served else f" (kept in {kept})"
        self.notify(why, title="Closed", severity="warning", timeout=30 if typed else 8)
        while len(self.screen_stack) > max(number, 2):  # the screens above it go too
            self.pop_screen()
        if number <= 1:  # opened directly: its campaign's roster, or the list, instead
            self.switch_screen(self._fallback(screen))

    def _fallback(self, screen: Screen[Any]) -> Screen[Any]:
        """What shows instead of a closed screen opened directly: its campaign's roster, or
        the campaign list."""
        getter: Callable[[], actions.CampaignRef | None] | None = getattr(
            screen, "campaign_in_view", None
        )
        from .screens.roster import RosterScreen

        campaign = getter() if getter is not None else None
        if (
            campaign is not None
            and not isinstance(screen, RosterScreen)
            and not isinstance(
                self.try_action(lambda: actions.read_campaign(self.db, campaign)), Refusal
            )
        ):
            return self.screen_for(places.Roster(campaign))
        return self.screen_for(places.CampaignList())

    def _why_closed(self, screen: Screen[Any], archived: bool = True) -> str | None:
        """Why ``screen`` can no longer show what it is about (None: it can); ``archived``:
        a sheet whose Titan was archived elsewhere cannot."""
        titan_of: Callable[[], actions.TitanRef | None] | None = getattr(
            screen, "titan_in_view", None
        )
        campaign_of: Callable[[], actions.CampaignRef | None] | None = getattr(
            screen, "campaign_in_view", None
        )
        titan = titan_of() if titan_of is not None else None
        campaign = campaign_of() if campaign_of is not None else None
        shown: TitanState | None = getattr(screen, "state", None)
        name = shown.name if isinstance(shown, TitanState) else "The Titan"
        try:
            if titan is not None:
                now = actions.read_titan(self.db, titan).state
                if (
                    archived
                    and now.archived
                    and isinstance(shown, TitanState)
                    and not shown.archived
                ):
                    return f"{now.name} was archived elsewhere, so its screen is closed (v on the roster shows archived Titans)"
            elif campaign is not None:
                actions.read_campaign(self.db, campaign)
        except actions.Gone as error:
            named = getattr(screen, "campaign_name", "")  # a roster's, as last read
            what = f'The campaign "{named}"' if named else "The campaign"
            what = name if titan is not None else what
            return f"{what} is no longer there, so its screen is closed: {error}"
        except REFUSED:
            return None
        return None

    # --- files for a browser tab --------------------------------------------------------

    def download(self, name: str, content: bytes) -> str | None:
        """Send a printout, export or screenshot to the player's browser as the download
        ``name`` (served tabs only: nothing is written on the host); its delivery key."""
        key = self.deliver_binary(io.BytesIO(content), save_filename=name)
        self.notify(
            f"{name} is sent to your browser as a download.", title="Downloading", markup=False
        )
        return key

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot (and the screenshot action): saved in the downloads
        folder, or where the app was started when there is none (a new machine may have no
        ~/Downloads: it failed then, without saying why). A served tab's downloads in the
        player's browser like a printout (Textual's own opened it in a new browser tab, which
        a phone's pop-up blocker stops: nothing happened; and the picture there fetched its
        font from the internet)."""
        if self.served:
            name = filename or f"{self.title} {datetime.now(UTC):%Y-%m-%d %H_%M_%S} UTC.svg"
            return self.download(name, self.export_screenshot().encode())
        if path is None:
            downloads = user_downloads_path()
            path = str(downloads if downloads.is_dir() else Path.cwd())
        return super().deliver_screenshot(filename, path, time_format)

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        """A screenshot saved, said in plain words (Textual's own message is markup, which
        this app's notices show as typed)."""
        if event.name == "screenshot":
            event.prevent_default()
            where = f" to {event.path}" if event.path else ""
            self.notify(f"Saved screenshot{where}", title="Screenshot")

    # --- quitting -----------------------------------------------------------------------

    def action_help_quit(self) -> None:
        """ctrl+c: how to quit, in plain words (Textual's own hint is markup)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(f"Press {key} to quit the app", title="Do you want to quit?")
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit_app":  # q is a letter in a text field; the palette's Quit is not
            return not isinstance(self.focused, Input) or isinstance(self.screen, CommandPalette)
        if action == "more_keys":  # only where the key bar holds back keys
            return any(bar.holds_back for bar in self.screen.query(KeyBar))
        if action in ("undo", "redo"):
            if holds_typed(self.screen):
                return False  # a player's change is not undone unseen behind a typed form
            if isinstance(self.focused, Input) and not isinstance(self.screen, CommandPalette):
                return None  # ctrl+z is the field's own
            # nothing to undo in a database that cannot be read
            return not any(isinstance(screen, ProblemScreen) for screen in self.screen_stack)
        return True

    # --- a damaged database -------------------------------------------------------------

    def action_backups(self) -> None:
        """The database's backups, to restore one (k, also on a damaged database)."""
        from .screens.backups import BackupsScreen

        if not isinstance(self.screen, BackupsScreen):
            self.push_screen(BackupsScreen())

    # --- going from screen to screen ----------------------------------------------------

    def screen_for(self, place: places.Place) -> Screen[Any]:
        """The screen that shows ``place``: the one place that knows every screen. Each
        screen's module is imported when it is first opened, so that the app's start pays
        only for the screen it opens on."""
        match place:
            case places.CampaignList():
                from .screens.campaigns import CampaignsScreen

                return CampaignsScreen()
            case places.Backups():
                from .screens.backups import BackupsScreen

                return BackupsScreen()
            case places.Roster(campaign, titan):
                from .screens.roster import RosterScreen

                return RosterScreen(campaign, titan)
            case places.Sheet(titan, state, campaign_name):
                from .screens.sheet import SheetScreen

                return SheetScreen(titan, state, campaign_name)
            case places.History(campaign, titan):
                from .screens.history import HistoryScreen

                return HistoryScreen(campaign, titan)
            case places.Gold(titan, state):
                from .screens.gold import GoldScreen

                return GoldScreen(titan, state)
            case places.HonorGuard(titan, state, after_game):
                from .screens.honor_guard import HonorGuardModal

                return HonorGuardModal(titan, state, after_game)
            case places.Plan(titan, state):
                from .screens.plan import PlanScreen

                return PlanScreen(titan, state)
            case places.Print(campaign, titan):
                from .screens.printing import PrintModal

                return PrintModal(campaign, titan)
            case places.Progress(titan):
                from .screens.progress import ProgressScreen

                return ProgressScreen(titan)
            case places.CampaignProgress(campaign):
                from .screens.progress import CampaignProgressScreen

                return CampaignProgressScreen(campaign)
            case places.RecordGame(campaign, found):
                from .screens.game import RecordGameScreen

                return RecordGameScreen(campaign, found)
            case places.GameLog(campaign, games):
                from .screens.game_log import GameLogModal

                return GameLogModal(campaign, list(games))
            case places.ExportTitan(titan):
                from .screens.titan_file import ExportTitanModal

                return ExportTitanModal(titan)
            case places.ImportTitan(campaign):
                from .screens.titan_file import ImportTitanModal

                return ImportTitanModal(campaign)
            case places.MergeCopy(name, merged):
                from .screens.merge import ConfirmMergeModal

                return ConfirmMergeModal(name, merged)
            case places.ChooseCopy(copies):
                from .screens.merge import ChooseCopyModal

                return ChooseCopyModal(copies)

    def open(self, place: places.Place, then: Callable[[Any], None] | None = None) -> None:
        """Open the screen of ``place`` on top (``then``: called with what it returns). A
        served tab reads no file on the host: it opens no Titan file by its path there."""
        if isinstance(place, places.ImportTitan) and self.served:
            self.notify(SERVED_IMPORT, title="Import", severity="warning", markup=False)
            return
        self.push_screen(self.screen_for(place), then)

    def go_back(self, fallback: places.Place) -> None:
        """Back to the screen underneath, or, on a directly opened screen, to ``fallback``
        (its natural parent)."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.switch_screen(self.screen_for(fallback))

    def restored(self) -> None:
        """A backup was restored from the backups screen: back to the screen it was opened
        from (the damaged database's problem screen, if it was one, gives way: the file
        opens again)."""
        self.pop_screen()
        self.opens_again()

    def cannot_open(self, problem: str) -> None:
        """The database exists but cannot be read (damaged by hand, say): the screen a start
        on it shows, saying why and offering its backups (k), over what was open; never the
        welcome of an empty database."""
        if not any(isinstance(screen, ProblemScreen) for screen in self.screen_stack):
            self.push_screen(ProblemScreen(problem))

    def opens_again(self) -> None:
        """The problem screen on top gives way once the database opens again (restored,
        mended): to the screens under it, or, on a start on a damaged file, the campaign
        list."""
        if not isinstance(self.screen, ProblemScreen) or isinstance(
            self.try_action(lambda: actions.read_campaigns(self.db)), Refusal
        ):
            return
        if self.screen_stack.index(self.screen) > 1:  # shown over what was open
            self.pop_screen()
            self.close_gone(archived=False)  # a restored file may not hold what they show
            self.refresh_view()
        else:
            self.switch_screen(self.screen_for(places.CampaignList()))

    def typed_forms(self) -> list[Screen[Any]]:
        """The open forms (anywhere in the stack) holding something typed and not saved."""
        return [screen for screen in self.screen_stack if holds_typed(screen)]

    def action_quit_app(self) -> None:
        """q (outside a text field), ctrl+q and the palette's Quit: at once, or, with
        something typed in an open form, after asking."""
        from .screens.forms import QuitModal  # the forms load when one is first opened

        if isinstance(self.screen, QuitModal):
            return  # already asked
        if self.typed_forms():
            self.push_screen(QuitModal(), lambda yes: self.quit_now() if yes else None)
            return
        self.quit_now()

    async def action_quit(self) -> None:
        """ctrl+q: a key the app takes before the focused field, so letters sent just before
        it (a paste, a fast burst) may not be in the field yet; it is judged once they are."""
        if self.focused is None:
            self.action_quit_app()
        else:
            self.focused.call_later(self.action_quit_app)

    def exit(self, result: int | None = None, return_code: int = 0, message: Any = None) -> None:
        self._leaving = True
        super().exit(result, return_code, message)

    def keep_typed(
        self,
        screens: list[Screen[Any]] | None = None,
        why: str = unsaved.APP_CLOSED,
        told: bool = False,
    ) -> Path | None:
        """Keep what the open forms (or ``screens``) hold, typed and not saved (see
        ``unsaved.keep_typed``)."""
        from .screens.forms import form_title

        forms: list[tuple[str, list[str]]] = []
        for screen in self.typed_forms() if screens is None else screens:
            shown = (getattr(screen, name, None) for name in ("shown", "state"))
            whose = next((f", for {s.name}" for s in shown if isinstance(s, TitanState)), "")
            forms.append((form_title(screen) + whose, _typed_lines(screen)))
        return unsaved.keep_typed(forms, self.db.path, self.unsaved_folder, why, told)

    def check_terminal(self) -> None:
        """A terminal that has gone without a SIGHUP reaching the app ends it as one does."""
        closed: bool = getattr(self._driver, "closed", False)  # told by TerminalDriver
        if closed:
            self.hung_up()

    def hung_up(self) -> None:
        """The terminal closed (SIGHUP), or the app was told to end (SIGTERM: a shutdown, a
        logout, kill): nobody can be asked, so a typed form is kept, and the terminal is left
        as it was found."""
        self.keep_typed()
        self.exit()

    def on_exit_app(self, message: messages.ExitApp) -> None:
        """The app ends without being asked to (its browser tab closed, serve stopped): a
        typed form is kept."""
        if not self._leaving:
            self.keep_typed()

    def quit_now(self) -> None:
        """End the app; exit status 1 when it ends on a database it could not open."""
        damaged = any(isinstance(screen, ProblemScreen) for screen in self.screen_stack)
        self.exit(return_code=1 if damaged else 0)

    def in_view(self) -> tuple[actions.CampaignRef | None, actions.TitanRef | None]:
        """The campaign the topmost screen that shows one is about, and the Titan if that
        screen is about one Titan (a sheet, its history, a form about it)."""
        for screen in reversed(self.screen_stack):
            getter: Callable[[], actions.CampaignRef | None] | None = getattr(
                screen, "campaign_in_view", None
            )
            if getter is not None and (campaign := getter()) is not None:
                titan: Callable[[], actions.TitanRef | None] | None = getattr(
                    screen, "titan_in_view", None
                )
                return campaign, titan() if titan is not None else None
        return None, None

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.in_view()[0]

    def undo_target(self) -> tuple[actions.CampaignRef | None, actions.TitanRef | None]:
        """What undo and redo act on: the Titan or campaign in view, or on the campaign list
        the campaign highlighted there."""
        campaign, titan = self.in_view()
        if campaign is None:
            highlighted = getattr(self.screen, "highlighted_campaign", None)
            campaign = highlighted() if highlighted is not None else None
        return campaign, titan

    def latest_not_undoable(self) -> bool:
        """On the campaign list, whose undo is the file's: whether the file's latest change is
        one undo cannot take back (a campaign deleted, a backup restored, campaigns imported),
        said if so, so that ctrl+z right after it never takes back an older change of another
        campaign."""
        if self.in_view()[0] is not None:
            return False
        latest = self.attempt(lambda: actions.not_undoable(self.db))
        if latest is None:
            return False
        way = "k (Backups) restores the file as it was before it."
        if not latest.backed_up:
            way = f"no backup holds the file as it was before it ({actions.NO_BACKUP_BEFORE})."
            if latest.imported:
                way += " d deletes a campaign it brought in."
        self.notify(
            f"The latest change ({latest.note}) cannot be undone: {way}",
            title="Not undone",
            severity="warning",
            markup=False,
        )
        return True

    # --- undo / redo everywhere -----------------------------------------------------

    def action_undo(self) -> None:
        """On a Titan's screen: that Titan's latest change (another player's newer change in
        another tab stays); elsewhere in a campaign: the campaign's latest change."""
        if self.latest_not_undoable():
            return
        campaign, titan = self.undo_target()
        if campaign is None:
            self.notify("Open a campaign to undo its latest change.")
            return
        # the campaign list's undo is the file's: a merge, whichever campaigns it touched
        merge = self.in_view()[0] is None and actions.latest_merge(self.db) is not None
        # from one Titan's screen, never another player's Titan (a game is the campaign's)
        of = None if merge else titan or campaign
        undone = self.attempt(lambda: actions.undo(self.db, of, alone=True))
        if undone is None:
            return
        if merge:
            self.notify(f"Undone: {undone.change.text}", title="Undo", markup=False)
        else:
            name = undone.campaign.names().get(titan.titan, "") if titan else ""
            whose = f"{name}'s latest change" if titan else "the campaign's latest change"
            self.notify(
                f"Undone ({whose}): {undone.change.text}",
                title=f"Undo in {undone.campaign.name}",
                markup=False,
            )
            self.remember_campaign(campaign)
        self.close_gone(archived=False)  # an undone merge may take a campaign away
        self.refresh_view()

    def action_redo(self) -> None:
        campaign, titan = self.undo_target()
        if campaign is None:
            self.notify("Open a campaign to redo a change.")
            return
        if titan is None and self.merge_not_redone():
            return
        redone = self.attempt(lambda: actions.redo(self.db, titan or campaign, alone=True))
        if redone is not None:
            name = redone.campaign.names().get(titan.titan, "") if titan else ""
            whose = (
                f"{name}'s latest undone change" if titan else "the campaign's latest undone change"
            )
            notes = [
                f"{step.state.name}: {note}"
                for step in redone.steps.values()
                for note in step.notes
            ]
            self.notify(
                "\n".join([f"Redone ({whose}): {redone.change.text}", *notes]),
                title=f"Redo in {redone.campaign.name}",
                markup=False,
            )
            self.remember_campaign(campaign)
            self.close_gone(archived=False)  # a redone merge may delete a campaign
            self.refresh_view()

    def merge_not_redone(self) -> bool:
        """Whether the file's latest change undid a merge, said if so in the app's words (a
        merge is not redone: M on the roster merges the copy again)."""
        merge = self.attempt(lambda: actions.undone_merge(self.db))
        if merge is None:
            return False
        again = key_named(self.screen, "M", "Merge copy")
        self.notify(
            f'The latest undo took back "{merge}": a merge is not redone; {again} on the roster'
            " merges the copy again.",
            title="Not redone",
            severity="warning",
            markup=False,
        )
        return True

    def action_more_keys(self) -> None:
        """On a phone held upright: every key in the key bar, or the few again."""
        for bar in self.screen.query(KeyBar):
            bar.expanded = not bar.expanded

    def action_notes(self) -> None:
        """f2: the latest notifications in full, newest first (a long one is cut on screen)."""
        from .screens.forms import MessageModal

        if not isinstance(self.screen, MessageModal) or self.screen.heading != NOTES_TITLE:
            body = "\n\n".join(reversed(self.notes)) or "No notes yet."
            self.push_screen(MessageModal(NOTES_TITLE, body))

    def action_reference(self) -> None:
        from .screens.reference import ReferenceScreen

        if isinstance(self.screen, ReferenceScreen):
            self.pop_screen()  # f1 again: back where it was opened
        else:
            self.push_screen(ReferenceScreen())


NOTES_KEPT = 30
NOTES_SHOWN = 2
"""Notes shown at once: a new one puts away the oldest shown (f2 lists every note)."""
NOTES_TITLE = "Notes, newest first"
TOAST_WIDTH = 60
"""A notification's width, at most nine tenths of the screen's (on a phone held upright, the
whole width: app.tcss)."""

CHANGED_ELSEWHERE = "its Titan or campaign was archived or taken away elsewhere while it was open"

ENDING_SIGNALS = [signal.SIGHUP, signal.SIGTERM] if hasattr(signal, "SIGHUP") else []
"""The signals that end the app with nobody there to ask (none on Windows, whose event loop
takes no signal handlers)."""


def _typed_lines(screen: Screen[Any]) -> list[str]:
    """What a form holds, typed and not saved, one ``field: value`` line each."""
    typed: Callable[[], list[str]] = getattr(screen, "typed", list)
    return typed()


def holds_typed(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is a form holding something typed and not saved."""
    unsaved: Callable[[], bool] | None = getattr(screen, "unsaved", None)
    return unsaved is not None and unsaved()


def run_app(path: Path, campaign: str | None = None, titan: str | None = None) -> int:
    """Open the application on the database at ``path`` (on a campaign's roster or a Titan's
    sheet when named); the exit status."""
    app = TitanCampaignApp(path, open_campaign=campaign, open_titan=titan)
    app.run()
    return app.return_code or 0


__all__ = ["TitanCampaignApp", "run_app"]
