"""The footer as ONE widget: every shown binding as ``key Description``, wrapping onto a second
line on a narrow terminal instead of cutting actions off; click an entry to run it. A dialog's
key bar is at the bottom of the screen, where the screen behind has its own: that one gives way
while the dialog is open, so the player sees one key bar, the dialog's.

On a phone held upright (under ``UPRIGHT_WIDTH``), or on a terminal so narrow that every key
would take more than ``MOST_LINES`` lines, the bar keeps to ``SHORT_LINES`` lines: the keys a
screen names first (``SHORT_KEYS``, then the others in order) as far as they fit, and
``? More``, which shows every key until one is tapped (``?`` on a keyboard does the same). A key
not shown works all the same."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.reactive import var
from textual.screen import ModalScreen, Screen, SystemModalScreen
from textual.widget import Widget
from textual.widgets._toast import ToastRack

from ..upright import UPRIGHT_WIDTH

GAP = "  "
SHORT_LINES = 2
"""The lines the key bar takes on a phone held upright, until the player asks for more."""
MOST_LINES = 4
"""The most lines every key may take before the bar keeps to ``SHORT_LINES`` (at 40 columns
the sheet's keys took six of 20 lines)."""
MORE = "key_bar.more"
"""The action of the entry that shows every key, or the few again."""

Entry = tuple[str, str, str, object, bool]  # key, description, action, node, enabled
PALETTE: Entry = ("^p", "Palette", "app.command_palette", None, True)
"""Textual's command palette, the app's own."""


def key_description(active: ActiveBinding) -> str:
    """A key's name in the key bar and the palette: the one the screen gives it now (a
    dialog's "Keep it", the roster's "Hide archived" once archived Titans are shown), else
    its own."""
    named: dict[str, str] = getattr(active.node, "key_descriptions", {})
    return named.get(active.binding.action, active.binding.description)


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: auto; background: $panel; padding: 0 1; }
    """

    expanded = var(False)
    """Every key shown on a phone held upright (the player asked for more)."""

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, int, str, object]] = []  # line, start, end, action, node
        self.holds_back = False
        """The bar, as last laid out, shows only the first keys, with ``More``."""

    def watch_expanded(self) -> None:
        self.refresh(layout=True)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.app.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, _top: Screen[object]) -> None:
        """Hidden while a dialog is open over this screen (the dialog's own keys are shown
        at the bottom, shorter than these may be); the command palette leaves them shown."""
        stack = self.app.screen_stack
        if self.screen in stack:
            above = stack[stack.index(self.screen) + 1 :]
            visible = not any(
                isinstance(screen, ModalScreen) and not isinstance(screen, SystemModalScreen)
                for screen in above
            )
            if visible != self.visible:
                self.visible = visible
                # the dialog on top shows this screen as last drawn: drawn again once this
                # bar is, it shows the bar as it is now (now and then it kept the bar)
                self.call_after_refresh(self.app.screen.refresh)

    def on_resize(self, event: events.Resize) -> None:
        """Toasts rise above the key bar, so they never cover a key."""
        if self.styles.dock != "bottom":
            return
        for rack in self.screen.query(ToastRack):
            rack.styles.margin = (0, 0, self.outer_size.height, 0)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh(layout=True)

    def _entries(self) -> list[Entry]:
        seen: set[str] = set()
        entries: list[Entry] = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            key = binding.key_display or self.app.get_key_display(binding)
            description = key_description(active)
            entries.append((key, description, binding.action, active.node, active.enabled))
        return entries

    def _shown(self, width: int) -> list[Entry]:
        """The entries shown: all of them, or when the bar holds back keys the first that fit
        in ``SHORT_LINES`` with ``More``. The palette's entry comes last, shown where it
        takes no line of its own (ctrl+p opens it everywhere): at 80x24 a sheet's keys took
        three lines and the palette a fourth, a line of the sheet."""
        keys = self._entries()
        entries = [*keys, PALETTE]
        lines = len(self._laid_out(entries, width)[0])
        too_many = lines > MOST_LINES
        self.holds_back = self.app.size.width < UPRIGHT_WIDTH or too_many
        if not self.holds_back:
            return entries if lines == len(self._laid_out(keys, width)[0]) else keys
        if self.expanded:
            return [*entries, ("?", "Fewer", MORE, self, True)]
        first: tuple[str, ...] = getattr(self.screen, "SHORT_KEYS", ())
        ordered = sorted(entries, key=lambda e: first.index(e[2]) if e[2] in first else len(first))
        more: Entry = ("?", "More", MORE, self, True)
        shown: list[Entry] = []
        for entry in ordered:
            if len(self._laid_out([*shown, entry, more], width)[0]) > SHORT_LINES:
                break
            shown.append(entry)
        return [*shown, more] if len(shown) < len(entries) else shown

    @staticmethod
    def _laid_out(
        entries: list[Entry], width: int
    ) -> tuple[list[Text], list[tuple[int, int, int, str, object]]]:
        lines = [Text()]
        spans: list[tuple[int, int, int, str, object]] = []
        for key, description, action, node, enabled in entries:
            entry = Text.assemble(
                (key, "bold reverse" if enabled else "dim"),
                " ",
                (description, "" if enabled else "dim"),
            )
            if lines[-1].cell_len and lines[-1].cell_len + len(GAP) + entry.cell_len > width:
                lines.append(Text())
            if lines[-1].cell_len:
                lines[-1].append(GAP)
            start = lines[-1].cell_len
            lines[-1].append_text(entry)
            spans.append((len(lines) - 1, start, lines[-1].cell_len, action, node))
        return lines, spans

    def _lines(self, width: int) -> list[Text]:
        lines, self._spans = self._laid_out(self._shown(width), width)
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(max(width, 20)))

    def render(self) -> Text:
        return Text("\n").join(self._lines(max(self.content_size.width, 20)))

    async def on_click(self, event: events.Click) -> None:
        """The clicked entry's key, run once: a double-click's second click runs nothing (a
        form it opened, still opening, was opened twice, one under the other)."""
        offset = event.get_content_offset(self)
        if offset is None or event.chain > 1:
            return
        for line, start, end, action, node in self._spans:
            if line == offset.y and start <= offset.x < end:
                if action == MORE:
                    self.expanded = not self.expanded
                    return
                self.expanded = False  # the key run, the few again
                await self.app.run_action(action, node)  # type: ignore[arg-type]
                return
