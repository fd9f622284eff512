"""The command line: ``titan-campaign ...``; with no command, the character-sheet app.

Contract: success exits 0; a refused action or a mistake in the command's words prints one
``error:`` line on stderr, exits 1 and leaves the database byte-for-byte unchanged.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from .. import actions
from ..locations import db_path, default_db_path
from ..rules.errors import RuleError
from ..rules.facts import ShapeError
from ..rules.names import UnknownName
from ..rules.printable import one_line
from .parser import command_words, parse_arguments


def _fail(message: str) -> int:
    _tell(f"error: {one_line(message)}")
    return 1


def _tell(line: str) -> None:
    """A line on standard error, if there is one to write to (closed, ``2>&-``, there is
    none: the exit code still says what happened)."""
    if sys.stderr is None:
        return
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass


def main(argv: Sequence[str] | None = None, hold_ctrl_c: bool = False) -> int:
    """The command line on ``argv`` (the program's words by default); its exit status.
    ``hold_ctrl_c``: this is the program (``start``), which ends with the command: ctrl+c is
    held once its change starts being written (never for a caller that goes on)."""
    try:
        return _run(argv, hold_ctrl_c)
    except BrokenPipeError:  # output piped into a reader that stopped early, e.g. `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _not_utf8(words: Sequence[str]) -> str | None:
    """The first word of the command line that is not UTF-8 text, as its bytes read."""
    for word in words:
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:
            try:
                raw = word.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:
                raw = word.encode("utf-8", "backslashreplace")
            return raw.decode("utf-8", "backslashreplace")
    return None


def _run(argv: Sequence[str] | None, hold_ctrl_c: bool) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    wrong = _not_utf8(words)
    if wrong is not None:
        return _fail(
            f'"{wrong}" is not UTF-8 text (is the terminal set to another encoding?); nothing was done'
        )
    args = parse_arguments(words)
    if getattr(args, "output", None) == "":
        return _fail("-o names no file: give the file's name (or leave out -o)")
    if getattr(args, "file", None) == "":
        return _fail("no file named (the name is empty): give the file's name")
    db: actions.Database | None = None
    try:
        # `schema` prints what the models say and reads no database, wherever --db points
        path = default_db_path() if args.command == "schema" else db_path(getattr(args, "db", None))
        if args.command is None:
            return _open_app(args, path)
        if args.open_titan is not None:
            return _fail(
                "--titan opens the app: leave out the command, or name the Titan after it"
                " (see titan-campaign --help)"
            )
        if getattr(args, "whole_file", False) and getattr(args, "campaign", None) is not None:
            return _fail(f"{command_words(args)} takes no --campaign: leave it out")
        db = actions.Database(path)
        db.hold_interrupts = hold_ctrl_c  # a change saved is never said to be interrupted
        if getattr(args, "wrong_ending", None):  # a database there is refused as one first
            actions.may_write_to(db, Path(args.output))
            raise RuleError(args.wrong_ending)
        args.handler(args, db)
    except BrokenPipeError:
        raise
    except (
        RuleError,
        actions.StoreError,
        UnknownName,
        ShapeError,
        ValidationError,
        OSError,
        UnicodeEncodeError,
    ) as error:
        if db is not None and db.saved:
            return _saved_then(db, _failed_after(error))
        if isinstance(error, UnicodeEncodeError):
            return _fail(
                f"the result cannot be shown in this terminal's encoding ({error.encoding})"
            )
        if isinstance(error, OSError):
            where = str(getattr(error, "filename", "") or "")
            if error.errno == errno.ENAMETOOLONG:  # said short, its ending kept (.pdf)
                where = f"{where[:60]}...{where[-40:]}" if len(where) > 100 else where
            where = f"{where}:" if where else where
            if not where and error.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT):
                where = "the output cannot be written:"  # printed to a full disk, say
            return _fail(f"{where} {error.strerror or error}".strip())
        if isinstance(error, ValidationError):
            return _fail(str(ShapeError.of(error)))
        return _fail(str(error))
    except KeyboardInterrupt:
        if db is not None and db.saved:
            return _saved_then(db, "it was interrupted")
        return _fail("interrupted; nothing was saved")
    if db is not None and db.after_save:
        return _saved_then(db) if db.saved else _warn("; ".join(db.after_save))
    return 0


def _failed_after(error: Exception) -> str:
    """What failed once the change was saved, as the player is told."""
    if isinstance(error, UnicodeEncodeError):
        return "showing the result failed (the terminal's encoding cannot show it)"
    if isinstance(error, OSError):
        return f"showing the result failed ({error.strerror or error})"
    return str(error)


def _saved_then(db: actions.Database, failed: str | None = None) -> int:
    """The change is in the file, whatever failed after it: say so, exit 0, so that it is not
    entered a second time."""
    return _warn(actions.saved_then(db.saved[-1], [*db.after_save, *([failed] if failed else [])]))


def _warn(message: str) -> int:
    _tell(f"warning: {one_line(message)}")
    return 0


def has_terminal() -> bool:
    """Whether the app has a terminal to draw on and read keys from (a game night's browser
    tab is one); output into a file, or no keyboard, is none."""
    if "TEXTUAL_DRIVER" in os.environ:
        return True
    for stream in (sys.stdin, sys.stdout):
        try:
            if stream is None or not os.isatty(stream.fileno()):
                return False
        except (OSError, ValueError):  # a stream with no file behind it
            return False
    return True


def _open_app(args: object, path: object) -> int:
    if not has_terminal():
        return _fail(
            "the app needs a terminal: start it in one, or give a command"
            " (titan-campaign --help lists them)"
        )
    from ..tui.app import run_app  # the app's Textual import is paid only by the app

    return run_app(path, getattr(args, "campaign", None), getattr(args, "open_titan", None))  # type: ignore[arg-type]


def entry() -> None:
    """The program as installed before it started from ``titan_campaign.start`` (an older
    install's ``titan-campaign`` script names this one)."""
    from ..start import entry as start

    start()
