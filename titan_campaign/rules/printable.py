"""Text players type is data: it never carries characters that act on a terminal or hide what
the text says.

Refused in every text typed or imported (names, notes, scenarios, items, change lines):
control characters (escape, bell, NUL, tab, line breaks: the sequences that recolour a
terminal, retitle its window or write its clipboard), the direction overrides and isolates that
show "gnp.exe" as "exe.png", and invisible characters that make a name look blank (a zero-width
space). Every script stays welcome: Chinese, Arabic, Hebrew, combining accents, and the joiners
inside emoji and Persian or Indic words.

A file written before this rule may still hold such text: it is read, and each such character
is shown as a visible escape (``\\x1b``, ``\\u202e``), so no output ever carries one raw.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_BLANK = "\u115f\u1160\u3164\uffa0\u2800"
"""Letters and signs that show nothing (the Hangul fillers, the blank Braille cell)."""
_OTHERS = (
    "\u2028\u2029"  # line and paragraph separators
    "\u202a-\u202e\u2066-\u2069"  # direction embeddings, overrides and isolates
    "\u200e\u200f\u061c"  # direction marks
    "\u200b\u2060\ufeff\u180e\u2061-\u2064"  # zero-width spaces, joiners and operators
    "\u00ad\u034f\u17b4\u17b5\U0001d173-\U0001d17a\U000e0001"  # soft hyphen, other unseen
    f"{_BLANK}"  # letters and signs that show nothing
    "\ufff9-\ufffb\U0001bca0-\U0001bca3"  # annotation and shorthand format controls
    "\ud800-\udfff"  # half of a character's code (a file edited by hand, \ud83d)
)
_UNPRINTABLE = re.compile(f"[\x00-\x1f\x7f-\x9f{_OTHERS}]")
"""Control characters (Unicode category Cc) and the others above."""
_UNPRINTABLE_BUT_LINES = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_OTHERS}]")
"""The same, but for tabs and line breaks, which lay out a text of several lines."""

REFUSAL = (
    "cannot hold control characters (escape, bell, tab, line breaks), direction overrides,"
    " invisible characters or half of a character's code (such as \\ud83d)"
)
"""What a refused text is told, after the name of its field."""

JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner, inside Persian and Indic words and emoji (a family,
a rainbow flag): Python does not call them printable, but they are printed as typed."""


_kept_text: ContextVar[bool] = ContextVar("kept_text", default=False)


def is_unprintable(text: str) -> bool:
    """Whether ``text`` holds a character refused in players' text."""
    return _UNPRINTABLE.search(text) is not None


def _escape(found: re.Match[str]) -> str:
    return escaped(found.group())


def escaped(ch: str) -> str:
    """One character as a visible escape, as ``shown`` writes it (``\\u200d``)."""
    code = ord(ch)
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def shown(text: str) -> str:
    """``text`` with each refused character as a visible escape, safe for any terminal.

    >>> shown("loot \\x1b]0;owned\\x07 \\u202egnp.exe\\n")
    'loot \\\\x1b]0;owned\\\\x07 \\\\u202egnp.exe\\\\x0a'
    """
    return _UNPRINTABLE.sub(_escape, text)


_ESCAPE = re.compile(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")
"""A visible escape as ``shown`` writes one."""


def still_says(text: str) -> str:
    """What a text ``shown`` with visible escapes still says, each escape of a refused character
    left out (a hand edit's control character or half of a character's code): to find a
    damaged name by what it still reads as. Other backslashes stay.

    >>> still_says("Thorn\\\\ud83d"), still_says("T\\\\x07"), still_says("R\\\\x41")
    ('Thorn', 'T', 'R\\\\x41')
    """
    return _ESCAPE.sub(
        lambda found: "" if is_unprintable(chr(int(found[1][1:], 16))) else found[0], text
    )


def shown_lines(text: str) -> str:
    """``shown``, keeping the tabs and line breaks of a message of several lines.

    >>> shown_lines("Undone: loot \\x1b[2J\\nThorn: 5 gold")
    'Undone: loot \\\\x1b[2J\\nThorn: 5 gold'
    """
    return _UNPRINTABLE_BUT_LINES.sub(_escape, text)


_LONG_WORD = re.compile(r"\S{301,}")


def one_line(message: str) -> str:
    """A message as one line safe for any terminal: each refused character as a visible escape
    (``shown``), and any other that Python cannot print (a line break, a lone surrogate from an
    argument that is not UTF-8) as ``?``; a word of more than 300 letters is cut in its middle
    (a page pasted by mistake is not echoed back whole; a path, however deep, is said whole)."""
    safe = "".join(ch if ch.isprintable() or ch in JOINERS else "?" for ch in shown(message))
    return brief(safe)


def brief(message: str) -> str:
    """``message`` with each word of more than 300 letters cut in its middle."""
    return _LONG_WORD.sub(lambda word: f"{word[0][:160]}...{word[0][-60:]}", message)


def printable(text: str) -> str:
    """``text`` as kept: refused (ValueError) when it holds a character that acts on a
    terminal or hides; when reading a file of the store's own (see ``kept_text``), shown with
    visible escapes instead, so an old file stays readable."""
    if not is_unprintable(text):
        return text
    if _kept_text.get():
        return shown(text)
    raise ValueError(REFUSAL)


@contextmanager
def kept_text() -> Iterator[None]:
    """While reading the database itself (not an import): texts an older version accepted are
    read with visible escapes rather than refused."""
    token = _kept_text.set(True)
    try:
        yield
    finally:
        _kept_text.reset(token)


def looks_blank(text: str) -> bool:
    """Whether ``text`` shows nothing a reader can see: only spaces, joiners, marks or blank
    signs (a name of one zero-width joiner, or of an accent alone)."""
    return not any(unicodedata.category(ch)[0] in "LNPS" and ch not in _BLANK for ch in text)
