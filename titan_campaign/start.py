"""Where the ``titan-campaign`` program starts: ctrl+c at any moment, even while the program is
still loading, ends it with one ``error:`` line and status 1, never a traceback (the command
line says the same for a ctrl+c once it runs, see ``cli``)."""

from __future__ import annotations

import os
import sys
from typing import NoReturn


def entry() -> NoReturn:
    # the program uses no pydantic plugin: looking for them reads every installed package's
    # metadata when the first model is checked (pydantic's documented switch)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        from .cli import main  # loading it is most of a command's time

        code = main()
    except KeyboardInterrupt:  # before the command ran: nothing was saved
        if sys.stderr is not None:
            print("error: interrupted; nothing was saved", file=sys.stderr)
        code = 1
    sys.exit(code)
