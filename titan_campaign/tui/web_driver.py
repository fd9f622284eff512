"""The app's driver in a browser tab of ``titan-campaign serve``.

Textual's web driver, which talks to the server over the app's standard input and output. If
that input closes while the app runs, its server is gone (stopped by force, or crashed): the
app then quits as when its tab closes, instead of running on with nobody to serve.

Escape alone is told from the start of a key's code by waiting a moment for what follows (as
a terminal does), but the web driver looks again only when more input comes: Escape and the key
pressed right after it were read as one key (Escape then y as alt+y). A browser sends each
key's code whole, so input ending in Escape is Escape: it is told so once the wait is over.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from textual import constants, messages
from textual.drivers.web_driver import WebDriver

ESCAPE = b"\x1b"


class TabDriver(WebDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._input_reader = _EscapeAlone(self._input_reader)  # type: ignore[assignment]

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended, not the app
            self.send_message(messages.ExitApp())


class _EscapeAlone:
    """The web driver's input, with nothing more after input that ends in Escape once the
    wait for a key's code is over: the driver then reads it as Escape."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader

    def __iter__(self) -> Iterator[bytes]:
        for data in self.reader:
            yield data
            if data.endswith(ESCAPE):
                time.sleep(constants.ESCAPE_DELAY)
                yield b""

    def close(self) -> None:
        self.reader.close()
