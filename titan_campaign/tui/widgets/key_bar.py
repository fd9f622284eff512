"""The footer as ONE widget: every shown binding as ``key Description``, wrapping onto a second
line on a narrow terminal instead of cutting actions off; click an entry to run it. A dialog's
key bar is at the bottom of the screen, where the screen behind has its own: that one gives way
while the dialog is open, so the player sees one key bar, the dialog's."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import ModalScreen, Screen, SystemModalScreen
from textual.widget import Widget
from textual.widgets._toast import ToastRack

GAP = "  "


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: auto; background: $panel; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, int, str, object]] = []  # line, start, end, action, node

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
            self.visible = not any(
                isinstance(screen, ModalScreen) and not isinstance(screen, SystemModalScreen)
                for screen in above
            )

    def on_resize(self, event: events.Resize) -> None:
        """Toasts rise above the key bar, so they never cover a key."""
        if self.styles.dock != "bottom":
            return
        for rack in self.screen.query(ToastRack):
            rack.styles.margin = (0, 0, self.outer_size.height, 0)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh(layout=True)

    def _entries(self) -> list[tuple[str, str, str, object, bool]]:
        seen: set[str] = set()
        entries: list[tuple[str, str, str, object, bool]] = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            key = binding.key_display or self.app.get_key_display(binding)
            entries.append((key, binding.description, binding.action, active.node, active.enabled))
        entries.append(("^p", "Palette", "app.command_palette", self.app, True))
        return entries

    def _lines(self, width: int) -> list[Text]:
        lines = [Text()]
        self._spans = []
        for key, description, action, node, enabled in self._entries():
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
            self._spans.append((len(lines) - 1, start, lines[-1].cell_len, action, node))
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(max(width, 20)))

    def render(self) -> Text:
        return Text("\n").join(self._lines(max(self.content_size.width, 20)))

    async def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, start, end, action, node in self._spans:
            if line == offset.y and start <= offset.x < end:
                await self.app.run_action(action, node)  # type: ignore[arg-type]
                return
