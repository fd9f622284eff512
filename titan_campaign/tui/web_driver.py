"""The app's driver in a browser tab of ``titan-campaign serve``.

Textual's web driver, which talks to the server over the app's standard input and output. If
that input closes while the app runs, its server is gone (stopped by force, or crashed): the
app then quits as when its tab closes, instead of running on with nobody to serve.
"""

from __future__ import annotations

from textual import messages
from textual.drivers.web_driver import WebDriver


class TabDriver(WebDriver):
    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the input ended, not the app
            self.send_message(messages.ExitApp())
