"""Matching what a player typed against the names in the catalogues.

Every catalogue (spells, schools, abilities, characters, items) looks names up through
``name_key`` so that "regneration", "Venemous  wyrm" and "raise/lower-water" all find their
entry, and through ``NameIndex`` so that a miss says, in one line, what the player may have meant.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from .printable import escaped, looks_blank, still_says

T = TypeVar("T")

_DROPPED = str.maketrans("", "", "'\u2018\u2019\u02bc`")
"""Apostrophes, straight and typographic: "Opponent's" and "Opponents" are the same key."""

_AS_SPACE = str.maketrans({"-": " ", "_": " ", "\u2010": " ", "\u2013": " ", "\u2014": " "})
"""Hyphens, underscores and the dashes a word processor puts in their place."""

_CLOSE_ENOUGH = 0.1
"""How much less similar than the best match a suggestion may be."""

_LONGEST_GUESSED = 100
"""Longer input gets no suggestions (comparing it would only cost time)."""


class UnknownName(ValueError):
    """A name the player typed matches nothing in a catalogue; the message suggests the nearest."""


def name_key(text: str) -> str:
    """The lookup key of a name: case-insensitive, blind to spacing, hyphens and apostrophes,
    and to how a keyboard encodes a letter (an "é" typed as one character or as "e" and an
    accent: Unicode's compatibility normalisation, NFKC).

    >>> name_key("  Venemous--WYRM ")
    'venemous wyrm'
    >>> name_key("Opponent's_Move")
    'opponents move'
    >>> name_key("Ame\u0301lie") == name_key("Am\u00e9lie")
    True
    """
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = "".join(ch for ch in text if not _unseen(ch))
    return " ".join(text.translate(_DROPPED).translate(_AS_SPACE).casefold().split())


def _unseen(ch: str) -> bool:
    """A character that shows nothing of its own inside a name: a format character (a joiner,
    a tag) or a variation selector; two names that differ only by these look the same."""
    code = ord(ch)
    return (
        unicodedata.category(ch) == "Cf" or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF
    )


def called(typed: str, names: Mapping[T, str]) -> list[T]:
    """The keys of ``names`` whose name is ``typed`` (``name_key``); if none, of those whose
    name still says it once a hand edit's damage, shown as visible escapes, is left out
    (``still_says``: a player finds "T\\x07" by the name listed or by "T").

    >>> called("T", {1: "T\\\\x07", 2: "Mira"}), called("t\\\\x07", {1: "T\\\\x07"})
    ([1], [1])
    """
    wanted = name_key(typed)
    found = [key for key, name in names.items() if name_key(name) == wanted]
    return found or [key for key, name in names.items() if name_key(still_says(name)) == wanted]


def same_name(typed: str, known: str) -> str:
    """The name a player typed that another thing has already (``known``), quoted as that
    thing's: with what was typed when it differs (``"Thorn" ("THORN" is the same name)``), or
    when it is what a damaged name still says (``called``: ``"T\\x07" ("T" is what that
    name still says: ...)``)."""
    if typed == known:
        return quoted(known)
    if name_key(typed) != name_key(known) and name_key(typed) == name_key(still_says(known)):
        return (
            f"{quoted(known)} ({quoted(typed)} is what that name still says:"
            " mend it by hand or rename it first)"
        )
    if [ch for ch in typed if _unseen(ch)] != [ch for ch in known if _unseen(ch)]:
        typed, known = _seen(typed), _seen(known)  # "Th\\u200dorn", not a second "Thorn"
    return f"{quoted(known)} ({quoted(typed)} is the same name)"


def _seen(text: str) -> str:
    """``text`` with each character that shows nothing inside a name (``_unseen``) as a
    visible escape."""
    return "".join(escaped(ch) if _unseen(ch) else ch for ch in text)


def renamed_note(typed: str, names: Sequence[str]) -> str | None:
    """ "Mira is now called Mirabel" when ``typed`` is a name the Titan had before the one
    it has now (``names``: its names, oldest first); else None."""
    wanted = name_key(typed)
    old = next((name for name in names[:-1] if name_key(name) == wanted), None)
    return None if old is None else f"{old} is now called {names[-1]}"


def as_typed(name: str) -> str:
    """A name a player typed, for a message saying none has it: its spaces folded, and cut
    after 100 letters ("...": a page pasted by mistake is not echoed back whole)."""
    typed = " ".join(name.split())
    return typed[:_LONGEST_GUESSED] + "..." if len(typed) > _LONGEST_GUESSED else typed


def quoted(text: str) -> str:
    """``text`` in quotes for a one-line message: single ones around a text that holds double
    ones (a change's line, 'campaign "Iron Crown" renamed "Second Age"'), never nested."""
    return f"'{text}'" if '"' in text else f'"{text}"'


def quoted_list(names: Iterable[str], last: str = "or") -> str:
    """``"A", "B" or "C"``: names quoted for a one-line message."""
    each = [quoted(name) for name in names]
    if len(each) <= 1:
        return "".join(each)
    return f"{', '.join(each[:-1])} {last} {each[-1]}"


class NameIndex(NamedTuple, Generic[T]):
    """Entries of one catalogue by the key of their name and of each alias.

    ``noun`` names the kind of entry in messages ("spell", "character"); ``display`` maps every
    key to the name shown to the player (an alias key shows the corrected name).
    """

    noun: str
    entries: Mapping[str, T]
    display: Mapping[str, str]
    listing: str = ""
    """A sentence added to every miss, such as 'The schools are water, air, ... and divine.'"""

    @classmethod
    def build(
        cls, noun: str, named: Iterable[tuple[str, Iterable[str], T]], listing: str = ""
    ) -> NameIndex[T]:
        """Index ``(name, aliases, entry)`` triples; two entries may not share a key."""
        entries: dict[str, T] = {}
        display: dict[str, str] = {}
        for name, aliases, entry in named:
            for written in (name, *aliases):
                key = name_key(written)
                if key in entries and entries[key] != entry:
                    raise ValueError(f"two {noun}s share the name {written!r}")
                entries[key] = entry
                display[key] = name
        return cls(noun=noun, entries=entries, display=display, listing=listing)

    def suggestions(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """The displayed names closest to ``name``, best first, without repeats.

        Only names about as close as the best one are offered, so that "Fireball" suggests
        "Fire Ball" and not every spell that shares a few letters with it.
        """
        typed = name_key(name)
        if not typed or len(typed) > _LONGEST_GUESSED:
            return ()
        scored = sorted(
            (
                (difflib.SequenceMatcher(None, typed, key).ratio(), key)
                for key in difflib.get_close_matches(typed, list(self.entries), n=limit * 3)
            ),
            key=lambda pair: -pair[0],
        )
        found: list[str] = []
        for ratio, key in scored:
            shown = self.display[key]
            if ratio >= scored[0][0] - _CLOSE_ENOUGH and shown not in found:
                found.append(shown)
        return tuple(found[:limit])

    def find(self, name: str) -> T:
        """The entry called ``name`` (any spelling ``name_key`` folds together), or UnknownName."""
        entry = self.entries.get(name_key(name))
        if entry is not None:
            return entry
        message = f"no {self.noun} named {quoted(as_typed(name))}"
        close = self.suggestions(name)
        if close:
            message += f"; did you mean {quoted_list(close)}?"
        if self.listing:
            message += f"{'' if close else '.'} {self.listing}"
        raise UnknownName(message)


def did_you_mean(typed: str, names: Iterable[str]) -> str:
    """'; did you mean "Thorn"?' when names are close to ``typed`` (a Titan's, a campaign's),
    else ""."""
    display = {name_key(name): name for name in names}
    close = NameIndex("name", display, display).suggestions(typed)
    return f"; did you mean {quoted_list(close)}?" if close else ""


def article(word: str) -> str:
    """ "a" or "an" before ``word``, for messages: "an Air level 1 spell"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 Titan``, ``2 Titans``, ``0 choices`` (``many``: an irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def games_wording(games: int | None) -> str:
    """The games still to play to a goal (``goals.games_needed``) as said: "about 2 games",
    or "" when nothing is left to earn or no game yet tells the Titan's average award."""
    return f"about {plural(games, 'game')}" if games else ""


def check_name(text: str) -> str:
    """A name as kept: spaces folded; ValueError if it shows nothing (only spaces or invisible
    characters). Characters that act on a terminal are refused with every text (``printable``)."""
    folded = " ".join(text.split())
    if looks_blank(folded):
        raise ValueError("a name needs at least one letter")
    return folded


def and_listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
