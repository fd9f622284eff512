"""A refused action in a player's words: what the app shows instead of a traceback."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from pydantic import ValidationError

from .. import actions
from ..rules.errors import RuleError
from ..rules.facts import ShapeError
from ..rules.names import UnknownName
from ..rules.printable import brief
from ..rules.titan import TitanState
from ..rules.wording import field_problems


@dataclass(frozen=True)
class Refusal:
    """Why an action was refused, in a player's words: a message, each field's problem (for a
    form), and the Titan as it is now when it had changed elsewhere."""

    title: str
    message: str
    severity: str = "warning"
    problems: Mapping[str, str] = field(default_factory=dict)
    state: TitanState | None = None
    titan: actions.TitanRef | None = None


def refusal_of(error: Exception, labels: Mapping[str, str] = {}) -> Refusal:
    """The player's view of an error an action raised (a bug is not one of these); a word
    pasted by mistake is cut short (10,000 letters filled a form's screen)."""
    refusal = _refusal_of(error, labels)
    problems = {field: brief(problem) for field, problem in refusal.problems.items()}
    return replace(refusal, message=brief(refusal.message), problems=problems)


def _refusal_of(error: Exception, labels: Mapping[str, str]) -> Refusal:
    if isinstance(error, ValidationError):
        error = ShapeError.of(error)
    if isinstance(error, actions.TitanChanged):
        return Refusal("Changed elsewhere", str(error), state=error.state, titan=error.titan)
    if isinstance(error, RuleError):
        return Refusal("Refused", str(error))
    if isinstance(error, actions.Damaged):  # a read, as often as a change
        return Refusal("Cannot read the database", str(error), "error")
    if isinstance(error, (actions.StoreError, UnknownName)):
        return Refusal("Not saved", str(error), "error")
    if isinstance(error, ShapeError):
        problems = field_problems(error, labels)
        return Refusal("Refused", "; ".join(problems.values()), problems=problems)
    if isinstance(error, OSError):
        where = getattr(error, "filename", "") or ""
        return Refusal("Not saved", f"{where} {error.strerror or error}".strip(), "error")
    raise error


REFUSED = (RuleError, actions.StoreError, UnknownName, ShapeError, ValidationError, OSError)
