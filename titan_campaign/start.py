"""Where the ``titan-campaign`` program starts: ctrl+c at any moment, even while the program is
still loading, ends it with one ``error:`` line and status 1, never a traceback (the command
line says the same for a ctrl+c once it runs, see ``cli``); a ctrl+c once the command is done
changes nothing."""

import os
import signal
import sys


def entry() -> None:
    # the program uses no pydantic plugin: looking for them reads every installed package's
    # metadata when the first model is checked (pydantic's documented switch)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    pressed = []

    def ctrl_c(number: int, frame: object) -> None:
        pressed.append(number)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, ctrl_c)
    try:
        from .cli import main  # loading it is most of a command's time

        code = main(hold_ctrl_c=True)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # done: a late ctrl+c changes nothing
    except BaseException as error:  # a library loading when ctrl+c came may say it its way
        if not pressed or isinstance(error, SystemExit):
            raise
        # (a change saved holds ctrl+c from then on: this is before any was saved)
        if sys.stderr is not None:
            print("error: interrupted; nothing was saved", file=sys.stderr)
        code = 1
    sys.exit(code)
