"""What a merge brought in and what the rules refused (``Merged``, ``Refused``), and the lines it
says: a change as made in its copy, a whole campaign refused, a game whose award it judged
again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..rules.campaign import Campaign, Change
from ..rules.errors import RuleError
from ..rules.events import GameRecorded
from ..rules.game_log import entry_text
from ..rules.names import quoted
from .documents import change_to_doc


class Refused(NamedTuple):
    """A change (or an undo, or a whole campaign) the rules refused in a merge, and why."""

    campaign: str
    what: str
    reason: str
    kept: dict[str, Any]
    """The change's document (or the campaign's) as it was in its copy, whole."""
    alike: bool = False
    """Made alike on both copies (``_already_so``): nothing of it is lost, the one made first
    stands; kept beside the database all the same, as every change a merge leaves out is."""

    @property
    def line(self) -> str:
        """As a merge lists it: "refused: WHAT: WHY", or "= WHAT: WHY" when made alike."""
        return f"{'=' if self.alike else 'refused:'} {self.what}: {self.reason}"


class Merged(NamedTuple):
    """What a merge brought in from the other copy, and what the rules refused."""

    source: str
    brought: tuple[str, ...]
    """The lines of the other copy's changes (and undos) that came in."""
    refused: tuple[Refused, ...]
    campaigns: tuple[str, ...]
    """The campaigns that came in whole."""
    refused_before: int = 0
    """Changes refused again that an earlier merge of this copy refused and kept."""
    deletes: tuple[str, ...] = ()
    """What became of campaigns one copy deleted: kept deleted, or kept (changed after)."""
    kept_deleted: tuple[str, ...] = ()
    """Each campaign this merge kept deleted for the first time against the copy's version of
    it (``_kept_key``): said once, and remembered beside the database not to say it again."""
    unchanged: bool = False
    """The database stays as it was (say every change of the copy was refused): no merge is
    saved, so there is none for ``undo`` to take back."""
    judged: tuple[str, ...] = ()
    """This copy's games whose award the merge judged again, as the changes now come in the
    order made (a Wisdom box the other copy bought before the game, R8)."""
    differs: tuple[str, ...] = ()
    """Changes both copies hold under one id whose documents differ (a hand edit of one)."""

    @property
    def refusals(self) -> tuple[Refused, ...]:
        """The changes the rules refused (not those made alike on both copies)."""
        return tuple(refused for refused in self.refused if not refused.alike)

    @property
    def alike(self) -> tuple[Refused, ...]:
        """Changes both copies made alike (each renamed Osk "Oskar"): the first made stands."""
        return tuple(refused for refused in self.refused if refused.alike)

    @property
    def brings_nothing(self) -> bool:
        """Nothing comes in and nothing is refused: the database has every change of the copy."""
        return not (self.brought or self.campaigns or self.refusals)

    @property
    def refused_before_note(self) -> str:
        """ " (2 refused before)" when changes an earlier merge refused were refused again."""
        return f" ({self.refused_before} refused before)" if self.refused_before else ""

    @property
    def text(self) -> str:
        count = len(self.brought)
        text = f"merged {count} change{'' if count == 1 else 's'} from {self.source}"
        text = f"{text}; {len(self.refusals)} refused" if self.refusals else text
        return text + self.refused_before_note


def _said(change: Change, names: Mapping[int, str], note: str = "") -> str:
    """A change as a merge says it, with ``note`` in brackets; a game recorded with its date
    and each Titan's entry (result and figures), as two copies may each hold a "game 1
    recorded for Thorn and Mira" of their own. ``names``: the Titans' names in the copy it
    was made in, by that copy's numbers."""
    played = {
        f"{names.get(tid, '')} {entry_text(event.outcome, None)}".strip(): event.date
        for tid, added in change.events.items()
        for event in added
        if isinstance(event, GameRecorded)
    }
    dates = ", ".join(sorted(set(played.values())))
    notes = [f"played {dates}: {'; '.join(played)}" if played else "", note]
    said = "; ".join(each for each in notes if each)
    return f"{change.text} ({said})" if said else change.text


def _kept(change: Change) -> dict[str, Any]:
    """A refused change's document, as it is kept beside the database."""
    doc = change_to_doc(0, change)
    del doc["campaign"]
    return doc


def _judged_again(before: Campaign, after: Campaign) -> list[str]:
    """The games of this copy's Titans whose entry the merge kept but whose award it judged
    again, and the honor guard members it slew or brought back (a correction of the last
    game's survivors), each said as a player reads it."""
    said: list[str] = []
    for titan_id in before.titan_ids:
        was_history, history = before.histories.get(titan_id), after.histories.get(titan_id)
        if not was_history or not history or was_history == history:
            continue
        if was_history[0] != history[0]:  # another Titan under this number now
            continue
        try:
            was_state, state = before.state(titan_id), after.state(titan_id)
        except RuleError:
            continue
        was_games = {(game.game, game.played_in): game for game in was_state.games}
        for game in state.games:
            was = was_games.get((game.game, game.played_in))
            if was is None or was.outcome != game.outcome or was.award.total == game.award.total:
                continue
            change = game.award.total - was.award.total
            said.append(
                f"{state.name}: game {game.game} judged again: {game.award.total} XP"
                f" ({change:+d} XP) (R8)"
            )
        was_guard, guard = Counter(was_state.honor_guard), Counter(state.honor_guard)
        for members, how in ((was_guard - guard, "left"), (guard - was_guard, "is back in")):
            if members:
                named = ", ".join(members.elements())
                said.append(f"{state.name}: {named} {how} the honor guard (R9)")
    return said


def _whole(name: str) -> str:
    """A whole campaign refused, as a merge says it (two refused at once are told apart)."""
    return f"the whole campaign {quoted(name)}"
