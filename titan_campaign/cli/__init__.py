"""The command line: ``titan-campaign ...``; with no command, the character-sheet app.

Contract: success exits 0; a refused action or a mistake in the command's words prints one
``error:`` line on stderr, exits 1 and leaves the database byte-for-byte unchanged.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..locations import db_path
from ..rules.errors import RuleError
from ..rules.names import UnknownName
from ..rules.printable import shown
from ..rules.shapes import ShapeError
from ..store import Database, StoreError
from .parser import parse_arguments


def _fail(message: str) -> int:
    printable = "".join(ch if ch.isprintable() else "?" for ch in shown(message))
    print(f"error: {printable}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(argv)
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


def _run(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    wrong = _not_utf8(words)
    if wrong is not None:
        return _fail(
            f'"{wrong}" is not UTF-8 text (is the terminal set to another encoding?); nothing was done'
        )
    args = parse_arguments(words)
    try:
        path = db_path(getattr(args, "db", None))
        if args.command is None:
            return _open_app(args, path)
        if args.open_titan is not None:
            return _fail(
                "--titan opens the app: leave out the command, or name the Titan after it"
                " (see titan-campaign --help)"
            )
        args.handler(args, Database(path))
    except (RuleError, StoreError, UnknownName, ShapeError) as error:
        return _fail(str(error))
    except BrokenPipeError:
        raise
    except OSError as error:
        return _fail(f"{getattr(error, 'filename', '') or ''} {error.strerror or error}".strip())
    except KeyboardInterrupt:
        return _fail("interrupted; nothing was saved")
    return 0


def _open_app(args: object, path: object) -> int:
    from ..tui.app import run_app  # the app's Textual import is paid only by the app

    return run_app(path, getattr(args, "campaign", None), getattr(args, "open_titan", None))  # type: ignore[arg-type]


def entry() -> NoReturn:
    sys.exit(main())
