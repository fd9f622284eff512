"""The app's driver in a terminal: Textual's, started once, and never stuck on a terminal that
has gone.

Textual's terminal driver starts reading and writing the terminal again on every SIGCONT, as it
must after a suspend (ctrl+z, ``App.suspend``); but a SIGCONT also comes with no suspend before
it: the system sends one with SIGHUP when the terminal closes (to an app it runs directly, as
``tmux new 'titan-campaign'`` or a terminal window's own command do), and tmux sends one to a
program stopped in it. Started again while running, the driver had two threads reading the
terminal; once that terminal had closed, each read came back empty at once, for ever, and
the app's writes went to a writer that had failed, until it waited on them for ever: the app
ran on at most of a core with nobody there. This driver starts only when it is not running,
drops what it would write once its writer has failed (the terminal is gone), and tells
whether its terminal is still there (``closed``), so the app can end when it is not.
"""

from __future__ import annotations

import os

from textual.drivers.linux_driver import LinuxDriver


class TerminalDriver(LinuxDriver):
    def start_application_mode(self) -> None:
        if self._key_thread is not None and self._key_thread.is_alive():
            return  # a SIGCONT with no suspend before it: the driver is running already
        super().start_application_mode()  # type: ignore[no-untyped-call]

    def write(self, data: str) -> None:
        writer = self._writer_thread
        if writer is not None and not writer.is_alive():
            return  # the terminal is gone (or the driver stopped): nothing to show it on
        super().write(data)

    @property
    def closed(self) -> bool:
        """Whether the terminal the app ran in has gone (closed or hung up)."""
        return self.input_tty and not os.isatty(self.fileno)
